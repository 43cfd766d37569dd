/* SPDX-License-Identifier: Apache-2.0 */
/* The x86 vector operations on 256-bit registers (AVX2): the names and
 * meanings of vec128.h, for ymm. Include only from files built with -mavx2. */
#ifndef SC_X86_VEC256_H
#define SC_X86_VEC256_H
#include <immintrin.h>
#include <stdint.h>

typedef __m256i vec_t;
#define V_BYTES 32
#define V_OP(op) _mm256_##op
#define V_SI(op) _mm256_##op##_si256
#include "vec_ops.h"

static inline vec_t v_load_lanes(const void *p, unsigned stride)
{
    const __m128i lo = _mm_loadu_si128((const __m128i *)p);
    const __m128i hi = _mm_loadu_si128((const __m128i *)((const uint8_t *)p + stride));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
static inline void v_store_lanes(void *p, unsigned stride, vec_t v)
{
    _mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(v));
    _mm_storeu_si128((__m128i *)((uint8_t *)p + stride), _mm256_extracti128_si256(v, 1));
}
static inline vec_t v_bcast128(const void *p) { return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p)); }
static inline uint32_t v_first32(vec_t v) { return (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(v)); }
#define v_xor3(a, b, c) v_xor(v_xor((a), (b)), (c))
#define v_rol32(a, n) _mm256_or_si256(_mm256_slli_epi32((a), (n)), _mm256_srli_epi32((a), 32 - (n)))
/* AVX2 compares are signed too: see vec128.h */
static inline vec_t v_carry32(vec_t sum, vec_t b)
{
    const vec_t sign = _mm256_set1_epi32(INT32_MIN);
    return _mm256_srli_epi32(_mm256_cmpgt_epi32(_mm256_xor_si256(b, sign), _mm256_xor_si256(sum, sign)), 31);
}
#endif
