/* zmm byte/word/dword/qword unpacks under the names kalyna_transpose16.h
 * expects (vec_t = __m512i): shared by the AVX-512 BW and VBMI+GFNI kernels. */
#ifndef SC_KALYNA_VEC512_UNPACK_H
#define SC_KALYNA_VEC512_UNPACK_H
#include <immintrin.h>

typedef __m512i vec_t;
static inline vec_t v_unpacklo8(vec_t a, vec_t b) { return _mm512_unpacklo_epi8(a, b); }
static inline vec_t v_unpackhi8(vec_t a, vec_t b) { return _mm512_unpackhi_epi8(a, b); }
static inline vec_t v_unpacklo16(vec_t a, vec_t b) { return _mm512_unpacklo_epi16(a, b); }
static inline vec_t v_unpackhi16(vec_t a, vec_t b) { return _mm512_unpackhi_epi16(a, b); }
static inline vec_t v_unpacklo32(vec_t a, vec_t b) { return _mm512_unpacklo_epi32(a, b); }
static inline vec_t v_unpackhi32(vec_t a, vec_t b) { return _mm512_unpackhi_epi32(a, b); }
static inline vec_t v_unpacklo64(vec_t a, vec_t b) { return _mm512_unpacklo_epi64(a, b); }
static inline vec_t v_unpackhi64(vec_t a, vec_t b) { return _mm512_unpackhi_epi64(a, b); }
#endif
