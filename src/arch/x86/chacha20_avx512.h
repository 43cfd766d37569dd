/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 pieces, AVX-512 F: 16 blocks (1 KiB) per vertical group, 4
 * blocks (one per lane) per horizontal row set; every rotation is a vprold.
 * Method: chacha20_x86_template.h. Included by chacha20_avx512.c (which
 * defines CC_FN first, for the sc_chacha20_fn) and by the fused AEAD
 * chacha20_poly1305_avx512.c (the pieces alone). */
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
/* One block (the <= 64-byte path, xmm) is a single dependency chain: x =
 * (x ^ y) <<< n as a vpxord and a vprold, 2 cycles on Intel (vprold: 1
 * cycle). An earlier form for Zen 4, where vprold was measured at 2 cycles,
 * wrote it as (x <<< n) ^ (y << n) ^ (y >> (32 - n)) in one vpternlogd (y
 * costing a shift and the ternlog: 12 cycles per quarter round instead of
 * 16 there), but its 4 operations a step (3 of them shifts, on two ports)
 * slowed the chain on Emerald Rapids: a 64-byte call 210 -> 154 TSC
 * cycles with the plain form (min of 1000 x 8 calls); the fused AEAD's
 * ymm two-block path likewise (64-byte seal 331 -> 261). Not re-measured
 * on Zen 4. */
#define cc128_xr(x, y, n) _mm_rol_epi32(_mm_xor_si128((x), (y)), (n))
#define cc128_xr16(x, y) cc128_xr(x, y, 16)
#define cc128_xr12(x, y) cc128_xr(x, y, 12)
#define cc128_xr8(x, y) cc128_xr(x, y, 8)
#define cc128_xr7(x, y) cc128_xr(x, y, 7)
/* tails of up to 15 blocks: 4 row sets of 4 */
#define CC_VERTICAL_FROM 15
/* 32 registers: the last 1 KiB group and up to 2 row sets (8 blocks) after
 * it run together */
#define CC_FUSE_SETS 2

#include "chacha20_x86_template.h"

#endif
