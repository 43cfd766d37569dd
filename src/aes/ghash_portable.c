/* SPDX-License-Identifier: Apache-2.0 */
/* Portable constant-time GHASH (SP 800-38D section 6.4): carry-less
 * multiplication from ordinary integer multiplies, no tables.
 *
 * "Multiplication with holes" (T. Pornin, BearSSL's ghash_ctmul64, from its
 * public description): split each 64-bit operand into the four bit classes
 * i mod 4 (masks 0x1111..., 0x2222..., ...). In the integer product of two
 * classes at most 16 one-bits meet at any position, and below bit 60 at most
 * 15, so the sum at a position fits in the 4 bits before the next position
 * of the same class: its low bit is the carry-less (XOR) sum, and the
 * carries land only in the other classes, which the final masks drop. That
 * gives the low 64 bits of a 64 x 64 carry-less product; the high 64 bits
 * are the low half of the product of the bit-reversed operands, reversed
 * and shifted by one. Integer multiplication takes constant time on the
 * 64-bit CPUs this library targets.
 *
 * Bit order: GCM's bit 0 (the most significant bit of byte 0) is the
 * coefficient of x^0, so a block read as a big-endian 128-bit integer is
 * the field element with its bits reversed. The product of two reversed
 * 128-bit values is the reversed 255-bit product; shifted left by one, it
 * is the 256-bit reversal, degree d at bit 255 - d, which the reduction
 * folds down with right shifts. */
#include "ghash_portable.h"
#include "../cipher/stack_burn.h"

enum { GHASH_BURN = 512 }; /* bytes: ghash_blocks' frame with room to spare */

#define M1 UINT64_C(0x1111111111111111)
#define M2 UINT64_C(0x2222222222222222)
#define M4 UINT64_C(0x4444444444444444)
#define M8 UINT64_C(0x8888888888888888)

/* The low 64 bits of the carry-less product x * y. */
static uint64_t clmul_lo(uint64_t x, uint64_t y)
{
    const uint64_t x0 = x & M1, x1 = x & M2, x2 = x & M4, x3 = x & M8;
    const uint64_t y0 = y & M1, y1 = y & M2, y2 = y & M4, y3 = y & M8;
    /* class k of the product: the pairs of classes i + j = k mod 4 */
    const uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    const uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    const uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    const uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & M1) | (z1 & M2) | (z2 & M4) | (z3 & M8);
}

static uint64_t reverse64(uint64_t x)
{
    x = (x >> 1 & UINT64_C(0x5555555555555555)) | (x & UINT64_C(0x5555555555555555)) << 1;
    x = (x >> 2 & UINT64_C(0x3333333333333333)) | (x & UINT64_C(0x3333333333333333)) << 2;
    x = (x >> 4 & UINT64_C(0x0F0F0F0F0F0F0F0F)) | (x & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4;
    x = (x >> 8 & UINT64_C(0x00FF00FF00FF00FF)) | (x & UINT64_C(0x00FF00FF00FF00FF)) << 8;
    x = (x >> 16 & UINT64_C(0x0000FFFF0000FFFF)) | (x & UINT64_C(0x0000FFFF0000FFFF)) << 16;
    return x >> 32 | x << 32;
}

static uint64_t load_be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return v;
}

static void store_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8) p[i] = (uint8_t)v;
}

/* g->tab: the halves of H (h1 = bytes 0-7, h0 = bytes 8-15, big-endian),
 * their sum for Karatsuba, and the three bit-reversed. */
enum { H0, H1, H2, H0R, H1R, H2R, H_WORDS };
_Static_assert(H_WORDS * sizeof(uint64_t) <= sizeof(((sc_ghash_key *)0)->tab), "g->tab holds H's six words");

void sc_ghash_portable_init(sc_ghash_key *g)
{
    uint64_t h[H_WORDS];
    h[H1] = load_be64(g->h), h[H0] = load_be64(g->h + 8), h[H2] = h[H0] ^ h[H1];
    h[H0R] = reverse64(h[H0]), h[H1R] = reverse64(h[H1]), h[H2R] = reverse64(h[H2]);
    memcpy(g->tab, h, sizeof h);
    sc_wipe(h, sizeof h);
}

/* The 128-bit product (hi, lo) of 64-bit x and y (rx, ry: their reversals). */
static void clmul64(uint64_t x, uint64_t y, uint64_t rx, uint64_t ry, uint64_t *hi, uint64_t *lo)
{
    *lo = clmul_lo(x, y);
    *hi = reverse64(clmul_lo(rx, ry)) >> 1;
}

static __attribute__((noinline)) void ghash_blocks(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in,
                                                   size_t n)
{
    uint64_t h[H_WORDS];
    memcpy(h, g->tab, sizeof h);
    uint64_t y1 = load_be64(acc), y0 = load_be64(acc + 8);
    for (; n > 0; n--, in += 16) {
        y1 ^= load_be64(in), y0 ^= load_be64(in + 8);
        const uint64_t y2 = y0 ^ y1, y0r = reverse64(y0), y1r = reverse64(y1), y2r = y0r ^ y1r;
        /* Karatsuba: (y1 y0) (h1 h0) = z1 << 128 ^ (z2 ^ z1 ^ z0) << 64 ^ z0 */
        uint64_t z0h, z0l, z1h, z1l, z2h, z2l;
        clmul64(y0, h[H0], y0r, h[H0R], &z0h, &z0l);
        clmul64(y1, h[H1], y1r, h[H1R], &z1h, &z1l);
        clmul64(y2, h[H2], y2r, h[H2R], &z2h, &z2l);
        z2h ^= z0h ^ z1h, z2l ^= z0l ^ z1l;
        /* the reversed product d3:d2:d1:d0 (d3 most significant), shifted
         * left by one: degree d at bit 255 - d */
        uint64_t d3 = z1h, d2 = z1l ^ z2h, d1 = z0h ^ z2l, d0 = z0l;
        d3 = d3 << 1 | d2 >> 63, d2 = d2 << 1 | d1 >> 63, d1 = d1 << 1 | d0 >> 63, d0 <<= 1;
        /* Reduce mod x^128 + x^7 + x^2 + x + 1: x^(128+e) = x^e (1 + x + x^2 +
         * x^7), i.e. a word moves up 128 bits and right by 0, 1, 2 and 7
         * (higher degree = lower bit). d0 (degrees 192-255) folds into d2
         * and d1, then d1 (128-191) into d3 and d2. */
        d2 ^= d0 ^ d0 >> 1 ^ d0 >> 2 ^ d0 >> 7;
        d1 ^= d0 << 63 ^ d0 << 62 ^ d0 << 57;
        d3 ^= d1 ^ d1 >> 1 ^ d1 >> 2 ^ d1 >> 7;
        d2 ^= d1 << 63 ^ d1 << 62 ^ d1 << 57;
        y1 = d3, y0 = d2;
    }
    store_be64(acc, y1);
    store_be64(acc + 8, y0);
    sc_wipe(h, sizeof h);
}

/* The compiler may spill H's words (a secret) beyond the array it wipes:
 * the frame below is burned after each call (tests/test_stack_residue.c). */
void sc_ghash_portable(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    ghash_blocks(g, acc, in, n);
    sc_burn_stack(GHASH_BURN);
}
