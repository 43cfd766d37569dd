/* SPDX-License-Identifier: Apache-2.0 */
/* GOST modes beyond ECB/CBC/CTR/CMAC, and the named S-boxes:
 *   - CryptoPro CSP's GOST 28147-89 answers (tests/vectors/gost89_cryptopro.txt:
 *     CFB, CNT and MAC across the 1024-byte key meshing, short MACs, 5 MB
 *     runs) through the direct API on every kernel and through the generic
 *     API with its defaults, in uneven pieces;
 *   - GOST R 34.13-2015 A.2.3 (OFB) and A.2.5 (CFB) for Magma, and every
 *     (m, s) against a definition-level model built on ECB alone;
 *   - the named S-boxes against gost-engine's and Bouncy Castle's tables
 *     (tests/vectors/gost_sboxes.txt), by every name, alias and OID;
 *   - options refused where they do not apply. */
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>
#include <simdcrypt/magma.h>

#include "test_util.h"

enum { MAX_BYTES = 2048, LONG_MAX_BYTES = 6 * 1000 * 1000 };

static uint8_t *big_in, *big_out;

/* --- CryptoPro vectors ------------------------------------------------------ */

struct cp_record {
    char mode[8], sbox[64];
    uint8_t key[32], iv[8], in[MAX_BYTES], out[MAX_BYTES];
    long iv_len, len, out_len;
    int zeros;
};

/* The direct API on one kernel; returns the output (the tag for MACs). */
static int direct(const struct cp_record *r, const char *kernel, uint8_t *out)
{
    sc_magma_key k;
    uint8_t sbox[8][16];
    const uint8_t *in = r->zeros ? big_in : r->in;
    size_t n = (size_t)r->len;
    int st = sc_magma_sbox_named(r->sbox, sbox);
    if (st == SC_OK) st = sc_gost89_init(&k, r->key, 32, &sbox[0][0]);
    if (st == SC_OK && kernel) st = sc_magma_use_kernel(&k, kernel);
    if (st != SC_OK) return st;
    if (!strcmp(r->mode, "ecb")) st = sc_magma_ecb_encrypt(&k, in, out, n);
    if (!strcmp(r->mode, "cfb")) st = sc_gost89_cfb_encrypt(&k, SC_KEY_MESHING_DEFAULT, r->iv, 8, in, out, n);
    if (!strcmp(r->mode, "cnt")) st = sc_gost89_cnt(&k, r->iv, 8, 0, in, out, n);
    if (!strcmp(r->mode, "mac")) st = sc_gost89_mac(&k, in, n, out, 4);
    sc_magma_wipe(&k);
    return st;
}

/* The generic API with default options, fed in pieces of 1, 2, 3, ...
 * bytes then the rest (so every meshing point falls inside an update). */
static int generic(const struct cp_record *r, uint8_t *out)
{
    const uint8_t *in = r->zeros ? big_in : r->in;
    size_t n = (size_t)r->len, done = 0, piece = 1, w = 0;
    sc_cipher_opts opts = {.sbox = r->sbox};
    int st;
    if (!strcmp(r->mode, "mac")) {
        sc_mac_ctx m;
        st = sc_mac_init_ex(&m, "gost89-mac", r->key, 32, &opts);
        for (; st == SC_OK && done < n; done += piece, piece = piece * 2 + 1) {
            if (piece > n - done) piece = n - done;
            st = sc_mac_update(&m, in + done, piece);
        }
        if (st == SC_OK) st = sc_mac_final(&m, out, 4);
        sc_mac_wipe(&m);
        return st;
    }
    sc_cipher_ctx c;
    const char *name = !strcmp(r->mode, "cfb") ? "gost89-cfb" : !strcmp(r->mode, "cnt") ? "gost89-cnt" : "gost89-ecb";
    st = sc_cipher_init_ex(&c, name, 1, r->key, 32, r->iv_len ? r->iv : NULL, (size_t)r->iv_len, &opts);
    for (; st == SC_OK && done < n; done += piece, piece = piece * 2 + 1) {
        size_t got = 0;
        if (piece > n - done) piece = n - done;
        st = sc_cipher_update(&c, in + done, piece, out + w, n + 64 - w, &got);
        w += got;
    }
    size_t got = 0;
    if (st == SC_OK) st = sc_cipher_final(&c, out + w, 64, &got);
    sc_cipher_wipe(&c);
    return st;
}

static int cp_parse(char *line, struct cp_record *r)
{
    char key[80], iv[40], in[2 * MAX_BYTES + 8], out[2 * MAX_BYTES + 8];
    memset(r, 0, sizeof *r);
    if (sscanf(line, "%7s %63s %79s %39s %ld %4103s %4103s", r->mode, r->sbox, key, iv, &r->len, in, out) != 7)
        return 0;
    r->zeros = !strcmp(in, "zeros");
    if (test_unhex(key, r->key, 32) != 32) return 0;
    r->iv_len = strcmp(iv, "-") ? test_unhex(iv, r->iv, 8) : 0;
    if (!r->zeros && r->len && test_unhex(in, r->in, MAX_BYTES) != r->len) return 0;
    r->out_len = test_unhex(out, r->out, MAX_BYTES);
    return r->out_len > 0 && r->len <= (r->zeros ? LONG_MAX_BYTES : MAX_BYTES);
}

static void check_output(const struct cp_record *r, const uint8_t *got, const char *how, int line)
{
    /* Long runs give their last 16 bytes; MACs their tag. */
    size_t at = !strcmp(r->mode, "mac") ? 0 : (size_t)(r->len - r->out_len);
    CHECK(memcmp(got + at, r->out, (size_t)r->out_len) == 0, "line %d %s %s (%ld bytes): wrong output", line,
          r->mode, how, r->len);
}

static void test_cryptopro_vectors(void)
{
    size_t flen;
    char *text = test_read_file(SC_VECTORS_DIR "/gost89_cryptopro.txt", &flen);
    CHECK(text != NULL, "read gost89_cryptopro.txt");
    if (!text) return;
    static struct cp_record r;
    int line = 0, records = 0;
    for (char *p = text, *nl; p && *p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl) *nl = 0;
        line++;
        if (*p == '#' || *p == 0) continue;
        CHECK(cp_parse(p, &r), "line %d: parse", line);
        records++;
        /* Every kernel for the short ones; the 5 MB runs on the dispatched
         * kernel only (seconds, not minutes, under sanitizers). */
        for (size_t i = 0; !r.zeros && i < sc_kernel_count("magma"); i++) {
            sc_kernel_info info;
            sc_kernel_get("magma", i, &info);
            if (!info.runnable) continue;
            memset(big_out, 0xA5, (size_t)r.len + 64);
            CHECK(direct(&r, info.name, big_out) == SC_OK, "line %d direct %s", line, info.name);
            check_output(&r, big_out, info.name, line);
        }
        memset(big_out, 0xA5, (size_t)r.len + 64);
        CHECK(direct(&r, NULL, big_out) == SC_OK, "line %d direct", line);
        check_output(&r, big_out, "direct", line);
        memset(big_out, 0x5A, (size_t)r.len + 64);
        CHECK(generic(&r, big_out) == SC_OK, "line %d generic", line);
        check_output(&r, big_out, "generic", line);
    }
    CHECK(records >= 20, "%d CryptoPro records", records);
    free(text);
}

/* --- GOST R 34.13-2015 OFB / CFB ------------------------------------------- */

static const uint8_t key_a2[32] = {0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88, 0x77, 0x66, 0x55,
                                   0x44, 0x33, 0x22, 0x11, 0x00, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5,
                                   0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};

/* Definition-level OFB/CFB (GOST R 34.13-2015 5.3, 5.5) from ECB alone:
 * the register as a byte string, shifted byte by byte. */
static void model(const sc_magma_key *k, int ofb, int decrypt, size_t s, const uint8_t *iv, size_t m,
                  const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t reg[256], y[8];
    memcpy(reg, iv, m);
    for (size_t at = 0; at < len; at += s) {
        size_t n = len - at < s ? len - at : s;
        sc_magma_ecb_encrypt(k, reg, y, 8);
        uint8_t c[8];
        for (size_t i = 0; i < n; i++) {
            out[at + i] = in[at + i] ^ y[i];
            c[i] = decrypt ? in[at + i] : out[at + i];
        }
        size_t shift = ofb ? 8 : s;
        memmove(reg, reg + shift, m - shift);
        memcpy(reg + m - shift, ofb ? y : c, shift);
    }
}

static void test_r3413_feedback(void)
{
    static const uint8_t iv[16] = {0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xcd, 0xef,
                                   0x23, 0x45, 0x67, 0x89, 0x0a, 0xbc, 0xde, 0xf1};
    uint8_t pt[32], ofb[32], cfb[32], got[32], back[32];
    test_unhex("92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41", pt, 32);
    test_unhex("db37e0e266903c830d46644c1f9a089ca0f83062430e327ec824efb8bd4fdb05", ofb, 32); /* A.2.3 */
    test_unhex("db37e0e266903c830d46644c1f9a089c24bdd2035315d38bbcc0321421075505", cfb, 32); /* A.2.5 */
    sc_magma_key k;
    CHECK(sc_magma_init(&k, key_a2, 32, NULL) == SC_OK, "init");
    CHECK(sc_magma_ofb(&k, 0, iv, 16, pt, got, 32) == SC_OK && !memcmp(got, ofb, 32), "A.2.3 OFB");
    CHECK(sc_magma_ofb(&k, 64, iv, 16, got, back, 32) == SC_OK && !memcmp(back, pt, 32), "A.2.3 OFB back");
    CHECK(sc_magma_cfb_encrypt(&k, 0, iv, 16, pt, got, 32) == SC_OK && !memcmp(got, cfb, 32), "A.2.5 CFB");
    CHECK(sc_magma_cfb_decrypt(&k, 0, iv, 16, got, back, 32) == SC_OK && !memcmp(back, pt, 32), "A.2.5 CFB back");
    /* The generic names, in place, in two pieces. */
    const char *names[2] = {"magma-ofb", "magma-cfb"};
    const uint8_t *want[2] = {ofb, cfb};
    for (int j = 0; j < 2; j++) {
        sc_cipher_ctx c;
        size_t w1 = 0, w2 = 0;
        memcpy(got, pt, 32);
        CHECK(sc_cipher_init(&c, names[j], 1, key_a2, 32, iv, 16) == SC_OK &&
                  sc_cipher_update(&c, got, 13, got, 32, &w1) == SC_OK &&
                  sc_cipher_update(&c, got + 13, 19, got + 13, 19, &w2) == SC_OK && w1 + w2 == 32 &&
                  !memcmp(got, want[j], 32),
              "%s generic", names[j]);
        sc_cipher_wipe(&c);
    }
    /* Every s and a few m against the model, both directions, generic API
     * in random pieces. */
    uint64_t seed = 17;
    uint8_t msg[300], ref[300], out[300], reg[64];
    for (unsigned s = 8; s <= 64; s += 8)
        for (size_t m = 8; m <= 24; m += 8)
            for (int ofb_mode = 0; ofb_mode < 2; ofb_mode++) {
                size_t len = (size_t)(test_rand(&seed) % sizeof msg);
                test_fill(msg, len, seed);
                test_fill(reg, m, seed + 1);
                model(&k, ofb_mode, 0, s / 8, reg, m, msg, ref, len);
                CHECK((ofb_mode ? sc_magma_ofb(&k, s, reg, m, msg, out, len)
                                : sc_magma_cfb_encrypt(&k, s, reg, m, msg, out, len)) == SC_OK &&
                          !memcmp(out, ref, len),
                      "%s s=%u m=%zu len=%zu", ofb_mode ? "OFB" : "CFB", s, m, len);
                model(&k, ofb_mode, 1, s / 8, reg, m, ref, out, len);
                CHECK(!memcmp(out, msg, len), "model inverse");
                sc_cipher_opts opts = {.segment_bits = s};
                sc_cipher_ctx c;
                CHECK(sc_cipher_init_ex(&c, ofb_mode ? "magma-ofb" : "magma-cfb", 0, key_a2, 32, reg, m, &opts) ==
                          SC_OK,
                      "generic init s=%u m=%zu", s, m);
                size_t done = 0;
                while (done < len) {
                    size_t piece = 1 + (size_t)(test_rand(&seed) % 20), w = 0;
                    if (piece > len - done) piece = len - done;
                    int rc = sc_cipher_update(&c, ref + done, piece, out + done, piece, &w);
                    CHECK(rc == SC_OK && w == piece, "generic update: %d, %zu of %zu", rc, w, piece);
                    done += piece;
                }
                CHECK(!memcmp(out, msg, len), "generic %s decrypt s=%u m=%zu", ofb_mode ? "OFB" : "CFB", s, m);
                sc_cipher_wipe(&c);
            }
    /* Bad parameters. */
    CHECK(sc_magma_ofb(&k, 12, iv, 16, pt, got, 8) == SC_EINVAL, "s = 12 bits");
    CHECK(sc_magma_ofb(&k, 72, iv, 16, pt, got, 8) == SC_EINVAL, "s = 72 bits");
    CHECK(sc_magma_cfb_encrypt(&k, 0, iv, 12, pt, got, 8) == SC_EIVSIZE, "m not a multiple of n");
    CHECK(sc_magma_cfb_encrypt(&k, 0, NULL, 0, pt, got, 8) == SC_EIVSIZE, "no IV");
    CHECK(sc_gost89_cfb_encrypt(&k, 0, iv, 8, pt, got, 8) == SC_EINVAL, "gost89 CFB on a big-endian key");
    sc_magma_wipe(&k);
}

/* --- Meshing and options ----------------------------------------------------- */

static void test_meshing_and_options(void)
{
    static uint8_t msg[3000], a[3000], b[3000];
    uint8_t key[32], iv[8], t1[4], t2[4];
    test_fill(key, 32, 3);
    test_fill(iv, 8, 4);
    test_fill(msg, sizeof msg, 5);
    sc_magma_key k;
    CHECK(sc_gost89_init(&k, key, 32, NULL) == SC_OK, "init");
    /* Meshing changes nothing before byte 1024, everything after. */
    CHECK(sc_gost89_cnt_ex(&k, SC_KEY_MESHING_NONE, iv, 8, 0, msg, a, sizeof msg) == SC_OK &&
              sc_gost89_cnt_ex(&k, SC_KEY_MESHING_CRYPTOPRO, iv, 8, 0, msg, b, sizeof msg) == SC_OK,
          "cnt");
    CHECK(!memcmp(a, b, 1024) && memcmp(a + 1024, b + 1024, 8) != 0, "CNT meshing starts at byte 1024");
    CHECK(sc_gost89_cfb_encrypt(&k, SC_KEY_MESHING_NONE, iv, 8, msg, a, sizeof msg) == SC_OK &&
              sc_gost89_cfb_encrypt(&k, SC_KEY_MESHING_CRYPTOPRO, iv, 8, msg, b, sizeof msg) == SC_OK,
          "cfb");
    CHECK(!memcmp(a, b, 1024) && memcmp(a + 1024, b + 1024, 8) != 0, "CFB meshing starts at byte 1024");
    CHECK(sc_gost89_cfb_decrypt(&k, SC_KEY_MESHING_CRYPTOPRO, iv, 8, b, a, sizeof msg) == SC_OK &&
              !memcmp(a, msg, sizeof msg),
          "CFB with meshing decrypts");
    /* CNT with meshing from a block offset = the tail of a whole run. */
    CHECK(sc_gost89_cnt(&k, iv, 8, 0, msg, a, sizeof msg) == SC_OK &&
              sc_gost89_cnt(&k, iv, 8, 200, msg + 1600, b, sizeof msg - 1600) == SC_OK &&
              !memcmp(a + 1600, b, sizeof msg - 1600),
          "CNT with meshing from block 200");
    /* MAC: the meshing shows past 1024 bytes, the short rule at 0..8. */
    CHECK(sc_gost89_mac_ex(&k, SC_KEY_MESHING_NONE, 0, msg, 1024, t1, 4) == SC_OK &&
              sc_gost89_mac_ex(&k, SC_KEY_MESHING_CRYPTOPRO, 0, msg, 1024, t2, 4) == SC_OK && !memcmp(t1, t2, 4),
          "MAC of 1024 bytes: no meshing yet");
    CHECK(sc_gost89_mac_ex(&k, SC_KEY_MESHING_NONE, 0, msg, 1025, t1, 4) == SC_OK &&
              sc_gost89_mac_ex(&k, SC_KEY_MESHING_CRYPTOPRO, 0, msg, 1025, t2, 4) == SC_OK && memcmp(t1, t2, 4),
          "MAC of 1025 bytes: meshed");
    CHECK(sc_gost89_mac(&k, msg, 0, t1, 4) == SC_OK && !memcmp(t1, "\0\0\0\0", 4), "CryptoPro empty MAC");
    CHECK(sc_gost89_mac_ex(&k, 0, SC_SHORT_MAC_BC, msg, 0, t2, 4) == SC_OK && memcmp(t2, "\0\0\0\0", 4),
          "BC empty MAC");
    for (size_t n = 1; n <= 9; n++) {
        uint8_t padded[16] = {0};
        memcpy(padded, msg, n);
        CHECK(sc_gost89_mac(&k, msg, n, t1, 4) == SC_OK &&
                  sc_gost89_mac_ex(&k, 0, SC_SHORT_MAC_BC, padded, n <= 8 ? 16 : n, t2, 4) == SC_OK &&
                  !memcmp(t1, t2, 4),
              "CryptoPro MAC of %zu bytes = BC MAC of it padded to two blocks", n);
    }
    CHECK(sc_gost89_mac(&k, msg, 5, t1, 4) == SC_OK && sc_gost89_mac_verify(&k, msg, 5, t1, 4) == SC_OK &&
              sc_gost89_mac_verify_ex(&k, 0, SC_SHORT_MAC_BC, msg, 5, t1, 4) == SC_EAUTH,
          "verify follows the short-MAC rule");
    CHECK(sc_gost89_mac_ex(&k, 7, 0, msg, 5, t1, 4) == SC_EINVAL, "bad meshing value");
    CHECK(sc_gost89_mac_ex(&k, 0, 9, msg, 5, t1, 4) == SC_EINVAL, "bad short-MAC value");
    CHECK(sc_gost89_cnt_ex(&k, -1, iv, 8, 0, msg, a, 8) == SC_EINVAL, "bad CNT meshing value");
    /* The generic API: defaults = gost-engine's; reset restores the key. */
    sc_cipher_ctx c;
    size_t w = 0;
    CHECK(sc_cipher_init(&c, "gost89-cnt", 1, key, 32, iv, 8) == SC_OK &&
              sc_cipher_update(&c, msg, 2000, a, 2000, &w) == SC_OK && sc_cipher_reset(&c) == SC_OK &&
              sc_cipher_update(&c, msg, 2000, b, 2000, &w) == SC_OK && !memcmp(a, b, 2000),
          "generic CNT with meshing, reset");
    sc_cipher_wipe(&c);
    sc_mac_ctx m;
    CHECK(sc_mac_init(&m, "gost89-mac", key, 32) == SC_OK && sc_mac_update(&m, msg, 2000) == SC_OK &&
              sc_mac_final(&m, t1, 4) == SC_OK && sc_mac_reset(&m) == SC_OK &&
              sc_mac_update(&m, msg, 2000) == SC_OK && sc_mac_final(&m, t2, 4) == SC_OK && !memcmp(t1, t2, 4),
          "generic MAC with meshing, reset");
    sc_mac_wipe(&m);
    /* The generic API without meshing (Bouncy Castle's conventions) past
     * 1024 bytes, in pieces, equals the direct API; CNT and CFB too. */
    sc_cipher_opts bc = {.key_meshing = SC_KEY_MESHING_NONE, .short_mac = SC_SHORT_MAC_BC};
    CHECK(sc_mac_init_ex(&m, "gost89-mac", key, 32, &bc) == SC_OK && sc_mac_update(&m, msg, 1500) == SC_OK &&
              sc_mac_update(&m, msg + 1500, 1500) == SC_OK && sc_mac_final(&m, t1, 4) == SC_OK &&
              sc_gost89_mac_ex(&k, SC_KEY_MESHING_NONE, SC_SHORT_MAC_BC, msg, 3000, t2, 4) == SC_OK &&
              !memcmp(t1, t2, 4),
          "generic MAC without meshing, 3000 bytes");
    sc_mac_wipe(&m);
    sc_cipher_opts none = {.key_meshing = SC_KEY_MESHING_NONE};
    const char *streams[2] = {"gost89-cnt", "gost89-cfb"};
    for (int j = 0; j < 2; j++) {
        size_t w1 = 0, w2 = 0;
        CHECK(sc_cipher_init_ex(&c, streams[j], 1, key, 32, iv, 8, &none) == SC_OK &&
                  sc_cipher_update(&c, msg, 1700, a, 1700, &w1) == SC_OK &&
                  sc_cipher_update(&c, msg + 1700, 1300, a + 1700, 1300, &w2) == SC_OK && w1 + w2 == 3000,
              "generic %s without meshing", streams[j]);
        sc_cipher_wipe(&c);
        CHECK((j ? sc_gost89_cfb_encrypt(&k, SC_KEY_MESHING_NONE, iv, 8, msg, b, 3000)
                 : sc_gost89_cnt_ex(&k, SC_KEY_MESHING_NONE, iv, 8, 0, msg, b, 3000)) == SC_OK &&
                  !memcmp(a, b, 3000),
              "generic %s without meshing = direct", streams[j]);
    }
    /* Options refused where they do not apply, or out of range. */
    struct {
        const char *name;
        sc_cipher_opts opts;
        size_t iv_len;
    } bad[] = {
        {"magma-cfb", {.key_meshing = SC_KEY_MESHING_CRYPTOPRO}, 8},
        {"gost89-cfb", {.segment_bits = 8}, 8},
        {"gost89-cnt", {.short_mac = SC_SHORT_MAC_BC}, 8},
        {"gost89-ecb", {.key_meshing = SC_KEY_MESHING_NONE}, 0},
        {"magma-ofb", {.segment_bits = 4}, 8},
        {"magma-ofb", {.segment_bits = 72}, 8},
        {"gost89-cnt", {.key_meshing = 3}, 8},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(sc_cipher_init_ex(&c, bad[i].name, 1, key, 32, iv, bad[i].iv_len, &bad[i].opts) == SC_EINVAL,
              "%s with option %zu refused", bad[i].name, i);
    sc_cipher_opts cbad = {.short_mac = 5};
    CHECK(sc_mac_init_ex(&m, "gost89-mac", key, 32, &cbad) == SC_EINVAL, "short_mac 5 refused");
    CHECK(sc_cipher_init(&c, "gost89-cfb", 1, key, 32, iv, 16) == SC_EIVSIZE, "gost89-cfb 16-byte IV");
    sc_magma_wipe(&k);
}

/* --- Named S-boxes ----------------------------------------------------------- */

static int nibbles(const char *hex, uint8_t *out)
{
    for (int i = 0; i < 128; i++) {
        char c = hex[i];
        if (c >= '0' && c <= '9') out[i] = (uint8_t)(c - '0');
        else if (c >= 'a' && c <= 'f') out[i] = (uint8_t)(c - 'a' + 10);
        else return 0;
    }
    return hex[128] == 0 || hex[128] == ' ' || hex[128] == '\n';
}

static void test_sboxes(void)
{
    size_t flen;
    char *text = test_read_file(SC_VECTORS_DIR "/gost_sboxes.txt", &flen);
    CHECK(text != NULL, "read gost_sboxes.txt");
    if (!text) return;
    int rows = 0;
    for (char *p = text, *nl; p && *p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl) *nl = 0;
        if (*p == '#' || *p == 0) continue;
        char id[64], bc[16], ge[160], bct[160];
        uint8_t g[128], b[128], ours[8][16], byname[8][16];
        CHECK(sscanf(p, "%63s %15s %159s %159s", id, bc, ge, bct) == 4 && nibbles(ge, g) && nibbles(bct, b),
              "parse %s", p);
        CHECK(sc_magma_sbox_named(id, ours) == SC_OK, "%s known", id);
        /* gost-engine lists K8 first: its row 7 - r is our row r. */
        for (int r = 0; r < 8; r++)
            CHECK(!memcmp(ours[r], g + 16 * (7 - r), 16) && !memcmp(ours[r], b + 16 * r, 16),
                  "%s row %d vs gost-engine / Bouncy Castle", id, r);
        CHECK(sc_magma_sbox_named(bc, byname) == SC_OK && !memcmp(byname, ours, sizeof ours), "BC name %s", bc);
        rows++;
    }
    CHECK(rows == 9, "%d S-box rows", rows);
    free(text);
    /* Every entry: by name, OID, alias, and in other letter cases; every
     * listed name resolves; unknown names refused. */
    sc_magma_sbox_info info;
    size_t entries = 0;
    for (; sc_magma_sbox_info_at(entries, &info) == SC_OK; entries++) {
        uint8_t a[8][16], x[8][16];
        char lower[64];
        size_t n = strlen(info.name);
        for (size_t i = 0; i <= n; i++) lower[i] = (char)(info.name[i] >= 'A' && info.name[i] <= 'Z' ? info.name[i] + 32 : info.name[i]);
        CHECK(sc_magma_sbox_named(info.name, a) == SC_OK && sc_magma_sbox_named(info.oid, x) == SC_OK &&
                  !memcmp(a, x, sizeof a),
              "%s by OID %s", info.name, info.oid);
        CHECK(sc_magma_sbox_named(lower, x) == SC_OK && !memcmp(a, x, sizeof a), "%s in lower case", info.name);
        for (const char *const *al = info.aliases; *al; al++)
            CHECK(sc_magma_sbox_named(*al, x) == SC_OK && !memcmp(a, x, sizeof a), "%s alias %s", info.name, *al);
    }
    CHECK(entries == 8, "%zu named S-boxes", entries);
    CHECK(sc_magma_sbox_info_at(0, NULL) == SC_EINVAL, "info NULL");
    size_t listed = 0;
    for (const char *const *n = sc_magma_sbox_names(); *n; n++, listed++) {
        uint8_t x[8][16];
        CHECK(sc_magma_sbox_named(*n, x) == SC_OK, "listed name %s", *n);
    }
    CHECK(listed >= 25 && !strcmp(sc_magma_sbox_names()[2], "test"), "%zu names, today's first", listed);
    uint8_t x[8][16];
    CHECK(sc_magma_sbox_named("id-Gost28147-89-CryptoPro-E-ParamSet", x) == SC_EINVAL, "unknown name");
    CHECK(sc_magma_sbox_named("1.2.643.2.2.31.9", x) == SC_EINVAL, "unknown OID");
    CHECK(sc_magma_sbox_named("E-A ", x) == SC_EINVAL, "trailing blank");
}

int main(void)
{
    big_in = calloc(LONG_MAX_BYTES, 1);
    big_out = malloc(LONG_MAX_BYTES + 64);
    if (!big_in || !big_out) return 1;
    test_sboxes();
    test_r3413_feedback();
    test_meshing_and_options();
    test_cryptopro_vectors();
    free(big_in);
    free(big_out);
    return test_finish();
}
