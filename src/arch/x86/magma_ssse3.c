/* Magma, SSSE3: pshufb lookups on 4 blocks per vector, 8 vector pairs (32
 * blocks) in flight: the round is latency-bound below that (measured 2 / 3 /
 * 4 / 8 pairs: 18.2 / 12.9 / 10.6 / 9.6 cycles/byte). Method:
 * magma_pshufb_template.h. */
#include <tmmintrin.h>

#include "../../magma/magma_internal.h"

typedef __m128i vec_t;
#define V_LANES 4
#define GROUPS 8
#define KERNEL_OPS sc_magma_ssse3_ops
static const int LANE_BLOCK[V_LANES] = {0, 1, 2, 3};

static inline vec_t v_zero(void) { return _mm_setzero_si128(); }
static inline vec_t v_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void v_store(void *p, vec_t v) { _mm_storeu_si128((__m128i *)p, v); }
static inline vec_t v_lane_table(const void *p) { return v_load(p); }
static inline vec_t v_set1(int x) { return _mm_set1_epi32(x); }
static inline uint32_t v_first32(vec_t v) { return (uint32_t)_mm_cvtsi128_si32(v); }
static inline vec_t v_add(vec_t a, vec_t b) { return _mm_add_epi32(a, b); }
static inline vec_t v_and(vec_t a, vec_t b) { return _mm_and_si128(a, b); }
static inline vec_t v_or(vec_t a, vec_t b) { return _mm_or_si128(a, b); }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm_xor_si128(a, b); }
#define v_srl(a, n) _mm_srli_epi32((a), (n))
#define v_rol(a, n) _mm_or_si128(_mm_slli_epi32((a), (n)), _mm_srli_epi32((a), 32 - (n)))
static inline vec_t v_shuffle(vec_t table, vec_t idx) { return _mm_shuffle_epi8(table, idx); }
static inline vec_t v_unpacklo32(vec_t a, vec_t b) { return _mm_unpacklo_epi32(a, b); }
static inline vec_t v_unpackhi32(vec_t a, vec_t b) { return _mm_unpackhi_epi32(a, b); }
static inline vec_t v_unpacklo64(vec_t a, vec_t b) { return _mm_unpacklo_epi64(a, b); }
static inline vec_t v_unpackhi64(vec_t a, vec_t b) { return _mm_unpackhi_epi64(a, b); }
/* 1 where sum < b unsigned: SSE2 compares are signed, so flip the sign bits. */
static inline vec_t v_carry_out(vec_t sum, vec_t b)
{
    const vec_t sign = _mm_set1_epi32(INT32_MIN);
    return _mm_srli_epi32(_mm_cmpgt_epi32(_mm_xor_si128(b, sign), _mm_xor_si128(sum, sign)), 31);
}

#include "magma_pshufb_template.h"
