/* SPDX-License-Identifier: Apache-2.0 */
/* sc_cipher_reset_iv (cipher.h): for every cipher name on every kernel this
 * CPU runs, both directions and the options that change the IV-derived
 * state (PKCS#7 padding, CFB segments, GOST key meshing, ChaCha20's
 * counter), a context moved to a new IV in the middle of a message (and
 * after final) gives the bytes and statuses of a fresh init with that IV;
 * sc_cipher_reset and sc_cipher_seek afterwards start from the new IV; bad
 * IV sizes, NULL, counters and states are refused with the context left as
 * it was. */
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>

#include "test_util.h"

enum { BUF = 4096, PREFIX = 2100 }; /* the prefix runs past GOST 28147-89's 1024-byte meshing */

static uint8_t msg[BUF], key[64], iv1[64], iv2[64], got[BUF + 128], want[BUF + 128];

typedef struct setup {
    const char *name, *kernel;
    sc_cipher_info info;
    sc_cipher_opts opts;
    int encrypt;
    size_t iv_len; /* magma-cbc: also several blocks */
} setup;

static int start(const setup *t, sc_cipher_ctx *c, const uint8_t *iv, uint64_t counter)
{
    sc_cipher_opts o = t->opts;
    o.counter = counter;
    return sc_cipher_init_ex(c, t->name, t->encrypt, key, t->info.key_size, t->iv_len ? iv : NULL, t->iv_len, &o);
}

/* The message length a setup takes whole: whole blocks unless a stream,
 * XTS or padded encryption (which take any length from a block on). */
static size_t msg_len(const setup *t)
{
    const size_t bs = t->info.block_size;
    if (t->info.one_shot) return 40; /* wraps as AES KW/KWP and Kalyna KW take it; unwraps fail alike */
    if (t->info.is_stream || !strcmp(t->info.mode, "xts") || (t->opts.padding && t->encrypt)) return 4 * bs + 5;
    return 4 * bs;
}

/* A stream message under way: past GOST 28147-89's first key meshing (1024
 * bytes) for the GOST names, else a few blocks and a partial one (the
 * portable Kalyna kernel costs ~700 cycles a byte: 2100 bytes for every
 * Kalyna stream setup made this test the slowest one under qemu). */
static size_t stream_prefix(const setup *t)
{
    return !strncmp(t->name, "gost89", 6) || !strncmp(t->name, "magma", 5) ? PREFIX : 3 * 64 + 5;
}

/* update len bytes of msg in two pieces, then final, into out: the status
 * of the first failing call (SC_OK if none) and the byte count. */
static int run(sc_cipher_ctx *c, size_t len, uint8_t *out, size_t *written)
{
    size_t n1 = 0, n2 = 0, n3 = 0, split = len / 3;
    int rc = sc_cipher_update(c, msg, split, out, BUF + 128, &n1);
    if (rc == SC_OK) rc = sc_cipher_update(c, msg + split, len - split, out + n1, BUF + 128 - n1, &n2);
    if (rc == SC_OK) rc = sc_cipher_final(c, out + n1 + n2, BUF + 128 - n1 - n2, &n3);
    *written = n1 + n2 + n3;
    return rc;
}

/* A fresh init with iv2 (and counter) against init with iv1, a message
 * begun (or finished), then reset_iv(iv2, counter). */
static void same_as_fresh(const setup *t, uint64_t counter)
{
    sc_cipher_ctx a, b;
    const size_t len = msg_len(t), bs = t->info.block_size;
    size_t n = 0, m = 0;
    int want_rc = start(t, &b, iv2, counter);
    CHECK(want_rc == SC_OK, "%s %s: fresh init with counter %" PRIu64 ": %d", t->name, t->kernel, counter, want_rc);
    if (want_rc != SC_OK) return;
    want_rc = run(&b, len, want, &n);
    for (int finished = 0; finished <= 1; finished++) {
        int rc = start(t, &a, iv1, 0);
        /* a message under way: a partial block buffered where the mode allows it */
        size_t prefix = t->info.is_stream ? stream_prefix(t) : t->info.one_shot ? 16 : 2 * bs + 1;
        if (rc == SC_OK) rc = sc_cipher_update(&a, msg, prefix, got, sizeof got, &m);
        if (rc == SC_OK && finished) rc = sc_cipher_final(&a, got + m, sizeof got - m, &m), rc = SC_OK;
        if (rc == SC_OK) rc = sc_cipher_reset_iv(&a, iv2, t->iv_len, counter);
        CHECK(rc == SC_OK, "%s %s enc=%d: reset_iv (finished %d): %d", t->name, t->kernel, t->encrypt, finished, rc);
        if (rc != SC_OK) continue;
        memset(got, 0, sizeof got);
        rc = run(&a, len, got, &m);
        CHECK(rc == want_rc && m == n && !memcmp(got, want, n),
              "%s %s enc=%d pad=%d seg=%u mesh=%d ctr=%" PRIu64 " finished=%d: rc %d/%d, %zu/%zu bytes", t->name,
              t->kernel, t->encrypt, t->opts.padding, t->opts.segment_bits, t->opts.key_meshing, counter, finished, rc,
              want_rc, m, n);
        /* reset starts from the new IV too (its state of init was overwritten) */
        memset(got, 0, sizeof got);
        rc = sc_cipher_reset(&a);
        if (rc == SC_OK) rc = run(&a, len, got, &m);
        CHECK(rc == want_rc && m == n && !memcmp(got, want, n), "%s %s: reset after reset_iv: rc %d/%d", t->name,
              t->kernel, rc, want_rc);
        sc_cipher_wipe(&a);
    }
    sc_cipher_wipe(&b);
    /* seekable names: seek after reset_iv == seek after a fresh init */
    if (sc_cipher_seek(&b, 0) == SC_ESTATE && start(t, &b, iv2, counter) == SC_OK && sc_cipher_seek(&b, 37) == SC_OK) {
        size_t k1 = 0, k2 = 0;
        /* (SC_ELENGTH from both when ChaCha20's counter runs out) */
        int rcb = sc_cipher_update(&b, msg, 100, want, 100, &k1);
        int rc = start(t, &a, iv1, 0);
        if (rc == SC_OK) rc = sc_cipher_reset_iv(&a, iv2, t->iv_len, counter);
        if (rc == SC_OK) rc = sc_cipher_seek(&a, 37);
        if (rc == SC_OK) rc = sc_cipher_update(&a, msg, 100, got, 100, &k2);
        CHECK(rc == rcb && k1 == k2 && !memcmp(got, want, k1), "%s %s: seek after reset_iv: %d/%d", t->name, t->kernel,
              rc, rcb);
        sc_cipher_wipe(&a);
    }
    sc_cipher_wipe(&b);
}

/* A refused reset_iv leaves the message where it was. */
static void refused_unchanged(const setup *t, const uint8_t *iv, size_t iv_len, uint64_t counter, int want_rc,
                              const char *what)
{
    if (!t->info.is_stream || t->info.one_shot) return; /* streams: any split continues byte for byte */
    sc_cipher_ctx a, b;
    size_t n = 0, m = 0, k = 0;
    int rc = start(t, &b, iv1, 0);
    if (rc == SC_OK) rc = sc_cipher_update(&b, msg, 300, want, 300, &n);
    int rc2 = start(t, &a, iv1, 0);
    if (rc2 == SC_OK) rc2 = sc_cipher_update(&a, msg, 101, got, 101, &m);
    int refused = sc_cipher_reset_iv(&a, iv, iv_len, counter);
    if (rc2 == SC_OK) rc2 = sc_cipher_update(&a, msg + 101, 199, got + 101, 199, &k);
    CHECK(rc == SC_OK && refused == want_rc && rc2 == SC_OK && !memcmp(got, want, 300), "%s %s: %s: %d (want %d)",
          t->name, t->kernel, what, refused, want_rc);
    sc_cipher_wipe(&a);
    sc_cipher_wipe(&b);
}

static void refusals(const setup *t)
{
    static uint8_t big[2 * 64 + 1];
    sc_cipher_ctx c;
    CHECK(start(t, &c, iv1, 0) == SC_OK && sc_cipher_reset_iv(&c, NULL, 4, 0) == SC_ENULL, "%s: NULL IV", t->name);
    if (t->iv_len == 0) CHECK(sc_cipher_reset_iv(&c, NULL, 0, 0) == SC_OK, "%s: no IV", t->name);
    sc_cipher_wipe(&c);
    CHECK(sc_cipher_reset_iv(&c, iv2, t->iv_len, 0) == SC_ESTATE, "%s: wiped context", t->name);
    size_t bad[2] = {t->iv_len + 1, t->iv_len ? t->iv_len - 1 : 3};
    for (int i = 0; i < 2; i++) {
        CHECK(start(t, &c, iv1, 0) == SC_OK && sc_cipher_reset_iv(&c, big, bad[i], 0) == SC_EIVSIZE,
              "%s: IV of %zu bytes", t->name, bad[i]);
        sc_cipher_wipe(&c);
        refused_unchanged(t, big, bad[i], 0, SC_EIVSIZE, "bad IV size");
    }
    if (strcmp(t->info.name, "chacha20") && strcmp(t->info.name, "xchacha20")) {
        CHECK(start(t, &c, iv1, 0) == SC_OK && sc_cipher_reset_iv(&c, iv2, t->iv_len, 1) == SC_EINVAL, "%s: a counter",
              t->name);
        sc_cipher_wipe(&c);
        refused_unchanged(t, iv2, t->iv_len, 1, SC_EINVAL, "a counter");
    }
}

static void one_setup(const setup *t)
{
    same_as_fresh(t, 0);
    if (!strcmp(t->info.name, "chacha20")) {
        same_as_fresh(t, 7);
        same_as_fresh(t, UINT32_MAX);
    }
    if (!strcmp(t->info.name, "xchacha20")) same_as_fresh(t, (UINT64_C(1) << 32) + 3);
    refusals(t);
}

static void every_kernel(const sc_cipher_info *info)
{
    size_t kernels = sc_kernel_count(info->algorithm), ran = 0;
    for (size_t k = 0; k < kernels; k++) {
        sc_kernel_info kinfo;
        if (sc_kernel_get(info->algorithm, k, &kinfo) != SC_OK || !test_kernel_selected(kinfo.runnable, kinfo.name))
            continue;
        for (int enc = 0; enc <= 1; enc++)
            for (int variant = 0; variant < 6; variant++) {
                setup t = {info->name, kinfo.name, *info, {.kernel = kinfo.name}, enc, info->iv_size};
                /* each variant where init takes it: padding, a segment of a byte, key
                 * meshing off and on, an IV of two blocks (magma-cbc, GOST R 34.13 5.4) */
                if (variant == 1) t.opts.padding = SC_PADDING_PKCS7;
                if (variant == 2) t.opts.segment_bits = 8;
                if (variant == 3) t.opts.key_meshing = SC_KEY_MESHING_NONE;
                if (variant == 4) t.opts.key_meshing = SC_KEY_MESHING_CRYPTOPRO;
                if (variant == 5 && !info->iv_size) continue;
                if (variant == 5) t.iv_len *= 2;
                sc_cipher_ctx c;
                int ok = start(&t, &c, iv1, 0) == SC_OK;
                sc_cipher_wipe(&c);
                if (variant && !ok) continue;
                CHECK(ok, "%s %s: init", info->name, kinfo.name);
                one_setup(&t);
            }
        ran++;
    }
    CHECK(ran > 0, "%s: no kernel ran", info->name);
}

static void misuse(void)
{
    sc_cipher_ctx c;
    sc_mac_ctx m;
    CHECK(sc_cipher_reset_iv(NULL, iv2, 16, 0) == SC_EINVAL, "NULL context");
    memset(&c, 0, sizeof c);
    CHECK(sc_cipher_reset_iv(&c, iv2, 16, 0) == SC_ESTATE, "zeroed context");
    CHECK(sc_mac_init(&m, "aes-128-cmac", key, 16) == SC_OK, "mac init");
    CHECK(sc_cipher_reset_iv((sc_cipher_ctx *)(void *)&m, NULL, 0, 0) == SC_ESTATE, "a MAC's context");
    sc_mac_wipe(&m);
    CHECK(sc_cipher_init(&c, "aes-128-ctr", 1, key, 15, iv1, 16) == SC_EKEYSIZE &&
              sc_cipher_reset_iv(&c, iv2, 16, 0) == SC_ESTATE,
          "a failed init");
    /* ChaCha20: a 32-bit counter; the 16-byte IV carries its own; the limit counts from it */
    CHECK(sc_cipher_init(&c, "chacha20", 1, key, 32, iv1, 12) == SC_OK, "chacha20 init");
    CHECK(sc_cipher_reset_iv(&c, iv2, 12, UINT64_C(1) << 32) == SC_EINVAL, "chacha20: counter 2^32");
    CHECK(sc_cipher_reset_iv(&c, iv2, 16, 1) == SC_EINVAL, "chacha20: two counters");
    CHECK(sc_cipher_reset_iv(&c, iv2, 16, 0) == SC_OK, "chacha20: the 16-byte IV");
    size_t n;
    CHECK(sc_cipher_reset_iv(&c, iv2, 12, UINT32_MAX) == SC_OK &&
              sc_cipher_update(&c, msg, 65, got, 65, &n) == SC_ELENGTH &&
              sc_cipher_update(&c, msg, 64, got, 64, &n) == SC_OK,
          "chacha20: the last block from the new counter");
    sc_cipher_wipe(&c);
}

int main(void)
{
    test_fill(msg, sizeof msg, 21);
    test_fill(key, sizeof key, 22);
    test_fill(iv1, sizeof iv1, 23);
    test_fill(iv2, sizeof iv2, 24);
    const char *name;
    size_t names = 0;
    for (size_t i = 0; (name = sc_cipher_name_at(i)) != NULL; i++, names++) {
        sc_cipher_info info;
        CHECK(sc_cipher_info_get(name, &info) == SC_OK, "%s: info", name);
        every_kernel(&info);
    }
    CHECK(names >= 30, "only %zu cipher names", names);
    misuse();
    return test_finish();
}
