/* SPDX-License-Identifier: Apache-2.0 */
/* Adler-32, AVX-512BW: vpmaddubsw byte weights + vpmaddwd for the b-sum,
 * vpsadbw for the a-sum; 4 x 64-byte vectors per group; inputs shorter than
 * a vector use a masked load instead of a scalar loop. Method and overflow
 * bounds: adler32_x86_template.h. */
#include <immintrin.h>

#include "../../checksum/checksum_kernels.h"
#include "adler32_x86_common.h"

typedef __m512i vec_t;

static inline vec_t vec_zero(void) { return _mm512_setzero_si512(); }
static inline vec_t vec_load(const void *p) { return _mm512_loadu_si512(p); }
static inline vec_t vec_add(vec_t x, vec_t y) { return _mm512_add_epi32(x, y); }
#define vec_shl(x, n) _mm512_slli_epi32((x), (n))
/* vpsadbw: 64-bit sums with zero high halves, exact as 32-bit lanes. */
static inline vec_t vec_sum_bytes(vec_t acc, vec_t v)
{
    return _mm512_add_epi32(acc, _mm512_sad_epu8(v, _mm512_setzero_si512()));
}
/* vpmaddubsw pairs: at most 255*(64+63) = 32385 < 32767, no saturation. */
static inline vec_t vec_dot(vec_t acc, vec_t v, vec_t w)
{
    return _mm512_add_epi32(acc, _mm512_madd_epi16(_mm512_maddubs_epi16(v, w), _mm512_set1_epi16(1)));
}
/* Not _mm512_reduce_add_epi32: gcc's version adds in signed int, undefined
 * (and flagged by UBSan) once the lanes' total passes 2^31. */
static inline uint32_t vec_hsum(vec_t x)
{
    __m256i y = _mm256_add_epi32(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
    __m128i z = _mm_add_epi32(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
    z = _mm_add_epi32(z, _mm_shuffle_epi32(z, _MM_SHUFFLE(1, 0, 3, 2)));
    z = _mm_add_epi32(z, _mm_shuffle_epi32(z, _MM_SHUFFLE(2, 3, 0, 1)));
    return (uint32_t)_mm_cvtsi128_si32(z);
}
/* Masked load: reads only the h bytes at p (masked-out bytes never fault). */
static inline vec_t vec_head(const uint8_t *p, size_t h)
{
    return _mm512_maskz_loadu_epi8((__mmask64)((UINT64_C(1) << h) - 1), p);
}

#define SC_ADLER_FN sc_adler32_x86_avx512bw
#define SC_ADLER_W 64
#define SC_ADLER_LOG2_W 6
/* K = 256: the largest G with 255*256*G*(G+1)/2 < 2^32 is 362 (92,672-byte
 * chunks); the weighted-sum bound allows 511. */
#define SC_ADLER_GROUPS 362
#define SC_ADLER_SCALAR_BELOW 1
#include "adler32_x86_template.h"
