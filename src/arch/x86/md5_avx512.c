/* SPDX-License-Identifier: Apache-2.0 */
/* MD5, 16 messages at once in the 32-bit lanes of a zmm register (AVX-512F).
 * Method: md5_x86_lanes_template.h. Each round function is one vpternlogd
 * and the rotation one vprold, so a step is 4 operations on the chain
 * (ternlog, add, rol, add) for every round. */
#include "vec512.h"

#define MD5V_FN sc_md5_x86_avx512

/* truth tables over (b, c, d) as (A, B, C) of vpternlogd: bit 4A + 2B + C */
#define MD5V_TERN(name, imm)                                                                                           \
    static inline vec_t name(vec_t a, vec_t b, vec_t c, vec_t d)                                                       \
    {                                                                                                                  \
        return v_add32(a, _mm512_ternarylogic_epi32(b, c, d, imm));                                                    \
    }
MD5V_TERN(md5v_f, 0xca) /* b ? c : d */
MD5V_TERN(md5v_g, 0xe4) /* d ? b : c */
MD5V_TERN(md5v_h, 0x96) /* b ^ c ^ d */
MD5V_TERN(md5v_i, 0x39) /* c ^ (b | ~d) */

/* slot q: lane j + 4q */
static inline vec_t md5v_load4(const uint8_t *const in[], unsigned j, size_t off)
{
    vec_t v = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(in[j] + off)));
    v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(in[j + 4] + off)), 1);
    v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(in[j + 8] + off)), 2);
    return _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(in[j + 12] + off)), 3);
}

#include "md5_x86_lanes_template.h"
