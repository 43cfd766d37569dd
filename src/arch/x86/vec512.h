/* SPDX-License-Identifier: Apache-2.0 */
/* The x86 vector operations on 512-bit registers (AVX-512 F + BW): the names
 * and meanings of vec128.h, for zmm. Beside the width, AVX-512 brings the
 * three-way xor (vpternlogq), the rotation (vprold) and unsigned compares
 * into mask registers. Include only from files built with at least
 * -mavx512f -mavx512bw. */
#ifndef SC_X86_VEC512_H
#define SC_X86_VEC512_H
#include <immintrin.h>
#include <stdint.h>

typedef __m512i vec_t;
#define V_BYTES 64
#define V_OP(op) _mm512_##op
#define V_SI(op) _mm512_##op##_si512
#include "vec_ops.h"

static inline vec_t v_load_lanes(const void *p, unsigned stride)
{
    const uint8_t *b = (const uint8_t *)p;
    vec_t v = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)b));
    v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(b + stride)), 1);
    v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(b + 2 * stride)), 2);
    return _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(b + 3 * stride)), 3);
}
static inline void v_store_lanes(void *p, unsigned stride, vec_t v)
{
    uint8_t *b = (uint8_t *)p;
    _mm_storeu_si128((__m128i *)b, _mm512_castsi512_si128(v));
    _mm_storeu_si128((__m128i *)(b + stride), _mm512_extracti32x4_epi32(v, 1));
    _mm_storeu_si128((__m128i *)(b + 2 * stride), _mm512_extracti32x4_epi32(v, 2));
    _mm_storeu_si128((__m128i *)(b + 3 * stride), _mm512_extracti32x4_epi32(v, 3));
}
static inline vec_t v_bcast128(const void *p) { return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p)); }
static inline uint32_t v_first32(vec_t v) { return (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(v)); }
#define v_xor3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define v_rol32(a, n) _mm512_rol_epi32((a), (n))
static inline vec_t v_carry32(vec_t sum, vec_t b) { return _mm512_maskz_set1_epi32(_mm512_cmplt_epu32_mask(sum, b), 1); }
#endif
