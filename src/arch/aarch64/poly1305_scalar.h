/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks in radix 2^64 on AArch64 (mul/umulh, adds/adcs), as
 * inline assembly: the scalar path of the NEON kernel (poly1305_neon.c:
 * short inputs, the blocks after the last vector group) and its powers of r.
 *
 * The arithmetic of poly1305_64.h (h = h0 + 2^64 h1 + 2^128 h2, h2 < 8;
 * s1 = r1 + r1 / 4 folds the products at 2^128 and above, r1 being a
 * multiple of 4), but gcc 12 compiles that C into 38 instructions a block:
 * every carry of a 128-bit temporary goes through cset/cinc instead of the
 * flags' adcs chain. Here 28 (guest instructions under qemu: 1.74 a byte
 * against the portable code's 2.37).
 *
 * The block, in the order of poly1305_mulx.h (x86): columns 1 and 2 (b, c)
 * are h0 r1 + h1 r0 + h2 s1 + 2^64 h2 r0, columns 0 and 1 (f, d) h0 r0 +
 * h1 s1; the 2^130 fold (c / 4 times 5, as (c & ~3) + c / 4) is taken from
 * column 2 before column 1's carry lands in h2. Bounds: h2 <= 7 on entry, so
 * h2 s1 < 2^64 and h2 r0 < 2^63; b:c < 2^126 and f:d < 2^127 do not
 * overflow; h2 <= 4 out (+ hibit and a carry next block: <= 6).
 * Constant time: no branch or address depends on h, r or the data (the
 * loop counts blocks, a public length). */
#ifndef SC_POLY1305_A64_SCALAR_H
#define SC_POLY1305_A64_SCALAR_H

#include "../../chacha/chacha_internal.h"

/* h = (h + m + hibit 2^128) r over n blocks (hibit 1 for message blocks, 0
 * to multiply by r alone: the powers); h canonical in and out. */
static inline void sc_poly1305_a64_blocks(uint64_t h[3], const uint64_t r[2], const uint8_t *in, size_t n,
                                          uint64_t hibit)
{
    if (!n) return;
    const uint64_t r0 = r[0], r1 = r[1], s1 = r1 + (r1 >> 2);
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], m0, m1, b, c, d, e, f, g;
    __asm__("1:\n\t"
            "ldp %[m0], %[m1], [%[in]], #16\n\t"
            "adds %[h0], %[h0], %[m0]\n\t" /* h += m + hibit 2^128 */
            "adcs %[h1], %[h1], %[m1]\n\t"
            "adc %[h2], %[h2], %x[hb]\n\t"
            "mul %[b], %[h0], %[r1]\n\t" /* h0 r1: columns 1, 2 */
            "umulh %[c], %[h0], %[r1]\n\t"
            "mul %[e], %[h1], %[r0]\n\t" /* h1 r0: columns 1, 2 */
            "umulh %[g], %[h1], %[r0]\n\t"
            "mul %[d], %[h2], %[s1]\n\t"  /* h2 s1: column 1 */
            "mul %[h2], %[h2], %[r0]\n\t" /* h2 r0: column 2 */
            "adds %[b], %[b], %[e]\n\t"
            "adc %[c], %[c], %[g]\n\t"
            "adds %[b], %[b], %[d]\n\t"
            "adc %[c], %[c], %[h2]\n\t"  /* b, c: columns 1, 2 */
            "mul %[e], %[h1], %[s1]\n\t" /* h1 s1: columns 0, 1 */
            "umulh %[g], %[h1], %[s1]\n\t"
            "mul %[f], %[h0], %[r0]\n\t" /* h0 r0: columns 0, 1 */
            "umulh %[d], %[h0], %[r0]\n\t"
            "and %[h2], %[c], #3\n\t"
            "and %[m1], %[c], #0xfffffffffffffffc\n\t"
            "add %[c], %[m1], %[c], lsr #2\n\t" /* 2^130 = 5: (c / 4) 5 */
            "adds %[h0], %[f], %[e]\n\t"
            "adc %[d], %[d], %[g]\n\t"
            "adds %[h0], %[h0], %[c]\n\t"
            "adcs %[h1], %[d], %[b]\n\t"
            "adc %[h2], %[h2], xzr\n\t"
            "subs %[n], %[n], #1\n\t"
            "b.ne 1b"
            : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [in] "+&r"(in), [n] "+&r"(n), [m0] "=&r"(m0),
              [m1] "=&r"(m1), [b] "=&r"(b), [c] "=&r"(c), [d] "=&r"(d), [e] "=&r"(e), [f] "=&r"(f), [g] "=&r"(g)
            : [r0] "r"(r0), [r1] "r"(r1), [s1] "r"(s1), [hb] "rZ"(hibit)
            : "cc", "memory"); /* "memory": reads in[] */
    h[0] = h0, h[1] = h1, h[2] = h2;
}

#endif
