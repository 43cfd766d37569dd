/* Magma, AVX-512 BW: pshufb lookups on 16 blocks per vector, 8 vector pairs
 * (128 blocks) in flight (4 pairs: 1.78, 8: 1.54 cycles/byte), vprold for the
 * rotation (the method: magma_pshufb_template.h;
 * the compiler merges the and/or chains into vpternlogd). */
#include <immintrin.h>

#include "../../magma/magma_internal.h"

typedef __m512i vec_t;
#define V_LANES 16
#define GROUPS 8
#define KERNEL_OPS sc_magma_avx512bw_ops
/* Lane-wise unpacks: lane L holds blocks 2L, 2L+1, 2L+8, 2L+9. */
static const int LANE_BLOCK[V_LANES] = {0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15};

static inline vec_t v_zero(void) { return _mm512_setzero_si512(); }
static inline vec_t v_load(const void *p) { return _mm512_loadu_si512(p); }
static inline void v_store(void *p, vec_t v) { _mm512_storeu_si512(p, v); }
static inline vec_t v_lane_table(const void *p) { return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p)); }
static inline vec_t v_set1(int x) { return _mm512_set1_epi32(x); }
static inline uint32_t v_first32(vec_t v) { return (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(v)); }
static inline vec_t v_add(vec_t a, vec_t b) { return _mm512_add_epi32(a, b); }
static inline vec_t v_and(vec_t a, vec_t b) { return _mm512_and_si512(a, b); }
static inline vec_t v_or(vec_t a, vec_t b) { return _mm512_or_si512(a, b); }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm512_xor_si512(a, b); }
#define v_srl(a, n) _mm512_srli_epi32((a), (n))
#define v_rol(a, n) _mm512_rol_epi32((a), (n))
static inline vec_t v_shuffle(vec_t table, vec_t idx) { return _mm512_shuffle_epi8(table, idx); }
static inline vec_t v_unpacklo32(vec_t a, vec_t b) { return _mm512_unpacklo_epi32(a, b); }
static inline vec_t v_unpackhi32(vec_t a, vec_t b) { return _mm512_unpackhi_epi32(a, b); }
static inline vec_t v_unpacklo64(vec_t a, vec_t b) { return _mm512_unpacklo_epi64(a, b); }
static inline vec_t v_unpackhi64(vec_t a, vec_t b) { return _mm512_unpackhi_epi64(a, b); }
static inline vec_t v_carry_out(vec_t sum, vec_t b)
{
    return _mm512_maskz_set1_epi32(_mm512_cmplt_epu32_mask(sum, b), 1);
}

#include "magma_pshufb_template.h"
