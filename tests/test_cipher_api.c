/* SPDX-License-Identifier: Apache-2.0 */
/* The generic cipher/MAC API (cipher.h) on Kalyna: names and sizes, random
 * update splits in place and out of place against the one-shot API, and
 * every refusal (wrong key/IV sizes, partial blocks, NULL with and without
 * length, wrong state, tag sizes, MAC/cipher name mix-ups); resets of
 * every cipher and MAC; the offset-taking updates of binding.h. */
#include <simdcrypt.h>

#include "cipher/cipher_family.h"
#include "mac_nonce.h"
#include "test_util.h"

enum { LEN = 3000 };

static void names_and_sizes(void)
{
    size_t n = 0;
    for (const char *name; (name = sc_cipher_name_at(n)) != NULL; n++) {
        sc_cipher_info info;
        CHECK(sc_cipher_info_get(name, &info) == SC_OK && !strcmp(info.name, name), "%s info", name);
        CHECK(info.tag_size == 0 && info.block_size && info.key_size, "%s sizes", name);
    }
    CHECK(n >= 15, "only %zu cipher names", n);
    size_t m = 0;
    for (const char *name; (name = sc_mac_name_at(m)) != NULL; m++) {
        sc_cipher_info info;
        /* a full block (CMACs) or shorter (GOST 28147-89's MAC: 4 bytes of 8) */
        CHECK(sc_cipher_info_get(name, &info) == SC_OK && info.tag_size >= info.min_tag_size &&
                  info.min_tag_size >= 1 && info.tag_size <= info.block_size,
              "%s mac info", name);
    }
    CHECK(m >= 5, "only %zu mac names", m);
    CHECK(sc_cipher_block_size("kalyna-256-512-ctr") == 32, "block size");
    CHECK(sc_cipher_key_size("kalyna-256-512-ctr") == 64, "key size");
    CHECK(sc_cipher_iv_size("kalyna-256-512-ctr") == 32, "iv size");
    CHECK(sc_cipher_iv_size("kalyna-256-512-ecb") == 0, "ecb iv size");
    CHECK(sc_cipher_block_size("kalyna-128-64-ecb") == 0, "unknown name");
    CHECK(sc_cipher_block_size(NULL) == 0, "NULL name");
    CHECK(sc_cipher_ctx_size() == sizeof(sc_cipher_ctx) && sc_cipher_ctx_align() == 64, "ctx size");
    sc_cipher_info info;
    CHECK(sc_cipher_info_get("KALYNA-128-128-ECB", &info) == SC_EINVAL, "names are lower case");
}

/* Stream `len` bytes through the generic API with random splits; in place
 * when inplace is set. Compares with `want`. */
static void splits(const char *name, const char *kernel, int encrypt, const uint8_t *key, const uint8_t *iv,
                   const uint8_t *src, const uint8_t *want, size_t len, int inplace, uint64_t seed)
{
    sc_cipher_info info;
    sc_cipher_info_get(name, &info);
    static uint8_t buf[LEN + 64], out[LEN + 64];
    memcpy(buf, src, len);
    sc_cipher_ctx c;
    CHECK(sc_cipher_init_kernel(&c, name, kernel, encrypt, key, info.key_size, info.iv_size ? iv : NULL,
                                info.iv_size) == SC_OK,
          "%s init", name);
    uint8_t *dst = inplace ? buf : out;
    size_t pos = 0, done = 0;
    uint64_t s = seed;
    while (pos < len) {
        size_t step = (size_t)(test_rand(&s) % (3 * info.block_size + 1));
        if (step > len - pos) step = len - pos;
        size_t wrote;
        /* in place (out == in exactly, the only overlap allowed): the
         * output then runs ahead by the bytes buffered before, so each piece
         * goes through a scratch buffer in place and lands at `done` */
        int rc;
        if (inplace) {
            static uint8_t scratch[LEN + 64];
            memcpy(scratch, buf + pos, step);
            rc = sc_cipher_update(&c, scratch, step, scratch, sizeof scratch, &wrote);
            memcpy(dst + done, scratch, wrote);
        } else {
            rc = sc_cipher_update(&c, buf + pos, step, dst + done, sizeof out - done, &wrote);
        }
        CHECK(rc == SC_OK, "%s update rc %d", name, rc);
        pos += step, done += wrote;
    }
    size_t wrote;
    CHECK(sc_cipher_final(&c, dst + done, sizeof out - done, &wrote) == SC_OK && wrote == 0, "%s final", name);
    CHECK(done == len && !memcmp(dst, want, len), "%s %s %s splits inplace=%d seed=%llu", name, kernel,
          encrypt ? "enc" : "dec", inplace, (unsigned long long)seed);
    size_t dummy;
    CHECK(sc_cipher_update(&c, src, 16, out, sizeof out, &dummy) == SC_ESTATE, "update after final");
    sc_cipher_wipe(&c);
}

static void split_tests(void)
{
    static uint8_t key[64], iv[64], src[LEN], ref[LEN];
    test_fill(key, 64, 5);
    test_fill(iv, 64, 6);
    test_fill(src, LEN, 7);
    static const char *const names[] = {"kalyna-128-128-ecb", "kalyna-128-256-cbc", "kalyna-256-256-ctr",
                                        "kalyna-256-512-cbc", "kalyna-512-512-ecb", "kalyna-512-512-ctr",
                                        "kalyna-128-128-ctr"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        sc_cipher_info info;
        sc_cipher_info_get(names[i], &info);
        size_t len = info.is_stream ? LEN - 7 : LEN / info.block_size * info.block_size;
        sc_kalyna_key k;
        sc_kalyna_setkey(&k, info.block_size, key, info.key_size);
        if (!strcmp(info.mode, "ecb")) sc_kalyna_ecb_encrypt(&k, src, ref, len);
        if (!strcmp(info.mode, "cbc")) sc_kalyna_cbc_encrypt(&k, iv, info.iv_size, src, ref, len);
        if (!strcmp(info.mode, "ctr")) sc_kalyna_ctr(&k, iv, info.iv_size, src, ref, len);
        sc_kalyna_wipe(&k);
        for (size_t ki = 0; ki < sc_kernel_count("kalyna"); ki++) {
            sc_kernel_info kinfo;
            sc_kernel_get("kalyna", ki, &kinfo);
            if (!kinfo.runnable) continue;
            for (uint64_t seed = 1; seed < 4; seed++)
                for (int inplace = 0; inplace < 2; inplace++) {
                    splits(names[i], kinfo.name, 1, key, iv, src, ref, len, inplace, seed);
                    splits(names[i], kinfo.name, 0, key, iv, ref, src, len, inplace, seed);
                }
        }
    }
}

static void refusals(void)
{
    uint8_t key[64] = {0}, iv[64] = {0}, buf[256] = {0}, out[256];
    size_t n;
    sc_cipher_ctx c;
    sc_mac_ctx m;
    CHECK(sc_cipher_init(&c, "kalyna-128-128-ecb", 1, key, 15, NULL, 0) == SC_EKEYSIZE, "short key");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-ecb", 1, key, 32, NULL, 0) == SC_EKEYSIZE, "key of 128/256");
    CHECK(sc_cipher_init(&c, "kalyna-512-512-ecb", 1, key, 65, NULL, 0) == SC_EKEYSIZE, "long key");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-ecb", 1, key, 16, iv, 16) == SC_EIVSIZE, "IV on ECB");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-cbc", 1, key, 16, iv, 15) == SC_EIVSIZE, "short IV");
    CHECK(sc_cipher_init(&c, "kalyna-256-256-ctr", 1, key, 32, iv, 16) == SC_EIVSIZE, "IV of another block");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-ctr", 1, key, 16, NULL, 0) == SC_EIVSIZE, "missing IV");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-ctr", 1, NULL, 16, iv, 16) == SC_ENULL, "NULL key with length");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-ctr", 1, key, 16, NULL, 16) == SC_ENULL, "NULL IV with length");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-cmac", 1, key, 16, NULL, 0) == SC_EINVAL, "MAC name as a cipher");
    CHECK(sc_cipher_init(&c, "nope", 1, key, 16, NULL, 0) == SC_EINVAL, "unknown name");
    CHECK(sc_cipher_init(NULL, "kalyna-128-128-ecb", 1, key, 16, NULL, 0) == SC_EINVAL, "NULL context");
    CHECK(sc_cipher_init_kernel(&c, "kalyna-128-128-ecb", "nope", 1, key, 16, NULL, 0) == SC_EINVAL, "bad kernel");
    sc_cipher_opts opts = {.kernel = NULL, .sbox = "param-z"};
    CHECK(sc_cipher_init_ex(&c, "kalyna-128-128-ecb", 1, key, 16, NULL, 0, &opts) == SC_EINVAL, "sbox on Kalyna");
    /* after a failed init the context is unusable */
    CHECK(sc_cipher_update(&c, buf, 16, out, sizeof out, &n) == SC_ESTATE, "update after failed init");

    CHECK(sc_cipher_init(&c, "kalyna-128-128-ecb", 1, key, 16, NULL, 0) == SC_OK, "init");
    CHECK(sc_cipher_update(&c, NULL, 0, NULL, 0, &n) == SC_OK && n == 0, "NULL with length 0");
    CHECK(sc_cipher_update(&c, NULL, 16, out, sizeof out, &n) == SC_ENULL, "NULL input with length");
    CHECK(sc_cipher_update(&c, buf, 32, out, 31, &n) == SC_ELENGTH && n == 0, "output too small");
    CHECK(sc_cipher_update(&c, buf, 20, out, sizeof out, &n) == SC_OK && n == 16, "partial block buffered");
    CHECK(sc_cipher_final(&c, out, sizeof out, &n) == SC_ELENGTH, "partial block at final");
    CHECK(sc_cipher_final(&c, out, sizeof out, &n) == SC_ESTATE, "final twice");
    sc_cipher_wipe(&c);
    for (size_t i = 0; i < sizeof c.opaque; i++)
        if (c.opaque[i]) {
            CHECK(0, "context not wiped at byte %zu", i);
            break;
        }
    CHECK(sc_cipher_update(&c, buf, 16, out, sizeof out, &n) == SC_ESTATE, "update after wipe");

    /* CTR takes any length; its final never fails */
    CHECK(sc_cipher_init(&c, "kalyna-128-128-ctr", 1, key, 16, iv, 16) == SC_OK, "ctr init");
    CHECK(sc_cipher_update(&c, buf, 5, out, 5, &n) == SC_OK && n == 5, "ctr partial");
    CHECK(sc_cipher_final(&c, NULL, 0, &n) == SC_OK && n == 0, "ctr final");
    sc_cipher_wipe(&c);

    /* MACs */
    CHECK(sc_mac_init(&m, "kalyna-128-128-ecb", key, 16) == SC_EINVAL, "cipher name as a MAC");
    CHECK(sc_mac_init(&m, "kalyna-128-128-cmac", key, 17) == SC_EKEYSIZE, "MAC key size");
    CHECK(sc_mac_init(&m, "kalyna-128-128-cmac", NULL, 16) == SC_ENULL, "MAC NULL key");
    CHECK(sc_mac_init(&m, "kalyna-128-128-cmac", key, 16) == SC_OK, "MAC init");
    CHECK(sc_mac_update(&m, NULL, 0) == SC_OK, "MAC NULL with length 0");
    CHECK(sc_mac_update(&m, NULL, 1) == SC_ENULL, "MAC NULL with length");
    CHECK(sc_mac_final(&m, out, 0) == SC_ETAGSIZE, "tag of 0 bytes");
    CHECK(sc_mac_final(&m, out, 17) == SC_ETAGSIZE, "tag too long");
    CHECK(sc_mac_final(&m, out, 16) == SC_ELENGTH, "empty message");
    CHECK(sc_mac_init(&m, "kalyna-128-128-cmac", key, 16) == SC_OK, "MAC init");
    sc_mac_update(&m, buf, 20);
    CHECK(sc_mac_final(&m, out, 16) == SC_ELENGTH, "partial block");
    CHECK(sc_mac_final(&m, out, 16) == SC_ESTATE, "MAC final twice");
    sc_mac_wipe(&m);

    /* one-shot API refusals */
    sc_kalyna_key k;
    CHECK(sc_kalyna_setkey(&k, 24, key, 24) == SC_EINVAL, "block of 24 bytes");
    CHECK(sc_kalyna_setkey(&k, 64, key, 128) == SC_EKEYSIZE, "key 512/1024");
    CHECK(sc_kalyna_setkey(&k, 16, key, 16) == SC_OK, "setkey");
    CHECK(sc_kalyna_ecb_encrypt(&k, buf, out, 17) == SC_ELENGTH, "ecb partial");
    CHECK(sc_kalyna_ecb_encrypt(&k, NULL, NULL, 0) == SC_OK, "ecb NULL 0");
    CHECK(sc_kalyna_ecb_encrypt(&k, NULL, out, 16) == SC_ENULL, "ecb NULL 16");
    CHECK(sc_kalyna_cbc_encrypt(&k, iv, 8, buf, out, 16) == SC_EIVSIZE, "cbc iv");
    CHECK(sc_kalyna_ctr(&k, iv, 16, buf, out, 7) == SC_OK, "ctr 7 bytes");
    CHECK(sc_kalyna_mac(&k, buf, 0, out, 16) == SC_ELENGTH, "mac empty");
    CHECK(sc_kalyna_mac(&k, buf, 16, out, 0) == SC_ETAGSIZE, "mac tag 0");
    sc_kalyna_wipe(&k);
    CHECK(k.ops == NULL && k.rk[3][1] == 0, "key wiped");
}

/* sc_cipher_reset / sc_mac_reset on every cipher and MAC name (Kalyna and
 * Magma): after a whole message (final or not) and in the middle of one, the
 * next message comes out as from a fresh init with the same key and IV. */
static void one_message(sc_cipher_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t n1 = 0, n2 = 0, half = len / 2;
    sc_cipher_update(c, in, half, out, len, &n1);
    sc_cipher_update(c, in + half, len - half, out + n1, len - n1, &n2);
}

/* The same and final, whose output (XTS's held blocks) lands after it. */
static int whole_message(sc_cipher_ctx *c, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t n1 = 0, n2 = 0, n3 = 0, half = len / 2;
    sc_cipher_update(c, in, half, out, len, &n1);
    sc_cipher_update(c, in + half, len - half, out + n1, len - n1, &n2);
    int rc = sc_cipher_final(c, out + n1 + n2, len - n1 - n2, &n3);
    return rc == SC_OK && n1 + n2 + n3 != len ? SC_ELENGTH : rc;
}

static void resets(void)
{
    uint8_t key[64], iv[256], msg[600], want[600], got[600], tag_want[64], tag_got[64];
    uint64_t seed = 77;
    for (size_t i = 0; i < sizeof key; i++) key[i] = (uint8_t)test_rand(&seed);
    for (size_t i = 0; i < sizeof iv; i++) iv[i] = (uint8_t)test_rand(&seed);
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)test_rand(&seed);
    const char *name;
    for (size_t i = 0; (name = sc_cipher_name_at(i)) != NULL; i++) {
        sc_cipher_info info;
        sc_cipher_info_get(name, &info);
        if (info.one_shot) continue; /* key wrap: tests/test_kalyna_modes.c */
        const size_t len = 8 * info.block_size + (info.is_stream ? 5 : 0);
        for (int encrypt = 0; encrypt <= 1; encrypt++) {
            sc_cipher_ctx c;
            size_t n;
            CHECK(sc_cipher_init(&c, name, encrypt, key, info.key_size, iv, info.iv_size) == SC_OK, "%s init", name);
            CHECK(whole_message(&c, msg, want, len) == SC_OK, "%s final", name);
            CHECK(sc_cipher_reset(&c) == SC_OK, "%s reset after final", name);
            memset(got, 0, sizeof got);
            one_message(&c, msg, got, len); /* not finished */
            CHECK(sc_cipher_reset(&c) == SC_OK, "%s reset after a message without final", name);
            memset(got, 0, sizeof got);
            whole_message(&c, msg, got, len);
            CHECK(!memcmp(got, want, len), "%s (%s): message after reset", name, encrypt ? "enc" : "dec");
            CHECK(sc_cipher_reset(&c) == SC_OK, "%s reset", name);
            /* in the middle of a message, with a partial block buffered */
            sc_cipher_update(&c, msg, info.block_size + 3, got, sizeof got, &n);
            CHECK(sc_cipher_reset(&c) == SC_OK, "%s reset in a message", name);
            memset(got, 0, sizeof got);
            whole_message(&c, msg, got, len);
            CHECK(!memcmp(got, want, len), "%s (%s): message after reset mid-message", name, encrypt ? "enc" : "dec");
            CHECK(sc_mac_reset((sc_mac_ctx *)(void *)&c) == SC_ESTATE, "%s: sc_mac_reset on a cipher", name);
            sc_cipher_wipe(&c);
            CHECK(sc_cipher_reset(&c) == SC_ESTATE, "%s: reset after wipe", name);
        }
    }
    for (size_t i = 0; (name = sc_mac_name_at(i)) != NULL; i++) {
        sc_cipher_info info;
        sc_cipher_info_get(name, &info);
        const size_t len = 5 * info.block_size; /* every MAC takes whole blocks */
        sc_mac_ctx m;
        CHECK(test_mac_init(&m, name, key, info.key_size, NULL) == SC_OK, "%s init", name);
        sc_mac_update(&m, msg, len);
        CHECK(sc_mac_final(&m, tag_want, info.tag_size) == SC_OK, "%s final", name);
        CHECK(sc_mac_reset(&m) == SC_OK, "%s reset after final", name);
        sc_mac_update(&m, msg, 7);
        CHECK(sc_mac_reset(&m) == SC_OK, "%s reset in a message", name);
        sc_mac_update(&m, msg, len);
        CHECK(sc_mac_final(&m, tag_got, info.tag_size) == SC_OK && !memcmp(tag_got, tag_want, info.tag_size),
              "%s: tag after reset", name);
        CHECK(sc_cipher_reset((sc_cipher_ctx *)(void *)&m) == SC_ESTATE, "%s: sc_cipher_reset on a MAC", name);
        /* sc_mac_message = reset + update + final: after a final, in a
         * message, and from a fresh init; argument errors change nothing */
        memset(tag_got, 0, sizeof tag_got);
        CHECK(sc_mac_message(&m, msg, len, tag_got, info.tag_size) == SC_OK && !memcmp(tag_got, tag_want, info.tag_size),
              "%s: sc_mac_message after a final", name);
        CHECK(sc_mac_reset(&m) == SC_OK && sc_mac_update(&m, msg, 3) == SC_OK, "%s: a message begun", name);
        CHECK(sc_mac_message(&m, msg, len, NULL, info.tag_size) == SC_ENULL &&
                  sc_mac_message(&m, NULL, len, tag_got, info.tag_size) == SC_ENULL &&
                  sc_mac_message(&m, msg, len, tag_got, info.tag_size + 1) == SC_ETAGSIZE,
              "%s: sc_mac_message argument errors", name);
        CHECK(sc_mac_update(&m, msg + 3, len - 3) == SC_OK && sc_mac_final(&m, tag_got, info.tag_size) == SC_OK &&
                  !memcmp(tag_got, tag_want, info.tag_size),
              "%s: the begun message survives the refused calls", name);
        memset(tag_got, 0, sizeof tag_got);
        CHECK(sc_mac_update(&m, msg, 9) == SC_ESTATE &&
                  sc_mac_message(&m, msg, len, tag_got, info.tag_size) == SC_OK &&
                  !memcmp(tag_got, tag_want, info.tag_size),
              "%s: sc_mac_message on a finished context", name);
        sc_mac_wipe(&m);
        CHECK(sc_mac_reset(&m) == SC_ESTATE, "%s: reset after wipe", name);
        CHECK(sc_mac_message(&m, msg, len, tag_got, info.tag_size) == SC_ESTATE, "%s: message after wipe", name);
    }
    CHECK(sc_cipher_reset(NULL) == SC_EINVAL && sc_mac_reset(NULL) == SC_EINVAL &&
              sc_mac_message(NULL, msg, 1, tag_got, 16) == SC_EINVAL,
          "reset NULL");
}

/* binding.h: sc_cipher_update_at / sc_mac_update_at (and
 * sc_cipher_reset_iv_update_at after a new IV) are the plain updates at
 * in + in_off and out + out_off, for every name, in any split; NULL with a
 * length is SC_ENULL, a wrapping offset SC_EINVAL. */
static void offset_updates(void)
{
    uint8_t key[64] = {1, 2, 3}, iv[256] = {9}, msg[700], want[700], got[720], tag_want[64], tag_got[64];
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 13 + 1);
    const char *name;
    for (size_t i = 0; (name = sc_cipher_name_at(i)) != NULL; i++) {
        sc_cipher_info info;
        sc_cipher_info_get(name, &info);
        if (info.one_shot) continue; /* key wrap: update only buffers */
        const size_t len = 600 / info.block_size * info.block_size;
        sc_cipher_ctx c;
        size_t n = 0, done = 0, released = 0;
        CHECK(sc_cipher_init(&c, name, 1, key, info.key_size, iv, info.iv_size) == SC_OK, "%s init", name);
        /* everything, or all but the block XTS keeps for final */
        CHECK(sc_cipher_update(&c, msg + 50, len, want, sizeof want, &released) == SC_OK &&
                  (released == len || (!strcmp(info.mode, "xts") && released == len - info.block_size)),
              "%s update", name);
        sc_cipher_reset(&c);
        /* message bytes 50.. in pieces of 1, 2, 4, ... bytes, output at offset 20 */
        for (size_t in_pos = 0, piece = 1; in_pos < len; in_pos += piece, piece *= 2) {
            size_t take = piece < len - in_pos ? piece : len - in_pos;
            CHECK(sc_cipher_update_at(&c, msg, 50 + in_pos, take, got, 20 + done, sizeof got - 20 - done, &n) == SC_OK,
                  "%s update_at", name);
            done += n;
        }
        CHECK(done == released && !memcmp(got + 20, want, released), "%s: update_at equals update", name);
        CHECK(sc_cipher_update_at(&c, NULL, 16, 1, got, 0, sizeof got, &n) == SC_ENULL, "%s: NULL in + offset", name);
        CHECK(sc_cipher_update_at(&c, msg, 0, 1, NULL, 16, 16, &n) == SC_ENULL, "%s: NULL out + offset", name);
        CHECK(sc_cipher_update_at(&c, msg + 8, SIZE_MAX - 3, 1, got, 0, sizeof got, &n) == SC_EINVAL,
              "%s: wrapping offset", name);
        CHECK(sc_cipher_update_at(&c, msg, 0, 1, got, SIZE_MAX - 3, 16, &n) == SC_EINVAL,
              "%s: wrapping output offset", name);
        CHECK(sc_cipher_update_at(NULL, msg, 0, 1, got, 0, sizeof got, &n) == SC_EINVAL, "%s: NULL context", name);
        /* sc_cipher_reset_iv_update_at = reset_iv then update_at: another IV,
         * compared with a fresh init under it; a refused range keeps the
         * context (the next call still gives the message under that IV) */
        if (info.iv_size) {
            uint8_t iv2[256] = {7, 7}, want2[720];
            sc_cipher_ctx d;
            size_t m = 0;
            CHECK(sc_cipher_init(&d, name, 1, key, info.key_size, iv2, info.iv_size) == SC_OK &&
                      sc_cipher_update(&d, msg + 50, len, want2, sizeof want2, &m) == SC_OK,
                  "%s init iv2", name);
            sc_cipher_wipe(&d);
            CHECK(sc_cipher_reset_iv_update_at(&c, iv2, info.iv_size, 0, msg, 0, 1, got, SIZE_MAX - 3, 16, &n) ==
                          SC_EINVAL &&
                      n == 0,
                  "%s: reset_iv_update_at wrapping output offset", name);
            CHECK(sc_cipher_reset_iv_update_at(&c, iv2, info.iv_size, 0, msg, 50, len, got, 20, sizeof got - 20, &n) ==
                          SC_OK &&
                      n == m && !memcmp(got + 20, want2, m),
                  "%s: reset_iv_update_at equals init + update", name);
        }
        CHECK(sc_cipher_reset_iv_update_at(NULL, iv, info.iv_size, 0, msg, 0, 1, got, 0, sizeof got, &n) == SC_EINVAL,
              "%s: reset_iv_update_at NULL context", name);
        sc_cipher_wipe(&c);
    }
    for (size_t i = 0; (name = sc_mac_name_at(i)) != NULL; i++) {
        sc_cipher_info info;
        sc_cipher_info_get(name, &info);
        const size_t len = 7 * info.block_size;
        sc_mac_ctx m;
        CHECK(test_mac_init(&m, name, key, info.key_size, NULL) == SC_OK, "%s init", name);
        sc_mac_update(&m, msg + 33, len);
        CHECK(sc_mac_final(&m, tag_want, info.tag_size) == SC_OK, "%s final", name);
        sc_mac_reset(&m);
        CHECK(sc_mac_update_at(&m, msg, 33, 5) == SC_OK && sc_mac_update_at(&m, msg, 38, len - 5) == SC_OK,
              "%s update_at", name);
        CHECK(sc_mac_final(&m, tag_got, info.tag_size) == SC_OK && !memcmp(tag_got, tag_want, info.tag_size),
              "%s: update_at tag", name);
        sc_mac_reset(&m);
        CHECK(sc_mac_update_at(&m, NULL, 8, 1) == SC_ENULL, "%s: NULL + offset", name);
        CHECK(sc_mac_update_at(&m, msg + 8, SIZE_MAX - 3, 1) == SC_EINVAL, "%s: wrapping offset", name);
        CHECK(sc_mac_update_at(&m, msg, 5, 0) == SC_OK, "%s: empty", name);
        sc_mac_wipe(&m);
    }
}

/* sc_cipher_reset's quick path does not wipe the generic buffer (issue 14):
 * every path that brings `buffered` to 0 with data in it wipes it then.
 * A stream mode's keystream used up, a block mode's completed block: the
 * buffer is zero as soon as nothing is buffered, and after a reset. */
static void buffer_wiped_when_empty(void)
{
    static const struct {
        const char *name;
        size_t key, iv;
    } cases[] = {
        {"aes-128-ctr", 16, 16}, {"chacha20", 32, 12}, {"aes-128-cbc", 16, 16}, {"kalyna-128-128-ctr", 16, 16}};
    uint8_t key[32] = {1}, iv[16] = {2}, in[64] = {3}, out[64];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sc_cipher_ctx c;
        size_t n;
        const sc_cipher_state *s = (const sc_cipher_state *)(const void *)c.opaque;
        const size_t bs = sc_cipher_block_size(cases[k].name);
        CHECK(sc_cipher_init(&c, cases[k].name, 1, key, cases[k].key, iv, cases[k].iv) == SC_OK, "%s init",
              cases[k].name);
        CHECK(sc_cipher_update(&c, in, 5, out, sizeof out, &n) == SC_OK && s->buffered != 0, "%s part", cases[k].name);
        CHECK(sc_cipher_update(&c, in, bs - 5, out, sizeof out, &n) == SC_OK && s->buffered == 0, "%s rest",
              cases[k].name);
        int zero = 1;
        for (size_t i = 0; i < sizeof s->buf; i++) zero &= s->buf[i] == 0;
        CHECK(zero, "%s: buffer not wiped with nothing buffered", cases[k].name);
        CHECK(sc_cipher_reset(&c) == SC_OK && s->buffered == 0, "%s reset", cases[k].name);
        sc_cipher_wipe(&c);
    }
}

int main(void)
{
    names_and_sizes();
    split_tests();
    refusals();
    resets();
    offset_updates();
    buffer_wiped_when_empty();
    return test_finish();
}
