/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed --peers: the interface between the CLI and the peers
 * plug-in (simdcrypt-peers.so, every file of this folder plus ../peers.c).
 *
 * Why a plug-in: the peers link a dozen libraries (libcrypto, libgcrypt,
 * Botan, Crypto++, zlib, isa-l, ...). Built into the CLI, every installed
 * `simdcrypt` would need them all to start. The CLI instead dlopen()s the
 * plug-in when --peers is given (../peers_load.c) and links only libc.
 *
 * The peer files keep the harness's view of bench.h: they call bench_add(),
 * bench_cipher_params_get(), ... and register with BENCH_PROVIDER. In the
 * plug-in those names are defined by plugin.c, which forwards each call to
 * the CLI's function through the host table below and collects the
 * providers; the CLI registers them as its own. Both sides are built from
 * the same bench.h, and SC_PEERS_PLUGIN_ABI changes with this file or
 * bench_case: a plug-in of another build is refused, not misread. */
#ifndef SC_CLI_PEERS_PLUGIN_H
#define SC_CLI_PEERS_PLUGIN_H

#include "bench.h"

#define SC_PEERS_PLUGIN_ABI 1
#define SC_PEERS_PLUGIN_FILE "simdcrypt-peers.so"
#define SC_PEERS_PLUGIN_ENTRY "sc_peers_plugin_v1"

/* The CLI's harness functions the peers call (bench.h says what each does). */
typedef struct sc_peers_host {
    unsigned abi;           /* SC_PEERS_PLUGIN_ABI */
    size_t case_size;       /* sizeof(bench_case) */
    void (*add)(bench_set *set, const bench_case *c);
    int (*want_peers)(const bench_set *set);
    int (*cipher_parse)(const char *speed_name, struct sc_cipher_info *info, int *decrypt);
    int (*aead_parse)(const char *speed_name, struct sc_aead_info *info, int *open);
    void (*cipher_params_get)(const char *speed_name, bench_cipher_params *p);
    void (*aead_prepare)(void *ctx, const uint8_t *in, size_t n);
    size_t (*hash_out_len)(const struct sc_hash_info *info);
} sc_peers_host;

/* What the plug-in gives back. */
typedef struct sc_peers_plugin {
    unsigned abi;                         /* SC_PEERS_PLUGIN_ABI */
    size_t case_size;                     /* sizeof(bench_case) */
    const bench_provider_fn *providers;   /* in link order, as BENCH_PROVIDER ran */
    size_t provider_count;
    /* "zlib 1.2.13, isa-l 2.30.0, ...": the checksum libraries' versions
     * (peers.c; "none" without any). */
    void (*versions)(char *buf, size_t len);
} sc_peers_plugin;

/* The plug-in's one exported symbol: NULL when `host` is of another ABI. */
typedef const sc_peers_plugin *(*sc_peers_plugin_entry)(const sc_peers_host *host);

/* peers.c, inside the plug-in. */
void peers_checksum_versions(char *buf, size_t len);
#endif
