/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: every AEAD name (sc_aead_name_at) x every kernel of its
 * algorithm that this CPU runs, against the portable kernel.
 *
 * Input: [name byte][flags byte][tag length byte][nonce length byte]
 *        [AAD length byte][forged byte position, 2][split max][split seed, 8]
 *        [key, key_size][nonce][AAD][message]
 * flags: 1 in place. The portable kernel seals in one shot; each kernel
 * seals streaming (AAD and data in fuzzer-chosen pieces) and must give the
 * same status and bytes; then it opens the result (one shot) back to the
 * message, and a copy with one flipped bit is refused with SC_EAUTH and a
 * zeroed output. */
#include <simdcrypt.h>

#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t name_count(void)
{
    size_t n = 0;
    while (sc_aead_name_at(n)) n++;
    return n;
}

enum { MAX_TAG = 64 }; /* the longest tag of any AEAD name (Kalyna-512 GCM/CCM) */

/* Streaming seal: AAD then data in the pieces sp gives; ciphertext || tag. */
static int seal_stream(sc_aead_ctx *c, const uint8_t *nonce, size_t nl, const uint8_t *aad, size_t al,
                       const uint8_t *msg, size_t len, uint8_t *out, size_t tag_len, fuzz_splits sp, int one_shot)
{
    size_t sealed;
    if (one_shot) /* CCM: seal/open only (sc_aead_info.one_shot) */
        return sc_aead_seal(c, nonce, nl, aad, al, msg, len, out, len + tag_len, &sealed, tag_len);
    int rc = sc_aead_start(c, 1, nonce, nl);
    for (size_t d = 0, p; rc == SC_OK && d < al; d += p) rc = sc_aead_update_aad(c, aad + d, p = fz_piece(&sp, al - d));
    for (size_t d = 0, p, n; rc == SC_OK && d < len; d += p) {
        p = fz_piece(&sp, len - d);
        rc = sc_aead_encrypt_update(c, msg + d, p, out + d, p, &n);
    }
    return rc == SC_OK ? sc_aead_encrypt_final(c, out + len, tag_len) : rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sc_aead_ctx ref, c;
    fuzz_in in = {data, size};
    size_t names = name_count();
    if (names == 0) return 0;
    const char *name = sc_aead_name_at(fz_byte(&in) % names);
    sc_aead_info info;
    FZ_ASSERT(sc_aead_info_get(name, &info) == SC_OK, "%s: info", name);
    int in_place = fz_byte(&in) & 1;
    size_t tag_len = fz_byte(&in) % (info.tag_size + 1), nl = fz_byte(&in) % 65, al = fz_byte(&in);
    size_t forge = (size_t)fz_byte(&in) << 8 | fz_byte(&in);
    fuzz_splits sp = fz_splits(&in);
    uint8_t key[64], nonce[64], aad[255];
    fz_copy(&in, key, info.key_size);
    fz_copy(&in, nonce, nl);
    fz_copy(&in, aad, al);
    size_t len;
    const uint8_t *msg = fz_take(&in, 4096, &len);

    uint8_t *want = malloc(len + MAX_TAG), *got = malloc(len + MAX_TAG), *back = malloc(len + MAX_TAG);
    size_t n;
    sc_cipher_opts portable = {.kernel = "portable"};
    FZ_ASSERT(sc_aead_init(&ref, name, key, info.key_size, &portable) == SC_OK, "%s: init", name);
    int want_rc = sc_aead_seal(&ref, nonce, nl, aad, al, msg, len, want, len + MAX_TAG, &n, tag_len);
    for (size_t k = 0; k < sc_kernel_count(info.algorithm); k++) {
        sc_kernel_info ki;
        sc_kernel_get(info.algorithm, k, &ki);
        if (!ki.runnable) continue;
        sc_cipher_opts o = {.kernel = ki.name};
        FZ_ASSERT(sc_aead_init(&c, name, key, info.key_size, &o) == SC_OK, "%s %s: init", name, ki.name);
        int rc;
        if (in_place) {
            memcpy(got, msg, len);
            rc = seal_stream(&c, nonce, nl, aad, al, got, len, got, tag_len, sp, info.one_shot);
        } else {
            rc = seal_stream(&c, nonce, nl, aad, al, msg, len, got, tag_len, sp, info.one_shot);
        }
        /* the one-shot refuses sizes before streaming could (same codes) */
        FZ_ASSERT((rc == SC_OK) == (want_rc == SC_OK), "%s %s: status %d vs portable %d", name, ki.name, rc, want_rc);
        if (rc != SC_OK) continue;
        FZ_ASSERT(memcmp(got, want, len + tag_len) == 0, "%s %s: sealed bytes differ (len %zu)", name, ki.name, len);
        uint8_t *dst = in_place ? got : back;
        rc = sc_aead_open(&c, nonce, nl, aad, al, got, len + tag_len, dst, len + MAX_TAG, &n, tag_len);
        FZ_ASSERT(rc == SC_OK && n == len && memcmp(dst, msg, len) == 0, "%s %s: open", name, ki.name);
        memcpy(got, want, len + tag_len);
        got[forge % (len + tag_len)] ^= (uint8_t)(1u << (forge >> 13));
        memset(back, 0x5a, len + MAX_TAG);
        rc = sc_aead_open(&c, nonce, nl, aad, al, got, len + tag_len, back, len + MAX_TAG, &n, tag_len);
        int zero = 1;
        for (size_t i = 0; i < len; i++) zero &= back[i] == 0;
        FZ_ASSERT(rc == SC_EAUTH && n == 0 && zero, "%s %s: forgery at %zu: rc %d", name, ki.name,
                  forge % (len + tag_len), rc);
        /* the detached calls: the same bytes with the tag apart, the same verdicts */
        uint8_t tag[MAX_TAG];
        rc = sc_aead_seal_detached(&c, nonce, nl, aad, al, msg, len, back, len, &n, tag, tag_len);
        FZ_ASSERT(rc == SC_OK && n == len && memcmp(back, want, len) == 0 && memcmp(tag, want + len, tag_len) == 0,
                  "%s %s: seal_detached", name, ki.name);
        rc = sc_aead_open_detached(&c, nonce, nl, aad, al, want, len, got + len, tag_len, back, len, &n);
        FZ_ASSERT(rc == (forge % (len + tag_len) >= len ? SC_EAUTH : SC_OK),
                  "%s %s: open_detached of a forged tag: rc %d", name, ki.name, rc);
        rc = sc_aead_open_detached(&c, nonce, nl, aad, al, got, len, want + len, tag_len, back, len, &n);
        zero = 1;
        for (size_t i = 0; i < len; i++) zero &= back[i] == 0;
        FZ_ASSERT(forge % (len + tag_len) >= len ? rc == SC_OK && memcmp(back, msg, len) == 0
                                                 : rc == SC_EAUTH && n == 0 && zero,
                  "%s %s: open_detached of a forged ciphertext: rc %d", name, ki.name, rc);
        sc_aead_wipe(&c);
    }
    sc_aead_wipe(&ref);
    free(want), free(got), free(back);
    return 0;
}
