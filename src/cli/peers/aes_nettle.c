/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Nettle AES through its algorithm descriptors
 * (nettle_aesB, nettle_gcm_aesB: the same code as the typed functions):
 * ECB (aesB_encrypt/decrypt) and CBC (cbc_encrypt/decrypt) in both
 * directions, CTR (ctr_crypt), GCM seal and open. Keyed once; every call
 * starts from a copy of the fixed IV or counter, or sets the nonce again.
 * Compiled only when Nettle was found (nettle_peer.c: GCM messages). */
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nettle_peer.h"

enum { OP_ECB, OP_CBC, OP_CTR, OP_GCM };

typedef struct nettle_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    const struct nettle_cipher *cipher; /* ECB, CBC, CTR */
    const struct nettle_aead *aead;     /* GCM */
    const uint8_t *iv;
    size_t tag_len;
    int op, decrypt;
    _Alignas(16) uint8_t ctx[]; /* the descriptor's context_size */
} nettle_case;

static uint64_t run_nettle(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    nettle_case *c = p;
    uint8_t iv[16];
    nettle_cipher_func *f = c->decrypt ? c->cipher->decrypt : c->cipher->encrypt;
    switch (c->op) {
    case OP_ECB: f(c->ctx, n, out, in); break;
    case OP_CBC:
        memcpy(iv, c->iv, 16);
        (c->decrypt ? cbc_decrypt : cbc_encrypt)(c->ctx, f, 16, iv, n, out, in);
        break;
    case OP_CTR:
        memcpy(iv, c->iv, 16);
        ctr_crypt(c->ctx, c->cipher->encrypt, 16, iv, n, out, in);
        break;
    default: return nettle_aead_run(c->aead, c->ctx, c->iv, c->decrypt, c->t.tag, c->tag_len, in, out, n);
    }
    return bench_cipher_result(out, n);
}

static void provide_nettle_aes(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_NETTLE_AES, &name, &c)) return;
    static const struct nettle_cipher *const ciphers[] = {&nettle_aes128, &nettle_aes192, &nettle_aes256};
    static const struct nettle_aead *const aeads[] = {&nettle_gcm_aes128, &nettle_gcm_aes192, &nettle_gcm_aes256};
    const size_t v = (name.key_size - 16) / 8;
    const int op = name.aead ? OP_GCM : !strcmp(name.mode, "ecb") ? OP_ECB : !strcmp(name.mode, "cbc") ? OP_CBC : OP_CTR;
    const unsigned ctx_size = op == OP_GCM ? aeads[v]->context_size : ciphers[v]->context_size;
    nettle_case *nc = calloc(1, sizeof *nc + ctx_size);
    if (nc) {
        nc->t.speed_name = algorithm;
        nc->cipher = ciphers[v], nc->aead = aeads[v];
        nc->iv = name.params.iv, nc->tag_len = name.tag_size, nc->op = op;
        /* CTR and GCM run the forward cipher both ways. */
        nc->decrypt = name.decrypt && op != OP_CTR;
        if (op == OP_GCM) nc->aead->set_encrypt_key(nc->ctx, name.params.key);
        else (nc->decrypt ? nc->cipher->set_decrypt_key : nc->cipher->set_encrypt_key)(nc->ctx, name.params.key);
        c.ctx = nc, c.run = run_nettle, c.cleanup = free;
    }
    static const char *const what[] = {"aes", "cbc", "ctr_crypt", "gcm_aes"};
    char label[BENCH_NAME_MAX];
    nettle_label(label, sizeof label, what[op]);
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_nettle_aes)
