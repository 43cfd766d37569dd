/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks, AVX-512 IFMA: the method is in poly1305_ifma.h. */
#include "poly1305_ifma.h"

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
