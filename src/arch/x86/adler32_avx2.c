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
/* The int16 pair sums of two vectors, at most 255*(32+31)*2 = 32130 < 32767, can be
 * added before the one widening pmaddwd. */
#define SC_ADLER_HAS_DOT_PAIR 1
static inline vec_t vec_dot_pair(vec_t v0, vec_t v1, vec_t w)
{
    vec_t pairs = _mm256_add_epi16(_mm256_maddubs_epi16(v0, w), _mm256_maddubs_epi16(v1, w));
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

#define SC_ADLER_FN sc_adler32_x86_avx2
#define SC_ADLER_W 32
#define SC_ADLER_LOG2_W 5
/* K = 128: the largest G with 255*128*G*(G+1)/2 < 2^32 is 512 (65,536-byte
 * chunks); the weighted-sum bound allows far more. */
#define SC_ADLER_GROUPS 512
#define SC_ADLER_SCALAR_BELOW 32
#include "adler32_x86_template.h"
