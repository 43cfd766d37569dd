/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks in radix 2^64 with MULX (BMI2), as inline assembly: the
 * scalar kernel (poly1305_mulx.c) and the scalar path of the vector kernels
 * (short inputs, the blocks after the last vector group).
 *
 * The same arithmetic as poly1305_64.h (h2 < 8, s1 = r1 + r1 / 4 folds the
 * products at 2^128 and above) but gcc 12 compiles that C through stack
 * spills of its 128-bit temporaries, about 2x slower than clang's code. Here
 * r0, r1, s1 stay memory operands so the loop needs 12 registers (frame
 * pointer, sanitizer and -O0 builds keep rbp and need address registers). mulx sets no flags, so the
 * four products issue back to back before the column sums. No ADCX/ADOX:
 * splitting column 1 into a CF and an OF chain measured 6% slower on Zen 4
 * (0.705 against 0.662 cycles/byte), so BMI2 alone is required.
 * Constant time: no branch or index depends on h, r or the data. */
#ifndef SC_POLY1305_MULX_H
#define SC_POLY1305_MULX_H

#include "../../chacha/chacha_internal.h"

/* One block as asm text, h = (h + m + hibit 2^128) r, then IN += 16: the
 * operands h0, h1, h2 (h), b, c, d, e, f, g (scratch) by those names, rdx
 * clobbered, and the strings IN (the block pointer register), R0, R1, S1
 * (memory operands of r0, r1, s1 = r1 + r1 / 4) and HIBIT (an immediate or
 * register). For sc_poly1305_mulx_blocks' loop and for the stitched AEAD,
 * which puts blocks among the ChaCha20 rounds (chacha20_poly1305_avx2.c). */
#define SC_POLY1305_MULX_BLOCK(IN, R0, R1, S1, HIBIT)                                                                 \
    "addq 0(" IN "), %[h0]\n\t" /* h += m + hibit 2^128 */                                                           \
    "adcq 8(" IN "), %[h1]\n\t"                                                                                       \
    "adcq " HIBIT ", %[h2]\n\t"                                                                                       \
    "movq %[h0], %%rdx\n\t"                                                                                           \
    "mulxq " R0 ", %[h0], %[b]\n\t" /* h0 r0 -> h0 (col 0), b (col 1) */                                             \
    "mulxq " R1 ", %[c], %[d]\n\t"  /* h0 r1 -> c (col 1), d (col 2) */                                              \
    "movq %[h1], %%rdx\n\t"                                                                                           \
    "mulxq " S1 ", %[e], %[f]\n\t"  /* h1 s1 -> e (col 0), f (col 1) */                                              \
    "mulxq " R0 ", %[h1], %[g]\n\t" /* h1 r0 -> h1 (col 1), g (col 2) */                                             \
    "movq " S1 ", %%rdx\n\t"                                                                                          \
    "imulq %[h2], %%rdx\n\t"  /* h2 s1 (col 1; h2 <= 9, s1 < 2^61) */                                                \
    "imulq " R0 ", %[h2]\n\t" /* h2 r0 (col 2) */                                                                    \
    "addq %[e], %[h0]\n\t"    /* column 0 */                                                                         \
    "adcq %[f], %[b]\n\t"     /* column 1 in b, its carries into d */                                                \
    "adcq %[g], %[d]\n\t"                                                                                             \
    "addq %[c], %[b]\n\t"                                                                                             \
    "adcq %[h2], %[d]\n\t"                                                                                            \
    "addq %[h1], %[b]\n\t"                                                                                            \
    "adcq $0, %[d]\n\t"                                                                                               \
    "addq %%rdx, %[b]\n\t"                                                                                            \
    "adcq $0, %[d]\n\t"                                                                                               \
    "movq %[d], %[h2]\n\t" /* fold 2^130 = 5: h2 = d & 3, + (d & ~3) + d / 4 */                                      \
    "andq $3, %[h2]\n\t"                                                                                              \
    "movq %[d], %[e]\n\t"                                                                                             \
    "andq $-4, %[e]\n\t"                                                                                              \
    "shrq $2, %[d]\n\t"                                                                                               \
    "addq %[d], %[e]\n\t"                                                                                             \
    "movq %[b], %[h1]\n\t"                                                                                            \
    "addq %[e], %[h0]\n\t"                                                                                            \
    "adcq $0, %[h1]\n\t"                                                                                              \
    "adcq $0, %[h2]\n\t"                                                                                              \
    "addq $16, " IN "\n\t"

/* h = (h + m + hibit 2^128) r over n blocks (hibit 1 for message blocks,
 * 0 to multiply by r alone, the vector kernels' powers); h canonical in
 * and out. */
#if defined(SC_CT_DFSAN_BUILD)
/* The DataFlowSanitizer build (scripts/ct-dfsan.sh) cannot follow labels
 * through an asm with memory operands: there the same arithmetic in C
 * (poly1305_64.h), which its checker then covers. */
#include "../../chacha/poly1305_64.h"
static inline void sc_poly1305_mulx_blocks(uint64_t h[3], const uint64_t r[2], const uint8_t *in, size_t n,
                                           int hibit)
{
    sc_poly1305_64_blocks(h, r, in, n, (uint64_t)hibit);
}
#else
static inline void sc_poly1305_mulx_blocks(uint64_t h[3], const uint64_t r[2], const uint8_t *in, size_t n,
                                           int hibit)
{
    if (!n) return;
    /* r0, r1 read in place as 8-byte operands: copying r[] lets the
     * compilers load it as one 16-byte vector, which cannot forward from
     * setkey's two 8-byte stores (a ~50-cycle stall per message on Zen 4). */
    const uint64_t s1 = r[1] + (r[1] >> 2);
    const uint8_t *const end = in + 16 * n;
    const uint64_t hb = (uint64_t)hibit; /* an immediate once inlined ("e") */
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], b, c, d, e, f, g;
    __asm__(
        "1:\n\t" SC_POLY1305_MULX_BLOCK("%[in]", "0(%[r])", "8(%[r])", "%[s1]", "%[hibit]")
        "cmpq %[end], %[in]\n\t"
        "jb 1b"
        : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [in] "+&r"(in), [b] "=&r"(b), [c] "=&r"(c),
          [d] "=&r"(d), [e] "=&r"(e), [f] "=&r"(f), [g] "=&r"(g)
        : [r] "r"(r), [s1] "m"(s1), [hibit] "re"(hb), [end] "m"(end)
        : "rdx", "cc", "memory"); /* "memory": reads in[] and r[] */
    h[0] = h0, h[1] = h1, h[2] = h2;
}

#endif /* SC_CT_DFSAN_BUILD */

#endif
