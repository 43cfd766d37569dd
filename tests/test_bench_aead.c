/* SPDX-License-Identifier: Apache-2.0 */
/* The AEAD names of `simdcrypt speed` and the tag its "-open" cases verify
 * (src/cli/bench_aead.c, bench_names.c). Every open case of a set, ours and
 * the peers', checks the tag bench_aead_prepare computed: were that tag
 * wrong, every case would reject alike, agree with the reference, and the
 * benchmark would time the rejection path without a word. So: the prepared
 * tag must open (ciphertext || tag) through the public one-shot API, giving
 * the same plaintext as an unverified decryption, and a flipped bit must
 * not; plus what the names parse to. A one-shot mode (Kalyna CCM) has no
 * unverified decryption: there, sealing the opened plaintext must give the
 * message and tag back. */
#include <stdlib.h>
#include <string.h>

#include "cli/bench.h"
#include "simdcrypt/aead.h"
#include "simdcrypt/cipher.h"
#include "test_util.h"

enum { MAX_N = 100, MAX_TAG = 64 };

/* Messages an open case cannot time: the empty message of a mode that
 * refuses it (Kalyna GCM), checked; 0 = skip. Also checks that info.one_shot
 * says what sc_aead_start does. */
static int skippable_checked(const char *aead_name, size_t n, const sc_aead_info *info, const bench_cipher_params *p)
{
    sc_aead_ctx *c = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *c);
    uint8_t out[MAX_TAG];
    size_t got;
    int streams = 1, empty_ok = 1;
    if (c && sc_aead_init(c, aead_name, p->key, info->key_size, NULL) == SC_OK) {
        streams = sc_aead_start(c, 0, p->iv, info->nonce_size) != SC_EINVAL;
        empty_ok = sc_aead_seal(c, p->iv, info->nonce_size, NULL, 0, NULL, 0, out, sizeof out, &got,
                                info->tag_size) != SC_ELENGTH;
        sc_aead_wipe(c);
    }
    free(c);
    CHECK(info->one_shot == !streams, "%s: one_shot %d and sc_aead_start agree", aead_name, info->one_shot);
    return n > 0 || empty_ok;
}

static void check_prepared_tag(const char *aead_name, size_t n)
{
    char speed_name[BENCH_NAME_MAX];
    snprintf(speed_name, sizeof speed_name, "%s-open", aead_name);
    sc_aead_info info;
    bench_cipher_params params;
    CHECK(sc_aead_info_get(aead_name, &info) == SC_OK && info.tag_size <= MAX_TAG, "%s: info", aead_name);
    bench_cipher_params_get(speed_name, &params);
    if (!skippable_checked(aead_name, n, &info, &params)) return;

    uint8_t msg[MAX_N + MAX_TAG], plain[MAX_N + 1], want[MAX_N + 1];
    test_fill(msg, n, 0xae0d + n);
    bench_aead_tag t = {.speed_name = speed_name};
    memset(t.tag, 0x5a, sizeof t.tag);
    bench_aead_prepare(&t, msg, n);
    memcpy(msg + n, t.tag, info.tag_size);

    sc_aead_ctx *c = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *c);
    size_t got = 0;
    CHECK(c && sc_aead_init(c, aead_name, params.key, info.key_size, NULL) == SC_OK, "%s: init", aead_name);
    if (c == NULL) return;
    CHECK(info.one_shot || (sc_aead_start(c, 0, params.iv, info.nonce_size) == SC_OK &&
                            sc_aead_decrypt_update_UNVERIFIED(c, msg, n, want, sizeof want, &got) == SC_OK),
          "%s n=%zu: unverified decryption", aead_name, n);
    int rc = sc_aead_open(c, params.iv, info.nonce_size, NULL, 0, msg, n + info.tag_size, plain, sizeof plain, &got,
                          info.tag_size);
    CHECK(rc == SC_OK && got == n, "%s n=%zu: the prepared tag opens the message (rc %d)", aead_name, n, rc);
    if (info.one_shot) {
        uint8_t resealed[MAX_N + MAX_TAG];
        CHECK(sc_aead_seal(c, params.iv, info.nonce_size, NULL, 0, plain, n, resealed, sizeof resealed, &got,
                           info.tag_size) == SC_OK &&
                  memcmp(resealed, msg, n + info.tag_size) == 0,
              "%s n=%zu: sealing the opened plaintext gives the message and tag back", aead_name, n);
    } else {
        CHECK(memcmp(plain, want, n) == 0, "%s n=%zu: the opened plaintext", aead_name, n);
    }
    msg[n + info.tag_size - 1] ^= 1;
    rc = sc_aead_open(c, params.iv, info.nonce_size, NULL, 0, msg, n + info.tag_size, plain, sizeof plain, &got,
                      info.tag_size);
    CHECK(rc == SC_EAUTH, "%s n=%zu: a flipped tag bit is rejected (rc %d)", aead_name, n, rc);
    sc_aead_wipe(c);
    free(c);
}

static void check_names(void)
{
    sc_aead_info info;
    int open = -1;
    CHECK(bench_aead_parse("aes-128-gcm", &info, &open) && open == 0 && !strcmp(info.name, "aes-128-gcm"),
          "aes-128-gcm is a seal name");
    CHECK(bench_aead_parse("aes-256-gcm-open", &info, &open) && open == 1 && !strcmp(info.name, "aes-256-gcm"),
          "aes-256-gcm-open is an open name");
    CHECK(!bench_aead_parse("aes-128-ctr", &info, &open), "a cipher is no AEAD name");
    CHECK(!bench_aead_parse("aes-128-ctr-open", &info, &open), "-open only after an AEAD");
    CHECK(!bench_aead_parse("-open", &info, &open), "-open alone");
    const char *f = bench_speed_family("aes-192-gcm-open");
    CHECK(f && !strcmp(f, "aes"), "family of aes-192-gcm-open");
    f = bench_speed_family("ghash");
    CHECK(f && !strcmp(f, "aes"), "family of ghash");
    CHECK(bench_speed_family("crc32") == NULL, "a checksum has no cipher family");
    /* Every AEAD name and its -open twin are speed names. */
    for (size_t i = 0; sc_aead_name_at(i); i++) {
        char twin[BENCH_NAME_MAX];
        snprintf(twin, sizeof twin, "%s-open", sc_aead_name_at(i));
        int seal_found = 0, open_found = 0;
        for (size_t j = 0; bench_cipher_name_at(j); j++) {
            seal_found |= !strcmp(bench_cipher_name_at(j), sc_aead_name_at(i));
            open_found |= !strcmp(bench_cipher_name_at(j), twin);
        }
        CHECK(seal_found && open_found, "%s and %s are speed names", sc_aead_name_at(i), twin);
    }
}

int main(void)
{
    static const size_t lengths[] = {0, 1, 15, 16, 17, 64, MAX_N};
    check_names();
    size_t names = 0;
    for (size_t i = 0; sc_aead_name_at(i); i++, names++)
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) check_prepared_tag(sc_aead_name_at(i), lengths[l]);
    CHECK(names >= 3, "the AES-GCM names are registered (%zu AEAD names)", names);
    return test_finish();
}
