/* SPDX-License-Identifier: Apache-2.0 */
/* The x86 vector operations on 128-bit registers (SSSE3), under the names the
 * width-generic kernel templates use (kalyna_pshufb_template.h,
 * magma_pshufb_template.h, magma_chain_template.h, kalyna_transpose16.h).
 * vec256.h and vec512.h define the same names for ymm and zmm, so a kernel
 * file picks its width by the header it includes, then includes its
 * family's template. Include only from files built with at least -mssse3.
 *
 * Names carry the element width where it matters: v_add32 adds dwords,
 * v_add64 qwords, v_set1_8 broadcasts a byte, v_srl16 shifts words.
 * A "lane" is a 128-bit lane, the reach of pshufb and of the unpacks.
 * The operations that only change prefix with the width are in vec_ops.h;
 * here are the ones written differently per width. */
#ifndef SC_X86_VEC128_H
#define SC_X86_VEC128_H
#include <stdint.h>
#include <tmmintrin.h>

typedef __m128i vec_t;
#define V_BYTES 16
#define V_OP(op) _mm_##op
#define V_SI(op) _mm_##op##_si128
#include "vec_ops.h"

/* lane l from/to p + l * stride: one lane, so the stride never applies */
static inline vec_t v_load_lanes(const void *p, unsigned stride) { return (void)stride, v_load(p); }
static inline void v_store_lanes(void *p, unsigned stride, vec_t v) { (void)stride, v_store(p, v); }
/* 16 bytes at p to every lane */
static inline vec_t v_bcast128(const void *p) { return v_load(p); }
static inline uint32_t v_first32(vec_t v) { return (uint32_t)_mm_cvtsi128_si32(v); }
#define v_xor3(a, b, c) v_xor(v_xor((a), (b)), (c))
#define v_rol32(a, n) _mm_or_si128(_mm_slli_epi32((a), (n)), _mm_srli_epi32((a), 32 - (n)))
/* 1 in each dword where sum = a + b wrapped past 2^32, i.e. sum < b
 * unsigned, else 0. SSE2 compares are signed, so flip the sign bits. */
static inline vec_t v_carry32(vec_t sum, vec_t b)
{
    const vec_t sign = _mm_set1_epi32(INT32_MIN);
    return _mm_srli_epi32(_mm_cmpgt_epi32(_mm_xor_si128(b, sign), _mm_xor_si128(sum, sign)), 31);
}
#endif
