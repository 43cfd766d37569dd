/* SPDX-License-Identifier: Apache-2.0 */
/* MD5, 8 messages at once in the 32-bit lanes of a ymm register (AVX2).
 * Method: md5_x86_lanes_template.h. No rotate instruction: two shifts and
 * an or (the rotation costs 2 on the chain, 6 a step for F and I). G splits
 * into its disjoint terms, ~d & c added before b is known. */
#include "vec256.h"

#define MD5V_FN sc_md5_x86_avx2

static inline vec_t md5v_f(vec_t a, vec_t b, vec_t c, vec_t d) { return v_add32(a, v_xor(v_and(v_xor(c, d), b), d)); }
static inline vec_t md5v_g(vec_t a, vec_t b, vec_t c, vec_t d)
{
    return v_add32(v_add32(a, _mm256_andnot_si256(d, c)), v_and(d, b));
}
static inline vec_t md5v_h(vec_t a, vec_t b, vec_t c, vec_t d) { return v_add32(a, v_xor(v_xor(c, d), b)); }
static inline vec_t md5v_i(vec_t a, vec_t b, vec_t c, vec_t d)
{
    return v_add32(a, v_xor(v_or(v_xor(d, _mm256_set1_epi32(-1)), b), c));
}
/* slot 0: lane j, slot 1: lane j + 4 */
static inline vec_t md5v_load4(const uint8_t *const in[], unsigned j, size_t off)
{
    const __m128i lo = _mm_loadu_si128((const __m128i *)(in[j] + off));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), _mm_loadu_si128((const __m128i *)(in[j + 4] + off)), 1);
}

#include "md5_x86_lanes_template.h"
