/* SPDX-License-Identifier: Apache-2.0 */
/* Portable constant-time multiplication in the GCM fields of DSTU 7624:2014
 * (kalyna_gf.h) and the hash over it.
 *
 * Carry-less products from ordinary integer multiplies ("multiplication
 * with holes"): split 32-bit operands into the four bit classes i mod 4
 * (masks 0x11111111, ...). In the integer product of two classes at most 8
 * one-bits meet at any position, so the sum there fits in the 4 bits before
 * the next position of the same class: its low bit is the carry-less sum and
 * the carries land in the other classes, which the final masks drop. A
 * 64 x 64 product is three of those (Karatsuba). Integer multiplication
 * takes constant time on the 64-bit CPUs this library targets. */
#include "kalyna_gf.h"

/* The 64-bit carry-less product of 32-bit x and y: class k of the product
 * sums the products of classes i and k - i (mod 4). The loops' bounds and
 * indices are constants: the compiler unrolls them. */
static uint64_t clmul32(uint64_t x, uint64_t y)
{
    const uint64_t m = UINT64_C(0x1111111111111111);
    uint64_t z = 0;
    for (unsigned k = 0; k < 4; k++) {
        uint64_t t = 0;
        for (unsigned i = 0; i < 4; i++) t ^= (x & (m << i) & 0xffffffffu) * (y & (m << ((k - i) & 3)) & 0xffffffffu);
        z |= t & m << k;
    }
    return z;
}

/* (hi, lo) = x * y carry-less, 64 x 64 bits. */
static inline void kgf_clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    const uint64_t l = clmul32(x & 0xffffffffu, y & 0xffffffffu), h = clmul32(x >> 32, y >> 32);
    const uint64_t m = clmul32((x ^ x >> 32) & 0xffffffffu, (y ^ y >> 32) & 0xffffffffu) ^ l ^ h;
    *lo = l ^ m << 32;
    *hi = h ^ m >> 32;
}

#include "kalyna_gf_clmul_template.h"

void sc_kgf_reduce(uint64_t *p, unsigned nw)
{
    switch (nw) {
    case 2: kgf_reduce(p, 2); break;
    case 4: kgf_reduce(p, 4); break;
    default: kgf_reduce(p, 8); break;
    }
}

static __attribute__((noinline)) void mul_frame(uint64_t *z, const uint64_t *x, const uint64_t *y, unsigned nw)
{
    switch (nw) {
    case 2: kgf_mul(z, x, y, 2); break;
    case 4: kgf_mul(z, x, y, 4); break;
    default: kgf_mul(z, x, y, 8); break;
    }
}

/* The reference multiply (tests, key setup): the product's words are left
 * in mul_frame's frame, burned after it. */
void sc_kgf_mul_portable(uint64_t *z, const uint64_t *x, const uint64_t *y, unsigned nw)
{
    mul_frame(z, x, y, nw);
    sc_burn_stack(KGF_CLMUL_BURN);
}

KGF_CLMUL_OPS(sc_kgf_portable);
