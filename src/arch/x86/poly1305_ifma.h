/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 pieces, AVX-512 IFMA (poly1305_ifma.c, and the fused AEAD
 * chacha20_poly1305_avx512.h): radix 2^44, 8 blocks per zmm, two zmm
 * accumulators (RFC 8439 2.5).
 *
 * h = h0 + 2^44 h1 + 2^88 h2 per lane; vpmadd52luq/vpmadd52huq give the
 * low and high 52 bits of each 52x52 product, so a column's high half lands
 * 2^52 = 2^8 * 2^44 up, i.e. << 8 into the next column, and the top
 * column's (2^140 = 2^10 * 2^130 = 5 * 2^10 modulo p) back into column 0.
 * Products reaching 2^132 fold with 20 = 4 * 5 (s_i = 20 r_i).
 *
 * Blocks go 16 per step: accumulator A takes blocks 16g..16g+7, B
 * 16g+8..16g+15, both multiplied by r^16 per step; the last step multiplies
 * each lane by the power that brings its block to the end (A: r^16..r^9,
 * B: r^8..r^1) and the lanes are summed. Two independent accumulators hide
 * the latency of a step (three chained vpmadd52 of 4 cycles, then the
 * carries: about 20 cycles), which one accumulator of 8 lanes would
 * expose. From 16 blocks, j = 4..15 blocks over a multiple of 16 go first,
 * as the end of a group whose other lanes are empty (poly1305_ifma.c:
 * IFMA_HEAD_MIN), so the message ends on a whole step. Otherwise a single
 * group of 8 left over uses r^8..r^1 alone; 0-7 blocks left, and inputs
 * under SC_IFMA_MIN_BLOCKS with no powers yet, take the scalar MULX path
 * (poly1305_mulx.h).
 *
 * The powers are computed with the same vector multiply (r^2 scalar, then
 * [r, r^2] x r^2, [r..r^4] x r^4, [r..r^8] x r^8): four dependent multiplies
 * instead of fifteen. */
#ifndef SC_POLY1305_IFMA_H
#define SC_POLY1305_IFMA_H

#include <immintrin.h>
#include <stddef.h>

#include "poly1305_x86.h"

/* First call with no powers: the vector path needs this many blocks to win
 * over the MULX one including the powers' cost (measured on Zen 4); with
 * the powers cached, one group of 8 already wins. */
#define SC_IFMA_MIN_BLOCKS 24
#define SC_IFMA_MIN_BLOCKS_CACHED 8
#define M44 UINT64_C(0xfffffffffff)
#define M42 UINT64_C(0x3ffffffffff)

/* A multiplier: limbs r0, r1, r2 and s1 = 20 r1, s2 = 20 r2, per lane. */
typedef struct {
    __m512i r0, r1, r2, s1, s2;
} ifma_mul;

/* pow + 8: hi = r^16..r^9, lo = r^8..r^1, in the lane order of load8. */
typedef struct {
    ifma_mul hi, lo;
} ifma_pows;

/* Copied in and out with unaligned accesses: pow is declared 64-byte
 * aligned, but a context the caller malloc'ed may not be. */
#define POW_VECS (sizeof(ifma_pows) / sizeof(__m512i))
_Static_assert(8 * sizeof(uint64_t) + sizeof(ifma_pows) <= sizeof(((sc_poly1305 *)0)->pow), "powers fit in pow");

/* Lane j of load8 holds block perm[j] = 0, 4, 1, 5, 2, 6, 3, 7 of its
 * group (unpack within 128-bit lanes); vector index of r^(8 - perm[j]) in
 * [r^1..r^8]. */
#define LANE_POWER_IDX _mm512_set_epi64(0, 4, 1, 5, 2, 6, 3, 7)

static inline __m512i times20(__m512i x) { return _mm512_add_epi64(_mm512_slli_epi64(x, 4), _mm512_slli_epi64(x, 2)); }

static inline ifma_mul make_mul(__m512i r0, __m512i r1, __m512i r2)
{
    ifma_mul m = {r0, r1, r2, times20(r1), times20(r2)};
    return m;
}

#define LO(a, b, c) _mm512_madd52lo_epu64(a, b, c)
#define HI(a, b, c) _mm512_madd52hi_epu64(a, b, c)

/* t = h r as three 64-bit columns (< 2^54 for h0, h1 < 2^45, h2 < 2^44 and
 * r limbs of the same size), high halves already moved up. */
static inline void mul(__m512i t[3], __m512i h0, __m512i h1, __m512i h2, const ifma_mul *r)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i l0 = LO(LO(LO(z, h0, r->r0), h1, r->s2), h2, r->s1);
    __m512i l1 = LO(LO(LO(z, h0, r->r1), h1, r->r0), h2, r->s2);
    __m512i l2 = LO(LO(LO(z, h0, r->r2), h1, r->r1), h2, r->r0);
    __m512i u0 = HI(HI(HI(z, h0, r->r0), h1, r->s2), h2, r->s1);
    __m512i u1 = HI(HI(HI(z, h0, r->r1), h1, r->r0), h2, r->s2);
    __m512i u2 = HI(HI(HI(z, h0, r->r2), h1, r->r1), h2, r->r0);
    /* u2 < 2^38 at 2^140: 5 * 2^10 u2 = (u2 << 12) + (u2 << 10) */
    t[0] = _mm512_add_epi64(l0, _mm512_add_epi64(_mm512_slli_epi64(u2, 12), _mm512_slli_epi64(u2, 10)));
    t[1] = _mm512_add_epi64(l1, _mm512_slli_epi64(u0, 8));
    t[2] = _mm512_add_epi64(l2, _mm512_slli_epi64(u1, 8));
}

/* One parallel carry round: limbs < 2^44 + 2^15, 2^44 + 2^10, 2^42 + 2^10,
 * inside mul's bounds even with a message added. */
static inline void carry(__m512i h[3], const __m512i t[3])
{
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    const __m512i c0 = _mm512_srli_epi64(t[0], 44), c1 = _mm512_srli_epi64(t[1], 44);
    const __m512i c2 = _mm512_srli_epi64(t[2], 42);
    h[0] = _mm512_add_epi64(_mm512_and_si512(t[0], m44), _mm512_add_epi64(c2, _mm512_slli_epi64(c2, 2)));
    h[1] = _mm512_add_epi64(_mm512_and_si512(t[1], m44), c0);
    h[2] = _mm512_add_epi64(_mm512_and_si512(t[2], _mm512_set1_epi64((long long)M42)), c1);
}

static void limbs44(uint64_t l[3], const uint64_t h[3])
{
    l[0] = h[0] & M44;
    l[1] = ((h[0] >> 44) | (h[1] << 20)) & M44;
    l[2] = (h[1] >> 24) | (h[2] << 40);
}

static inline ifma_mul bcast(const __m512i v[3], int lane)
{
    const __m512i i = _mm512_set1_epi64(lane);
    return make_mul(_mm512_permutexvar_epi64(i, v[0]), _mm512_permutexvar_epi64(i, v[1]),
                    _mm512_permutexvar_epi64(i, v[2]));
}

/* Stores one multiplier at pow-relative vector index k.. k + 4 (unaligned:
 * see POW_VECS), from registers. */
static inline void store_mul(uint64_t *at, const ifma_mul *m)
{
    _mm512_storeu_si512(at, m->r0), _mm512_storeu_si512(at + 8, m->r1), _mm512_storeu_si512(at + 16, m->r2);
    _mm512_storeu_si512(at + 24, m->s1), _mm512_storeu_si512(at + 32, m->s2);
}

/* v = [r, r^2, .., r^8] (lane k - 1: r^k, limbs). The scalar ones (r,
 * r^2) go through tmp[12], which the caller wipes: no call here, so a fused
 * caller can run this among its ChaCha20 rounds (every vector register is
 * caller-saved). */
static inline __attribute__((always_inline)) void pows_to_8(__m512i v[3], const sc_poly1305 *p, uint64_t tmp[12])
{
    uint64_t(*pw)[3] = (uint64_t(*)[3])tmp, *a = tmp + 6, *b = tmp + 9;
    sc_poly1305_x86_powers(pw, p->r, 2);
    limbs44(a, pw[0]);
    limbs44(b, pw[1]);
    __m512i w[3], t[3];
    for (int i = 0; i < 3; i++) v[i] = _mm512_set_epi64(0, 0, 0, 0, 0, 0, (long long)b[i], (long long)a[i]);
    /* v = [r..r^k] -> [r..r^2k]: lanes k..2k-1 = lanes 0..k-1 times r^k */
    for (int k = 2; k < 8; k *= 2) {
        ifma_mul m = bcast(v, k - 1);
        mul(t, v[0], v[1], v[2], &m);
        carry(w, t);
        const __m512i down = _mm512_sub_epi64(_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0), _mm512_set1_epi64(k));
        const __mmask8 upper = (__mmask8)(((1u << (2 * k)) - 1) & ~((1u << k) - 1));
        for (int i = 0; i < 3; i++) v[i] = _mm512_mask_permutexvar_epi64(v[i], upper, down, w[i]);
    }
}

/* The powers into p->pow, marked (tmp: as pows_to_8). */
static inline __attribute__((always_inline)) void compute_pows_tmp(sc_poly1305 *p, uint64_t tmp[12])
{
    __m512i v[3], w[3], t[3];
    pows_to_8(v, p, tmp);
    ifma_mul m8 = bcast(v, 7);
    mul(t, v[0], v[1], v[2], &m8);
    carry(w, t); /* r^9..r^16 */
    const __m512i idx = LANE_POWER_IDX;
    _Static_assert(offsetof(ifma_pows, hi) == 0 && offsetof(ifma_pows, lo) == sizeof(ifma_mul), "pows layout");
    const ifma_mul hi = make_mul(_mm512_permutexvar_epi64(idx, w[0]), _mm512_permutexvar_epi64(idx, w[1]),
                                 _mm512_permutexvar_epi64(idx, w[2]));
    const ifma_mul lo = make_mul(_mm512_permutexvar_epi64(idx, v[0]), _mm512_permutexvar_epi64(idx, v[1]),
                                 _mm512_permutexvar_epi64(idx, v[2]));
    store_mul(p->pow + 8, &hi);
    store_mul(p->pow + 8 + sizeof(ifma_mul) / 8, &lo);
    p->pow[0] = SC_POLY_POW_MARK_IFMA;
}

/* Eight blocks, loaded as x (blocks 0-3) and y (4-7), as 44-bit limbs,
 * plus hb (2^128 = 2^40 in limb 2 for a block, 0 for a lane left empty);
 * lane j holds block perm[j] (the unpacks). */
static inline void add8_xy(__m512i h[3], __m512i x, __m512i y, __m512i hb)
{
    const __m512i lo = _mm512_unpacklo_epi64(x, y), hi = _mm512_unpackhi_epi64(x, y);
    const __m512i m44 = _mm512_set1_epi64((long long)M44);
    h[0] = _mm512_add_epi64(h[0], _mm512_and_si512(lo, m44));
    h[1] = _mm512_add_epi64(h[1], _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)), m44));
    h[2] = _mm512_add_epi64(h[2], _mm512_or_si512(_mm512_srli_epi64(hi, 24), hb));
}

/* Eight blocks as 44-bit limbs with 2^128 added (lane order: see perm). */
static inline void add8(__m512i h[3], const uint8_t *in)
{
    add8_xy(h, _mm512_loadu_si512(in), _mm512_loadu_si512(in + 64), _mm512_set1_epi64(INT64_C(1) << 40));
}

/* The load8 lane of block o (0..7) of a group of eight: the inverse of perm. */
static inline int lane_of(int o) { return o < 4 ? 2 * o : 2 * (o - 4) + 1; }

/* Column sums of all lanes (< 2^58) to canonical h: carry around twice in
 * radix 2^44, then pack into 64-bit words (word 2 < 8). */
static void to_canonical(uint64_t h[3], const __m512i t[3])
{
    uint64_t l0 = (uint64_t)_mm512_reduce_add_epi64(t[0]), l1 = (uint64_t)_mm512_reduce_add_epi64(t[1]);
    uint64_t l2 = (uint64_t)_mm512_reduce_add_epi64(t[2]);
    for (int pass = 0; pass < 2; pass++) {
        l1 += l0 >> 44, l0 &= M44;
        l2 += l1 >> 44, l1 &= M44;
        l0 += (l2 >> 42) * 5, l2 &= M42;
    }
    l1 += l0 >> 44, l0 &= M44;
    l2 += l1 >> 44, l1 &= M44;
    h[0] = l0 | l1 << 44;
    h[1] = l1 >> 20 | l2 << 24;
    h[2] = l2 >> 40;
}

/* From this many blocks over a multiple of 8, ifma_short8 takes them first
 * as a masked group (a head) instead of MULX blocks at the end. Emerald
 * Rapids, the AEAD kernel alone (x86-avx512-ifma), TSC cycles, min of 600 x
 * 8 calls, alternating, MULX tail -> head: j = 1 (272 B) 471 -> 481, 400 B
 * 495 -> 508; j = 2 (288 B) 478-481 -> 477-482; j = 3 (304 B) 490 -> 480;
 * j = 4 (320 B) 509-525 -> 483, 352 B 528-546 -> 478-483, 480 B 648-672 ->
 * 602-628. (The Zen 4 kernel does not take ifma_short8.) */
#ifndef IFMA8_HEAD_MIN
#define IFMA8_HEAD_MIN 3
#endif

/* n >= 8 blocks with no powers cached (the AEAD's short messages, 16-31
 * blocks): one accumulator of 8 lanes, h in lane 0, x = (x + m) r^8
 * per group of 8 but the last, which takes r^8..r^1 by lane (as ifma_long's
 * lone group), then the n mod 8 blocks left on the MULX path. Only r..r^8,
 * in registers: two vector multiplies after r^2, where the MULX chain of 16
 * blocks is 16 dependent block steps, and nothing stored to p->pow (no
 * marker: a later long call computes the full set). tmp: as pows_to_8. */
static inline __attribute__((always_inline)) void ifma_short8(sc_poly1305 *p, const uint8_t *in, size_t n,
                                                              uint64_t tmp[12])
{
    __m512i v[3], a[3], t[3];
    uint64_t l[3];
    pows_to_8(v, p, tmp);
    const ifma_mul r8 = bcast(v, 7);
    const __m512i idx = LANE_POWER_IDX;
    const ifma_mul lo = make_mul(_mm512_permutexvar_epi64(idx, v[0]), _mm512_permutexvar_epi64(idx, v[1]),
                                 _mm512_permutexvar_epi64(idx, v[2]));
    limbs44(l, p->h);
    const size_t j = n % 8;
    if (j >= IFMA8_HEAD_MIN) {
        /* The j blocks over a multiple of 8 first, as the end of a group
         * (offsets 8 - j .. 7, h added to the first; the lanes before it
         * empty, without 2^128), as ifma_long's head: one vector step
         * instead of j dependent MULX blocks after the fold. Masked loads
         * of the 128 bytes that end at block j - 1: the lanes masked off
         * (before in) are not read. */
        const int o0 = 8 - (int)j; /* 1..4: the head's first offset */
        const __mmask8 bx = (__mmask8)((0xf << o0) & 0xf), by = (__mmask8)(0xf << (o0 > 4 ? o0 - 4 : 0) & 0xf);
        const uintptr_t at = (uintptr_t)in - 16 * (uintptr_t)o0;
        const __m512i x = _mm512_maskz_loadu_epi64((__mmask8)(_pdep_u32(bx, 0x55) * 3), (const void *)at);
        const __m512i y = _mm512_maskz_loadu_epi64((__mmask8)(_pdep_u32(by, 0x55) * 3), (const void *)(at + 64));
        const __mmask8 hb = (__mmask8)(_pdep_u32(bx, 0x55) | _pdep_u32(by, 0xaa));
        for (int i = 0; i < 3; i++) a[i] = _mm512_maskz_set1_epi64((__mmask8)(1u << lane_of(o0)), (long long)l[i]);
        add8_xy(a, x, y, _mm512_maskz_mov_epi64(hb, _mm512_set1_epi64(INT64_C(1) << 40)));
        mul(t, a[0], a[1], a[2], &r8);
        carry(a, t);
        in += 16 * j, n -= j;
    } else {
        for (int i = 0; i < 3; i++) a[i] = _mm512_maskz_set1_epi64(1, (long long)l[i]);
    }
    for (; n >= 16; n -= 8, in += 128) {
        add8(a, in);
        mul(t, a[0], a[1], a[2], &r8);
        carry(a, t);
    }
    add8(a, in);
    mul(t, a[0], a[1], a[2], &lo);
    to_canonical(p->h, t);
    sc_poly1305_mulx_blocks(p->h, p->r, in + 128, n - 8, 1);
}

#endif
