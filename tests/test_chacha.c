/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20, Poly1305 and their AEADs: every kernel this CPU runs against
 * the portable reference at the kernel interface (every length 0..1100 and
 * longer, odd alignments, in place, counters next to the 32-bit wrap,
 * Poly1305 in many call splits, edge keys and all-0xff messages, the fused
 * AEAD against the generic two passes) and through the public APIs
 * (streaming splits, the counter option, refusals before a keystream block
 * could repeat, XChaCha20's 64-bit counter). Known answers: the family
 * descriptor (selftest: RFC 8439, the XChaCha draft); standard suites
 * (Wycheproof): tests/test_aes_vectors.c. */
#include <simdcrypt/aead.h>
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>

#include "chacha/chacha_aead.h"
#include "test_util.h"

enum { MAXLEN = 16411, BUF = MAXLEN + 64 };

static uint8_t in_buf[BUF], ref_buf[BUF], got_buf[BUF];

static int same(const uint8_t *a, const uint8_t *b, size_t n) { return n == 0 || memcmp(a, b, n) == 0; }

/* Every length to 1100, then the three around each 64-byte block boundary
 * to 2600 (the AVX-512 AEAD's shapes change at 960, 1216, 1472 and its
 * two-pass path ends at 2432) and two inside each block (12: whole dwords of
 * a partial vector, 45: and bytes after them, the AVX-512 kernels' masked
 * tails; 1420 among them), then two long ones; SC_TEST_QUICK (emulated
 * CPUs): every length to 200, then the same. */
static size_t next_len(size_t n)
{
    if ((test_quick() && n >= 200 && n < 2600) || (n >= 1100 && n < 2600)) {
        size_t m = n + 1;
        while (m % 64 > 1 && m % 64 != 63 && m % 64 != 12 && m % 64 != 45) m++;
        return m < 2600 ? m : 4103;
    }
    return n < 1100 ? n + 1 : n < 4103 ? 4103 : n < MAXLEN ? MAXLEN : SIZE_MAX;
}

static void chacha_kernel(const char *name, const sc_chacha_ops *k)
{
    uint8_t key[32], nonce[12];
    uint32_t st[16];
    test_fill(key, 32, 1), test_fill(nonce, 12, 2);
    for (size_t n = 0; n != SIZE_MAX; n = next_len(n)) {
        /* counters: ordinary, and ones whose blocks wrap 2^32 inside the call */
        uint32_t ctr = n % 3 == 0 ? (uint32_t)n : 0xffffffffu - (uint32_t)(n % 40);
        sc_chacha20_setup(st, key, ctr, nonce);
        const uint8_t *in = in_buf + n % 7;
        uint8_t *o1 = ref_buf + 3, *o2 = got_buf + n % 5;
        test_fill(in_buf, BUF, 100 + n);
        sc_chacha20_portable(st, in, o1, n);
        memset(o2 + n, 0xee, 16);
        k->chacha20(st, in, o2, n);
        CHECK(same(o1, o2, n) && o2[n] == 0xee, "%s chacha20 len %zu counter %08x", name, n, (unsigned)ctr);
        memcpy(got_buf, in, n); /* in place */
        k->chacha20(st, got_buf, got_buf, n);
        CHECK(same(o1, got_buf, n), "%s chacha20 in place len %zu", name, n);
    }
    /* HChaCha20 through the kernel (XChaCha20's subkey) against the
     * portable rounds, the subkey over the key too */
    for (int i = 0; i < 64; i++) {
        uint8_t n16[16], want[32], got[32];
        test_fill(key, 32, 300 + (uint64_t)i), test_fill(n16, 16, 400 + (uint64_t)i);
        if (i == 1) memset(key, 0xff, 32), memset(n16, 0xff, 16);
        sc_hchacha20(want, key, n16);
        sc_hchacha20_ops(k, got, key, n16);
        CHECK(same(want, got, 32), "%s hchacha20 #%d", name, i);
        sc_hchacha20_ops(k, key, key, n16);
        CHECK(same(want, key, 32), "%s hchacha20 #%d in place", name, i);
    }
}

/* Poly1305 keys: random, r at its clamped maximum, s all ones, zero r. */
static void poly_key(uint8_t key[32], int which, uint64_t seed)
{
    test_fill(key, 32, seed);
    if (which == 1) memset(key, 0xff, 16); /* clamped: 0x0ffffffc0ffffffc0ffffffc0fffffff */
    if (which == 2) memset(key + 16, 0xff, 16);
    if (which == 3) memset(key, 0, 16);
}

static void poly_kernel(const char *name, const sc_chacha_ops *k)
{
    static const size_t splits[] = {1, 3, 8, 17, 64, 1000};
    for (int which = 0; which < 4; which++) {
        for (size_t n = 0; n != SIZE_MAX; n = next_len(n)) {
            if (which && n > 300 && n % 97) continue; /* edge keys: fewer lengths */
            uint8_t key[32], t1[16], t2[16];
            poly_key(key, which, 7 + n);
            test_fill(in_buf, BUF, 200 + n);
            if (n % 4 == 1) memset(in_buf, 0xff, n + 16); /* limbs at their maxima */
            const uint8_t *msg = in_buf + n % 3;
            size_t whole = n / 16;
            sc_poly1305 ref, got;
            sc_poly1305_setkey(&ref, key);
            sc_poly1305_blocks_portable(&ref, msg, whole);
            sc_poly1305_finish(&ref, msg + 16 * whole, n % 16, t1);
            /* the kernel in calls of `split` blocks (its powers computed once, reused) */
            size_t split = splits[n % 6];
            sc_poly1305_setkey(&got, key);
            for (size_t b = 0; b < whole; b += split) k->poly_blocks(&got, msg + 16 * b, whole - b < split ? whole - b : split);
            CHECK(got.h[2] < 8, "%s poly1305 h[2] = %llu not canonical", name, (unsigned long long)got.h[2]);
            sc_poly1305_finish(&got, msg + 16 * whole, n % 16, t2);
            CHECK(same(t1, t2, 16), "%s poly1305 key %d len %zu split %zu", name, which, n, split);
        }
    }
}

/* The generic passes on the portable kernel (ref): ref_buf and t1. */
static void ref_aead(sc_chachapoly *ref, const uint8_t *nonce, const uint8_t *aad, size_t aad_len, const uint8_t *in,
                     size_t n, int enc, uint8_t t1[16])
{
    sc_chachapoly_start(ref, nonce);
    sc_chachapoly_aad(ref, aad, aad_len);
    sc_chachapoly_crypt(ref, in, ref_buf, n, enc);
    sc_chachapoly_tag(ref, t1);
}

/* The kernel's fused AEAD of the same message: out and t2. */
static void fused_aead(const sc_chacha_ops *k, const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
                       size_t aad_len, const uint8_t *in, uint8_t *out, size_t n, int enc, uint8_t t2[16])
{
    uint32_t st[16];
    sc_chacha20_setup(st, key, 0, nonce);
    k->aead_message(st, aad, aad_len, in, out, n, enc, t2);
}

/* The fused AEAD (when the kernel has one) against the generic passes on
 * the portable kernel. */
static void aead_kernel(const char *name, const sc_chacha_ops *k)
{
    if (k->aead_message == NULL) return;
    uint8_t key[32], nonce[12], t1[16], t2[16];
    sc_chachapoly ref;
    test_fill(key, 32, 3), test_fill(nonce, 12, 4);
    CHECK(sc_chachapoly_setkey(&ref, key, 32, 0, "portable") == SC_OK, "portable setkey");
    for (size_t n = 0; n != SIZE_MAX; n = next_len(n)) {
        size_t aad_len = n % 41;
        const uint8_t *aad = in_buf + 2000, *in = in_buf + n % 7;
        test_fill(in_buf, BUF, 300 + n);
        for (int enc = 0; enc < 2; enc++) {
            ref_aead(&ref, nonce, aad, aad_len, in, n, enc, t1);
            uint8_t *out = got_buf + 1 + n % 5; /* unaligned, against in's own offset */
            memset(out + n, 0xee, 16);          /* nothing written past the end (masked tails) */
            fused_aead(k, key, nonce, aad, aad_len, in, out, n, enc, t2);
            CHECK(same(ref_buf, out, n) && same(t1, t2, 16) && out[n] == 0xee && out[n + 15] == 0xee,
                  "%s fused AEAD %s len %zu aad %zu", name, enc ? "seal" : "open", n, aad_len);
            /* in place: decryption must MAC the input before overwriting it */
            memcpy(out, in, n);
            memset(t2, 0, sizeof t2);
            fused_aead(k, key, nonce, aad, aad_len, out, out, n, enc, t2);
            CHECK(same(ref_buf, out, n) && same(t1, t2, 16), "%s fused AEAD %s in place len %zu aad %zu", name,
                  enc ? "seal" : "open", n, aad_len);
        }
    }
    /* Long AAD: the x86 IFMA kernel's MAC takes 16-31 blocks with no powers
     * yet on an 8-lane path of its own (ifma_short8, poly1305_ifma.h), the
     * AAD then the ciphertext (each side of 16, 24 and 32 blocks), and the
     * powers' path after it. */
    static const size_t aads[] = {255, 256, 257, 272, 300, 383, 384, 385, 511, 512, 513};
    static const size_t lens[] = {0, 15, 64, 200, 255, 256, 257, 300, 368, 383, 384, 400, 511, 512, 513, 1000, 3000};
    for (size_t i = 0; i < sizeof aads / sizeof *aads; i++)
        for (size_t j = 0; j < sizeof lens / sizeof *lens; j++) {
            const size_t aad_len = aads[i], n = lens[j];
            const uint8_t *aad = in_buf + 8000 + i, *in = in_buf + j;
            test_fill(in_buf, BUF, 900 + 16 * i + j);
            for (int enc = 0; enc < 2; enc++) {
                ref_aead(&ref, nonce, aad, aad_len, in, n, enc, t1);
                fused_aead(k, key, nonce, aad, aad_len, in, got_buf, n, enc, t2);
                CHECK(same(ref_buf, got_buf, n) && same(t1, t2, 16), "%s fused AEAD %s len %zu long aad %zu", name,
                      enc ? "seal" : "open", n, aad_len);
            }
        }
}

/* --- the public APIs ------------------------------------------------------ */

static int crypt(const char *name, const uint8_t *key, const uint8_t *iv, size_t iv_len, uint64_t counter,
                 const char *kernel, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_cipher_opts o = {.kernel = kernel, .counter = counter};
    size_t n = 0;
    return sc_cipher_crypt(name, 1, key, 32, iv, iv_len, in, len, out, len, &n, &o);
}

static void counters(const char *kernel)
{
    uint8_t key[32], nonce[24], iv16[16], a[256], b[256];
    test_fill(key, 32, 5), test_fill(nonce, 24, 6), test_fill(in_buf, 256, 7);
    /* the 16-byte IV is OpenSSL's le32(counter) || nonce */
    memcpy(iv16 + 4, nonce, 12), iv16[0] = 0x78, iv16[1] = 0x56, iv16[2] = 0x34, iv16[3] = 0x12;
    CHECK(crypt("chacha20", key, nonce, 12, 0x12345678, kernel, in_buf, a, 200) == SC_OK &&
              crypt("chacha20", key, iv16, 16, 0, kernel, in_buf, b, 200) == SC_OK && same(a, b, 200),
          "%s: counter option = 16-byte IV", kernel);
    CHECK(crypt("chacha20", key, iv16, 16, 1, kernel, in_buf, a, 10) == SC_EINVAL, "two counters refused");
    CHECK(crypt("chacha20", key, nonce, 12, UINT64_C(1) << 32, kernel, in_buf, a, 10) == SC_EINVAL,
          "a 33-bit ChaCha20 counter refused");
    /* the last block before the 32-bit counter would repeat block 0 */
    memset(b, 0x77, sizeof b);
    CHECK(crypt("chacha20", key, nonce, 12, 0xffffffffu, kernel, in_buf + 64, b, 64) == SC_OK, "%s: last block", kernel);
    CHECK(crypt("chacha20", key, nonce, 12, 0xffffffffu, kernel, in_buf, a, 65) == SC_ELENGTH, "%s: past it", kernel);
    sc_cipher_ctx c;
    sc_cipher_opts o = {.kernel = kernel, .counter = 0xfffffffeu};
    size_t n1 = 0, n2 = 9, n3 = 9;
    memset(a, 0x55, sizeof a);
    int rc = sc_cipher_init_ex(&c, "chacha20", 1, key, 32, nonce, 12, &o);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in_buf, 100, a, sizeof a, &n1);
    CHECK(rc == SC_OK && n1 == 100, "%s: 100 bytes from counter 2^32 - 2", kernel);
    rc = sc_cipher_update(&c, in_buf + 100, 29, a + 100, sizeof a - 100, &n2);
    CHECK(rc == SC_ELENGTH && n2 == 0 && a[100] == 0x55, "%s: byte 129 refused, nothing written (rc %d)", kernel, rc);
    rc = sc_cipher_update(&c, in_buf + 100, 28, a + 100, sizeof a - 100, &n3);
    CHECK(rc == SC_OK && n3 == 28 && same(a + 64, b, 64), "%s: to the last byte of block 2^32 - 1", kernel);
    sc_cipher_wipe(&c);
    /* whole blocks (the generic layer's quick path, issue 15): the bound at
     * the same place, nothing written past it, and reset/seek restore it */
    o.counter = 0xfffffffdu;
    memset(a, 0x55, sizeof a);
    rc = sc_cipher_init_ex(&c, "chacha20", 1, key, 32, nonce, 12, &o);
    n1 = 9;
    if (rc == SC_OK) rc = sc_cipher_update(&c, in_buf, 256, a, sizeof a, &n1);
    CHECK(rc == SC_ELENGTH && n1 == 0 && a[0] == 0x55 && a[255] == 0x55, "%s: 4 blocks from 2^32 - 3 refused (rc %d)",
          kernel, rc);
    n1 = n2 = n3 = 9;
    rc = sc_cipher_update(&c, in_buf, 128, a, sizeof a, &n1);
    CHECK(rc == SC_OK && n1 == 128, "%s: 2 blocks from 2^32 - 3 (rc %d)", kernel, rc);
    rc = sc_cipher_update(&c, in_buf + 128, 128, a + 128, sizeof a - 128, &n2);
    CHECK(rc == SC_ELENGTH && n2 == 0 && a[128] == 0x55, "%s: 2 more refused (rc %d)", kernel, rc);
    rc = sc_cipher_update(&c, in_buf + 64, 64, a + 128, sizeof a - 128, &n3);
    CHECK(rc == SC_OK && n3 == 64 && same(a + 128, b, 64), "%s: block 2^32 - 1, whole (rc %d)", kernel, rc);
    n1 = 9;
    rc = sc_cipher_update(&c, in_buf, 64, a, sizeof a, &n1);
    CHECK(rc == SC_ELENGTH && n1 == 0, "%s: counter at its bound, a block refused (rc %d)", kernel, rc);
    rc = sc_cipher_final(&c, a, sizeof a, &n1);
    CHECK(rc == SC_OK && n1 == 0, "%s: final at the bound (rc %d)", kernel, rc);
    uint8_t first[128];
    memcpy(first, a, 128);
    rc = sc_cipher_reset(&c);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in_buf, 128, a, sizeof a, &n1);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in_buf + 64, 64, a + 128, sizeof a - 128, &n1);
    CHECK(rc == SC_OK && n1 == 64 && same(a, first, 128) && same(a + 128, b, 64),
          "%s: after reset, 3 blocks to the bound (rc %d)", kernel, rc);
    rc = sc_cipher_seek(&c, 128);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in_buf, 128, a, sizeof a, &n1);
    CHECK(rc == SC_ELENGTH, "%s: seek to the last block, 2 blocks refused (rc %d)", kernel, rc);
    sc_cipher_wipe(&c);
    CHECK(crypt("chacha20", key, nonce, 12, 0xffffffffu, kernel, in_buf, a, 128) == SC_ELENGTH,
          "%s: one-shot of 2 blocks from 2^32 - 1 refused", kernel);
    /* XChaCha20: a 64-bit counter in words 12-13; oracle: HChaCha20 + the portable block */
    uint8_t sub[32], n12[12] = {0}, want[128];
    uint32_t st[16];
    sc_hchacha20(sub, key, nonce);
    memcpy(n12 + 4, nonce + 16, 8);
    sc_chacha20_setup(st, sub, 0xffffffffu, n12);
    sc_chacha20_portable(st, in_buf, want, 64);
    st[12] = 0, st[13] = 1;
    sc_chacha20_portable(st, in_buf + 64, want + 64, 64);
    CHECK(crypt("xchacha20", key, nonce, 24, 0xffffffffu, kernel, in_buf, a, 128) == SC_OK && same(a, want, 128),
          "%s: XChaCha20 carries into word 13", kernel);
    CHECK(crypt("xchacha20", key, nonce, 24, UINT64_MAX, kernel, in_buf, a, 64) == SC_OK &&
              crypt("xchacha20", key, nonce, 24, UINT64_MAX, kernel, in_buf, a, 65) == SC_ELENGTH,
          "%s: XChaCha20 stops at block 2^64 - 1", kernel);
    o.counter = 1;
    CHECK(sc_cipher_init_ex(&c, "aes-128-ctr", 1, key, 16, iv16, 16, &o) == SC_EINVAL, "counter on AES-CTR refused");
    sc_mac_ctx m;
    CHECK(sc_mac_init_ex(&m, "poly1305", key, 32, &o) == SC_EINVAL, "counter on a MAC refused");
}

/* Streaming splits of every name against one-shot calls. */
static void splits(const char *kernel)
{
    uint8_t key[32], nonce[24], tag[16], tag2[16];
    test_fill(key, 32, 8), test_fill(nonce, 24, 9);
    sc_cipher_opts o = {.kernel = kernel};
    uint64_t s = 99;
    for (size_t len = 0; len < 700; len += 1 + len / 8) {
        test_fill(in_buf, len + 1, 10 + len);
        for (int x = 0; x < 2; x++) {
            const char *name = x ? "xchacha20" : "chacha20";
            sc_cipher_ctx c;
            size_t n, done = 0, cut = (size_t)(test_rand(&s) % (len + 1));
            CHECK(crypt(name, key, nonce, x ? 24 : 12, 0, "portable", in_buf, ref_buf, len) == SC_OK, "one shot");
            CHECK(sc_cipher_init_ex(&c, name, 1, key, 32, nonce, x ? 24 : 12, &o) == SC_OK, "init");
            CHECK(sc_cipher_update(&c, in_buf, cut, got_buf, BUF, &n) == SC_OK && n == cut, "update 1");
            done = n;
            CHECK(sc_cipher_update(&c, in_buf + cut, len - cut, got_buf + done, BUF - done, &n) == SC_OK, "update 2");
            CHECK(same(ref_buf, got_buf, len), "%s %s streamed len %zu cut %zu", kernel, name, len, cut);
            sc_cipher_wipe(&c);
        }
        /* the AEADs: one-shot (short-message path or fused kernel) = streamed in two pieces */
        for (int x = 0; x < 2; x++) {
            const char *name = x ? "xchacha20-poly1305" : "chacha20-poly1305";
            size_t nl = x ? 24 : 12, aad_len = len % 37, n = 0, m2 = 0, cut = (size_t)(test_rand(&s) % (len + 1));
            const uint8_t *aad = in_buf + 1;
            sc_aead_ctx a;
            CHECK(sc_aead_init(&a, name, key, 32, &o) == SC_OK, "%s init", name);
            CHECK(sc_aead_seal(&a, nonce, nl, aad, aad_len, in_buf, len, ref_buf, BUF, &n, 16) == SC_OK &&
                      n == len + 16,
                  "%s %s seal len %zu", kernel, name, len);
            int rc = sc_aead_start(&a, 1, nonce, nl);
            if (rc == SC_OK) rc = sc_aead_update_aad(&a, aad, aad_len);
            if (rc == SC_OK) rc = sc_aead_encrypt_update(&a, in_buf, cut, got_buf, BUF, &n);
            if (rc == SC_OK) rc = sc_aead_encrypt_update(&a, in_buf + cut, len - cut, got_buf + cut, BUF - cut, &m2);
            if (rc == SC_OK) rc = sc_aead_encrypt_final(&a, got_buf + len, 16);
            CHECK(rc == SC_OK && same(ref_buf, got_buf, len + 16), "%s %s one-shot = streamed, len %zu aad %zu",
                  kernel, name, len, aad_len);
            CHECK(sc_aead_open(&a, nonce, nl, aad, aad_len, ref_buf, len + 16, got_buf, BUF, &n, 16) == SC_OK &&
                      n == len && same(got_buf, in_buf, len),
                  "%s %s open len %zu", kernel, name, len);
            sc_aead_wipe(&a);
        }
        /* poly1305 */
        sc_mac_ctx m;
        size_t cut = (size_t)(test_rand(&s) % (len + 1));
        CHECK(sc_mac_init_ex(&m, "poly1305", key, 32, NULL) == SC_OK && sc_mac_update(&m, in_buf, len) == SC_OK &&
                  sc_mac_final(&m, tag, 16) == SC_OK,
              "poly1305 one shot");
        CHECK(sc_mac_init_ex(&m, "poly1305", key, 32, &o) == SC_OK && sc_mac_update(&m, in_buf, cut) == SC_OK &&
                  sc_mac_update(&m, in_buf + cut, len - cut) == SC_OK && sc_mac_final(&m, tag2, 16) == SC_OK &&
                  same(tag, tag2, 16),
              "%s poly1305 streamed len %zu", kernel, len);
        CHECK(sc_mac_init_ex(&m, "poly1305", key, 32, &o) == SC_OK && sc_mac_update(&m, in_buf, len) == SC_OK &&
                  sc_mac_verify(&m, tag, 16) == SC_OK,
              "poly1305 verify");
        tag[len % 16] ^= 1;
        CHECK(sc_mac_init_ex(&m, "poly1305", key, 32, &o) == SC_OK && sc_mac_update(&m, in_buf, len) == SC_OK &&
                  sc_mac_verify(&m, tag, 16) == SC_EAUTH,
              "poly1305 forged tag refused");
        sc_mac_wipe(&m);
    }
}

int main(void)
{
    size_t tried = 0;
    for (size_t i = 0; i < sc_kernel_count("chacha"); i++) {
        sc_kernel_info ki;
        if (sc_kernel_get("chacha", i, &ki) != SC_OK || !test_kernel_selected(ki.runnable, ki.name)) continue;
        int status;
        const sc_chacha_ops *k = sc_chacha_kernel(ki.name, &status);
        CHECK(k != NULL, "%s: kernel", ki.name);
        if (k == NULL) continue;
        chacha_kernel(ki.name, k);
        poly_kernel(ki.name, k);
        aead_kernel(ki.name, k);
        counters(ki.name);
        splits(ki.name);
        tried++;
        printf("kernel %s checked\n", ki.name);
    }
    printf("chacha kernels: %zu runnable, dispatched: %s\n", tried, sc_kernel_active("chacha"));
    CHECK(tried > 0, "no runnable kernel");
    return test_finish();
}
