/* SPDX-License-Identifier: Apache-2.0 */
/* sc_cipher_seek (cipher.h): for every seekable name (every counter mode of
 * the registry) on every kernel this CPU runs, seek then update gives the
 * same bytes as a run from the start of the message, at offsets around
 * blocks, key meshing steps and random ones, split or not; at offsets far
 * beyond what a test can run from the start, a seek to O and a seek a
 * little before O that streams up to it agree, and for AES CTR a seek by k
 * blocks equals a start from the IV + k (the 128-bit counter's carries
 * across 2^32 and 2^64 blocks). ChaCha20's counter limit; every other name
 * refuses to seek; misuse. */
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>

#include "test_util.h"

enum { REF = 3100, MAXB = 64 };

static uint8_t msg[REF], ref[REF], got[REF + MAXB], key[64], iv[64];

/* The names that must seek: every counter mode. */
static int should_seek(const sc_cipher_info *info)
{
    return !strcmp(info->mode, "ctr") || !strcmp(info->mode, "cnt") || !strcmp(info->name, "chacha20") ||
           !strcmp(info->name, "xchacha20");
}

typedef struct setup {
    const char *name, *kernel;
    sc_cipher_info info;
    sc_cipher_opts opts;
    const uint8_t *iv;
    int meshing; /* gost89-cnt with CryptoPro key meshing: the seek replays it */
} setup;

static int start(const setup *t, sc_cipher_ctx *c)
{
    return sc_cipher_init_ex(c, t->name, 1, key, t->info.key_size, t->info.iv_size ? t->iv : NULL,
                             t->info.iv_size, &t->opts);
}

/* Seek to `at`, then update len bytes of msg[at..] (in two pieces split at
 * `split`) into got. SC_OK or the first error. */
static int seek_run(const setup *t, uint64_t at, const uint8_t *in, size_t len, size_t split)
{
    sc_cipher_ctx c;
    size_t n1 = 0, n2 = 0;
    int rc = start(t, &c);
    if (rc == SC_OK) rc = sc_cipher_seek(&c, at);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in, split, got, split, &n1);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in + split, len - split, got + split, len - split, &n2);
    if (rc == SC_OK && n1 + n2 != len) rc = SC_EINVAL;
    sc_cipher_wipe(&c);
    return rc;
}

/* Offsets inside the reference run: against its bytes. */
static void near_offsets(const setup *t, uint64_t *seed)
{
    const size_t bs = t->info.block_size;
    size_t offsets[16] = {0, 1, bs - 1, bs, bs + 1, 2 * bs + 3, 1023, 1024, 1025, 2048 + 8, REF - 1, REF};
    for (size_t i = 12; i < 16; i++) offsets[i] = (size_t)(test_rand(seed) % REF);
    for (size_t i = 0; i < 16; i++) {
        size_t at = offsets[i], len = (size_t)(test_rand(seed) % (REF - at + 1));
        size_t split = len ? (size_t)(test_rand(seed) % (len + 1)) : 0;
        int rc = seek_run(t, at, msg + at, len, split);
        CHECK(rc == SC_OK && !memcmp(got, ref + at, len), "%s %s meshing=%d: seek %zu, %zu bytes (split %zu): rc %d",
              t->name, t->kernel, t->meshing, at, len, split, rc);
    }
}

/* Offsets past any run from the start: seek(at) + n bytes == the tail of
 * seek(at - back) + back + n bytes. */
static void far_offsets(const setup *t, uint64_t *seed)
{
    const uint64_t bs = t->info.block_size;
    /* with meshing every 1024 bytes before the offset is replayed: stay near */
    const uint64_t scale = t->meshing ? UINT64_C(1) << 20 : UINT64_C(1) << 36;
    const uint64_t offsets[6] = {scale, scale - 1, scale + 5, scale - 16 * bs + 1, scale + bs * 7 + 3,
                                 scale / 2 + test_rand(seed) % scale};
    for (size_t i = 0; i < 6; i++) {
        uint64_t at = offsets[i];
        size_t back = (size_t)(test_rand(seed) % (3 * bs + 1)), n = 1 + (size_t)(test_rand(seed) % (4 * bs));
        uint8_t want[5 * MAXB];
        int rc = seek_run(t, at - back, msg, back + n, back / 2);
        memcpy(want, got + back, n);
        int rc2 = seek_run(t, at, msg + back, n, n / 3);
        CHECK(rc == SC_OK && rc2 == SC_OK && !memcmp(got, want, n), "%s %s meshing=%d: far seek %" PRIu64
              " back %zu: rc %d %d", t->name, t->kernel, t->meshing, at, back, rc, rc2);
    }
}

/* AES CTR: seeking k blocks (and r bytes) == starting from the IV + k (a
 * 128-bit big-endian sum) and seeking r bytes. */
static void aes_counter_carries(const setup *t)
{
    static const uint8_t high_iv[16] = {0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0};
    const uint64_t ks[4] = {UINT64_C(1) << 32, (UINT64_C(1) << 32) - 1, UINT64_C(0x0fffffffffffffff), 17};
    for (size_t i = 0; i < 4; i++)
        for (size_t r = 0; r < 16; r += 7) {
            setup a = *t, b = *t;
            uint8_t moved[16];
            unsigned carry = 0;
            uint64_t k = ks[i];
            for (int j = 15; j >= 0; j--, k >>= 8) {
                carry += high_iv[j] + (unsigned)(k & 0xff);
                moved[j] = (uint8_t)carry, carry >>= 8;
            }
            a.iv = high_iv, b.iv = moved;
            int rc = seek_run(&a, ks[i] * 16 + r, msg, 100, 50);
            uint8_t want[100];
            memcpy(want, got, sizeof want);
            int rc2 = seek_run(&b, r, msg, 100, 3);
            CHECK(rc == SC_OK && rc2 == SC_OK && !memcmp(got, want, sizeof want), "%s %s: IV + %" PRIu64
                  " blocks, %zu bytes: rc %d %d", t->name, t->kernel, ks[i], r, rc, rc2);
        }
}

/* ChaCha20: 2^32 blocks from counter 0; an offset in the last block needs
 * it, one past the end is refused, and the counter option counts. */
static void chacha_limit(const setup *t)
{
    const uint64_t end = (UINT64_C(1) << 32) * 64;
    sc_cipher_ctx c;
    uint8_t b[2];
    size_t n;
    CHECK(start(t, &c) == SC_OK && sc_cipher_seek(&c, end - 1) == SC_OK &&
              sc_cipher_update(&c, msg, 1, b, 1, &n) == SC_OK && sc_cipher_update(&c, msg, 1, b, 1, &n) == SC_ELENGTH,
          "%s %s: the last byte, then no more", t->name, t->kernel);
    CHECK(sc_cipher_seek(&c, end) == SC_OK && sc_cipher_update(&c, msg, 1, b, 1, &n) == SC_ELENGTH,
          "%s: at the end", t->name);
    CHECK(sc_cipher_seek(&c, end + 1) == SC_ELENGTH && sc_cipher_seek(&c, end + 64) == SC_ELENGTH,
          "%s: past the end", t->name);
    /* refused: back at the start of the message */
    CHECK(sc_cipher_update(&c, msg, 2, b, 2, &n) == SC_OK && !memcmp(b, ref, 2), "%s: reset after a refusal",
          t->name);
    sc_cipher_wipe(&c);
    setup late = *t;
    late.opts.counter = 5;
    CHECK(start(&late, &c) == SC_OK && sc_cipher_seek(&c, end - 5 * 64) == SC_OK &&
              sc_cipher_seek(&c, end - 5 * 64 + 1) == SC_ELENGTH,
          "%s: the limit counts from --counter", t->name);
    sc_cipher_wipe(&c);
}

static void one_kernel(setup *t, uint64_t *seed)
{
    sc_cipher_ctx c;
    size_t n = 0;
    CHECK(start(t, &c) == SC_OK && sc_cipher_update(&c, msg, REF, ref, REF, &n) == SC_OK && n == REF,
          "%s %s: reference run", t->name, t->kernel);
    /* after final too, like reset */
    CHECK(sc_cipher_final(&c, got, 0, &n) == SC_OK && sc_cipher_seek(&c, 3) == SC_OK &&
              sc_cipher_update(&c, msg + 3, 5, got, 5, &n) == SC_OK && !memcmp(got, ref + 3, 5),
          "%s %s: seek after final", t->name, t->kernel);
    sc_cipher_wipe(&c);
    CHECK(sc_cipher_seek(&c, 0) == SC_ESTATE, "%s: seek on a wiped context", t->name);
    near_offsets(t, seed);
    far_offsets(t, seed);
    if (!strncmp(t->name, "aes-", 4)) aes_counter_carries(t);
    if (!strcmp(t->name, "chacha20")) chacha_limit(t);
}

static void seekable(const sc_cipher_info *info, uint64_t *seed)
{
    size_t kernels = sc_kernel_count(info->algorithm), ran = 0;
    for (size_t k = 0; k < kernels; k++) {
        sc_kernel_info kinfo;
        if (sc_kernel_get(info->algorithm, k, &kinfo) != SC_OK || !kinfo.runnable) continue;
        int cnt = !strcmp(info->name, "gost89-cnt");
        for (int variant = 0; variant <= cnt; variant++) { /* gost89-cnt: meshing on (default), off */
            setup t = {info->name, kinfo.name, *info, {.kernel = kinfo.name}, iv, cnt && variant == 0};
            if (cnt && variant) t.opts.key_meshing = SC_KEY_MESHING_NONE;
            one_kernel(&t, seed);
        }
        ran++;
    }
    CHECK(ran > 0, "%s: no kernel ran", info->name);
}

/* Names that are not counter modes refuse, whatever their state. */
static void refuses(const sc_cipher_info *info)
{
    sc_cipher_ctx c;
    int rc = sc_cipher_init(&c, info->name, 1, key, info->key_size, info->iv_size ? iv : NULL, info->iv_size);
    CHECK(rc == SC_OK && sc_cipher_seek(&c, 0) == SC_EINVAL && sc_cipher_seek(&c, 64) == SC_EINVAL,
          "%s must refuse to seek (init %d)", info->name, rc);
    sc_cipher_wipe(&c);
}

static void misuse(void)
{
    sc_cipher_ctx c;
    sc_mac_ctx m;
    CHECK(sc_cipher_seek(NULL, 0) == SC_EINVAL, "NULL context");
    memset(&c, 0, sizeof c);
    CHECK(sc_cipher_seek(&c, 0) == SC_ESTATE, "zeroed context");
    CHECK(sc_mac_init(&m, "kalyna-128-128-cmac", key, 16) == SC_OK, "mac init");
    CHECK(sc_cipher_seek((sc_cipher_ctx *)(void *)&m, 0) == SC_ESTATE, "a MAC's context");
    sc_mac_wipe(&m);
    CHECK(sc_cipher_init(&c, "aes-128-ctr", 1, key, 15, iv, 16) == SC_EKEYSIZE && sc_cipher_seek(&c, 0) == SC_ESTATE,
          "a failed init");
}

int main(void)
{
    uint64_t seed = 0x5eec;
    test_fill(msg, sizeof msg, 11);
    test_fill(key, sizeof key, 12);
    test_fill(iv, sizeof iv, 13);
    const char *name;
    size_t seekers = 0;
    for (size_t i = 0; (name = sc_cipher_name_at(i)) != NULL; i++) {
        sc_cipher_info info;
        CHECK(sc_cipher_info_get(name, &info) == SC_OK, "%s: info", name);
        if (should_seek(&info)) seekable(&info, &seed), seekers++;
        else refuses(&info);
    }
    CHECK(seekers >= 3 + 5 + 2 + 2, "only %zu seekable names", seekers); /* aes, kalyna, magma/gost89, chacha */
    misuse();
    return test_finish();
}
