/* SPDX-License-Identifier: Apache-2.0 */
/* Shared by the x86 vector Poly1305 kernels (poly1305_avx2.c,
 * poly1305_ifma.c): the lazily computed powers of r, kept in
 * sc_poly1305.pow. Their scalar path (short inputs, the blocks after the
 * last whole vector group) is poly1305_mulx.h. */
#ifndef SC_POLY1305_X86_H
#define SC_POLY1305_X86_H

#include "../../chacha/poly1305_64.h" /* sc_u128 */
#include "poly1305_mulx.h"

/* pow[0] holds the marker of the kernel whose powers follow (from pow[8],
 * one cache line on): setkey zeroes it, so a new key, or a state last used
 * by another kernel, recomputes. The marker is public (not key material). */
#define SC_POLY_POW_MARK_AVX2 UINT64_C(0x706f6c7961767832) /* "polyavx2" */
#define SC_POLY_POW_MARK_IFMA UINT64_C(0x706f6c7969666d61) /* "polyifma" */

/* pw[i] = r^(i+1) modulo p for i < k, canonical (h-form: partially reduced,
 * word 2 < 8): each power is the previous one absorbed as an all-zero block
 * without the 2^128 bit, i.e. multiplied by r. */
static inline void sc_poly1305_x86_powers(uint64_t pw[][3], const uint64_t r[2], int k)
{
    static const uint8_t zero[16];
    pw[0][0] = r[0], pw[0][1] = r[1], pw[0][2] = 0;
    for (int i = 1; i < k; i++) {
        pw[i][0] = pw[i - 1][0], pw[i][1] = pw[i - 1][1], pw[i][2] = pw[i - 1][2];
        sc_poly1305_mulx_blocks(pw[i], r, zero, 1, 0);
    }
}

/* The scalar path when n blocks are too few for the vector one (fewer
 * without powers yet, whose cost the first long call pays): 1 if it took
 * them. */
static inline int sc_poly1305_x86_short(sc_poly1305 *p, const uint8_t *in, size_t n, uint64_t mark,
                                        size_t min_blocks, size_t min_blocks_cached)
{
    if (n >= (p->pow[0] == mark ? min_blocks_cached : min_blocks)) return 0;
    sc_poly1305_mulx_blocks(p->h, p->r, in, n, 1);
    return 1;
}

#endif
