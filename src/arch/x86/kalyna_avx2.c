/* Kalyna, AVX2: 32 blocks per chunk, one per byte of a ymm register.
 * Method: kalyna_pshufb_template.h. */
#include <immintrin.h>
#include <stdint.h>

typedef __m256i vec_t;
#define V_BYTES 32
#define KERNEL_OPS sc_kalyna_ops_x86_avx2

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
static inline vec_t v_bcast16(const void *p) { return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p)); }
static inline vec_t v_set1_8(char c) { return _mm256_set1_epi8(c); }
static inline vec_t v_key_byte(const uint32_t *p) { return _mm256_set1_epi32((int)*p); }
static inline vec_t v_and(vec_t a, vec_t b) { return _mm256_and_si256(a, b); }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm256_xor_si256(a, b); }
static inline vec_t v_srl4_16(vec_t a) { return _mm256_srli_epi16(a, 4); }
static inline vec_t v_sub8(vec_t a, vec_t b) { return _mm256_sub_epi8(a, b); }
static inline vec_t v_adds_u8(vec_t a, vec_t b) { return _mm256_adds_epu8(a, b); }
static inline vec_t v_shuffle(vec_t table, vec_t idx) { return _mm256_shuffle_epi8(table, idx); }
static inline vec_t v_add64(vec_t a, vec_t b) { return _mm256_add_epi64(a, b); }
static inline vec_t v_sub64(vec_t a, vec_t b) { return _mm256_sub_epi64(a, b); }
static inline vec_t v_unpacklo8(vec_t a, vec_t b) { return _mm256_unpacklo_epi8(a, b); }
static inline vec_t v_unpackhi8(vec_t a, vec_t b) { return _mm256_unpackhi_epi8(a, b); }
static inline vec_t v_unpacklo16(vec_t a, vec_t b) { return _mm256_unpacklo_epi16(a, b); }
static inline vec_t v_unpackhi16(vec_t a, vec_t b) { return _mm256_unpackhi_epi16(a, b); }
static inline vec_t v_unpacklo32(vec_t a, vec_t b) { return _mm256_unpacklo_epi32(a, b); }
static inline vec_t v_unpackhi32(vec_t a, vec_t b) { return _mm256_unpackhi_epi32(a, b); }
static inline vec_t v_unpacklo64(vec_t a, vec_t b) { return _mm256_unpacklo_epi64(a, b); }
static inline vec_t v_unpackhi64(vec_t a, vec_t b) { return _mm256_unpackhi_epi64(a, b); }

#include "kalyna_pshufb_template.h"
