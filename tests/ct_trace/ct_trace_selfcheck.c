/* SPDX-License-Identifier: Apache-2.0 */
/* Self-checks of ct_trace, run first: deliberately leaky functions, each a
 * kind of leak the tracer must report, and clean ones it must pass. A run
 * that misses one proves nothing, so that is a failure. Compiled into the
 * test with the same compiler and flags as the test; the AVX-512 ones with
 * target attributes (and run only where the CPU has the features). */
#include <immintrin.h>
#include <stdio.h>
#include <string.h>

#include "ct_trace_run.h"

static volatile uint64_t sink;
static uint8_t table[256] __attribute__((aligned(64))); /* 4 cache lines: in L1, what dudect misses */

/* Every case draws 64 secret bytes, then runs its body between the
 * markers. s[0] and s[1] differ between runs for sure (bit 0 from the seed:
 * consecutive runs have consecutive seeds), so every leak below shows. */
#define SECRET_CASE(fn_name, setup, body)                            \
    static int fn_name(ct_rng *rng, const void *arg)                 \
    {                                                                \
        uint8_t s[64] __attribute__((aligned(64)));                  \
        uint8_t seed_bit = (uint8_t)(rng->s & 1);                    \
        (void)arg;                                                   \
        ct_rng_fill(rng, s, sizeof s);                               \
        s[0] = (uint8_t)((s[0] & ~1u) | seed_bit), s[1] = seed_bit;  \
        setup;                                                       \
        ct_trace_begin();                                            \
        body;                                                        \
        ct_trace_end();                                              \
        return 0;                                                    \
    }

__attribute__((noinline)) static uint64_t lookup(const uint8_t *s)
{
    return table[s[0]];
}

__attribute__((noinline)) static int early_exit_compare(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

__attribute__((noinline)) static void bump(void)
{
    sink++;
}

/* A branch on a mask bit computed by AVX-512 code: bump() is a call, so
 * the compiler cannot turn the branch into a cmov. */
__attribute__((noinline, target("avx512f,avx512bw"))) static void avx512_mask_branch(const uint8_t *s)
{
    __m512i a = _mm512_load_si512((const void *)s);
    __mmask64 m = _mm512_cmpeq_epi8_mask(a, _mm512_set1_epi8(1));
    if ((m >> 1) & 1) bump(); /* s[1] == 1 */
}

/* A secret index into a table through an EVEX load (the VEX/EVEX decoder's
 * path: capstone 4 decodes few AVX-512 instructions). */
__attribute__((noinline, target("avx512f,avx512bw"))) static void avx512_load_index(const uint8_t *s)
{
    __m512i v = _mm512_loadu_si512((const void *)(table + (s[0] & 127)));
    sink += (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(v));
}

/* Gathers at public indices are fine: the index vector is compared */
__attribute__((noinline, target("avx512f"))) static void avx512_public_gather(const uint8_t *s)
{
    __m512i idx = _mm512_set_epi32(15, 3, 7, 1, 0, 9, 4, 12, 2, 8, 5, 6, 11, 10, 14, 13);
    __m512i v = _mm512_i32gather_epi32(idx, (const void *)(table + (s[5] & 0)), 4);
    sink += (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(v));
}

__attribute__((noinline, target("avx2"))) static void avx2_gather(const uint8_t *s)
{
    __m256i idx = _mm256_and_si256(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const void *)s)), _mm256_set1_epi32(63));
    __m256i v = _mm256_i32gather_epi32((const int *)table, idx, 4);
    sink += (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(v));
}

__attribute__((noinline, target("avx512f"))) static void avx512_gather(const uint8_t *s)
{
    __m512i idx = _mm512_and_si512(_mm512_cvtepu8_epi32(_mm_load_si128((const void *)s)), _mm512_set1_epi32(63));
    __m512i v = _mm512_i32gather_epi32(idx, (const void *)table, 4);
    sink += (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(v));
}

__attribute__((noinline)) static void secret_length_copy(const uint8_t *s)
{
    static uint8_t dst[128];
    memcpy(dst, s, s[0] & 63);
    sink += dst[0];
}

__attribute__((noinline)) static void secret_divisor(const uint8_t *s)
{
    volatile uint64_t num = 1000003;
    sink += num / ((uint64_t)s[0] + 1);
}

/* DIV by a memory operand (gcc emits it for a divisor in a structure):
 * the recorders keep the divisor's value */
__attribute__((noinline)) static void secret_divisor_in_memory(const uint8_t *s)
{
    uint64_t d = (uint64_t)s[0] + 1, q, r;
    __asm__ volatile("divq %2" : "=a"(q), "=d"(r) : "m"(d), "a"((uint64_t)1000003), "d"((uint64_t)0));
    sink += q + r;
}

/* An instruction neither decoder knows: legacy-SSE GF2P8MULB (66 0F 38 CF,
 * which capstone 4 lacks) must be reported, not passed over. */
__attribute__((noinline)) static void undecodable(const uint8_t *s)
{
    (void)s;
    __asm__ volatile(".byte 0x66, 0x0f, 0x38, 0xcf, 0xc1" ::: "xmm0"); /* gf2p8mulb xmm0, xmm1 */
}

/* Clean: byte permutes and blends indexed or masked by secrets. */
__attribute__((noinline, target("avx512f,avx512bw,avx512vbmi"))) static void avx512_permutes(const uint8_t *s)
{
    __m512i x = _mm512_load_si512((const void *)s), t = _mm512_load_si512((const void *)table);
    __m512i p = _mm512_permutexvar_epi8(x, t);                 /* vpermb */
    __m512i q = _mm512_shuffle_epi8(t, x);                     /* vpshufb */
    __m512i r = _mm512_permutex2var_epi8(t, x, p);             /* vpermi2b/vpermt2b */
    __mmask64 m = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(7));
    __m512i b = _mm512_mask_blend_epi8(m, q, r);               /* blend on a secret mask */
    sink += (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(b));
}

__attribute__((noinline)) static void masks(const uint8_t *s)
{
    uint64_t acc = 0;
    for (int i = 0; i < 64; i++) { /* select without a branch: x & -(bit) */
        uint64_t bit = s[i] & 1;
        acc ^= (uint64_t)table[i] & (0 - bit);
    }
    sink += acc;
}

SECRET_CASE(leak_table, (void)0, sink += lookup(s))
SECRET_CASE(leak_compare, (memcpy(s + 32, s, 32), s[32 + (s[0] & 31)] ^= 1), /* the first difference */
            sink += (uint64_t)early_exit_compare(s, s + 32, 32))
SECRET_CASE(leak_avx512_branch, (void)0, avx512_mask_branch(s))
SECRET_CASE(leak_avx512_index, (void)0, avx512_load_index(s))
SECRET_CASE(leak_memcpy, (void)0, secret_length_copy(s))
SECRET_CASE(leak_div, (void)0, secret_divisor(s))
SECRET_CASE(leak_div_memory, (void)0, secret_divisor_in_memory(s))
SECRET_CASE(leak_gather, (void)0, avx512_gather(s))
SECRET_CASE(leak_avx2_gather, (void)0, avx2_gather(s))
SECRET_CASE(clean_gather, (void)0, avx512_public_gather(s))
SECRET_CASE(cannot_decode, (void)0, undecodable(s))
SECRET_CASE(clean_permutes, (void)0, avx512_permutes(s))
SECRET_CASE(clean_masks, (void)0, masks(s))

int ct_selfchecks(void)
{
    static const struct {
        const char *what;
        ct_case_fn fn;
        enum ct_verdict expect;
        int needs; /* 1: AVX-512 BW + VBMI, 2: GFNI */
    } checks[] = {
        {"self-check: table[secret byte] (L1-resident table)", leak_table, CT_LEAK, 0},
        {"self-check: early-exit compare", leak_compare, CT_LEAK, 0},
        {"self-check: branch on an AVX-512 compare mask bit", leak_avx512_branch, CT_LEAK, 1},
        {"self-check: EVEX load at a secret offset", leak_avx512_index, CT_LEAK, 1},
        {"self-check: memcpy of a secret length", leak_memcpy, CT_LEAK, 0},
        {"self-check: division by a secret", leak_div, CT_LEAK, 0},
        {"self-check: division by a secret in memory", leak_div_memory, CT_LEAK, 0},
        {"self-check: AVX-512 gather at secret indices", leak_gather, CT_LEAK, 1},
        {"self-check: AVX2 gather at secret indices", leak_avx2_gather, CT_LEAK, 1},
        {"self-check: AVX-512 gather at public indices", clean_gather, CT_CLEAN, 1},
        {"self-check: an instruction capstone 4 cannot decode (legacy GF2P8MULB)", cannot_decode, CT_UNCHECKABLE, 2},
        {"self-check: vpermb, vpshufb, vpermi2b, mask blend on secrets", clean_permutes, CT_CLEAN, 1},
        {"self-check: branch-free masks", clean_masks, CT_CLEAN, 0},
    };
    for (int i = 0; i < 256; i++) table[i] = (uint8_t)(i * 73 + 5);
    int avx512 = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi");
    int gfni = __builtin_cpu_supports("gfni");
    int failures = 0;
    for (size_t i = 0; i < sizeof checks / sizeof *checks; i++) {
        if ((checks[i].needs == 1 && !avx512) || (checks[i].needs == 2 && !gfni)) {
            ct_skip("self-checks", 1);
            continue;
        }
        failures += ct_run("self-checks", checks[i].what, checks[i].fn, NULL, checks[i].expect);
    }
    return failures;
}
