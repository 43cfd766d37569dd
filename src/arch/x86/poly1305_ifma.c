/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks, AVX-512 IFMA: the method is in poly1305_ifma.h. */
#include "poly1305_ifma.h"

/* From this many blocks over a multiple of 16 (j) the head step of
 * ifma_long beats the tail it replaces: Emerald Rapids, 80 + j blocks with
 * the powers cached, TSC cycles (min of 1000 x 8 calls), tail -> head:
 * j = 1 218 -> 244, 3 246 -> 246, 4 267 -> 254, 8 277 -> 253, 10 296 ->
 * 254, 15 354 -> 254. */
#define IFMA_HEAD_MIN 4

static void compute_pows(sc_poly1305 *p)
{
    uint64_t tmp[12];
    compute_pows_tmp(p, tmp);
    sc_wipe(tmp, sizeof tmp);
}

/* The vector path in a frame of its own: the short calls (most calls of
 * a streaming MAC or an AEAD's tails) then skip its prologue and its
 * powers' stack copy (measured: a 64-byte MAC spent a quarter of its time
 * in this function's entry before the split). */
static __attribute__((noinline)) void ifma_long(sc_poly1305 *p, const uint8_t *in, size_t nblocks);

void sc_poly1305_x86_ifma(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (!sc_poly1305_x86_short(p, in, nblocks, SC_POLY_POW_MARK_IFMA, SC_IFMA_MIN_BLOCKS, SC_IFMA_MIN_BLOCKS_CACHED)) ifma_long(p, in, nblocks);
}

static void ifma_long(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (p->pow[0] != SC_POLY_POW_MARK_IFMA) compute_pows(p);
    ifma_pows pows;
    for (size_t k = 0; k < POW_VECS; k++) ((__m512i *)&pows)[k] = _mm512_loadu_si512((const __m512i *)(p->pow + 8) + k);
    const ifma_pows *pw = &pows;
    uint64_t l[3];
    __m512i t[3], u[3];
    limbs44(l, p->h);
    __m512i a[3], b[3];
    for (int i = 0; i < 3; i++) a[i] = _mm512_maskz_set1_epi64(1, (long long)l[i]);
    if (nblocks >= 16) {
        const ifma_mul r16 = make_mul(_mm512_set1_epi64(pw->hi.r0[0]), _mm512_set1_epi64(pw->hi.r1[0]),
                                      _mm512_set1_epi64(pw->hi.r2[0]));
        for (int i = 0; i < 3; i++) b[i] = _mm512_setzero_si512();
        const size_t j = nblocks % 16;
        if (j >= IFMA_HEAD_MIN) {
            /* The j blocks over a multiple of 16 first, as the end of a group
             * (offsets 16 - j .. 15; the lanes before them empty, without
             * 2^128), h added to the first: every later step is then a
             * whole group, and the last one ends the message, instead of a
             * fold to one lane, a group of 8 alone, a second fold and up to
             * 7 MULX blocks. Masked loads of the 64 bytes that end at each
             * vector's last block: the lanes masked off (before in) are not
             * read. */
            __m512i v[4];
            __mmask8 blk[4]; /* the valid blocks of each vector, bit k for block k */
            for (int q = 0; q < 4; q++) {
                const int start = (int)(16 - j) - 4 * q; /* first valid block of vector q */
                blk[q] = (__mmask8)(start <= 0 ? 0xf : start >= 4 ? 0 : (0xf << start) & 0xf);
                const __mmask8 words = (__mmask8)_pdep_u32(blk[q], 0x55) * 3; /* two qwords a block */
                const uintptr_t at = (uintptr_t)in + 16 * (uintptr_t)(4 * q) - 16 * (16 - (uintptr_t)j);
                v[q] = _mm512_maskz_loadu_epi64(words, (const void *)at);
            }
            const __m512i two128 = _mm512_set1_epi64(INT64_C(1) << 40);
            const int o0 = (int)(16 - j), hl = lane_of(o0 % 8);
            const __mmask8 ha = (__mmask8)(o0 < 8 ? 1u << hl : 0), hbm = (__mmask8)(o0 < 8 ? 0 : 1u << hl);
            for (int i = 0; i < 3; i++) {
                a[i] = _mm512_maskz_set1_epi64(ha, (long long)l[i]);
                b[i] = _mm512_maskz_set1_epi64(hbm, (long long)l[i]);
            }
            /* lane 2k: block k of the first vector, 2k + 1: of the second */
            const __mmask8 hba = (__mmask8)(_pdep_u32(blk[0], 0x55) | _pdep_u32(blk[1], 0xaa));
            const __mmask8 hbb = (__mmask8)(_pdep_u32(blk[2], 0x55) | _pdep_u32(blk[3], 0xaa));
            add8_xy(a, v[0], v[1], _mm512_maskz_mov_epi64(hba, two128));
            add8_xy(b, v[2], v[3], _mm512_maskz_mov_epi64(hbb, two128));
            mul(t, a[0], a[1], a[2], &r16);
            mul(u, b[0], b[1], b[2], &r16);
            carry(a, t);
            carry(b, u);
            in += 16 * j, nblocks -= j;
        }
        for (; nblocks >= 32; nblocks -= 16, in += 256) {
            add8(a, in);
            add8(b, in + 128);
            mul(t, a[0], a[1], a[2], &r16);
            mul(u, b[0], b[1], b[2], &r16);
            carry(a, t);
            carry(b, u);
        }
        add8(a, in);
        add8(b, in + 128);
        nblocks -= 16, in += 256;
        mul(t, a[0], a[1], a[2], &pw->hi);
        mul(u, b[0], b[1], b[2], &pw->lo);
        for (int i = 0; i < 3; i++) t[i] = _mm512_add_epi64(t[i], u[i]);
        if (nblocks >= 8) { /* one more group: fold the sums into lane 0 */
            to_canonical(p->h, t);
            limbs44(l, p->h);
            for (int i = 0; i < 3; i++) a[i] = _mm512_maskz_set1_epi64(1, (long long)l[i]);
        }
    }
    if (nblocks >= 8) {
        add8(a, in);
        nblocks -= 8, in += 128;
        mul(t, a[0], a[1], a[2], &pw->lo);
    }
    to_canonical(p->h, t);
    sc_poly1305_mulx_blocks(p->h, p->r, in, nblocks, 1);
}
