/* SPDX-License-Identifier: Apache-2.0 */
/* Adler-32, SSSE3: pmaddubsw byte weights + pmaddwd for the b-sum, psadbw
 * for the a-sum; 4 x 16-byte vectors per group. Method and overflow bounds:
 * adler32_x86_template.h. */
#include <immintrin.h>

#include "../../checksum/checksum_kernels.h"
#include "adler32_x86_common.h"

typedef __m128i vec_t;

static inline vec_t vec_zero(void) { return _mm_setzero_si128(); }
static inline vec_t vec_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline vec_t vec_add(vec_t x, vec_t y) { return _mm_add_epi32(x, y); }
#define vec_shl(x, n) _mm_slli_epi32((x), (n))
/* psadbw leaves two 64-bit sums whose high halves are zero: adding them as
 * 32-bit lanes is exact. */
static inline vec_t vec_sum_bytes(vec_t acc, vec_t v) { return _mm_add_epi32(acc, _mm_sad_epu8(v, _mm_setzero_si128())); }
/* pmaddubsw pairs: at most 255*(16+15) = 7905, no int16 saturation. */
static inline vec_t vec_dot(vec_t acc, vec_t v, vec_t w)
{
    return _mm_add_epi32(acc, _mm_madd_epi16(_mm_maddubs_epi16(v, w), _mm_set1_epi16(1)));
}
/* The int16 pair sums of two vectors, at most 255*(16+15)*2 = 15810 < 32767, can be
 * added before the one widening pmaddwd. */
#define SC_ADLER_HAS_DOT_PAIR 1
static inline vec_t vec_dot_pair(vec_t v0, vec_t v1, vec_t w)
{
    vec_t pairs = _mm_add_epi16(_mm_maddubs_epi16(v0, w), _mm_maddubs_epi16(v1, w));
    return _mm_madd_epi16(pairs, _mm_set1_epi16(1));
}
static inline uint32_t vec_hsum(vec_t x)
{
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(1, 0, 3, 2)));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(x);
}
/* Needs 16 readable bytes at p: guaranteed by SC_ADLER_SCALAR_BELOW. */
static inline vec_t vec_head(const uint8_t *p, size_t h)
{
    return _mm_and_si128(vec_load(p), vec_load(sc_adler_x86_keep + SC_ADLER_X86_MAX_W - h));
}

#define SC_ADLER_FN sc_adler32_x86_ssse3
#define SC_ADLER_W 16
#define SC_ADLER_LOG2_W 4
/* K = 64: the largest G with 255*64*G*(G+1)/2 < 2^32 is 724 (46,400-byte
 * chunks); the weighted-sum bound allows far more. */
#define SC_ADLER_GROUPS 724
#define SC_ADLER_SCALAR_BELOW 16
#include "adler32_x86_template.h"
