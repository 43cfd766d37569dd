/* SPDX-License-Identifier: Apache-2.0 */
/* The ymm (VAES + VPCLMULQDQ, AVX2) vector operations of aes_x86_template.h,
 * two blocks per register: shared by aes_vaes_avx2.c (the x86-vaes-avx2
 * kernel) and aes_vaes_avx512_ymm.c (the same code over the zmm kernel's
 * GHASH table, for that kernel's short calls). */
#ifndef SC_AES_X86_YMM_H
#define SC_AES_X86_YMM_H
#include "vec256.h"

#define v_aesenc(v, k) _mm256_aesenc_epi128((v), (k))
#define v_aesenclast(v, k) _mm256_aesenclast_epi128((v), (k))
#define v_aesdec(v, k) _mm256_aesdec_epi128((v), (k))
#define v_key(p) _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(p)))
#define v_load_tab(p) v_load(p)
#define v_aesdeclast(v, k) _mm256_aesdeclast_epi128((v), (k))
#define v_clmul(a, b, imm) _mm256_clmulepi64_epi128((a), (b), (imm))
#define v_swap64(v) _mm256_shuffle_epi32((v), 0x4e)
static inline vec_t v_load_n(const uint8_t *p, unsigned c)
{
    if (c >= 2) return v_load(p);
    return c ? _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)p)) : v_zero();
}
static inline void v_store_n(uint8_t *p, vec_t v, unsigned c)
{
    if (c >= 2) v_store(p, v);
    else if (c) _mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(v));
}
static inline vec_t v_from128(__m128i x) { return _mm256_zextsi128_si256(x); }
static inline __m128i v_fold128(vec_t v)
{
    return _mm_xor_si128(_mm256_extracti128_si256(v, 0), _mm256_extracti128_si256(v, 1));
}
static inline __m128i v_first128(vec_t v) { return _mm256_castsi256_si128(v); }
static inline __m128i v_last128(vec_t v) { return _mm256_extracti128_si256(v, 1); }
static inline vec_t v_shift_in(__m128i x, vec_t v)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(x), _mm256_castsi256_si128(v), 1);
}
static inline vec_t v_ctr_first(__m128i c)
{
    return _mm256_add_epi32(_mm256_broadcastsi128_si256(c), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
}
static inline vec_t v_ctr_step(void) { return _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2); }
/* the counter block at p in both lanes, + 1 in lane 1's last byte. Its own
 * broadcast load (p hidden): else GCC shares gh_load's load and permutes it
 * across lanes, three cycles more before the first round. */
static inline vec_t v_ctr_first_raw(const uint8_t *p)
{
    __asm__("" : "+r"(p));
    return _mm256_add_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p)),
                            _mm256_set_epi32(1 << 24, 0, 0, 0, 0, 0, 0, 0));
}
static inline vec_t v_ctr_step_raw(void) { return _mm256_set_epi32(2 << 24, 0, 0, 0, 2 << 24, 0, 0, 0); }


#endif
