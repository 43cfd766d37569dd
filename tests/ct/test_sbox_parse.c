/* SPDX-License-Identifier: Apache-2.0 */
/* The answers of the constant-time S-box code (src/magma/magma_sbox.c):
 * the hex parser against a plain branchy reference over random and edge
 * inputs, the permutation check on every kind of defect, named S-boxes,
 * and the key setup and generic API refusing what the check refuses. (That
 * they take constant time is ct_magma.c under valgrind and test_ct_dudect.) */
#include <ctype.h>
#include <simdcrypt.h>

#include "magma/magma_internal.h"
#include "test_util.h"

/* The reference: what the parser must answer, written the obvious way. */
static int ref_parse(const char *hex, size_t len, uint8_t out[128])
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)hex[i];
        if (c == ' ' || (c >= '\t' && c <= '\r')) continue;
        if (!isxdigit(c) || n == 128) return SC_EINVAL;
        out[n++] = (uint8_t)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
    }
    if (n != 128) return SC_EINVAL;
    for (int r = 0; r < 8; r++) {
        unsigned seen = 0;
        for (int i = 0; i < 16; i++) seen |= 1u << out[16 * r + i];
        if (seen != 0xffff) return SC_EINVAL;
    }
    return SC_OK;
}

static void permutation_sbox(uint8_t s[128], uint64_t *rng)
{
    for (int r = 0; r < 8; r++) {
        uint8_t *p = s + 16 * r;
        for (int i = 0; i < 16; i++) p[i] = (uint8_t)i;
        for (int i = 15; i > 0; i--) {
            int j = (int)(test_rand(rng) % (uint64_t)(i + 1));
            uint8_t t = p[i];
            p[i] = p[j], p[j] = t;
        }
    }
}

/* Hex of s with random case and, when `blanks`, random blanks between. */
static size_t to_hex(const uint8_t s[128], char *out, int blanks, uint64_t *rng)
{
    static const char ws[] = " \t\n\v\f\r";
    size_t n = 0;
    for (int i = 0; i < 128; i++) {
        if (blanks && test_rand(rng) % 4 == 0) out[n++] = ws[test_rand(rng) % 6];
        char c = "0123456789abcdef"[s[i]];
        out[n++] = (char)(test_rand(rng) & 1 ? toupper((unsigned char)c) : c);
    }
    out[n] = 0;
    return n;
}

/* Parser and reference agree, and a refusal leaves a zeroed S-box. */
static void check_parse(const char *hex, size_t len, const char *what)
{
    uint8_t want[128] = {0}, got[8][16];
    memset(got, 0x77, sizeof got);
    int rw = ref_parse(hex, len, want), rg = sc_magma_sbox_parse_hex(hex, len, got);
    CHECK(rg == rw, "%s: status %d, want %d", what, rg, rw);
    if (rw != SC_OK) memset(want, 0, sizeof want);
    CHECK(memcmp(got, want, 128) == 0, "%s: S-box content", what);
}

static void test_parser(void)
{
    uint64_t rng = 42;
    uint8_t s[128];
    char hex[1024];
    for (int t = 0; t < 2000; t++) {
        permutation_sbox(s, &rng);
        size_t n = to_hex(s, hex, t & 1, &rng);
        check_parse(hex, n, "valid S-box");
        uint8_t got[8][16];
        CHECK(sc_magma_sbox_from_hex(hex, got) == SC_OK && memcmp(got, s, 128) == 0, "from_hex round trip");
        /* one character replaced by anything: a digit (a duplicate in its
         * row, or the same), a blank (a digit short), or a bad byte */
        char saved = hex[t % n];
        hex[t % n] = (char)(test_rand(&rng) & 0xff);
        check_parse(hex, n, "one byte changed");
        hex[t % n] = saved;
        /* one character too many or too few */
        hex[n] = "0f "[t % 3], hex[n + 1] = 0;
        check_parse(hex, n + 1, "one character added");
        check_parse(hex, n - 1, "one character dropped");
    }
    /* duplicates: each entry of each row set to its neighbour's value */
    permutation_sbox(s, &rng);
    for (int i = 0; i < 128; i++) {
        uint8_t d[128];
        memcpy(d, s, sizeof d);
        d[i] = d[(i & ~15) | ((i + 1) & 15)];
        size_t n = to_hex(d, hex, 0, &rng);
        check_parse(hex, n, "duplicate entry");
        CHECK(sc_magma_sbox_valid(d) == 0, "duplicate entry %d refused", i);
    }
    memset(hex, '0', 128), hex[128] = 0;
    check_parse(hex, 128, "all zero");
    CHECK(sc_magma_sbox_from_hex(hex, (uint8_t(*)[16])s) == SC_EINVAL, "all-zero S-box refused");
    const char *bad[] = {"", "0x", "g", "-1", "0123456789abcdef"};
    for (size_t i = 0; i < SC_COUNT_OF(bad); i++) check_parse(bad[i], strlen(bad[i]), bad[i]);
    char nul[129];
    memset(nul, '1', sizeof nul), nul[64] = 0;
    check_parse(nul, sizeof nul, "NUL inside the length");
    static char huge[5000];
    memset(huge, ' ', sizeof huge - 1);
    permutation_sbox(s, &rng);
    to_hex(s, huge + 4096 - 128, 0, &rng); /* 3968 blanks + 128 digits */
    check_parse(huge, 4096, "4096 characters");
    huge[4096] = ' ';
    CHECK(sc_magma_sbox_parse_hex(huge, 4097, (uint8_t(*)[16])s) == SC_EINVAL, "over 4096 characters refused");
    CHECK(sc_magma_sbox_from_hex(NULL, (uint8_t(*)[16])s) == SC_EINVAL, "NULL string");
}

static void test_valid_and_init(void)
{
    uint8_t s[128], key[32] = {0};
    sc_magma_key k;
    for (const char *const *n = sc_magma_sbox_names(); *n; n++) {
        CHECK(sc_magma_sbox_named(*n, (uint8_t(*)[16])s) == SC_OK, "named %s", *n);
        CHECK(sc_magma_sbox_valid(s) == 1, "named %s is a permutation per row", *n);
        char longer[96];
        snprintf(longer, sizeof longer, "%s ", *n);
        CHECK(sc_magma_sbox_named(longer, (uint8_t(*)[16])s) == SC_EINVAL, "'%s' is not a name", longer);
        longer[strlen(*n) - 1] = 0;
        CHECK(sc_magma_sbox_named(longer, (uint8_t(*)[16])s) == SC_EINVAL, "'%s' is not a name", longer);
    }
    uint64_t rng = 7;
    permutation_sbox(s, &rng);
    CHECK(sc_magma_init(&k, key, 32, s) == SC_OK, "permutation S-box accepted");
    CHECK(sc_gost89_init(&k, key, 32, s) == SC_OK, "permutation S-box accepted (GOST 28147-89)");
    for (int v = 16; v < 256; v += 15) { /* entries above 15, even when v & 15 completes the row */
        uint8_t d[128];
        memcpy(d, s, sizeof d);
        d[v % 128] = (uint8_t)((d[v % 128] & 15) | (v & 0xf0));
        CHECK(sc_magma_sbox_valid(d) == 0, "entry %#x refused", d[v % 128]);
        CHECK(sc_magma_init(&k, key, 32, d) == SC_EINVAL, "entry above 15: init refuses");
    }
    memset(s, 0, sizeof s);
    CHECK(sc_magma_init(&k, key, 32, s) == SC_EINVAL, "all-zero S-box: sc_magma_init refuses");
    CHECK(sc_gost89_init(&k, key, 32, s) == SC_EINVAL, "all-zero S-box: sc_gost89_init refuses");
    sc_magma_wipe(&k);

    /* generic API: the hex of a named S-box equals the name; all zero refused */
    uint8_t named[128], in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, a[8], b[8];
    char hex[256];
    sc_magma_sbox_named("test", (uint8_t(*)[16])named);
    to_hex(named, hex, 1, &rng);
    sc_cipher_opts by_name = {.kernel = NULL, .sbox = "test"}, by_hex = {.kernel = NULL, .sbox = hex}, zero = {.kernel = NULL, .sbox = NULL};
    sc_cipher_ctx c;
    size_t n;
    CHECK(sc_cipher_init_ex(&c, "gost89-ecb", 1, key, 32, NULL, 0, &by_name) == SC_OK &&
              sc_cipher_update(&c, in, 8, a, sizeof a, &n) == SC_OK,
          "named S-box");
    CHECK(sc_cipher_init_ex(&c, "gost89-ecb", 1, key, 32, NULL, 0, &by_hex) == SC_OK &&
              sc_cipher_update(&c, in, 8, b, sizeof b, &n) == SC_OK,
          "hex S-box");
    CHECK(memcmp(a, b, 8) == 0, "hex of the named S-box encrypts as the name");
    memset(hex, '0', 128), hex[128] = 0;
    zero.sbox = hex;
    CHECK(sc_cipher_init_ex(&c, "gost89-ecb", 1, key, 32, NULL, 0, &zero) == SC_EINVAL,
          "generic API refuses an all-zero S-box");
    sc_cipher_wipe(&c);
}

int main(void)
{
    test_parser();
    test_valid_and_init();
    return test_finish();
}
