/* SPDX-License-Identifier: Apache-2.0 */
/* The portable GF kernel of MGM: products in GF(2^64) and GF(2^128) in
 * constant time with integer multiplications only (no table, no branch on
 * the data: every H_i is secret).
 *
 * Carry-less 64 x 64 -> 128 from four-bit "holes" (the technique of BearSSL's
 * ghash_ctmul64): with x and y split into x & 0x1111..., x & 0x2222..., ...,
 * each integer product of two such parts has at most 16 terms per bit
 * position, which fit in the holes, so the carries never reach a kept bit.
 * The high half is the low half of the bit-reversed operands, reversed. */
#include "mgm.h"

static uint64_t bmul64(uint64_t x, uint64_t y)
{
    const uint64_t m0 = UINT64_C(0x1111111111111111), m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static uint64_t rev64(uint64_t x)
{
#define SWAP(s, m) x = ((x >> (s)) & (m)) | ((x & (m)) << (s))
    SWAP(1, UINT64_C(0x5555555555555555));
    SWAP(2, UINT64_C(0x3333333333333333));
    SWAP(4, UINT64_C(0x0F0F0F0F0F0F0F0F));
    SWAP(8, UINT64_C(0x00FF00FF00FF00FF));
    SWAP(16, UINT64_C(0x0000FFFF0000FFFF));
#undef SWAP
    return (x >> 32) | (x << 32);
}

/* The 127-bit carry-less product of x and y as (*hi, *lo). */
static inline void mgm_clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    *lo = bmul64(x, y);
    *hi = rev64(bmul64(rev64(x), rev64(y))) >> 1;
}

#include "mgm_sum_template.h"

uint64_t sc_mgm_gf64_mul(uint64_t a, uint64_t b)
{
    uint64_t hi, lo;
    mgm_clmul64(a, b, &hi, &lo);
    return sc_mgm_reduce64(hi, lo);
}

void sc_mgm_gf128_mul(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t w[4] = {0, 0, 0, 0};
    mgm_clmul128(a, b, w);
    sc_mgm_reduce128(r, w[3], w[2], w[1], w[0]);
}

const sc_mgm_gf_ops sc_mgm_gf_portable = {sum64, sum128};
