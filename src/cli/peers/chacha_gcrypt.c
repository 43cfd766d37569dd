/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: libgcrypt's ChaCha20 family (its AVX-512 / AVX2
 * ChaCha20 and Poly1305 code):
 *   chacha20                    GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_STREAM
 *                               (a 12-byte IV: RFC 8439's nonce, counter 0)
 *   chacha20-poly1305(-open)    the same cipher in GCRY_CIPHER_MODE_POLY1305
 *   poly1305                    gcry_mac GCRY_MAC_POLY1305, keyed per call (a
 *                               one-time key: every message rekeys anyway)
 * The cipher cases are gcrypt_cipher.c's. Libgcrypt has no XChaCha20.
 * Compiled only when libgcrypt was found. */
#include <gcrypt.h>
#include <stdlib.h>

#include "cli.h"
#include "gcrypt_cipher.h"

typedef struct mac_case {
    gcry_mac_hd_t hd;
    const uint8_t *key;
    size_t key_len, tag_len;
} mac_case;

static uint64_t run_mac(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    mac_case *c = p;
    size_t len = c->tag_len;
    gcry_mac_setkey(c->hd, c->key, c->key_len);
    gcry_mac_write(c->hd, in, n);
    gcry_mac_read(c->hd, out, &len);
    return bench_cipher_result(out, c->tag_len);
}

static void free_mac(void *p)
{
    gcry_mac_close(((mac_case *)p)->hd);
    free(p);
}

static void set_up_mac(bench_case *c, const family_peer_name *name)
{
    gcrypt_peer_init();
    mac_case *mc = calloc(1, sizeof *mc);
    if (mc && gcry_mac_open(&mc->hd, GCRY_MAC_POLY1305, 0, NULL) == 0) {
        mc->key = name->params.key, mc->key_len = name->key_size, mc->tag_len = name->tag_size;
        c->ctx = mc, c->run = run_mac, c->cleanup = free_mac;
    } else {
        free(mc);
    }
}

static void provide_gcrypt_chacha(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_GCRYPT_CHACHA, &name, &c)) return;
    const int mac = name.tag_size && !name.aead;
    if (mac) set_up_mac(&c, &name);
    else
        gcrypt_case_use(&c, algorithm, GCRY_CIPHER_CHACHA20,
                        name.aead ? GCRY_CIPHER_MODE_POLY1305 : GCRY_CIPHER_MODE_STREAM, &name);
    char label[BENCH_NAME_MAX];
    gcrypt_label(label, sizeof label, mac ? "gcry_mac" : "gcry_cipher");
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_gcrypt_chacha)
