/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Nettle's hashes (C, x86-64 assembly for MD5 and
 * Keccak-f[1600]) through their nettle_hash descriptors (nettle_lookup_hash:
 * md5, sha3_224..512), and SHAKE256 as sha3_256_shake on a SHA3-256 context
 * (the only SHAKE of Nettle 3.8). Each call is init + update + digest (or
 * shake) on one context. Compiled only when Nettle was found. */
#include <nettle/nettle-meta.h>
#include <nettle/sha3.h>
#include <stdlib.h>

#include "cli.h"
#include "nettle_peer.h"

typedef struct nettle_case {
    const struct nettle_hash *hash;
    size_t out_len;
    int shake256;
    _Alignas(64) uint8_t ctx[]; /* hash->context_size bytes */
} nettle_case;

static uint64_t run_nettle(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    nettle_case *c = p;
    c->hash->init(c->ctx);
    c->hash->update(c->ctx, n, in);
    if (c->shake256) sha3_256_shake((struct sha3_256_ctx *)(void *)c->ctx, c->out_len, out);
    else c->hash->digest(c->ctx, c->out_len, out);
    return bench_cipher_result(out, c->out_len);
}

static void provide_nettle_hash(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_NETTLE_HASH, &name, &c)) return;
    const struct nettle_hash *hash = nettle_lookup_hash(name.native);
    /* A fixed-size hash gives its whole digest; SHAKE256 (on SHA3-256's
     * context) any length. */
    nettle_case *nc = hash && (name.xof ? hash == &nettle_sha3_256 : hash->digest_size == name.tag_size)
                          ? aligned_alloc(64, (sizeof *nc + hash->context_size + 63) / 64 * 64)
                          : NULL;
    if (nc) {
        nc->hash = hash, nc->out_len = name.tag_size, nc->shake256 = name.xof;
        c.ctx = nc, c.run = run_nettle, c.cleanup = free;
    }
    char label[BENCH_NAME_MAX];
    nettle_label(label, sizeof label, name.xof ? "sha3_256_shake" : name.native);
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_nettle_hash)
