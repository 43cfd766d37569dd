/* SPDX-License-Identifier: Apache-2.0 */
/* The plug-in side of plugin.h: the harness functions the peer files call,
 * forwarded to the CLI, and the one exported entry. */
#include <stdio.h>

#include "plugin.h"

static const sc_peers_host *host;

enum { MAX_PROVIDERS = 64 };
static bench_provider_fn providers[MAX_PROVIDERS];
static size_t provider_count;

/* Runs from the constructors at dlopen(), before the entry is called. */
void bench_register_provider(bench_provider_fn provider)
{
    if (provider_count < MAX_PROVIDERS) providers[provider_count++] = provider;
    else fputs("simdcrypt-peers: too many benchmark providers, raise MAX_PROVIDERS\n", stderr);
}

/* The providers only run after the entry stored host: no NULL check. */
void bench_add(bench_set *set, const bench_case *c) { host->add(set, c); }
int bench_want_peers(const bench_set *set) { return host->want_peers(set); }
int bench_cipher_parse(const char *speed_name, struct sc_cipher_info *info, int *decrypt)
{
    return host->cipher_parse(speed_name, info, decrypt);
}
int bench_aead_parse(const char *speed_name, struct sc_aead_info *info, int *open)
{
    return host->aead_parse(speed_name, info, open);
}
void bench_cipher_params_get(const char *speed_name, bench_cipher_params *p) { host->cipher_params_get(speed_name, p); }
void bench_aead_prepare(void *ctx, const uint8_t *in, size_t n) { host->aead_prepare(ctx, in, n); }
size_t bench_hash_out_len(const struct sc_hash_info *info) { return host->hash_out_len(info); }

__attribute__((visibility("default"))) const sc_peers_plugin *sc_peers_plugin_v1(const sc_peers_host *h);

const sc_peers_plugin *sc_peers_plugin_v1(const sc_peers_host *h)
{
    static sc_peers_plugin plugin;
    if (h == NULL || h->abi != SC_PEERS_PLUGIN_ABI || h->case_size != sizeof(bench_case)) return NULL;
    host = h;
    plugin = (sc_peers_plugin){SC_PEERS_PLUGIN_ABI, sizeof(bench_case), providers, provider_count,
                               peers_checksum_versions};
    return &plugin;
}
