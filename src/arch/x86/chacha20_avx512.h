/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 pieces, AVX-512 F: 16 blocks (1 KiB) per vertical group, 4
 * blocks (one per lane) per horizontal row set; every rotation is a vprold.
 * Method: chacha20_x86_template.h. Included by chacha20_avx512.c and
 * chacha20_avx512_zen4.c (which define CC_FN first, for the sc_chacha20_fn,
 * and CC_ROT_TERNLOG, below) and by the fused AEAD
 * chacha20_poly1305_avx512.h (the pieces alone). */
#ifndef SC_CHACHA20_AVX512_H
#define SC_CHACHA20_AVX512_H

#include "vec512.h"

#define CC_VPROLD 1
/* rows 0-3 of blocks 0-3 (lane l = block l) -> blocks 0, 1, 2, 3: a 4x4
 * transpose of 128-bit lanes in two vshufi32x4 steps */
static inline void cc_lanes(vec_t t[4])
{
    const vec_t u0 = _mm512_shuffle_i32x4(t[0], t[1], 0x44), u1 = _mm512_shuffle_i32x4(t[0], t[1], 0xee);
    const vec_t u2 = _mm512_shuffle_i32x4(t[2], t[3], 0x44), u3 = _mm512_shuffle_i32x4(t[2], t[3], 0xee);
    t[0] = _mm512_shuffle_i32x4(u0, u2, 0x88), t[1] = _mm512_shuffle_i32x4(u0, u2, 0xdd);
    t[2] = _mm512_shuffle_i32x4(u1, u3, 0x88), t[3] = _mm512_shuffle_i32x4(u1, u3, 0xdd);
}
static inline __m128i cc_lo128(vec_t v) { return _mm512_castsi512_si128(v); }
static inline vec_t cc_next_lane(vec_t v) { return _mm512_alignr_epi32(v, v, 4); }
/* One block (the <= 64-byte path, xmm) is a single dependency chain, and
 * so is the fused AEAD's two-block ymm path. x = (x ^ y) <<< n is written
 * in one of two forms, per kernel (CC_ROT_TERNLOG, set by the including
 * file before this header):
 *  0 (x86-avx512-ifma, Intel): a vpxord and a vprold, 2 cycles (vprold: 1
 *    cycle). On Emerald Rapids the ternlog form's 4 operations a step (3 of
 *    them shifts, on two ports) slowed the chain: a 64-byte call 210 -> 154
 *    TSC cycles with this form, the AEAD's 64-byte seal 331 -> 261 (min of
 *    1000 x 8 calls; BENCHMARKS.md 7.3).
 *  1 (x86-avx512-ifma-zen4): vprold takes 2 cycles on Zen 4, so write it as
 *    (x <<< n) ^ (y << n) ^ (y >> (32 - n)), one vpternlogd, where x is
 *    ready early and y has just been computed: y costs a shift and the
 *    ternlog (2 cycles) instead of a xor and a vprold (3), 12 cycles per
 *    quarter round instead of 16 (BENCHMARKS.md 5.5), for 5 operations a
 *    step instead of 3, which only pays while the units are idle (not for
 *    wider row sets: measured no faster). */
#ifndef CC_ROT_TERNLOG
#define CC_ROT_TERNLOG 0
#endif
#if CC_ROT_TERNLOG
#define cc_xr(W, x, y, n)                                                                                             \
    _mm##W##_ternarylogic_epi32(_mm##W##_rol_epi32((x), (n)), _mm##W##_slli_epi32((y), (n)),                          \
                                _mm##W##_srli_epi32((y), 32 - (n)), 0x96)
#else
#define cc_xr(W, x, y, n) _mm##W##_rol_epi32(_mm##W##_xor_epi32((x), (y)), (n))
#endif
#define cc128_xr(x, y, n) cc_xr(, x, y, n)
#define cc128_xr16(x, y) cc128_xr(x, y, 16)
#define cc128_xr12(x, y) cc128_xr(x, y, 12)
#define cc128_xr8(x, y) cc128_xr(x, y, 8)
#define cc128_xr7(x, y) cc128_xr(x, y, 7)
/* A partial last vector (n < 64 bytes; n < 16 of an xmm row), per
 * CC_MASKED_TAIL (set by the including file before this header):
 *  1 (x86-avx512, x86-avx512-ifma): the whole dwords under a write mask (a
 *    masked load and store: AVX-512 F and VL, lanes masked off are neither
 *    read nor written, so no fault past the buffers), the 1-3 bytes after
 *    them from the keystream dword in a general register. The template's
 *    zeroed stack copy (two memcpy calls and a wipe per 16 bytes) made a
 *    partial vector cost ~50 TSC cycles on Emerald Rapids (AEAD kernel
 *    alone, 1408 B 1099 but 1420 B 1160); this form, alternating in one
 *    run (min of 600 x 8 calls): 1420 B 1160 -> 1115, 316 B 603-611 ->
 *    549-586, 60 B 305-350 -> 259-267; the public seal at 1420 B against
 *    ipsec-mb 0.996 -> 1.05x, open 0.97 -> 1.025x.
 *  0 (x86-avx512-ifma-zen4): the template's stack copy (masked stores not
 *    measured on Zen 4). */
#ifndef CC_MASKED_TAIL
#define CC_MASKED_TAIL 1
#endif
#if CC_MASKED_TAIL
/* out[4 w .. n) = in ^ k's low bytes, n - 4 w < 4 (k: the keystream dword
 * w, in a register only). */
static inline __attribute__((always_inline)) void cc_xor_bytes(const uint8_t *in, uint8_t *out, uint32_t k, size_t w,
                                                               size_t n)
{
    for (size_t i = 4 * w; i < n; i++, k >>= 8) out[i] = (uint8_t)(in[i] ^ k);
}
static inline __attribute__((always_inline)) void cc_xor_tail(const uint8_t *in, uint8_t *out, __m512i ks, size_t n)
{
    const size_t w = n / 4; /* whole dwords, < 16 */
    const __mmask16 m = (__mmask16)((1u << w) - 1);
    _mm512_mask_storeu_epi32(out, m, _mm512_xor_si512(_mm512_maskz_loadu_epi32(m, in), ks));
    if (n & 3)
        cc_xor_bytes(in, out,
                     (uint32_t)_mm_cvtsi128_si32(
                         _mm512_castsi512_si128(_mm512_permutexvar_epi32(_mm512_set1_epi32((int)w), ks))),
                     w, n);
}
static inline __attribute__((always_inline)) void cc_xor_tail128(const uint8_t *in, uint8_t *out, __m128i ks, size_t n)
{
    const size_t w = n / 4; /* < 4 */
    const __mmask8 m = (__mmask8)((1u << w) - 1);
    _mm_mask_storeu_epi32(out, m, _mm_xor_si128(_mm_maskz_loadu_epi32(m, in), ks));
    if (n & 3)
        cc_xor_bytes(in, out,
                     (uint32_t)_mm_cvtsi128_si32(
                         _mm_castps_si128(_mm_permutevar_ps(_mm_castsi128_ps(ks), _mm_cvtsi32_si128((int)w)))),
                     w, n);
}
#define cc_xor_tail cc_xor_tail
#define cc_xor_tail128 cc_xor_tail128
#endif
/* tails of up to 15 blocks: 4 row sets of 4 */
#define CC_VERTICAL_FROM 15
/* 32 registers: the last 1 KiB group and up to 2 row sets (8 blocks) after
 * it run together */
#define CC_FUSE_SETS 2

#include "chacha20_x86_template.h"

#endif
