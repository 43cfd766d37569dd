/* Kalyna, SSSE3: 16 blocks per chunk, one per byte of an xmm register.
 * Method: kalyna_pshufb_template.h. */
#include <tmmintrin.h>
#include <stdint.h>

typedef __m128i vec_t;
#define V_BYTES 16
#define KERNEL_OPS sc_kalyna_ops_x86_ssse3

static inline vec_t v_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void v_store(void *p, vec_t v) { _mm_storeu_si128((__m128i *)p, v); }
/* one lane: the stride never applies */
static inline vec_t v_load_lanes(const void *p, unsigned stride) { return (void)stride, v_load(p); }
static inline void v_store_lanes(void *p, unsigned stride, vec_t v) { (void)stride, v_store(p, v); }
static inline vec_t v_bcast16(const void *p) { return v_load(p); }
static inline vec_t v_set1_8(char c) { return _mm_set1_epi8(c); }
static inline vec_t v_key_byte(const uint32_t *p) { return _mm_set1_epi32((int)*p); }
static inline vec_t v_and(vec_t a, vec_t b) { return _mm_and_si128(a, b); }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm_xor_si128(a, b); }
static inline vec_t v_srl4_16(vec_t a) { return _mm_srli_epi16(a, 4); }
static inline vec_t v_sub8(vec_t a, vec_t b) { return _mm_sub_epi8(a, b); }
static inline vec_t v_adds_u8(vec_t a, vec_t b) { return _mm_adds_epu8(a, b); }
static inline vec_t v_shuffle(vec_t table, vec_t idx) { return _mm_shuffle_epi8(table, idx); }
static inline vec_t v_add64(vec_t a, vec_t b) { return _mm_add_epi64(a, b); }
static inline vec_t v_sub64(vec_t a, vec_t b) { return _mm_sub_epi64(a, b); }
static inline vec_t v_unpacklo8(vec_t a, vec_t b) { return _mm_unpacklo_epi8(a, b); }
static inline vec_t v_unpackhi8(vec_t a, vec_t b) { return _mm_unpackhi_epi8(a, b); }
static inline vec_t v_unpacklo16(vec_t a, vec_t b) { return _mm_unpacklo_epi16(a, b); }
static inline vec_t v_unpackhi16(vec_t a, vec_t b) { return _mm_unpackhi_epi16(a, b); }
static inline vec_t v_unpacklo32(vec_t a, vec_t b) { return _mm_unpacklo_epi32(a, b); }
static inline vec_t v_unpackhi32(vec_t a, vec_t b) { return _mm_unpackhi_epi32(a, b); }
static inline vec_t v_unpacklo64(vec_t a, vec_t b) { return _mm_unpacklo_epi64(a, b); }
static inline vec_t v_unpackhi64(vec_t a, vec_t b) { return _mm_unpackhi_epi64(a, b); }

#include "kalyna_pshufb_template.h"
