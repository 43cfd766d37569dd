/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: OpenSSL 3 ChaCha20 family (its AVX-512 / AVX2 code):
 *   chacha20                    EVP_chacha20: its 16-byte IV is the 32-bit
 *                               little-endian block counter (0) || the nonce
 *   chacha20-poly1305(-open)    EVP_chacha20_poly1305 (openssl_evp.c)
 *   poly1305                    EVP_MAC "POLY1305": keyed per call (a
 *                               one-time key: every message rekeys anyway)
 * OpenSSL 3.0 has no XChaCha20. Compiled only when OpenSSL was found. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "openssl_evp.h"

typedef struct mac_case {
    EVP_MAC_CTX *mac;
    const uint8_t *key;
    size_t key_len, tag_len;
} mac_case;

static uint64_t run_mac(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    mac_case *c = p;
    size_t len = 0;
    EVP_MAC_init(c->mac, c->key, c->key_len, NULL);
    EVP_MAC_update(c->mac, in, n);
    EVP_MAC_final(c->mac, out, &len, c->tag_len);
    return bench_cipher_result(out, c->tag_len);
}

static void free_mac(void *p)
{
    EVP_MAC_CTX_free(((mac_case *)p)->mac);
    free(p);
}

static void set_up_mac(bench_case *c, const family_peer_name *name)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    mac_case *mc = calloc(1, sizeof *mc);
    if (mac && mc && (mc->mac = EVP_MAC_CTX_new(mac)) != NULL) {
        mc->key = name->params.key, mc->key_len = name->key_size, mc->tag_len = name->tag_size;
        c->ctx = mc, c->run = run_mac, c->cleanup = free_mac;
    } else {
        free(mc);
    }
    EVP_MAC_free(mac);
}

static void provide_openssl_chacha(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_OPENSSL_CHACHA, &name, &c)) return;
    const int mac = name.tag_size && !name.aead;
    char label[BENCH_NAME_MAX];
    openssl_label(label, sizeof label, mac ? "_MAC POLY1305" : "");
    openssl_case *oc = NULL;
    if (mac) {
        set_up_mac(&c, &name);
    } else if (name.aead) {
        oc = openssl_case_new(algorithm, "ChaCha20-Poly1305", &name, 1, name.params.iv, name.iv_size);
    } else if (name.iv_size == 12) {
        uint8_t iv[16] = {0}; /* block counter 0, then the nonce */
        memcpy(iv + 4, name.params.iv, 12);
        oc = openssl_case_new(algorithm, "ChaCha20", &name, 0, iv, sizeof iv);
    }
    if (oc) openssl_case_use(&c, oc, &name);
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_openssl_chacha)
