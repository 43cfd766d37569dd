/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna CFB, OFB, XTS and key wrap through the generic cipher API
 * (docs/kalyna-modes.md): the vectors of tests/vectors/kalyna_modes.txt on
 * every kernel in any split, every kernel against the portable one over
 * lengths 0 .. 3 blocks + and random splits, in place, round trips, XTS
 * ciphertext stealing against whole-block XTS, and every refusal. */
#include <simdcrypt.h>

#include "test_util.h"

enum { MAX_BYTES = 1024, CAP = MAX_BYTES + 128 };

static const char *const variants[] = {"kalyna-128-128", "kalyna-128-256", "kalyna-256-256", "kalyna-256-512",
                                       "kalyna-512-512"};
#define NVARIANTS (sizeof variants / sizeof variants[0])

/* Through update/final in pieces: split 0 whole, 1 byte by byte, else
 * random sizes from the seed; in place when inplace. Bytes written or -1. */
static long streamed(const char *name, const char *kernel, unsigned seg, int encrypt, const uint8_t *key,
                     const uint8_t *iv, const uint8_t *in, long len, uint8_t *out, uint64_t split, int inplace)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(name, &info) != SC_OK) return -1;
    sc_cipher_opts o = {.kernel = kernel, .segment_bits = seg};
    sc_cipher_ctx c;
    if (sc_cipher_init_ex(&c, name, encrypt, key, info.key_size, info.iv_size ? iv : NULL, info.iv_size, &o) !=
        SC_OK)
        return -1;
    static uint8_t scratch[CAP];
    long done = 0, pos = 0;
    uint64_t s = split | 1;
    while (pos < len) {
        long step = split == 0 ? len - pos : split == 1 ? 1 : (long)(test_rand(&s) % (3 * info.block_size + 2));
        if (step > len - pos) step = len - pos;
        size_t wrote;
        int rc;
        if (inplace) { /* out == in; output may run ahead by what is held */
            memcpy(scratch, in + pos, (size_t)step);
            rc = sc_cipher_update(&c, scratch, (size_t)step, scratch, sizeof scratch, &wrote);
            memcpy(out + done, scratch, wrote);
        } else {
            rc = sc_cipher_update(&c, in + pos, (size_t)step, out + done, CAP - (size_t)done, &wrote);
        }
        if (rc != SC_OK) return -1;
        pos += step, done += (long)wrote;
    }
    size_t wrote;
    int rc = sc_cipher_final(&c, out + done, CAP - (size_t)done, &wrote);
    sc_cipher_wipe(&c);
    return rc == SC_OK ? done + (long)wrote : -1;
}

/* The name and segment of a vector line ("kalyna-128-128-cfb/8"). */
static void split_name(const char *field, char *name, size_t cap, unsigned *seg)
{
    snprintf(name, cap, "%s", field);
    char *slash = strchr(name, '/');
    *seg = 0;
    if (slash) {
        *seg = (unsigned)atoi(slash + 1);
        *slash = 0;
    }
}

static int is_kw(const char *name) { return strstr(name, "-kw") != NULL; }

/* A one-shot through sc_cipher_crypt (key wrap's own path). */
static int crypt_once(const char *name, const char *kernel, int encrypt, const uint8_t *key, const uint8_t *in,
                      size_t len, uint8_t *out, size_t cap, size_t *n)
{
    sc_cipher_opts o = {.kernel = kernel};
    return sc_cipher_crypt(name, encrypt, key, sc_cipher_key_size(name), NULL, 0, in, len, out, cap, n, &o);
}

static void check_vector(int line, const char *name, unsigned seg, const uint8_t *key, const uint8_t *iv,
                         const uint8_t *in, long in_len, const uint8_t *want, long want_len, const char *kernel)
{
    static uint8_t got[CAP];
    if (is_kw(name)) {
        size_t n = 0;
        int rc = crypt_once(name, kernel, 1, key, in, (size_t)in_len, got, CAP, &n);
        CHECK(rc == SC_OK && (long)n == want_len && !memcmp(got, want, n), "line %d %s %s wrap", line, name, kernel);
        rc = crypt_once(name, kernel, 0, key, want, (size_t)want_len, got, CAP, &n);
        CHECK(rc == SC_OK && (long)n == in_len && !memcmp(got, in, n), "line %d %s %s unwrap", line, name, kernel);
        if (want_len > 128) return; /* longer than update buffers */
    }
    for (uint64_t split = 0; split < 4; split++)
        for (int inplace = 0; inplace < 2; inplace++) {
            long n = streamed(name, kernel, seg, 1, key, iv, in, in_len, got, split, inplace);
            CHECK(n == want_len && !memcmp(got, want, (size_t)n), "line %d %s/%u %s enc split %d inplace %d", line,
                  name, seg, kernel, (int)split, inplace);
            n = streamed(name, kernel, seg, 0, key, iv, want, want_len, got, split, inplace);
            CHECK(n == in_len && !memcmp(got, in, (size_t)n), "line %d %s/%u %s dec split %d inplace %d", line, name,
                  seg, kernel, (int)split, inplace);
        }
}

static int vectors(void)
{
    FILE *f = fopen(SC_VECTORS_DIR "/kalyna_modes.txt", "r");
    CHECK(f != NULL, "cannot open kalyna_modes.txt");
    if (f == NULL) return 0;
    static char line[8192], field[64], key[200], iv[200], in[4200], out[4200];
    static uint8_t k[64], v[64], p[MAX_BYTES], c[MAX_BYTES];
    int lineno = 0, count = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') continue;
        char name[64];
        unsigned seg;
        if (sscanf(line, "%63s %199s %199s %4199s %4199s", field, key, iv, in, out) != 5) {
            CHECK(0, "line %d malformed", lineno);
            continue;
        }
        split_name(field, name, sizeof name, &seg);
        long kl = test_unhex(key, k, sizeof k), il = strcmp(iv, "-") ? test_unhex(iv, v, sizeof v) : 0;
        long pl = test_unhex(in, p, sizeof p), cl = test_unhex(out, c, sizeof c);
        CHECK(kl == (long)sc_cipher_key_size(name) && il == (long)sc_cipher_iv_size(name) && pl > 0 && cl > 0,
              "line %d sizes", lineno);
        for (size_t i = 0; i < sc_kernel_count("kalyna"); i++) {
            sc_kernel_info ki;
            sc_kernel_get("kalyna", i, &ki);
            if (test_kernel_selected(ki.runnable, ki.name))
                check_vector(lineno, name, seg, k, v, p, pl, c, cl, ki.name);
        }
        count++;
    }
    fclose(f);
    return count;
}

/* Every kernel against the portable one, every variant, CFB (segments of
 * 8 bits, half and a whole block), OFB and XTS, lengths 0 .. 3 blocks + 5,
 * random splits, in place or not; and decryption of the result. */
static void kernels_vs_portable(void)
{
    static uint8_t key[64], iv[64], src[CAP], ref[CAP], got[CAP], back[CAP];
    test_fill(key, sizeof key, 31);
    test_fill(iv, sizeof iv, 32);
    test_fill(src, sizeof src, 33);
    static const char *const modes[] = {"cfb", "ofb", "xts"};
    for (size_t v = 0; v < NVARIANTS; v++)
        for (size_t m = 0; m < 3; m++) {
            char name[40];
            snprintf(name, sizeof name, "%s-%s", variants[v], modes[m]);
            const long bs = (long)sc_cipher_block_size(name);
            const unsigned segs[] = {0, 8, (unsigned)(bs * 4)};
            for (size_t si = 0; si < (m == 0 ? 3u : 1u); si++)
                for (long len = 0; len <= 3 * bs + 5; len += (len < (test_quick() ? 5 : 2 * bs) ? 1 : test_quick() ? bs / 4 + 3 : 7)) {
                    if (m == 2 && len && len < bs) continue; /* XTS takes a block or more */
                    long n = streamed(name, "portable", segs[si], 1, key, iv, src, len, ref, 0, 0);
                    CHECK(n == len, "%s/%u len %ld portable", name, segs[si], len);
                    for (size_t i = 0; i < sc_kernel_count("kalyna"); i++) {
                        sc_kernel_info ki;
                        sc_kernel_get("kalyna", i, &ki);
                        if (!test_kernel_selected(ki.runnable, ki.name)) continue;
                        uint64_t split = 2 + (uint64_t)len;
                        int inplace = (int)(len & 1);
                        n = streamed(name, ki.name, segs[si], 1, key, iv, src, len, got, split, inplace);
                        CHECK(n == len && !memcmp(got, ref, (size_t)len), "%s/%u %s len %ld enc", name, segs[si],
                              ki.name, len);
                        n = streamed(name, ki.name, segs[si], 0, key, iv, ref, len, back, split + 1, !inplace);
                        CHECK(n == len && !memcmp(back, src, (size_t)len), "%s/%u %s len %ld dec", name, segs[si],
                              ki.name, len);
                    }
                }
        }
}

/* XTS with a partial last block against whole-block XTS (itself checked
 * against the annex and Bouncy Castle): for m whole blocks and r more
 * bytes, IEEE 1619 stealing gives C_1 .. C_(m-1) as whole-block XTS,
 * then C_m = block m + 1 of the whole-block encryption of P_1 .. P_m,
 * P_partial || CC[r ..] (the next tweak), then CC[0 .. r), where CC is
 * block m of the whole-block encryption of P_1 .. P_m. */
static void xts_stealing(void)
{
    static uint8_t key[64], iv[64], src[CAP], whole[CAP], pp[CAP], stolen[CAP], back[CAP];
    test_fill(key, sizeof key, 41);
    test_fill(iv, sizeof iv, 42);
    test_fill(src, sizeof src, 43);
    for (size_t v = 0; v < NVARIANTS; v++) {
        char name[40];
        snprintf(name, sizeof name, "%s-xts", variants[v]);
        const long bs = (long)sc_cipher_block_size(name);
        for (long m = 1; m <= 3; m++)
            for (long r = 1; r < bs; r += (r < 3 ? 1 : bs / 4 + 1)) {
                long n = streamed(name, NULL, 0, 1, key, iv, src, m * bs, whole, 0, 0);
                const uint8_t *cc = whole + (m - 1) * bs;
                memcpy(pp, src, (size_t)(m * bs));
                memcpy(pp + m * bs, src + m * bs, (size_t)r); /* P_partial || CC[r ..] as block m + 1 */
                memcpy(pp + m * bs + r, cc + r, (size_t)(bs - r));
                long n2 = streamed(name, NULL, 0, 1, key, iv, pp, (m + 1) * bs, pp, 0, 0);
                long n3 = streamed(name, NULL, 0, 1, key, iv, src, m * bs + r, stolen, 2 + (uint64_t)r, 0);
                CHECK(n == m * bs && n2 == n + bs && n3 == m * bs + r, "%s m %ld r %ld lengths", name, m, r);
                CHECK(!memcmp(stolen, whole, (size_t)((m - 1) * bs)) &&
                          !memcmp(stolen + (m - 1) * bs, pp + m * bs, (size_t)bs) &&
                          !memcmp(stolen + m * bs, cc, (size_t)r),
                      "%s m %ld r %ld stealing", name, m, r);
                n = streamed(name, NULL, 0, 0, key, iv, stolen, m * bs + r, back, 1, 1);
                CHECK(n == m * bs + r && !memcmp(back, src, (size_t)n), "%s m %ld r %ld decrypt", name, m, r);
            }
    }
}

/* Key wrap: every variant and kernel, lengths of 1 .. 9 half blocks, round
 * trip one-shot and streamed (up to 128 bytes), in place; a flipped bit
 * anywhere is SC_EAUTH with nothing released. */
static void key_wrap(void)
{
    static uint8_t key[64], src[CAP], wrapped[CAP], got[CAP], back[CAP];
    test_fill(key, sizeof key, 51);
    test_fill(src, sizeof src, 52);
    for (size_t v = 0; v < NVARIANTS; v++) {
        char name[40];
        snprintf(name, sizeof name, "%s-kw", variants[v]);
        const size_t bs = sc_cipher_block_size(name), sb = bs / 2;
        for (size_t len = sb; len <= 9 * sb; len += sb) {
            size_t n = 0, n2 = 0;
            CHECK(crypt_once(name, "portable", 1, key, src, len, wrapped, CAP, &n) == SC_OK && n == len + bs,
                  "%s wrap %zu", name, len);
            for (size_t i = 0; i < sc_kernel_count("kalyna"); i++) {
                sc_kernel_info ki;
                sc_kernel_get("kalyna", i, &ki);
                if (!test_kernel_selected(ki.runnable, ki.name)) continue;
                memcpy(got, src, len); /* in place */
                CHECK(crypt_once(name, ki.name, 1, key, got, len, got, CAP, &n2) == SC_OK && n2 == n &&
                          !memcmp(got, wrapped, n),
                      "%s %s wrap %zu in place", name, ki.name, len);
                CHECK(crypt_once(name, ki.name, 0, key, got, n, got, len, &n2) == SC_OK && n2 == len &&
                          !memcmp(got, src, len),
                      "%s %s unwrap %zu in place (out_cap = the key)", name, ki.name, len);
            }
            if (n <= 128) {
                long s = streamed(name, NULL, 0, 0, key, NULL, wrapped, (long)n, back, 1, 0);
                CHECK(s == (long)len && !memcmp(back, src, len), "%s streamed unwrap %zu", name, len);
            }
            for (size_t bit = 0; bit < 8 * n; bit += 8 * n / 5 + 3) {
                memcpy(got, wrapped, n);
                got[bit / 8] ^= (uint8_t)(1u << (bit % 8));
                memset(back, 0xa5, CAP);
                n2 = 99;
                int rc = crypt_once(name, NULL, 0, key, got, n, back, CAP, &n2);
                int zero = 1;
                for (size_t i = 0; i < len; i++) zero &= back[i] == 0;
                CHECK(rc == SC_EAUTH && n2 == 0 && zero, "%s tampered bit %zu: rc %d", name, bit, rc);
            }
        }
    }
}

static int final_rc(const char *name, unsigned seg, const uint8_t *key, const uint8_t *iv, size_t len)
{
    static uint8_t buf[CAP];
    sc_cipher_opts o = {.segment_bits = seg};
    sc_cipher_ctx c;
    size_t n;
    int rc = sc_cipher_init_ex(&c, name, 1, key, sc_cipher_key_size(name), iv, sc_cipher_iv_size(name), &o);
    if (rc == SC_OK) rc = sc_cipher_update(&c, buf, len, buf, CAP, &n);
    if (rc == SC_OK) rc = sc_cipher_final(&c, buf, CAP, &n);
    sc_cipher_wipe(&c);
    return rc;
}

static void refusals(void)
{
    static uint8_t key[128], iv[64], buf[CAP], out[CAP];
    sc_cipher_ctx c;
    sc_cipher_opts o = {0};
    size_t n;
    /* CFB segments: multiples of 8 bits up to the block; no other name takes one */
    CHECK(final_rc("kalyna-128-128-cfb", 8, key, iv, 5) == SC_OK, "cfb s=8");
    CHECK(final_rc("kalyna-128-128-cfb", 128, key, iv, 5) == SC_OK, "cfb s=128");
    CHECK(final_rc("kalyna-128-128-cfb", 7, key, iv, 5) == SC_EINVAL, "cfb s=7");
    CHECK(final_rc("kalyna-128-128-cfb", 136, key, iv, 5) == SC_EINVAL, "cfb s=136");
    CHECK(final_rc("kalyna-512-512-cfb", 512, key, iv, 5) == SC_OK, "cfb-512 s=512");
    CHECK(final_rc("kalyna-512-512-cfb", 520, key, iv, 5) == SC_EINVAL, "cfb-512 s=520");
    CHECK(final_rc("kalyna-128-128-ofb", 8, key, iv, 5) == SC_EINVAL, "segment on ofb");
    CHECK(final_rc("kalyna-128-128-xts", 8, key, iv, 16) == SC_EINVAL, "segment on xts");
    /* XTS: 1 .. bs - 1 bytes are refused at final, 0 and bs are fine */
    CHECK(final_rc("kalyna-128-128-xts", 0, key, iv, 15) == SC_ELENGTH, "xts 15 bytes");
    CHECK(final_rc("kalyna-512-512-xts", 0, key, iv, 63) == SC_ELENGTH, "xts-512 63 bytes");
    CHECK(final_rc("kalyna-128-128-xts", 0, key, iv, 1) == SC_ELENGTH, "xts 1 byte");
    CHECK(final_rc("kalyna-128-128-xts", 0, key, iv, 0) == SC_OK, "xts empty");
    CHECK(final_rc("kalyna-128-128-xts", 0, key, iv, 16) == SC_OK, "xts 16 bytes");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-xts", 1, key, 32, iv, 16) == SC_EKEYSIZE, "xts takes one key");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-xts", 1, key, 16, iv, 0) == SC_EIVSIZE, "xts without a tweak");
    /* XTS final needs room for what it held */
    CHECK(sc_cipher_init(&c, "kalyna-128-128-xts", 1, key, 16, iv, 16) == SC_OK &&
              sc_cipher_update(&c, buf, 40, out, CAP, &n) == SC_OK && n == 16,
          "xts holds the last block and the partial one");
    CHECK(sc_cipher_final(&c, out, 23, &n) == SC_ELENGTH, "xts final with out_cap < held");
    CHECK(sc_cipher_init(&c, "kalyna-128-128-xts", 1, key, 16, iv, 16) == SC_OK &&
              sc_cipher_update(&c, buf, 40, out, 15, &n) == SC_ELENGTH,
          "xts update with out_cap < released");
    /* no padding on XTS or key wrap */
    o.padding = SC_PADDING_PKCS7;
    CHECK(sc_cipher_init_ex(&c, "kalyna-128-128-xts", 1, key, 16, iv, 16, &o) == SC_EINVAL, "xts padding");
    CHECK(sc_cipher_init_ex(&c, "kalyna-128-128-kw", 1, key, 16, NULL, 0, &o) == SC_EINVAL, "kw padding");
    CHECK(sc_cipher_init_ex(&c, "kalyna-128-128-cfb", 1, key, 16, iv, 16, &o) == SC_EINVAL, "cfb padding");
    /* key wrap: half blocks only, not empty; unwrap at least 1.5 blocks */
    const char *kw = "kalyna-128-128-kw";
    CHECK(crypt_once(kw, NULL, 1, key, buf, 12, out, CAP, &n) == SC_ELENGTH && n == 0, "kw 12 bytes");
    CHECK(crypt_once(kw, NULL, 1, key, buf, 0, out, CAP, &n) == SC_ELENGTH, "kw empty");
    CHECK(crypt_once(kw, NULL, 1, key, buf, 8, out, 23, &n) == SC_ELENGTH, "kw wrap out_cap");
    CHECK(crypt_once(kw, NULL, 0, key, buf, 16, out, CAP, &n) == SC_ELENGTH, "kw unwrap one block");
    CHECK(crypt_once(kw, NULL, 0, key, buf, 28, out, CAP, &n) == SC_ELENGTH, "kw unwrap 28 bytes");
    CHECK(crypt_once(kw, NULL, 0, key, buf, 24, out, 7, &n) == SC_ELENGTH, "kw unwrap out_cap");
    CHECK(crypt_once(kw, NULL, 0, key, buf, 24, out, CAP, &n) == SC_EAUTH && n == 0, "kw unwrap of zeros");
    CHECK(crypt_once(kw, NULL, 1, key, buf, 16, buf + 8, CAP, &n) == SC_EINVAL, "kw partial overlap");
    CHECK(sc_cipher_crypt(kw, 1, key, 16, iv, 16, buf, 16, out, CAP, &n, NULL) == SC_EIVSIZE, "kw takes no IV");
    /* streamed key wrap: at most 128 bytes buffered, so a wrap at most 128 -
     * 16 bytes of key (its 128-byte result must unwrap the same way) */
    CHECK(sc_cipher_init(&c, kw, 1, key, 16, NULL, 0) == SC_OK && sc_cipher_update(&c, buf, 112, out, 0, &n) == SC_OK &&
              n == 0 && sc_cipher_update(&c, buf, 1, out, CAP, &n) == SC_ELENGTH,
          "kw update bound");
    CHECK(sc_cipher_final(&c, out, CAP, &n) == SC_OK && n == 128, "kw final of 112 bytes");
    CHECK(sc_cipher_update(&c, buf, 1, out, CAP, &n) == SC_ESTATE, "kw update after final");
    uint8_t back[CAP];
    size_t m = 0;
    CHECK(sc_cipher_init(&c, kw, 0, key, 16, NULL, 0) == SC_OK && sc_cipher_update(&c, out, 128, back, 0, &m) == SC_OK &&
              sc_cipher_final(&c, back, CAP, &m) == SC_OK && m == 112 && !memcmp(back, buf, 112),
          "kw: the longest streamed wrap unwraps streamed");
    sc_cipher_wipe(&c);
}

int main(void)
{
    int count = vectors();
    CHECK(count >= 50, "only %d vectors", count);
    kernels_vs_portable();
    xts_stealing();
    key_wrap();
    refusals();
    printf("%d vectors; dispatched kalyna kernel: %s\n", count, sc_kernel_active("kalyna"));
    return test_finish();
}
