/* The x86 vector operations on 256-bit registers (AVX2): the names and
 * meanings of vec128.h, for ymm. Include only from files built with -mavx2. */
#ifndef SC_X86_VEC256_H
#define SC_X86_VEC256_H
#include <immintrin.h>
#include <stdint.h>

typedef __m256i vec_t;
#define V_BYTES 32

static inline vec_t v_zero(void) { return _mm256_setzero_si256(); }
static inline vec_t v_load(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }
static inline void v_store(void *p, vec_t v) { _mm256_storeu_si256((__m256i *)p, v); }
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
static inline vec_t v_set1_8(char c) { return _mm256_set1_epi8(c); }
static inline vec_t v_set1_32(int x) { return _mm256_set1_epi32(x); }
static inline uint32_t v_first32(vec_t v) { return (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(v)); }

static inline vec_t v_and(vec_t a, vec_t b) { return _mm256_and_si256(a, b); }
static inline vec_t v_or(vec_t a, vec_t b) { return _mm256_or_si256(a, b); }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm256_xor_si256(a, b); }
#define v_xor3(a, b, c) v_xor(v_xor((a), (b)), (c))

static inline vec_t v_add32(vec_t a, vec_t b) { return _mm256_add_epi32(a, b); }
static inline vec_t v_add64(vec_t a, vec_t b) { return _mm256_add_epi64(a, b); }
static inline vec_t v_sub8(vec_t a, vec_t b) { return _mm256_sub_epi8(a, b); }
static inline vec_t v_sub64(vec_t a, vec_t b) { return _mm256_sub_epi64(a, b); }
static inline vec_t v_adds_u8(vec_t a, vec_t b) { return _mm256_adds_epu8(a, b); }
/* AVX2 compares are signed too: see vec128.h */
static inline vec_t v_carry32(vec_t sum, vec_t b)
{
    const vec_t sign = _mm256_set1_epi32(INT32_MIN);
    return _mm256_srli_epi32(_mm256_cmpgt_epi32(_mm256_xor_si256(b, sign), _mm256_xor_si256(sum, sign)), 31);
}
#define v_srl16(a, n) _mm256_srli_epi16((a), (n))
#define v_srl32(a, n) _mm256_srli_epi32((a), (n))
#define v_rol32(a, n) _mm256_or_si256(_mm256_slli_epi32((a), (n)), _mm256_srli_epi32((a), 32 - (n)))

static inline vec_t v_shuffle8(vec_t table, vec_t idx) { return _mm256_shuffle_epi8(table, idx); }
static inline vec_t v_unpacklo8(vec_t a, vec_t b) { return _mm256_unpacklo_epi8(a, b); }
static inline vec_t v_unpackhi8(vec_t a, vec_t b) { return _mm256_unpackhi_epi8(a, b); }
static inline vec_t v_unpacklo16(vec_t a, vec_t b) { return _mm256_unpacklo_epi16(a, b); }
static inline vec_t v_unpackhi16(vec_t a, vec_t b) { return _mm256_unpackhi_epi16(a, b); }
static inline vec_t v_unpacklo32(vec_t a, vec_t b) { return _mm256_unpacklo_epi32(a, b); }
static inline vec_t v_unpackhi32(vec_t a, vec_t b) { return _mm256_unpackhi_epi32(a, b); }
static inline vec_t v_unpacklo64(vec_t a, vec_t b) { return _mm256_unpacklo_epi64(a, b); }
static inline vec_t v_unpackhi64(vec_t a, vec_t b) { return _mm256_unpackhi_epi64(a, b); }
#endif
