/* Kalyna, AVX-512 BW: 64 blocks per chunk, one per byte of a zmm register.
 * Beside the width, AVX-512 brings the three-way xor (vpternlogq).
 * Method: kalyna_pshufb_template.h. */
#include <immintrin.h>
#include <stdint.h>

#include "kalyna_vec512_unpack.h"
#define V_BYTES 64
#define KERNEL_OPS sc_kalyna_ops_x86_avx512bw

static inline vec_t v_load(const void *p) { return _mm512_loadu_si512(p); }
static inline void v_store(void *p, vec_t v) { _mm512_storeu_si512(p, v); }
static inline vec_t v_load_lanes(const void *p, unsigned stride)
{
    const uint8_t *b = (const uint8_t *)p;
    vec_t v = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)b));
    v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(b + stride)), 1);
    v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(b + 2 * stride)), 2);
    return _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(b + 3 * stride)), 3);
}
static inline void v_store_lanes(void *p, unsigned stride, vec_t v)
{
    uint8_t *b = (uint8_t *)p;
    _mm_storeu_si128((__m128i *)b, _mm512_castsi512_si128(v));
    _mm_storeu_si128((__m128i *)(b + stride), _mm512_extracti32x4_epi32(v, 1));
    _mm_storeu_si128((__m128i *)(b + 2 * stride), _mm512_extracti32x4_epi32(v, 2));
    _mm_storeu_si128((__m128i *)(b + 3 * stride), _mm512_extracti32x4_epi32(v, 3));
}
static inline vec_t v_bcast16(const void *p) { return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p)); }
static inline vec_t v_set1_8(char c) { return _mm512_set1_epi8(c); }
static inline vec_t v_key_byte(const uint32_t *p) { return _mm512_set1_epi32((int)*p); }
static inline vec_t v_and(vec_t a, vec_t b) { return _mm512_and_si512(a, b); }
static inline vec_t v_xor(vec_t a, vec_t b) { return _mm512_xor_si512(a, b); }
#define v_xor3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
static inline vec_t v_srl4_16(vec_t a) { return _mm512_srli_epi16(a, 4); }
static inline vec_t v_sub8(vec_t a, vec_t b) { return _mm512_sub_epi8(a, b); }
static inline vec_t v_adds_u8(vec_t a, vec_t b) { return _mm512_adds_epu8(a, b); }
static inline vec_t v_shuffle(vec_t table, vec_t idx) { return _mm512_shuffle_epi8(table, idx); }
static inline vec_t v_add64(vec_t a, vec_t b) { return _mm512_add_epi64(a, b); }
static inline vec_t v_sub64(vec_t a, vec_t b) { return _mm512_sub_epi64(a, b); }

#include "kalyna_pshufb_template.h"
