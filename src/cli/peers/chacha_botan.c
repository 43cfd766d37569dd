/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Botan 2's ChaCha20 family through its C FFI (its
 * AVX2 / SSE2 ChaCha; Poly1305 in radix 2^44 scalar):
 *   chacha20, xchacha20         botan_cipher "ChaCha(20)" (a stream cipher
 *                               mode; a 24-byte nonce makes it XChaCha20),
 *                               counter 0
 *   chacha20-poly1305, xchacha20-poly1305   "ChaCha20Poly1305" seal (12- or
 *                               24-byte nonce); not open: Botan's decryption
 *                               takes ciphertext || tag in one buffer
 *                               (aes_botan.c says why that is not timed)
 *   poly1305                    botan_mac "Poly1305", keyed per call (a
 *                               one-time key: every message rekeys anyway)
 * Both cipher kinds run one message per call (botan_peer.c). Compiled only
 * when Botan was found. */
#include <stdlib.h>

#include "botan_peer.h"
#include "cli.h"

typedef struct botan_case {
    botan_cipher_t mode; /* the ciphers, the seals */
    botan_mac_t mac;     /* poly1305 */
    const uint8_t *key, *iv;
    size_t key_len, iv_len, tag_len;
} botan_case;

static uint64_t run_botan(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    botan_case *c = p;
    if (c->mode) return botan_peer_run_mode(c->mode, c->iv, c->iv_len, c->tag_len, in, out, n);
    botan_mac_set_key(c->mac, c->key, c->key_len);
    botan_mac_update(c->mac, in, n);
    botan_mac_final(c->mac, out);
    return bench_cipher_result(out, c->tag_len);
}

static void free_botan(void *p)
{
    botan_case *c = p;
    if (c->mode) botan_cipher_destroy(c->mode);
    if (c->mac) botan_mac_destroy(c->mac);
    free(c);
}

static void provide_botan_chacha(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_BOTAN_CHACHA, &name, &c) || (name.aead && name.decrypt)) return;
    const int mac = name.tag_size && !name.aead;
    botan_case *bc = calloc(1, sizeof *bc);
    if (bc) {
        bc->key = name.params.key, bc->key_len = name.key_size, bc->iv = name.params.iv, bc->iv_len = name.iv_size;
        bc->tag_len = name.tag_size;
        c.ctx = bc, c.cleanup = free_botan;
        int ok = mac ? botan_mac_init(&bc->mac, "Poly1305", 0) == 0
                     : botan_cipher_init(&bc->mode, name.aead ? "ChaCha20Poly1305" : "ChaCha(20)",
                                         BOTAN_CIPHER_INIT_FLAG_ENCRYPT) == 0 &&
                           botan_cipher_set_key(bc->mode, name.params.key, name.key_size) == 0;
        if (ok) c.run = run_botan;
        else free_botan(bc);
    }
    char label[BENCH_NAME_MAX];
    botan_label(label, sizeof label, mac ? " Poly1305" : name.aead ? " ChaCha20Poly1305" : " ChaCha(20)");
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_botan_chacha)
