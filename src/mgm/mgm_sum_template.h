/* SPDX-License-Identifier: Apache-2.0 */
/* MGM's GF sums over a 64 x 64 -> 128 carry-less multiply, written once for
 * the kernels whose multiply is a scalar pair of results (portable, AArch64
 * PMULL, RISC-V Zbc). The including file defines, before including:
 *   static inline void mgm_clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo);
 * and gets static sum64 / sum128 (sc_mgm_gf_ops) and mgm_clmul128. Products
 * are accumulated unreduced, one reduction per call (mgm.h). */
#ifndef SC_MGM_SUM_TEMPLATE_H
#define SC_MGM_SUM_TEMPLATE_H

#include "mgm.h"

/* w ^= a * b, 128 x 128 -> 256 (a[0], b[0] the high words; w[3] the
 * highest), Karatsuba: three 64-bit products. */
static inline void mgm_clmul128(const uint64_t a[2], const uint64_t b[2], uint64_t w[4])
{
    uint64_t hh, hl, lh, ll, mh, ml;
    mgm_clmul64(a[0], b[0], &hh, &hl);
    mgm_clmul64(a[1], b[1], &lh, &ll);
    mgm_clmul64(a[0] ^ a[1], b[0] ^ b[1], &mh, &ml);
    mh ^= hh ^ lh, ml ^= hl ^ ll;
    w[3] ^= hh, w[2] ^= hl ^ mh, w[1] ^= lh ^ ml, w[0] ^= ll;
}

static void sum64(uint64_t *acc, const uint8_t *h, const uint8_t *x, size_t n)
{
    uint64_t hi = 0, lo = *acc;
    for (size_t i = 0; i < n; i++) {
        uint64_t ph, pl;
        mgm_clmul64(sc_mgm_load64(h + 8 * i), sc_mgm_load64(x + 8 * i), &ph, &pl);
        hi ^= ph, lo ^= pl;
    }
    *acc = sc_mgm_reduce64(hi, lo);
}

static void sum128(uint64_t acc[2], const uint8_t *h, const uint8_t *x, size_t n)
{
    uint64_t w[4] = {acc[1], acc[0], 0, 0};
    for (size_t i = 0; i < n; i++) {
        const uint64_t a[2] = {sc_mgm_load64(h + 16 * i), sc_mgm_load64(h + 16 * i + 8)};
        const uint64_t b[2] = {sc_mgm_load64(x + 16 * i), sc_mgm_load64(x + 16 * i + 8)};
        mgm_clmul128(a, b, w);
    }
    sc_mgm_reduce128(acc, w[3], w[2], w[1], w[0]);
}

#endif
