/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: libsodium crypto_aead_aes256gcm (AES-NI + PCLMUL
 * code only: crypto_aead_aes256gcm_is_available() says whether this CPU
 * runs it), aes-256-gcm seal (encrypt_afternm: ciphertext || tag, as ours)
 * and open (decrypt_detached_afternm: the tag apart), the key expanded once
 * (beforenm). Compiled only when libsodium was found. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"

typedef struct sodium_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    crypto_aead_aes256gcm_state state;
    const uint8_t *nonce;
} sodium_case;

static uint64_t run_seal(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    sodium_case *c = p;
    unsigned long long len;
    crypto_aead_aes256gcm_encrypt_afternm(out, &len, in, n, NULL, 0, NULL, c->nonce, &c->state);
    return bench_cipher_result(out, n + crypto_aead_aes256gcm_ABYTES);
}

static uint64_t run_open(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    sodium_case *c = p;
    return bench_open_result(
        out, n, crypto_aead_aes256gcm_decrypt_detached_afternm(out, NULL, in, n, c->t.tag, NULL, 0, c->nonce, &c->state) == 0);
}

static void provide_sodium_aes(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_SODIUM_AES, &name, &c)) return;
    char label[BENCH_NAME_MAX];
    snprintf(label, sizeof label, "libsodium %s crypto_aead_aes256gcm", sodium_version_string());
    if (sodium_init() < 0 || !crypto_aead_aes256gcm_is_available()) {
        snprintf(c.implementation, sizeof c.implementation, "%s", label);
        snprintf(c.note, sizeof c.note, "not runnable here (needs aesni and pclmul)");
        bench_add(set, &c);
        return;
    }
    sodium_case *sc = aligned_alloc(16, (sizeof *sc + 15) / 16 * 16);
    if (sc && name.key_size == crypto_aead_aes256gcm_KEYBYTES && name.iv_size == crypto_aead_aes256gcm_NPUBBYTES &&
        name.tag_size == crypto_aead_aes256gcm_ABYTES) {
        sc->t.speed_name = algorithm;
        sc->nonce = name.params.iv;
        crypto_aead_aes256gcm_beforenm(&sc->state, name.params.key);
        c.ctx = sc, c.cleanup = free, c.run = name.decrypt ? run_open : run_seal;
    } else {
        free(sc);
    }
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_sodium_aes)
