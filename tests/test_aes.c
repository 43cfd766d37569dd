/* SPDX-License-Identifier: Apache-2.0 */
/* AES, GHASH and GCM: every kernel this CPU runs against the portable
 * reference, at the kernel interface (every op, n = 0..40 and 300 blocks,
 * counters next to the 32-bit wrap) and through the public APIs (every mode
 * and key size, lengths 0..1 KiB, odd alignments, random splits, in place);
 * 128-bit CTR carries and GCM's inc32 wrap against an oracle built from ECB;
 * PKCS#7 padding, every defect one error. Known answers: the family
 * descriptor (selftest) and tests/test_aes_kat.c. */
#include <simdcrypt/aead.h>
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>

#include "aead/aead_family.h"
#include "aes/aes_gcm.h"
#include "test_util.h"

enum { MAXB = 300, BUF = 16 * MAXB + 64 };

static uint8_t in_buf[BUF], ref_buf[BUF], got_buf[BUF];

/* --- the kernel interface ------------------------------------------------- */

static int same(const uint8_t *a, const uint8_t *b, size_t n) { return memcmp(a, b, n) == 0; }

static void kernel_ops(const char *kernel)
{
    static const size_t key_lens[] = {16, 24, 32};
    uint8_t key[32];
    for (size_t kl = 0; kl < 3; kl++) {
        sc_gcm ref, got;
        test_fill(key, sizeof key, 11 + kl);
        CHECK(sc_gcm_setkey(&ref, key, key_lens[kl], "portable") == SC_OK, "portable setkey");
        CHECK(sc_gcm_setkey(&got, key, key_lens[kl], kernel) == SC_OK, "%s setkey", kernel);
        const struct sc_aes_ops *r = ref.key.ops, *g = got.key.ops;
        for (size_t n = 0; n <= MAXB; n = n < 40 ? n + 1 : n < MAXB ? MAXB : MAXB + 1) {
            const uint8_t *in = in_buf + 1 + n % 7; /* odd alignments */
            uint8_t *o1 = ref_buf + 3, *o2 = got_buf + 5;
            test_fill(in_buf, sizeof in_buf, 100 + n);
            r->encrypt(&ref.key, in, o1, n), g->encrypt(&got.key, in, o2, n);
            CHECK(same(o1, o2, 16 * n), "%s encrypt %zu-byte key n=%zu", kernel, key_lens[kl], n);
            r->decrypt(&ref.key, in, o1, n), g->decrypt(&got.key, in, o2, n);
            CHECK(same(o1, o2, 16 * n), "%s decrypt n=%zu", kernel, n);
            uint8_t iv1[16], iv2[16];
            test_fill(iv1, 16, n), memcpy(iv2, iv1, 16);
            r->cbc_encrypt(&ref.key, iv1, in, o1, n), g->cbc_encrypt(&got.key, iv2, in, o2, n);
            CHECK(same(o1, o2, 16 * n) && same(iv1, iv2, 16), "%s cbc_encrypt n=%zu", kernel, n);
            r->cbc_decrypt(&ref.key, iv1, in, o1, n), g->cbc_decrypt(&got.key, iv2, in, o2, n);
            CHECK(same(o1, o2, 16 * n) && same(iv1, iv2, 16), "%s cbc_decrypt n=%zu", kernel, n);
            /* ctr32 with the low word n blocks below 2^32 (it may reach it exactly) */
            sc_aes_store_be32(iv1 + 12, (uint32_t)(0u - (uint32_t)n)), memcpy(iv2, iv1, 16);
            r->ctr32(&ref.key, iv1, in, o1, n), g->ctr32(&got.key, iv2, in, o2, n);
            CHECK(same(o1, o2, 16 * n) && same(iv1, iv2, 16), "%s ctr32 n=%zu", kernel, n);
            /* the last byte's wrap (the x86 kernels' no-carry case ends at
             * 256): ending one block past it, exactly at it, one before */
            for (unsigned d = 0; d < 3; d++) {
                sc_aes_store_be32(iv1 + 12, 0x01020300u + ((257u - d - (unsigned)n) & 0xffu)), memcpy(iv2, iv1, 16);
                r->ctr32(&ref.key, iv1, in, o1, n), g->ctr32(&got.key, iv2, in, o2, n);
                CHECK(same(o1, o2, 16 * n) && same(iv1, iv2, 16), "%s ctr32 n=%zu byte wrap %u", kernel, n, d);
            }
            uint8_t a1[16], a2[16];
            test_fill(a1, 16, 7 * n), memcpy(a2, a1, 16);
            r->ghash(&ref.gk, a1, in, n), g->ghash(&got.gk, a2, in, n);
            CHECK(same(a1, a2, 16), "%s ghash n=%zu", kernel, n);
            /* in place */
            memcpy(o1, in, 16 * n), memcpy(o2, in, 16 * n);
            r->encrypt(&ref.key, o1, o1, n), g->encrypt(&got.key, o2, o2, n);
            CHECK(same(o1, o2, 16 * n), "%s encrypt in place n=%zu", kernel, n);
            r->cbc_decrypt(&ref.key, iv1, o1, o1, n), g->cbc_decrypt(&got.key, iv2, o2, o2, n);
            CHECK(same(o1, o2, 16 * n), "%s cbc_decrypt in place n=%zu", kernel, n);
            /* fused GCM (when the kernel has one) against ctr32 + ghash; the
             * counter's low word n + 1 below 2^32, then last bytes around the
             * point where a 32-block step wraps it (224: the last start
             * without a wrap), as for ctr32 above: a kernel stepping the
             * counter's big-endian bytes while no carry leaves the last one */
            static const uint32_t ctr_lo[] = {0, 0x010203e0u, 0x010203e1u, 0x010203e4u, 0x010203f0u};
            for (int enc = 0; enc < 2 * (int)(sizeof ctr_lo / sizeof *ctr_lo); enc++) {
                void (*fused)(const sc_aes_key *, const sc_ghash_key *, uint8_t *, uint8_t *, const uint8_t *,
                              uint8_t *, size_t) = enc % 2 ? g->gcm_encrypt : g->gcm_decrypt;
                if (fused == NULL) continue;
                uint8_t c1[16], c2[16];
                const uint32_t lo = ctr_lo[enc / 2] ? ctr_lo[enc / 2] : (uint32_t)(0u - (uint32_t)n - 1u);
                test_fill(c1, 16, n + 5), sc_aes_store_be32(c1 + 12, lo);
                memcpy(c2, c1, 16), memcpy(a2, a1, 16);
                if (enc % 2 == 0) r->ghash(&ref.gk, a1, in, n);
                r->ctr32(&ref.key, c1, in, o1, n);
                if (enc % 2) r->ghash(&ref.gk, a1, o1, n);
                fused(&got.key, &got.gk, c2, a2, in, o2, n);
                CHECK(same(o1, o2, 16 * n) && same(c1, c2, 16) && same(a1, a2, 16), "%s gcm_%s n=%zu ctr %08x", kernel,
                      enc % 2 ? "encrypt" : "decrypt", n, (unsigned)lo);
                memcpy(a1, a2, 16);
            }
        }
        sc_aes_wipe(&ref.key), sc_aes_wipe(&got.key);
    }
}

/* A kernel's whole-message GCM (when it has one) against the portable
 * kernel's generic steps: every data length 0..600, AAD 0..70, in place. */
static void kernel_message(const char *kernel)
{
    uint8_t key[32], nonce[12], aad[80], tag1[16], tag2[16];
    sc_gcm ref, got;
    for (size_t kl = 16; kl <= 32; kl += 8) {
        test_fill(key, 32, kl);
        sc_gcm_setkey(&ref, key, kl, "portable");
        sc_gcm_setkey(&got, key, kl, kernel);
        if (got.key.ops->gcm_message == NULL) return;
        for (size_t len = 0; len <= 600; len += 1 + len / (test_quick() ? 12 : 50)) {
            size_t al = (len * 7) % 71;
            test_fill(in_buf, len, len), test_fill(nonce, 12, len + 1), test_fill(aad, al, len + 2);
            for (int enc = 0; enc < 2; enc++) {
                sc_gcm_start(&ref, nonce, 12);
                sc_gcm_aad(&ref, aad, al);
                (enc ? sc_gcm_encrypt : sc_gcm_decrypt)(&ref, in_buf, ref_buf, len);
                sc_gcm_tag(&ref, tag1);
                uint8_t *dst = len % 3 ? got_buf + 1 : in_buf; /* in place every third length */
                got.key.ops->gcm_message(&got.key, &got.gk, nonce, aad, al, in_buf, dst, len, enc, tag2);
                CHECK(same(ref_buf, dst, len) && same(tag1, tag2, 16), "%s gcm_message %s key %zu len %zu aad %zu",
                      kernel, enc ? "seal" : "open", kl, len, al);
                if (dst == in_buf) test_fill(in_buf, len, len); /* restore the input */
            }
        }
        sc_aes_wipe(&ref.key), sc_aes_wipe(&got.key);
    }
}

/* ref (portable) and got (kernel) GCM keys of kl bytes from seed: 0 when
 * the kernel has no whole-message GCM (nothing to compare). */
static int gcm_keys(sc_gcm *ref, sc_gcm *got, const char *kernel, size_t kl, size_t seed)
{
    uint8_t key[32];
    test_fill(key, 32, seed);
    sc_gcm_setkey(ref, key, kl, "portable");
    sc_gcm_setkey(got, key, kl, kernel);
    return got->key.ops->gcm_message != NULL;
}

/* The length classes of a whole-message GCM (x86-vaes-avx512's splits):
 * data around the point where a short AAD still fits in the end's batch
 * with the data and the length block (32 powers: AAD blocks + data blocks
 * + 1), around one and two 32-block steps (a seal of two steps or more
 * starts with a step in two halves), and a tail of each zmm width after
 * them; every AAD length class (none, partial, whole, 1-4 blocks, past one
 * zmm); both directions, key sizes 128 and 256, in place and not; a wrong
 * tag refused by gcm_open. */
static void kernel_message_classes(const char *kernel)
{
    static const size_t aad_lens[] = {0, 1, 13, 16, 17, 32, 33, 48, 49, 63, 64, 65, 80, 200};
    static const size_t lens[] = {400, 415, 416, 417, 431, 432, 433, 447, 448, 449, 463, 464, 465, 479, 480, 481, 495,
                                  496, 497, 511, 512, 1008, 1023, 1024, 1025, 1040, 1088, 1104, 1152, 1264, 1280, 1296,
                                  1420, 1535, 1536, 1537, 1600, 2047, 2048, 2049, 2560, 2999, 4096, 4800};
    uint8_t nonce[12], aad[208], tag1[16], tag2[16];
    sc_gcm ref, got;
    for (size_t kl = 16; kl <= 32; kl += 16) {
        if (!gcm_keys(&ref, &got, kernel, kl, kl + 11)) return;
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            for (size_t a = 0; a < sizeof aad_lens / sizeof aad_lens[0]; a++) {
                const size_t len = lens[i], al = aad_lens[a];
                if (test_quick() && (i + a) % 3) continue;
                test_fill(in_buf, len, len + al), test_fill(nonce, 12, len + 1), test_fill(aad, al, len + al + 2);
                for (int enc = 0; enc < 2; enc++) {
                    sc_gcm_start(&ref, nonce, 12);
                    sc_gcm_aad(&ref, aad, al);
                    (enc ? sc_gcm_encrypt : sc_gcm_decrypt)(&ref, in_buf, ref_buf, len);
                    sc_gcm_tag(&ref, tag1);
                    uint8_t *dst = (i + a) % 2 ? got_buf + 1 : in_buf; /* in place every other case */
                    got.key.ops->gcm_message(&got.key, &got.gk, nonce, aad, al, in_buf, dst, len, enc, tag2);
                    CHECK(same(ref_buf, dst, len) && same(tag1, tag2, 16),
                          "%s gcm_message class %s key %zu len %zu aad %zu", kernel, enc ? "seal" : "open", kl, len,
                          al);
                    if (dst == in_buf) test_fill(in_buf, len, len + al);
                }
                if (got.key.ops->gcm_open == NULL) continue;
                /* ref_buf: the ciphertext of in_buf (enc 1 above), tag1 its tag */
                for (int flip = 0; flip < 2; flip++) {
                    tag1[(len + al) % 16] ^= (uint8_t)(flip << (al % 8));
                    const sc_aead_msg m = {nonce, 12, aad, al, ref_buf, got_buf, len, tag1, 16};
                    const int eq = got.key.ops->gcm_open(&got.key, &got.gk, &m);
                    CHECK(eq == !flip && same(got_buf, in_buf, len),
                          "%s gcm_open class key %zu len %zu aad %zu flip %d", kernel, kl, len, al, flip);
                    tag1[(len + al) % 16] ^= (uint8_t)(flip << (al % 8));
                }
            }
        }
        sc_aes_wipe(&ref.key), sc_aes_wipe(&got.key);
    }
}

/* GMAC (a whole-message GCM without data) for every AAD length 0..200, and
 * the kernel's gcm_open (when it has one) against the portable kernel's
 * seal: the right tag opens (output = plaintext), a tag with one bit
 * flipped does not; lengths on both sides of the x86-vaes-avx512 kernel's
 * ymm/zmm switches (aes_vaes_avx512.c). */
static void kernel_gmac_open(const char *kernel)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 80, 255, 256, 511, 512, 513, 1420, 4000};
    uint8_t nonce[12], aad[208], tag1[16], tag2[16];
    sc_gcm ref, got;
    for (size_t kl = 16; kl <= 32; kl += 8) {
        if (!gcm_keys(&ref, &got, kernel, kl, kl + 5)) return;
        for (size_t al = 0; al <= 200; al++) {
            test_fill(nonce, 12, al + 1), test_fill(aad, al, al + 2);
            sc_gcm_start(&ref, nonce, 12);
            sc_gcm_aad(&ref, aad, al);
            sc_gcm_tag(&ref, tag1);
            got.key.ops->gcm_message(&got.key, &got.gk, nonce, aad, al, NULL, NULL, 0, 1, tag2);
            CHECK(same(tag1, tag2, 16), "%s gmac key %zu aad %zu", kernel, kl, al);
        }
        /* AAD of one or more whole GHASH steps (x86-vaes-avx512: 32 blocks)
         * and past them, alone (GMAC) and before data */
        static const size_t long_aad[] = {511, 512, 513, 1024, 1420, 1543};
        static uint8_t big_aad[1543];
        for (size_t i = 0; i < sizeof long_aad / sizeof long_aad[0]; i++) {
            const size_t al = long_aad[i], len = (i * 389) % 1100;
            test_fill(big_aad, al, al + 3), test_fill(in_buf, len, al + 4), test_fill(nonce, 12, al + 5);
            for (int with_data = 0; with_data < 2; with_data++) {
                const size_t n = with_data ? len : 0;
                sc_gcm_start(&ref, nonce, 12);
                sc_gcm_aad(&ref, big_aad, al);
                sc_gcm_encrypt(&ref, in_buf, ref_buf, n);
                sc_gcm_tag(&ref, tag1);
                got.key.ops->gcm_message(&got.key, &got.gk, nonce, big_aad, al, in_buf, got_buf, n, 1, tag2);
                CHECK(same(ref_buf, got_buf, n) && same(tag1, tag2, 16), "%s gcm long aad key %zu aad %zu len %zu",
                      kernel, kl, al, n);
            }
        }
        for (size_t i = 0; i < sizeof lens / sizeof lens[0] && got.key.ops->gcm_open != NULL; i++) {
            const size_t len = lens[i], al = i % 2 ? 13 : 0;
            test_fill(in_buf, len, len + 7), test_fill(nonce, 12, len + 8), test_fill(aad, al, len + 9);
            sc_gcm_start(&ref, nonce, 12);
            sc_gcm_aad(&ref, aad, al);
            sc_gcm_encrypt(&ref, in_buf, ref_buf, len);
            sc_gcm_tag(&ref, tag1);
            for (int flip = 0; flip < 2; flip++) {
                tag1[len % 16] ^= (uint8_t)flip; /* flip 1: one bit off */
                const sc_aead_msg m = {nonce, 12, aad, al, ref_buf, got_buf, len, tag1, 16};
                const int eq = got.key.ops->gcm_open(&got.key, &got.gk, &m);
                CHECK(eq == !flip && same(got_buf, in_buf, len), "%s gcm_open key %zu len %zu aad %zu flip %d",
                      kernel, kl, len, al, flip);
                tag1[len % 16] ^= (uint8_t)flip;
            }
        }
        sc_aes_wipe(&ref.key), sc_aes_wipe(&got.key);
    }
}

/* --- the public APIs ------------------------------------------------------- */

static int crypt_split(const char *name, const char *kernel, int enc, const uint8_t *key, const uint8_t *iv,
                       const uint8_t *in, size_t len, uint8_t *out, uint64_t *seed)
{
    sc_cipher_info info;
    sc_cipher_info_get(name, &info);
    sc_cipher_ctx c;
    sc_cipher_opts o = {.kernel = kernel};
    if (sc_cipher_init_ex(&c, name, enc, key, info.key_size, info.iv_size ? iv : NULL, info.iv_size, &o) != SC_OK)
        return -1;
    size_t done = 0, w = 0, n;
    while (done < len) {
        size_t piece = 1 + test_rand(seed) % (len - done);
        if (in == out && !info.is_stream) /* in place: whole blocks per call (cipher.h) */
            piece = info.block_size * (1 + test_rand(seed) % ((len - done) / info.block_size));
        if (sc_cipher_update(&c, in + done, piece, out + w, BUF, &n) != SC_OK) return -1;
        done += piece, w += n;
    }
    if (sc_cipher_final(&c, out + w, BUF, &n) != SC_OK) return -1;
    sc_cipher_wipe(&c);
    return (int)(w + n);
}

static void api_modes(const char *kernel)
{
    uint8_t key[64], iv[16]; /* 64: aes-256-xts takes two AES-256 keys */
    test_fill(key, sizeof key, 3), test_fill(iv, 16, 4);
    for (size_t i = 0; sc_cipher_name_at(i); i++) {
        const char *name = sc_cipher_name_at(i);
        sc_cipher_info info;
        /* key wrap (one shot) and its lengths: tests/test_aes_modes*.c */
        if (sc_cipher_info_get(name, &info) != SC_OK || strcmp(info.algorithm, "aes") != 0 || info.one_shot) continue;
        /* XTS holds its last two blocks back: its output lags its input, so
         * it decrypts into another buffer, not in place */
        uint8_t *back = strcmp(info.mode, "xts") == 0 ? ref_buf : got_buf + 1;
        /* CFB1 costs eight block encryptions a byte: short messages only
         * (its lengths and splits: tests/test_aes_modes_diff.c) */
        const size_t max_len = strcmp(info.mode, "cfb1") == 0 ? 64 : 1024;
        /* SC_TEST_QUICK (emulated CPUs): sparser lengths past 256 bytes */
        const int q = test_quick();
        for (size_t len = 0; len <= max_len;
             len += info.is_stream ? 1 + len / (q ? 8 : 64) : q && len >= 256 ? 48 : 16) {
            uint64_t s1 = len + 1, s2 = len + 1;
            test_fill(in_buf, len + 8, len);
            const uint8_t *in = in_buf + len % 8;
            int n1 = crypt_split(name, "portable", 1, key, iv, in, len, ref_buf, &s1);
            int n2 = crypt_split(name, kernel, 1, key, iv, in, len, got_buf + 1, &s2);
            CHECK(n1 == (int)len && n2 == (int)len && same(ref_buf, got_buf + 1, len), "%s %s len %zu", kernel,
                  name, len);
            n2 = crypt_split(name, kernel, 0, key, iv, got_buf + 1, len, back, &s2); /* in place */
            CHECK(n2 == (int)len && same(back, in, len), "%s %s decrypt in place len %zu", kernel, name, len);
        }
    }
}

static void api_aead(const char *kernel)
{
    uint8_t key[32], nonce[64], aad[80], tag1[16], tag2[16];
    test_fill(key, 32, 5), test_fill(nonce, 64, 6), test_fill(aad, 80, 7);
    sc_cipher_opts port = {.kernel = "portable"}, kern = {.kernel = kernel};
    for (size_t v = 0; sc_aead_name_at(v); v++) {
        const char *name = sc_aead_name_at(v);
        sc_aead_info info;
        sc_aead_info_get(name, &info);
        /* streaming GCM; CCM (one shot): tests/test_aes_modes_diff.c */
        if (strcmp(info.algorithm, "aes") != 0 || info.one_shot) continue;
        sc_aead_ctx a, b;
        CHECK(sc_aead_init(&a, name, key, info.key_size, &port) == SC_OK, "init");
        CHECK(sc_aead_init(&b, name, key, info.key_size, &kern) == SC_OK, "%s init", kernel);
        for (size_t len = 0; len <= 1100; len += 1 + len / (test_quick() ? 6 : 16)) {
            size_t nl = len % 5 == 0 ? 1 + len % 61 : 12, al = len % 81, n1, n2;
            test_fill(in_buf, len, len + 99);
            int r1 = sc_aead_seal(&a, nonce, nl, aad, al, in_buf, len, ref_buf, BUF, &n1, 16);
            /* the kernel streams: AAD and data in random pieces */
            uint64_t s = len + 3;
            int r2 = sc_aead_start(&b, 1, nonce, nl);
            for (size_t d = 0, p; d < al && r2 == SC_OK; d += p)
                p = 1 + test_rand(&s) % (al - d), r2 = sc_aead_update_aad(&b, aad + d, p);
            for (size_t d = 0, p; d < len && r2 == SC_OK; d += p)
                p = 1 + test_rand(&s) % (len - d), r2 = sc_aead_encrypt_update(&b, in_buf + d, p, got_buf + d, p, &n2);
            if (r2 == SC_OK) r2 = sc_aead_encrypt_final(&b, got_buf + len, 16);
            CHECK(r1 == SC_OK && r2 == SC_OK && n1 == len + 16 && same(ref_buf, got_buf, len + 16),
                  "%s %s seal len %zu nonce %zu aad %zu", kernel, name, len, nl, al);
            int r3 = sc_aead_open(&b, nonce, nl, aad, al, ref_buf, len + 16, ref_buf, BUF, &n2, 16);
            CHECK(r3 == SC_OK && n2 == len && same(ref_buf, in_buf, len), "%s %s open in place len %zu", kernel,
                  name, len);
            (void)tag1, (void)tag2;
        }
        sc_aead_wipe(&a), sc_aead_wipe(&b);
    }
}

/* --- counters --------------------------------------------------------------- */

static void inc128(uint8_t c[16])
{
    for (int i = 15; i >= 0 && ++c[i] == 0; i--) {
    }
}

/* CTR over the 2^32, 2^64 and 2^128 boundaries against ECB of the counters. */
static void ctr_carries(const char *kernel)
{
    static const char *ivs[] = {"000102030405060708090a0bfffffffd", "0001020304050607fffffffffffffffd",
                                "fffffffffffffffffffffffffffffffd"};
    uint8_t key[16], iv[16], ctrs[16 * 8], ks[16 * 8], want[16 * 8];
    test_fill(key, 16, 9);
    for (size_t t = 0; t < 3; t++) {
        test_unhex(ivs[t], iv, 16);
        uint8_t c[16];
        memcpy(c, iv, 16);
        for (int b = 0; b < 8; b++) memcpy(ctrs + 16 * b, c, 16), inc128(c);
        size_t n;
        sc_cipher_crypt("aes-128-ecb", 1, key, 16, NULL, 0, ctrs, sizeof ctrs, ks, sizeof ks, &n, NULL);
        test_fill(in_buf, sizeof want, t);
        for (size_t i = 0; i < sizeof want; i++) want[i] = in_buf[i] ^ ks[i];
        uint64_t s = t;
        int got = crypt_split("aes-128-ctr", kernel, 1, key, iv, in_buf, sizeof want, got_buf, &s);
        CHECK(got == (int)sizeof want && same(got_buf, want, sizeof want), "%s CTR carry from %s", kernel, ivs[t]);
    }
}

/* GCM's inc32 wraps the low word and leaves the 96 bits above alone. */
static void gcm_inc32_wrap(const char *kernel)
{
    uint8_t key[16], ctr[16], blocks[16 * 6], ks[16 * 6];
    test_fill(key, 16, 10);
    sc_gcm g;
    CHECK(sc_gcm_setkey(&g, key, 16, kernel) == SC_OK, "setkey");
    sc_gcm_start(&g, (const uint8_t *)"0123456789ab", 12);
    test_unhex("00112233445566778899aabbfffffffd", ctr, 16);
    memcpy(g.ctr, ctr, 16);
    for (int b = 0; b < 6; b++) {
        memcpy(blocks + 16 * b, ctr, 16);
        sc_aes_store_be32(ctr + 12, sc_aes_load_be32(ctr + 12) + 1);
    }
    size_t n;
    sc_cipher_crypt("aes-128-ecb", 1, key, 16, NULL, 0, blocks, sizeof blocks, ks, sizeof ks, &n, NULL);
    memset(in_buf, 0, sizeof ks);
    sc_gcm_encrypt(&g, in_buf, got_buf, 16 * 5 + 7);
    CHECK(same(got_buf, ks, 16 * 5 + 7), "%s GCM keystream across the inc32 wrap", kernel);
    sc_aes_wipe(&g.key);
}

/* --- padding ---------------------------------------------------------------- */

static void padding(void)
{
    uint8_t key[16], iv[16], raw[64], enc[80], dec[80];
    test_fill(key, 16, 1), test_fill(iv, 16, 2);
    sc_cipher_opts pad = {.padding = SC_PADDING_PKCS7};
    for (int cbc = 0; cbc < 2; cbc++) {
        const char *name = cbc ? "aes-128-cbc" : "aes-128-ecb";
        const uint8_t *v = cbc ? iv : NULL;
        size_t vl = cbc ? 16 : 0;
        for (size_t len = 0; len <= 48; len++) {
            size_t n, m, padded = (len / 16 + 1) * 16;
            test_fill(raw, len, len);
            CHECK(sc_cipher_crypt(name, 1, key, 16, v, vl, raw, len, enc, sizeof enc, &n, &pad) == SC_OK &&
                      n == padded,
                  "%s pad %zu", name, len);
            /* the padding bytes are there: raw decryption shows them */
            CHECK(sc_cipher_crypt(name, 0, key, 16, v, vl, enc, n, dec, sizeof dec, &m, NULL) == SC_OK &&
                      same(dec, raw, len) && dec[n - 1] == padded - len && dec[len] == padded - len,
                  "%s padding bytes %zu", name, len);
            CHECK(sc_cipher_crypt(name, 0, key, 16, v, vl, enc, n, dec, sizeof dec, &m, &pad) == SC_OK && m == len &&
                      same(dec, raw, len),
                  "%s unpad %zu", name, len);
        }
        /* every defect: last byte 0, 17, 255; a filler byte that differs */
        for (int defect = 0; defect < 19; defect++) {
            uint8_t block[32], ct[32];
            size_t n, m;
            memset(block, 0x41, 32);
            memset(block + 16, 4, 16);
            if (defect < 3) block[31] = (uint8_t)(defect == 0 ? 0 : defect == 1 ? 17 : 255);
            else block[31] = 16, block[16 + (defect - 3)] ^= (defect == 18 ? 0 : 1), block[31] = 16;
            if (defect == 18) block[31] = 16, block[16] = 15; /* first filler byte */
            sc_cipher_crypt(name, 1, key, 16, v, vl, block, 32, ct, 32, &n, NULL);
            memset(dec, 0x5a, sizeof dec);
            int rc = sc_cipher_crypt(name, 0, key, 16, v, vl, ct, 32, dec, sizeof dec, &m, &pad);
            int zero = 1;
            for (int i = 0; i < 31; i++) zero &= dec[i] == 0;
            CHECK(rc == SC_EPADDING && m == 0 && zero, "%s bad padding %d: rc %d", name, defect, rc);
        }
        /* streaming: one byte per update holds the last block back */
        sc_cipher_ctx c;
        size_t n, total = 0;
        sc_cipher_crypt(name, 1, key, 16, v, vl, raw, 20, enc, sizeof enc, &n, &pad);
        CHECK(sc_cipher_init_ex(&c, name, 0, key, 16, v, vl, &pad) == SC_OK, "init");
        for (size_t i = 0; i < n; i++) {
            size_t w;
            sc_cipher_update(&c, enc + i, 1, dec + total, sizeof dec - total, &w);
            total += w;
        }
        CHECK(total == 16, "%s held back the last block (%zu released)", name, total);
        size_t w;
        CHECK(sc_cipher_final(&c, dec + total, sizeof dec - total, &w) == SC_OK && total + w == 20 &&
                  same(dec, raw, 20),
              "%s streamed unpad", name);
    }
    sc_cipher_ctx c;
    CHECK(sc_cipher_init_ex(&c, "aes-128-ctr", 1, key, 16, iv, 16, &pad) == SC_EINVAL, "padding on a stream mode");
    sc_mac_ctx m;
    CHECK(sc_mac_init_ex(&m, "ghash", key, 16, &pad) == SC_EINVAL, "padding on a MAC");
}

int main(void)
{
    size_t count = sc_kernel_count("aes");
    CHECK(count >= 1, "aes kernels");
    for (size_t i = 0; i < count; i++) {
        sc_kernel_info k;
        sc_kernel_get("aes", i, &k);
        if (!test_kernel_selected(k.runnable, k.name)) {
            printf("skip %s (not runnable here)\n", k.name);
            continue;
        }
        kernel_ops(k.name);
        kernel_message(k.name);
        kernel_message_classes(k.name);
        kernel_gmac_open(k.name);
        api_modes(k.name);
        api_aead(k.name);
        ctr_carries(k.name);
        gcm_inc32_wrap(k.name);
        printf("checked %s\n", k.name);
    }
    padding();
    return test_finish();
}
