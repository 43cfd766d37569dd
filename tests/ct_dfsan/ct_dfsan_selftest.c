/* SPDX-License-Identifier: Apache-2.0 */
/* Self-test of the DFSan constant-time checker: deliberately leaky mini
 * kernels must be flagged with the right kind, constant-time ones (including
 * the AVX-512 byte permutes, GF(2^8) affine, mask blends on secret masks and
 * masked loads/stores of secrets) must pass. Without this a checker that
 * flags nothing would pass every cipher; tests/ct_dfsan/ct_dfsan_ciphers.c
 * refuses to run unless this passed in the same build.
 * Prints "N passed, N failed"; exit status 1 on any mismatch. */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ct_checker.h"

#define AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi,gfni"), noinline))
#define AVX2 __attribute__((target("avx2"), noinline))
#define NOINLINE __attribute__((noinline))

static uint8_t table[256];
static int32_t table32[256];

/* --- leaky: a table indexed by a secret byte (the classic S-box lookup) --- */
static NOINLINE unsigned leak_table_lookup(const uint8_t *secret) { return table[secret[0]]; }

/* --- leaky: a loop whose trip count is secret --- */
static NOINLINE unsigned leak_branch(const uint8_t *secret)
{
    unsigned x = secret[1], n = 0;
    while (x) x >>= 1, n++;
    return n;
}

/* --- leaky: a store to a secret position --- */
static NOINLINE void leak_store_index(const uint8_t *secret, uint8_t *out) { out[secret[2] & 15] = 1; }

/* --- leaky: secret length --- */
static NOINLINE void leak_memcpy_length(const uint8_t *secret, uint8_t *out, const uint8_t *in)
{
    memcpy(out, in, secret[3] & 15);
}

/* --- leaky: AVX-512 and AVX2 gathers with secret indices --- */
static AVX512 void leak_gather512(const uint8_t *secret, int32_t *out)
{
    __m512i idx = _mm512_and_si512(_mm512_loadu_si512(secret), _mm512_set1_epi32(255));
    _mm512_storeu_si512(out, _mm512_i32gather_epi32(idx, table32, 4));
}
static AVX2 void leak_gather256(const uint8_t *secret, int32_t *out)
{
    __m256i idx = _mm256_and_si256(_mm256_loadu_si256((const void *)secret), _mm256_set1_epi32(255));
    _mm256_storeu_si256((void *)out, _mm256_i32gather_epi32(table32, idx, 4));
}

/* --- leaky: a secret that only travelled through a masked load, then
 * indexes a table (proves masked loads keep the data's label) --- */
static AVX512 unsigned leak_after_masked_load(const uint8_t *secret, __mmask64 k)
{
    uint8_t lanes[64];
    _mm512_storeu_si512(lanes, _mm512_maskz_loadu_epi8(k, secret));
    return table[lanes[5]];
}

/* --- leaky: a secret stored by a masked store, reloaded, used as index --- */
static AVX512 void masked_store(uint8_t *buf, const uint8_t *secret, __mmask64 k)
{
    _mm512_mask_storeu_epi8(buf, k, _mm512_loadu_si512(secret));
}
static NOINLINE unsigned lookup_byte(const uint8_t *buf, size_t i) { return table[buf[i]]; }

/* --- constant time: byte permutes, shuffles, GF(2^8) affine, mask blend on a
 * secret mask, masked load/store of secrets with public masks --- */
static AVX512 void clean_avx512(const uint8_t *secret, uint8_t *out, __mmask64 k)
{
    __m512i x = _mm512_loadu_si512(secret), t = _mm512_loadu_si512(secret + 64);
    __m512i a = _mm512_permutexvar_epi8(x, t);                   /* vpermb */
    __m512i b = _mm512_permutex2var_epi8(t, x, a);               /* vpermi2b */
    __m512i c = _mm512_shuffle_epi8(t, x);                       /* vpshufb */
    __m512i d = _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64(0x0102040810204080), 0x63);
    __m512i e = _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), a, b); /* vector select */
    __m512i f = _mm512_maskz_loadu_epi8(k, secret + 7);
    __m512i r = _mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(_mm512_xor_si512(c, d), e));
    _mm512_mask_storeu_epi8(out, k, _mm512_xor_si512(r, f));
}

/* --- constant time: secret data at public positions --- */
static NOINLINE void clean_scalar(const uint8_t *secret, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(secret[i] ^ table[i] ^ (secret[(i + 1) % n] >> 3));
}

static int passed, failed;

/* expect: the SC_CT_* kinds that must be hit (0: none but selects allowed). */
static void check(const char *name, unsigned expect, unsigned hit, size_t violations)
{
    unsigned hard = hit & ~(unsigned)SC_CT_SELECT;
    int ok = expect ? (hard & expect) == expect : violations == 0;
    printf("%s %s: expected %s, got kinds 0x%x\n", ok ? "ok  " : "FAIL", name,
           expect ? "a violation" : "no violation", hit);
    ok ? passed++ : failed++;
}

#define CASE(name, expect, stmt) \
    do { \
        sc_ct_begin(name); \
        stmt; \
        size_t v = sc_ct_end(1); \
        check(name, expect, sc_ct_kinds(), v); \
    } while (0)

int main(void)
{
    uint8_t secret[256], out[256], in[256];
    int32_t out32[16];
    volatile unsigned sink = 0;
    for (int i = 0; i < 256; i++) secret[i] = (uint8_t)(i * 37 + 1), table[i] = (uint8_t)i, table32[i] = i, in[i] = 0;
    sc_ct_secret(secret, sizeof secret, SC_CT_KEY | SC_CT_DATA);
    __mmask64 public_mask = ~(__mmask64)0 >> 9;

    CASE("leaky table[secret]", SC_CT_ADDRESS, sink += leak_table_lookup(secret));
    CASE("leaky branch on secret", SC_CT_BRANCH, sink += leak_branch(secret));
    CASE("leaky out[secret] = ...", SC_CT_ADDRESS, leak_store_index(secret, out));
    CASE("leaky memcpy(secret length)", SC_CT_INDEX, leak_memcpy_length(secret, out, in));
    CASE("clean secret data at public indices", 0, clean_scalar(secret, out, 200));
    if (__builtin_cpu_supports("avx2")) CASE("leaky AVX2 gather", SC_CT_INDEX, leak_gather256(secret, out32));
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni")) {
        CASE("leaky AVX-512 gather", SC_CT_INDEX, leak_gather512(secret, out32));
        CASE("leaky lookup after masked load", SC_CT_ADDRESS, sink += leak_after_masked_load(secret, public_mask));
        uint8_t buf[64] = {0};
        CASE("leaky lookup after masked store", SC_CT_ADDRESS,
             (masked_store(buf, secret, public_mask), sink += lookup_byte(buf, 3)));
        CASE("clean AVX-512 vpermb/vpermi2b/vpshufb/gf2p8affine/blend/masked", 0,
             clean_avx512(secret, out, public_mask));
        /* and the clean case's masked store really carried the label */
        CASE("leaky lookup of clean case's masked-store output", SC_CT_ADDRESS, sink += lookup_byte(out, 4));
    } else {
        puts("note: no AVX-512 VBMI/GFNI here: the AVX-512 self-test cases are not run");
    }
    (void)sink;
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
