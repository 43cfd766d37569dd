/* The x86 vector operations on 128-bit registers (SSSE3), under the names the
 * width-generic kernel templates use (kalyna_pshufb_template.h,
 * magma_pshufb_template.h, magma_chain_template.h, kalyna_transpose16.h).
 * vec256.h and vec512.h define the same names for ymm and zmm, so a kernel
 * file picks its width by the header it includes, then includes its
 * family's template. Include only from files built with at least -mssse3.
 *
 * Names carry the element width where it matters: v_add32 adds dwords,
 * v_add64 qwords, v_set1_8 broadcasts a byte, v_srl16 shifts words.
 * A "lane" is a 128-bit lane, the reach of pshufb and of the unpacks. */
#ifndef SC_X86_VEC128_H
#define SC_X86_VEC128_H
#include <stdint.h>
#include <tmmintrin.h>

typedef __m128i vec_t;
#define V_BYTES 16

static inline vec_t v_zero(void) { return _mm_setzero_si128(); }
static inline vec_t v_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void v_store(void *p, vec_t v) { _mm_storeu_si128((__m128i *)p, v); }
/* lane l from/to p + l * stride: one lane, so the stride never applies */
static inline vec_t v_load_lanes(const void *p, unsigned stride) { return (void)stride, v_load(p); }
static inline void v_store_lanes(void *p, unsigned stride, vec_t v) { (void)stride, v_store(p, v); }
/* 16 bytes at p to every lane */
static inline vec_t v_bcast128(const void *p) { return v_load(p); }
static inline vec_t v_set1_8(char c) { return _mm_set1_epi8(c); }
static inline vec_t v_set1_32(int x) { return _mm_set1_epi32(x); }
static inline uint32_t v_first32(vec_t v) { return (uint32_t)_mm_cvtsi128_si32(v); }

static inline vec_t v_and(vec_t a, vec_t b) { return _mm_and_si128(a, b); }
static inline vec_t v_or(vec_t a, vec_t b) { return _mm_or_si128(a, b); }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm_xor_si128(a, b); }
#define v_xor3(a, b, c) v_xor(v_xor((a), (b)), (c))

static inline vec_t v_add32(vec_t a, vec_t b) { return _mm_add_epi32(a, b); }
static inline vec_t v_add64(vec_t a, vec_t b) { return _mm_add_epi64(a, b); }
static inline vec_t v_sub8(vec_t a, vec_t b) { return _mm_sub_epi8(a, b); }
static inline vec_t v_sub64(vec_t a, vec_t b) { return _mm_sub_epi64(a, b); }
static inline vec_t v_adds_u8(vec_t a, vec_t b) { return _mm_adds_epu8(a, b); }
/* 1 in each dword where sum = a + b wrapped past 2^32, i.e. sum < b
 * unsigned, else 0. SSE2 compares are signed, so flip the sign bits. */
static inline vec_t v_carry32(vec_t sum, vec_t b)
{
    const vec_t sign = _mm_set1_epi32(INT32_MIN);
    return _mm_srli_epi32(_mm_cmpgt_epi32(_mm_xor_si128(b, sign), _mm_xor_si128(sum, sign)), 31);
}
/* shift counts are immediates: macros, so they stay constants at -O0 */
#define v_srl16(a, n) _mm_srli_epi16((a), (n))
#define v_srl32(a, n) _mm_srli_epi32((a), (n))
#define v_rol32(a, n) _mm_or_si128(_mm_slli_epi32((a), (n)), _mm_srli_epi32((a), 32 - (n)))

/* pshufb: table[index] per lane, 0 where bit 7 of the index byte is set */
static inline vec_t v_shuffle8(vec_t table, vec_t idx) { return _mm_shuffle_epi8(table, idx); }
static inline vec_t v_unpacklo8(vec_t a, vec_t b) { return _mm_unpacklo_epi8(a, b); }
static inline vec_t v_unpackhi8(vec_t a, vec_t b) { return _mm_unpackhi_epi8(a, b); }
static inline vec_t v_unpacklo16(vec_t a, vec_t b) { return _mm_unpacklo_epi16(a, b); }
static inline vec_t v_unpackhi16(vec_t a, vec_t b) { return _mm_unpackhi_epi16(a, b); }
static inline vec_t v_unpacklo32(vec_t a, vec_t b) { return _mm_unpacklo_epi32(a, b); }
static inline vec_t v_unpackhi32(vec_t a, vec_t b) { return _mm_unpackhi_epi32(a, b); }
static inline vec_t v_unpacklo64(vec_t a, vec_t b) { return _mm_unpacklo_epi64(a, b); }
static inline vec_t v_unpackhi64(vec_t a, vec_t b) { return _mm_unpackhi_epi64(a, b); }
#endif
