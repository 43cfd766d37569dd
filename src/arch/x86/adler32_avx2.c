/* SPDX-License-Identifier: Apache-2.0 */
/* Adler-32, AVX2: vpmaddubsw byte weights + vpmaddwd for the b-sum, vpsadbw
 * for the a-sum; 4 x 32-byte vectors per group. Method and overflow bounds:
 * adler32_x86_template.h. */
#include <immintrin.h>

#include "../../checksum/checksum_kernels.h"
#include "adler32_x86_common.h"

typedef __m256i vec_t;

static inline vec_t vec_zero(void) { return _mm256_setzero_si256(); }
static inline vec_t vec_load(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }
static inline vec_t vec_add(vec_t x, vec_t y) { return _mm256_add_epi32(x, y); }
#define vec_shl(x, n) _mm256_slli_epi32((x), (n))
/* vpsadbw: 64-bit sums with zero high halves, exact as 32-bit lanes. */
static inline vec_t vec_sum_bytes(vec_t acc, vec_t v)
{
    return _mm256_add_epi32(acc, _mm256_sad_epu8(v, _mm256_setzero_si256()));
}
/* vpmaddubsw pairs: at most 255*(32+31) = 16065, no int16 saturation. */
static inline vec_t vec_dot(vec_t acc, vec_t v, vec_t w)
{
    return _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(v, w), _mm256_set1_epi16(1)));
}
/* Two vectors' vpmaddubsw pairs added before the one widening vpmaddwd: at
 * most 255*(32+31)*2 = 32130 < 32767, no int16 overflow. */
#define SC_ADLER_TWO_VECTORS 1
static inline vec_t vec_dot_pair2(vec_t v0, vec_t w0, vec_t v1, vec_t w1)
{
    vec_t pairs = _mm256_add_epi16(_mm256_maddubs_epi16(v0, w0), _mm256_maddubs_epi16(v1, w1));
    return _mm256_madd_epi16(pairs, _mm256_set1_epi16(1));
}
static inline uint32_t vec_hsum(vec_t x)
{
    __m128i y = _mm_add_epi32(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
    y = _mm_add_epi32(y, _mm_shuffle_epi32(y, _MM_SHUFFLE(1, 0, 3, 2)));
    y = _mm_add_epi32(y, _mm_shuffle_epi32(y, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(y);
}
/* Needs 32 readable bytes at p: guaranteed by SC_ADLER_SCALAR_BELOW. */
static inline vec_t vec_head(const uint8_t *p, size_t h)
{
    return _mm256_and_si256(vec_load(p), vec_load(sc_adler_x86_keep + SC_ADLER_X86_MAX_W - h));
}

/* The group loop of adler32_x86_template.h, written out: gcc 12 compiles the
 * C loop with 5 register copies and 4 duplicate loads per 128-byte group
 * (37 instructions; the accumulators, the weights, the ones and the zero
 * plus 4 data vectors and the temporaries exceed 16 ymm registers). Here
 * each pair of vectors is consumed before the next is loaded: 13 registers,
 * 26 vector instructions a group (the int16 pairs of two vectors added as
 * in vec_dot_pair2). On Zen 3 the byte-sum, multiply-add and
 * widening instructions issue on two pipes (measured: vpsadbw, vpmaddubsw,
 * vpmaddwd each 2 per cycle, mixed also 2 per cycle), the adds on four; the
 * loop runs at ~7 cycles a group against ~7.4 for the compiled one.
 * The accumulators are early-clobber: they start as zero like the zero
 * register, and gcc would otherwise give both the same register. */
#define SC_ADLER_HAS_GROUP_LOOP 1
static inline const uint8_t *sc_adler_group_loop(const uint8_t *p, size_t m, vec_t w, vec_t *s1_0, vec_t *s1_1,
                                                 vec_t *s1_2, vec_t *s1_3, vec_t *s1s, vec_t *s2_0, vec_t *s2_1)
{
    vec_t a0 = *s1_0, a1 = *s1_1, a2 = *s1_2, a3 = *s1_3, ss = *s1s, b0 = *s2_0, b1 = *s2_1, t0, t1, t2;
    const vec_t zero = _mm256_setzero_si256(), ones = _mm256_set1_epi16(1);
#define SC_ADLER_AVX2_PAIR(off, sa, sb, acc)            \
    "vmovdqu " #off "(%[p]), %[t0]\n\t"                 \
    "vmovdqu " #off "+32(%[p]), %[t1]\n\t"              \
    "vpsadbw %[zero], %[t0], %[t2]\n\t"                 \
    "vpaddd %[t2], %[" #sa "], %[" #sa "]\n\t"          \
    "vpsadbw %[zero], %[t1], %[t2]\n\t"                 \
    "vpaddd %[t2], %[" #sb "], %[" #sb "]\n\t"          \
    "vpmaddubsw %[w], %[t0], %[t0]\n\t"                 \
    "vpmaddubsw %[w], %[t1], %[t1]\n\t"                 \
    "vpaddw %[t0], %[t1], %[t0]\n\t"                    \
    "vpmaddwd %[ones], %[t0], %[t0]\n\t"                \
    "vpaddd %[t0], %[" #acc "], %[" #acc "]\n\t"
    __asm__("1:\n\t"
            /* s1s += the byte sums of every earlier group */
            "vpaddd %[a0], %[a1], %[t0]\n\t"
            "vpaddd %[a2], %[a3], %[t1]\n\t"
            "vpaddd %[t0], %[t1], %[t0]\n\t"
            "vpaddd %[t0], %[ss], %[ss]\n\t"
            SC_ADLER_AVX2_PAIR(0, a0, a1, b0)
            SC_ADLER_AVX2_PAIR(64, a2, a3, b1)
            "sub $-128, %[p]\n\t"
            "dec %[m]\n\t"
            "jnz 1b"
            : [a0] "+&x"(a0), [a1] "+&x"(a1), [a2] "+&x"(a2), [a3] "+&x"(a3), [ss] "+&x"(ss), [b0] "+&x"(b0),
              [b1] "+&x"(b1), [t0] "=&x"(t0), [t1] "=&x"(t1), [t2] "=&x"(t2), [p] "+&r"(p), [m] "+&r"(m)
            : [w] "x"(w), [zero] "x"(zero), [ones] "x"(ones)
            : "cc", "memory");
#undef SC_ADLER_AVX2_PAIR
    *s1_0 = a0, *s1_1 = a1, *s1_2 = a2, *s1_3 = a3, *s1s = ss, *s2_0 = b0, *s2_1 = b1;
    return p;
}

#define SC_ADLER_FN sc_adler32_x86_avx2
#define SC_ADLER_W 32
#define SC_ADLER_LOG2_W 5
/* K = 128: the largest G with 255*128*G*(G+1)/2 < 2^32 is 512 (65,536-byte
 * chunks); the weighted-sum bound allows far more. */
#define SC_ADLER_GROUPS 512
#define SC_ADLER_SCALAR_BELOW 32
#include "adler32_x86_template.h"
