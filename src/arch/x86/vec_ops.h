/* SPDX-License-Identifier: Apache-2.0 */
/* The vector operations whose intrinsics differ between widths only in
 * their prefix and suffix: written once here, included by vec128.h, vec256.h
 * and vec512.h after each defines vec_t and its naming:
 *   V_OP(add_epi32)  _mm_add_epi32, _mm256_add_epi32, _mm512_add_epi32
 *   V_SI(and)        _mm_and_si128, _mm256_and_si256, _mm512_and_si512
 * Not for direct inclusion. */
#ifndef SC_X86_VEC_OPS_H
#define SC_X86_VEC_OPS_H

static inline vec_t v_zero(void) { return V_SI(setzero)(); }
static inline vec_t v_load(const void *p) { return V_SI(loadu)((const vec_t *)p); }
static inline void v_store(void *p, vec_t v) { V_SI(storeu)((vec_t *)p, v); }
static inline vec_t v_set1_8(char c) { return V_OP(set1_epi8)(c); }
static inline vec_t v_set1_32(int x) { return V_OP(set1_epi32)(x); }

static inline vec_t v_and(vec_t a, vec_t b) { return V_SI(and)(a, b); }
static inline vec_t v_or(vec_t a, vec_t b) { return V_SI(or)(a, b); }
static inline vec_t v_xor(vec_t a, vec_t b) { return V_SI(xor)(a, b); }

static inline vec_t v_add32(vec_t a, vec_t b) { return V_OP(add_epi32)(a, b); }
static inline vec_t v_add64(vec_t a, vec_t b) { return V_OP(add_epi64)(a, b); }
static inline vec_t v_sub8(vec_t a, vec_t b) { return V_OP(sub_epi8)(a, b); }
static inline vec_t v_sub64(vec_t a, vec_t b) { return V_OP(sub_epi64)(a, b); }
static inline vec_t v_adds_u8(vec_t a, vec_t b) { return V_OP(adds_epu8)(a, b); }
/* shift counts are immediates: macros, so they stay constants at -O0 */
#define v_srl16(a, n) V_OP(srli_epi16)((a), (n))
#define v_srl32(a, n) V_OP(srli_epi32)((a), (n))

/* pshufb: table[index] within each 128-bit lane, 0 where bit 7 of the
 * index byte is set */
static inline vec_t v_shuffle8(vec_t table, vec_t idx) { return V_OP(shuffle_epi8)(table, idx); }
static inline vec_t v_unpacklo8(vec_t a, vec_t b) { return V_OP(unpacklo_epi8)(a, b); }
static inline vec_t v_unpackhi8(vec_t a, vec_t b) { return V_OP(unpackhi_epi8)(a, b); }
static inline vec_t v_unpacklo16(vec_t a, vec_t b) { return V_OP(unpacklo_epi16)(a, b); }
static inline vec_t v_unpackhi16(vec_t a, vec_t b) { return V_OP(unpackhi_epi16)(a, b); }
static inline vec_t v_unpacklo32(vec_t a, vec_t b) { return V_OP(unpacklo_epi32)(a, b); }
static inline vec_t v_unpackhi32(vec_t a, vec_t b) { return V_OP(unpackhi_epi32)(a, b); }
static inline vec_t v_unpacklo64(vec_t a, vec_t b) { return V_OP(unpacklo_epi64)(a, b); }
static inline vec_t v_unpackhi64(vec_t a, vec_t b) { return V_OP(unpackhi_epi64)(a, b); }
#endif
