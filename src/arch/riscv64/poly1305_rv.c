/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks on RV64 (base ISA: mul/mulhu, sltu carries), radix 2^64,
 * as inline assembly: the Poly1305 of the RISC-V chacha kernels (rv-v,
 * rv-zvbb; RFC 8439 2.5).
 *
 * The arithmetic of poly1305_64.h (h = h0 + 2^64 h1 + 2^128 h2, h2 < 8;
 * s1 = r1 + r1 / 4 folds the products at 2^128 and above), in the order of
 * the x86 MULX block (poly1305_mulx.h): columns 1 and 2 (b, c) = h0 r1 +
 * h1 r0 + h2 s1 + 2^64 h2 r0, columns 0 and 1 (f, d) = h0 r0 + h1 s1, the
 * 2^130 fold (c / 4 times 5, as (c & ~3) + c / 4) taken from column 2
 * before column 1's carry lands in h2. With no carry flag, a carry is an
 * sltu of the sum against an addend; the chain is kept short by the
 * bounds: the high words c (b:c < 2^127.2: h2 <= 7) and d (f:d < 2^125.2)
 * take their incoming carries without overflowing, so only the low words'
 * additions need an sltu (6 a block with the message's 3).
 * Guest instructions under qemu: 45 a block (2.8 a byte) against the
 * portable code's 92 (which also assembles every word from bytes).
 *
 * Words are loaded with ld when the input is 8-byte aligned; otherwise
 * blocks are first copied to an aligned stack buffer (a misaligned ld may
 * trap, or be emulated by the kernel at great cost). The alignment is
 * public. Constant time: no branch or address depends on h, r or the
 * data. */
#include <string.h>

#include "../../chacha/chacha_internal.h"

/* h = (h + m + hibit 2^128) r over n >= 1 blocks at an 8-byte aligned in. */
static void rv_blocks(uint64_t h[3], const uint64_t r[2], const uint8_t *in, size_t n, uint64_t hibit)
{
    const uint64_t r0 = r[0], r1 = r[1], s1 = r1 + (r1 >> 2);
    const uint8_t *const end = in + 16 * n;
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], m0, m1, b, c, d, e, f, g, t;
    __asm__("1:\n\t"
            "ld %[m0], 0(%[in])\n\t"
            "ld %[m1], 8(%[in])\n\t"
            "add %[h0], %[h0], %[m0]\n\t" /* h += m + hibit 2^128 */
            "sltu %[m0], %[h0], %[m0]\n\t"
            "add %[h1], %[h1], %[m1]\n\t"
            "sltu %[m1], %[h1], %[m1]\n\t"
            "add %[h1], %[h1], %[m0]\n\t"
            "sltu %[m0], %[h1], %[m0]\n\t"
            "add %[h2], %[h2], %[m1]\n\t"
            "add %[h2], %[h2], %[m0]\n\t"
            "add %[h2], %[h2], %[hb]\n\t"
            "mul %[b], %[h0], %[r1]\n\t" /* h0 r1: columns 1, 2 */
            "mulhu %[c], %[h0], %[r1]\n\t"
            "mul %[e], %[h1], %[r0]\n\t" /* h1 r0: columns 1, 2 */
            "mulhu %[g], %[h1], %[r0]\n\t"
            "mul %[d], %[h2], %[s1]\n\t"  /* h2 s1: column 1 */
            "mul %[h2], %[h2], %[r0]\n\t" /* h2 r0: column 2 */
            "add %[b], %[b], %[e]\n\t"
            "sltu %[t], %[b], %[e]\n\t"
            "add %[c], %[c], %[g]\n\t"
            "add %[c], %[c], %[t]\n\t"
            "add %[b], %[b], %[d]\n\t"
            "sltu %[t], %[b], %[d]\n\t"
            "add %[c], %[c], %[h2]\n\t"
            "add %[c], %[c], %[t]\n\t"   /* b, c: columns 1, 2 */
            "mul %[e], %[h1], %[s1]\n\t" /* h1 s1: columns 0, 1 */
            "mulhu %[g], %[h1], %[s1]\n\t"
            "mul %[f], %[h0], %[r0]\n\t" /* h0 r0: columns 0, 1 */
            "mulhu %[d], %[h0], %[r0]\n\t"
            "andi %[h2], %[c], 3\n\t"
            "andi %[t], %[c], -4\n\t"
            "srli %[c], %[c], 2\n\t"
            "add %[c], %[c], %[t]\n\t" /* 2^130 = 5: (c / 4) 5 */
            "add %[h0], %[f], %[e]\n\t"
            "sltu %[t], %[h0], %[e]\n\t"
            "add %[d], %[d], %[g]\n\t"
            "add %[d], %[d], %[t]\n\t"
            "add %[h0], %[h0], %[c]\n\t"
            "sltu %[t], %[h0], %[c]\n\t"
            "add %[d], %[d], %[t]\n\t"
            "add %[h1], %[d], %[b]\n\t"
            "sltu %[t], %[h1], %[b]\n\t"
            "add %[h2], %[h2], %[t]\n\t"
            "addi %[in], %[in], 16\n\t"
            "bne %[in], %[end], 1b"
            : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [in] "+&r"(in), [m0] "=&r"(m0), [m1] "=&r"(m1),
              [b] "=&r"(b), [c] "=&r"(c), [d] "=&r"(d), [e] "=&r"(e), [f] "=&r"(f), [g] "=&r"(g), [t] "=&r"(t)
            : [r0] "r"(r0), [r1] "r"(r1), [s1] "r"(s1), [hb] "r"(hibit), [end] "r"(end)
            : "memory"); /* "memory": reads in[] */
    h[0] = h0, h[1] = h1, h[2] = h2;
}

void sc_poly1305_rv_scalar(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (nblocks == 0) return;
    if (((uintptr_t)in & 7) == 0) {
        rv_blocks(p->h, p->r, in, nblocks, 1);
        return;
    }
    uint64_t buf[32]; /* 16 blocks */
    while (nblocks) {
        const size_t k = nblocks < 16 ? nblocks : 16;
        memcpy(buf, in, 16 * k);
        rv_blocks(p->h, p->r, (const uint8_t *)buf, k, 1);
        in += 16 * k, nblocks -= k;
    }
    sc_wipe(buf, sizeof buf); /* a MAC's message may be secret (the plaintext of Poly1305-AES) */
}
