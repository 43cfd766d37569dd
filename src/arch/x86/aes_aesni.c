/* SPDX-License-Identifier: Apache-2.0 */
/* AES, GHASH and GCM with AES-NI + PCLMULQDQ on xmm: 8 blocks in flight
 * (AESENC has a latency of 3-4 cycles and a throughput of 1-2 per cycle, so
 * 8 independent blocks keep the units busy), one GHASH reduction per 8
 * blocks with H^1..H^8. Method: aes_x86_template.h; one block per vector. */
#include "vec128.h"

#define VB 1u
#define NV 8u
#define GH_SHORT 0 /* the batch code's tail is as fast as gh_blocks_x here */
#define KERNEL_OPS sc_aes_x86_aesni
/* Clang (19) leaves one to three AES states of the fused GCM batches in
 * the red zone (tests/test_stack_residue.c finds no key there, but they
 * are key-derived): burned after calls of a fused batch or more; GCC keeps
 * them in registers. */
#if defined(__clang__)
#define GCM_BURN 256
#endif

#define v_aesenc(v, k) _mm_aesenc_si128((v), (k))
#define v_aesenclast(v, k) _mm_aesenclast_si128((v), (k))
#define v_aesdec(v, k) _mm_aesdec_si128((v), (k))
#define v_key(p) _mm_load_si128((const __m128i *)(p))
#define v_load_tab(p) _mm_load_si128((const __m128i *)(p))
#define v_aesdeclast(v, k) _mm_aesdeclast_si128((v), (k))
#define v_clmul(a, b, imm) _mm_clmulepi64_si128((a), (b), (imm))
#define v_swap64(v) _mm_shuffle_epi32((v), 0x4e)
static inline vec_t v_load_n(const uint8_t *p, unsigned c) { return c ? v_load(p) : v_zero(); }
static inline void v_store_n(uint8_t *p, vec_t v, unsigned c)
{
    if (c) v_store(p, v);
}
static inline vec_t v_from128(__m128i x) { return x; }
static inline __m128i v_fold128(vec_t v) { return v; }
static inline __m128i v_first128(vec_t v) { return v; }
static inline __m128i v_last128(vec_t v) { return v; }
static inline vec_t v_shift_in(__m128i x, vec_t v) { return (void)v, x; }
static inline vec_t v_ctr_first(__m128i c) { return c; }
static inline vec_t v_ctr_step(void) { return _mm_set_epi32(0, 0, 0, 1); }
static inline vec_t v_ctr_first_raw(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline vec_t v_ctr_step_raw(void) { return _mm_set_epi32(1 << 24, 0, 0, 0); }

#include "aes_x86_template.h"
