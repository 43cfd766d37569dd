/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Nettle's ChaCha20 (its SSE2 / NEON code):
 *   chacha20                    chacha_set_nonce96 (counter 0) + chacha_crypt32
 *   chacha20-poly1305(-open)    the nettle_chacha_poly1305 descriptor (RFC
 *                               8439 with a 12-byte nonce; nettle_peer.c)
 * Not poly1305 alone: Nettle 3.8 exports Poly1305 only as Poly1305-AES.
 * No XChaCha20. Keyed once; every call sets the nonce again. Compiled only
 * when Nettle was found. */
#include <nettle/chacha-poly1305.h>
#include <stdlib.h>

#include "cli.h"
#include "nettle_peer.h"

typedef struct nettle_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    const uint8_t *nonce;
    size_t tag_len;
    int aead, decrypt;
    union {
        struct chacha_ctx chacha;
        struct chacha_poly1305_ctx aead;
    } ctx;
} nettle_case;

static uint64_t run_nettle(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    nettle_case *c = p;
    if (c->aead)
        return nettle_aead_run(&nettle_chacha_poly1305, &c->ctx.aead, c->nonce, c->decrypt, c->t.tag, c->tag_len, in,
                               out, n);
    chacha_set_nonce96(&c->ctx.chacha, c->nonce);
    chacha_crypt32(&c->ctx.chacha, n, out, in);
    return bench_cipher_result(out, n);
}

static void provide_nettle_chacha(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_NETTLE_CHACHA, &name, &c)) return;
    nettle_case *nc = calloc(1, sizeof *nc);
    if (nc && name.key_size == CHACHA_KEY_SIZE && name.iv_size == CHACHA_NONCE96_SIZE &&
        name.tag_size <= CHACHA_POLY1305_DIGEST_SIZE) {
        nc->t.speed_name = algorithm;
        nc->nonce = name.params.iv, nc->tag_len = name.tag_size, nc->aead = name.aead, nc->decrypt = name.decrypt;
        if (nc->aead) chacha_poly1305_set_key(&nc->ctx.aead, name.params.key);
        else chacha_set_key(&nc->ctx.chacha, name.params.key);
        c.ctx = nc, c.run = run_nettle, c.cleanup = free;
    } else {
        free(nc);
    }
    char label[BENCH_NAME_MAX];
    nettle_label(label, sizeof label, name.aead ? "chacha_poly1305" : "chacha_crypt32");
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_nettle_chacha)
