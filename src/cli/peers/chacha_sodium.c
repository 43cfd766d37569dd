/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: libsodium's ChaCha20 family (its AVX2 / SSSE3
 * ChaCha20, Poly1305 in radix 2^26 AVX2 / 2^64 scalar), every name:
 *   chacha20             crypto_stream_chacha20_ietf_xor_ic, counter 0
 *   xchacha20            crypto_stream_xchacha20_xor_ic, counter 0
 *   poly1305             crypto_onetimeauth_poly1305
 *   chacha20-poly1305    crypto_aead_chacha20poly1305_ietf_encrypt (ciphertext
 *                        || tag, as ours), -open: _decrypt_detached
 *   xchacha20-poly1305   crypto_aead_xchacha20poly1305_ietf_*, the same
 * Compiled only when libsodium was found. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"

/* The two AEADs' functions share their signatures. */
typedef int seal_fn(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                    const unsigned char *, unsigned long long, const unsigned char *, const unsigned char *,
                    const unsigned char *);
typedef int open_fn(unsigned char *, unsigned char *, const unsigned char *, unsigned long long,
                    const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *,
                    const unsigned char *);

typedef struct sodium_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    const uint8_t *key, *nonce;
    seal_fn *seal;
    open_fn *open;
} sodium_case;

static uint64_t run_chacha20(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    sodium_case *c = p;
    crypto_stream_chacha20_ietf_xor_ic(out, in, n, c->nonce, 0, c->key);
    return bench_cipher_result(out, n);
}

static uint64_t run_xchacha20(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    sodium_case *c = p;
    crypto_stream_xchacha20_xor_ic(out, in, n, c->nonce, 0, c->key);
    return bench_cipher_result(out, n);
}

static uint64_t run_poly1305(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    sodium_case *c = p;
    crypto_onetimeauth_poly1305(out, in, n, c->key);
    return bench_cipher_result(out, crypto_onetimeauth_poly1305_BYTES);
}

/* Both AEADs' tags are 16 bytes (..._ABYTES). */
static uint64_t run_seal(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    sodium_case *c = p;
    c->seal(out, NULL, in, n, NULL, 0, NULL, c->nonce, c->key);
    return bench_cipher_result(out, n + 16);
}

static uint64_t run_open(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    sodium_case *c = p;
    return bench_open_result(out, n, c->open(out, NULL, in, n, c->t.tag, NULL, 0, c->nonce, c->key) == 0);
}

static const struct {
    const char *name;
    bench_run_fn run;
    seal_fn *seal;
    open_fn *open;
    const char *what;
} apis[] = {
    {"chacha20", run_chacha20, NULL, NULL, "crypto_stream_chacha20_ietf"},
    {"xchacha20", run_xchacha20, NULL, NULL, "crypto_stream_xchacha20"},
    {"poly1305", run_poly1305, NULL, NULL, "crypto_onetimeauth_poly1305"},
    {"chacha20-poly1305", NULL, crypto_aead_chacha20poly1305_ietf_encrypt,
     crypto_aead_chacha20poly1305_ietf_decrypt_detached, "crypto_aead_chacha20poly1305_ietf"},
    {"xchacha20-poly1305", NULL, crypto_aead_xchacha20poly1305_ietf_encrypt,
     crypto_aead_xchacha20poly1305_ietf_decrypt_detached, "crypto_aead_xchacha20poly1305_ietf"},
};

static void provide_sodium_chacha(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_SODIUM_CHACHA, &name, &c)) return;
    size_t i = 0;
    while (i < sizeof apis / sizeof apis[0] - 1 && strcmp(apis[i].name, name.base) != 0) i++;
    sodium_case *sc = calloc(1, sizeof *sc);
    /* Its sizes are fixed: 32-byte keys, 12/24-byte nonces, 16-byte tags. */
    if (sc && sodium_init() >= 0 && !strcmp(apis[i].name, name.base) && name.key_size == 32 &&
        (name.tag_size == 0 || name.tag_size == 16)) {
        sc->t.speed_name = algorithm;
        sc->key = name.params.key, sc->nonce = name.params.iv;
        sc->seal = apis[i].seal, sc->open = apis[i].open;
        c.ctx = sc, c.cleanup = free, c.run = !name.aead ? apis[i].run : name.decrypt ? run_open : run_seal;
    } else {
        free(sc);
    }
    char label[BENCH_NAME_MAX];
    snprintf(label, sizeof label, "libsodium %s %s", sodium_version_string(), apis[i].what);
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_sodium_chacha)
