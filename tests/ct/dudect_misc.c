/* SPDX-License-Identifier: Apache-2.0 */
/* dudect tests besides the ciphers: sc_memeq, the Magma S-box parser, its
 * validity check and key setup with a secret S-box, and the hex decoders of
 * secrets (the hex_decoders table). */
#include <stdlib.h>
#include <string.h>

#include "dudect_cases.h"
#include "magma/magma_internal.h"

/* Hex decoders of secrets with this shape: 0 on success. One line each
 * (the CLI's, src/cli/key_hex.c, is compiled into the test). */
typedef int (*hex_decoder)(const char *hex, size_t hexlen, uint8_t *out, size_t cap, size_t *outlen);
#include "cli/key_hex.h"
static const struct {
    const char *name;
    hex_decoder fn;
} hex_decoders[] = {{"cli_hex_decode_ct", cli_hex_decode_ct}, {NULL, NULL}};

void ct_random_sbox(dd_rng *rng, uint8_t sbox[128])
{
    for (int r = 0; r < 8; r++) {
        uint8_t *p = sbox + 16 * r;
        for (int i = 0; i < 16; i++) p[i] = (uint8_t)i;
        for (int i = 15; i > 0; i--) { /* Fisher-Yates */
            uint32_t j = dd_below(rng, (uint32_t)i + 1);
            uint8_t t = p[i];
            p[i] = p[j], p[j] = t;
        }
    }
}

static char hex_digit(unsigned v, dd_rng *rng)
{
    char c = "0123456789abcdef"[v & 15];
    return (char)(c >= 'a' && (dd_rand(rng) & 1) ? c - 'a' + 'A' : c);
}

void ct_sbox_hex(const uint8_t sbox[128], dd_rng *rng, char hex[CT_SBOX_HEX])
{
    char *p = hex;
    for (int i = 0; i < 128; i++) {
        if (i && i % 16 == 0) *p++ = ' ';
        *p++ = hex_digit(sbox[i], rng);
    }
    *p = 0;
}

/* ---- comparisons ---------------------------------------------------------- */

enum { CMP_LEN = 64 };

typedef struct cmp_arg {
    int (*cmp)(const void *, const void *, size_t);
    uint8_t a[DD_SLOTS][CMP_LEN], b[DD_SLOTS][CMP_LEN];
} cmp_arg;

static void cmp_prepare(void *p, size_t i, int cls, dd_rng *rng)
{
    cmp_arg *c = p;
    dd_fill(rng, c->a[i], CMP_LEN);
    memcpy(c->b[i], c->a[i], CMP_LEN);
    if (cls == 1) c->b[i][dd_below(rng, CMP_LEN)] ^= (uint8_t)(1 + dd_below(rng, 255));
}

static uint64_t cmp_measure(void *p, size_t i)
{
    cmp_arg *c = p;
    uint64_t t0 = dd_start();
    int r = c->cmp(c->a[i], c->b[i], CMP_LEN);
    uint64_t t = dd_stop() - t0;
    dd_sink += (uint64_t)r;
    return t;
}

void ct_add_compare_test(const char *group, const char *name, int (*cmp)(const void *, const void *, size_t),
                         int expect_leak)
{
    cmp_arg *c = calloc(1, sizeof *c);
    if (c == NULL) abort();
    c->cmp = cmp;
    dd_test t = {{0}, c, cmp_prepare, cmp_measure, NULL, NULL};
    strncpy(t.name, name, sizeof t.name - 1);
    ct_add(group, &t, expect_leak);
}

/* ---- parsers: one secret input string per slot --------------------------- */

typedef struct parse_arg {
    void (*make)(dd_rng *rng, char *in); /* a random valid input */
    /* the timed call; a failure or-ed into a->status */
    uint64_t (*op)(struct parse_arg *a, const char *in);
    hex_decoder decoder; /* for op_hex_decode */
    int status, have_fixed;
    char fixed[CT_SBOX_HEX], in[DD_SLOTS][CT_SBOX_HEX];
} parse_arg;

static void parse_prepare(void *p, size_t i, int cls, dd_rng *rng)
{
    parse_arg *a = p;
    if (!a->have_fixed) a->make(rng, a->fixed), a->have_fixed = 1;
    if (cls == 0) memcpy(a->in[i], a->fixed, CT_SBOX_HEX);
    else a->make(rng, a->in[i]);
}

static uint64_t parse_measure(void *p, size_t i)
{
    parse_arg *a = p;
    uint64_t t0 = dd_start();
    uint64_t r = a->op(a, a->in[i]);
    uint64_t t = dd_stop() - t0;
    dd_sink += r;
    return t;
}

static void add_parse_test(const char *group, const char *name, void (*make)(dd_rng *, char *),
                           uint64_t (*op)(parse_arg *, const char *), hex_decoder decoder)
{
    parse_arg *a = calloc(1, sizeof *a);
    if (a == NULL) abort();
    a->make = make, a->op = op, a->decoder = decoder;
    dd_test t = {{0}, a, parse_prepare, parse_measure, NULL, &a->status};
    strncpy(t.name, name, sizeof t.name - 1);
    ct_add(group, &t, 0);
}

static void make_sbox_hex(dd_rng *rng, char *in)
{
    uint8_t sbox[128];
    ct_random_sbox(rng, sbox);
    ct_sbox_hex(sbox, rng, in);
}

static void make_sbox_raw(dd_rng *rng, char *in) { ct_random_sbox(rng, (uint8_t *)in); }

enum { KEY_HEX = 64 }; /* a 32-byte key */
static void make_key_hex(dd_rng *rng, char *in)
{
    for (int i = 0; i < KEY_HEX; i++) in[i] = hex_digit((unsigned)dd_rand(rng), rng);
    in[KEY_HEX] = 0;
}

static uint64_t op_sbox_from_hex(parse_arg *a, const char *in)
{
    uint8_t sbox[8][16];
    a->status |= sc_magma_sbox_from_hex(in, sbox);
    return sbox[0][0];
}

static uint64_t op_sbox_valid(parse_arg *a, const char *in)
{
    int ok = sc_magma_sbox_valid((const uint8_t *)in);
    a->status |= !ok;
    return (uint64_t)ok;
}

/* Key setup with the S-box as bytes: the validity check and the dispatched
 * kernel's tables built from the secret S-box (the kernels one by one are
 * the cipher tests' "sbox" class). */
static uint64_t op_magma_init(parse_arg *a, const char *in)
{
    static const uint8_t key[32] = {1, 2, 3};
    sc_magma_key k;
    a->status |= sc_magma_init(&k, key, sizeof key, (const uint8_t *)in);
    uint64_t r = k.tables[0];
    sc_magma_wipe(&k);
    return r;
}

static uint64_t op_hex_decode(parse_arg *a, const char *in)
{
    uint8_t out[KEY_HEX / 2];
    size_t n = 0;
    a->status |= (a->decoder(in, KEY_HEX, out, sizeof out, &n) != 0) | (n != sizeof out);
    return out[0];
}

void ct_add_misc_tests(void)
{
    ct_add_compare_test("sc_memeq", "sc_memeq 64 bytes", sc_memeq, 0);
    add_parse_test("magma S-box", "sc_magma_sbox_from_hex", make_sbox_hex, op_sbox_from_hex, NULL);
    add_parse_test("magma S-box", "S-box validity check", make_sbox_raw, op_sbox_valid, NULL);
    add_parse_test("magma S-box", "sc_magma_init with the S-box", make_sbox_raw, op_magma_init, NULL);
    for (size_t i = 0; hex_decoders[i].name; i++)
        add_parse_test("hex decoders", hex_decoders[i].name, make_key_hex, op_hex_decode, hex_decoders[i].fn);
}
