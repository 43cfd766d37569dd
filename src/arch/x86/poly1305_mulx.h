/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks in radix 2^64 with MULX (BMI2), as inline assembly: the
 * scalar kernel (poly1305_mulx.c) and the scalar path of the vector kernels
 * (short inputs, the blocks after the last vector group).
 *
 * The same arithmetic as poly1305_64.h (h2 < 8, s1 = r1 + r1 / 4 folds the
 * products at 2^128 and above) but gcc 12 compiles that C through stack
 * spills of its 128-bit temporaries, about 2x slower than clang's code. Here
 * r0, r1, s1 stay memory operands so the loop needs 12 registers (frame
 * pointer, sanitizer and -O0 builds keep rbp and need address registers);
 * the block is the stitched AEAD's, in five parts (below). No ADCX/ADOX:
 * splitting column 1 into a CF and an OF chain measured 6% slower on Zen 4
 * (0.705 against 0.662 cycles/byte), so BMI2 alone is required.
 * Constant time: no branch or index depends on h, r or the data. */
#ifndef SC_POLY1305_MULX_H
#define SC_POLY1305_MULX_H

#include "../../chacha/chacha_internal.h"

/* One block as asm text, h = (h + m + hibit 2^128) r, then M += 16, in
 * five parts (SC_P1305_P1 .. P5, in this order; flags are not live between
 * parts, so the stitched AEAD, chacha20_poly1305_avx2.c, puts each part
 * between the half steps of its ChaCha20 rounds). The arguments are asm
 * strings: H0, H1, H2 (h), M (the block pointer), B, C, D, E, F, G
 * (scratch) registers, R0, R1, S1 memory operands (r0, r1, s1 = r1 +
 * r1 / 4), HIBIT an immediate or register; rdx is clobbered (h1 from P1 to
 * P3).
 * The six products are summed as (h0 r1 + h1 r0 + h2 s1 2^0 + h2 r0 2^64),
 * columns 1 and 2 (b, c), and (h0 r0 + h1 s1), columns 0 and 1 (h0, d); the
 * 2^130 fold (c / 4 times 5 into column 0, c mod 4 stays) is taken from
 * column 2 before the carry of column 1 into it, which then lands in h2 (at
 * most 3 + 1 + 1): the products of column 0 are the last two multiplies and
 * wait on nothing else, so the loop-carried chain is short. The fold from a
 * partial column 2 is libgcrypt's idea (asm-poly1305-amd64.h, Kivilinna);
 * this is our own sequence. Measured on Zen 3, a block alone in a loop:
 * 12.9 cycles against 14.9 for the textbook order (all columns, then the
 * fold). Bounds: h2 <= 7 on entry (h2 <= 5 out, + hibit and a carry), so
 * h2 s1 < 7 * 1.25 * 2^60 and h2 r0 fit 64 bits; b:c < 2^126 and h0:d <
 * 2^127 do not overflow. */
#define SC_P1305_P1(H0, H1, H2, M, B, C, D, E, F, G, R0, R1, S1, HIBIT)                                                \
    "addq 0(" M "), " H0 "\n\t" /* h += m + hibit 2^128 */                                                             \
    "adcq 8(" M "), " H1 "\n\t"                                                                                        \
    "adcq " HIBIT ", " H2 "\n\t"                                                                                       \
    "movq " H0 ", %%rdx\n\t"                                                                                           \
    "mulxq " R1 ", " B ", " C "\n\t" /* h0 r1: columns 1, 2 */                                                         \
    "movq " H0 ", " F "\n\t"                                                                                           \
    "movq " H1 ", %%rdx\n\t"                                                                                           \
    "mulxq " R0 ", " E ", " G "\n\t" /* h1 r0: columns 1, 2 */
#define SC_P1305_P2(H0, H1, H2, M, B, C, D, E, F, G, R0, R1, S1, HIBIT)                                                \
    "movq " S1 ", " D "\n\t"                                                                                           \
    "imulq " H2 ", " D "\n\t"  /* h2 s1: column 1 */                                                                   \
    "imulq " R0 ", " H2 "\n\t" /* h2 r0: column 2 */                                                                   \
    "addq " E ", " B "\n\t"                                                                                            \
    "adcq " G ", " C "\n\t"
#define SC_P1305_P3(H0, H1, H2, M, B, C, D, E, F, G, R0, R1, S1, HIBIT)                                                \
    "addq " D ", " B "\n\t"                                                                                            \
    "adcq " H2 ", " C "\n\t"         /* b, c: columns 1, 2 so far */                                                   \
    "mulxq " S1 ", " E ", " G "\n\t" /* h1 s1: columns 0, 1 */                                                         \
    "movq " F ", %%rdx\n\t"                                                                                            \
    "mulxq " R0 ", " H0 ", " D "\n\t" /* h0 r0: columns 0, 1 */
#define SC_P1305_P4(H0, H1, H2, M, B, C, D, E, F, G, R0, R1, S1, HIBIT)                                                \
    "movq " C ", " H2 "\n\t"                                                                                           \
    "andq $3, " H2 "\n\t"                                                                                              \
    "shrq $2, " C "\n\t"                                                                                               \
    "leaq (" C "," C ",4), " C "\n\t" /* 2^130 = 5 */                                                                  \
    "addq " E ", " H0 "\n\t"                                                                                           \
    "adcq " G ", " D "\n\t"
#define SC_P1305_P5(H0, H1, H2, M, B, C, D, E, F, G, R0, R1, S1, HIBIT)                                                \
    "addq " C ", " H0 "\n\t"                                                                                           \
    "adcq " B ", " D "\n\t"                                                                                            \
    "adcq $0, " H2 "\n\t"                                                                                              \
    "movq " D ", " H1 "\n\t"                                                                                           \
    "addq $16, " M "\n\t"
/* Apply a part to an argument list given as one macro. */
#define SC_P1305_PART(part, ...) part(__VA_ARGS__)
#define SC_P1305_BLOCK(...)                                                                                            \
    SC_P1305_P1(__VA_ARGS__)                                                                                           \
    SC_P1305_P2(__VA_ARGS__) SC_P1305_P3(__VA_ARGS__) SC_P1305_P4(__VA_ARGS__) SC_P1305_P5(__VA_ARGS__)

/* h = (h + m + hibit 2^128) r over n blocks (hibit 1 for message blocks,
 * 0 to multiply by r alone, the vector kernels' powers); h canonical in
 * and out. */
#if defined(SC_CT_DFSAN_BUILD)
/* The DataFlowSanitizer build (scripts/ct-dfsan.sh) cannot follow labels
 * through an asm with memory operands: there the same arithmetic in C
 * (poly1305_64.h), which its checker then covers. */
#include "../../chacha/poly1305_64.h"
static inline void sc_poly1305_mulx_blocks(uint64_t h[3], const uint64_t r[2], const uint8_t *in, size_t n, int hibit)
{
    sc_poly1305_64_blocks(h, r, in, n, (uint64_t)hibit);
}
#else
static inline void sc_poly1305_mulx_blocks(uint64_t h[3], const uint64_t r[2], const uint8_t *in, size_t n, int hibit)
{
    if (!n) return;
    /* r0, r1 read in place as 8-byte operands: copying r[] lets the
     * compilers load it as one 16-byte vector, which cannot forward from
     * setkey's two 8-byte stores (a ~50-cycle stall per message on Zen 4). */
    const uint64_t s1 = r[1] + (r[1] >> 2);
    const uint8_t *const end = in + 16 * n;
    const uint64_t hb = (uint64_t)hibit; /* an immediate once inlined ("e") */
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], b, c, d, e, f, g;
    __asm__("1:\n\t" SC_P1305_BLOCK("%[h0]", "%[h1]", "%[h2]", "%[in]", "%[b]", "%[c]", "%[d]", "%[e]", "%[f]", "%[g]",
                                    "0(%[r])", "8(%[r])", "%[s1]", "%[hibit]") "cmpq %[end], %[in]\n\t"
                                                                               "jb 1b"
            : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [in] "+&r"(in), [b] "=&r"(b), [c] "=&r"(c), [d] "=&r"(d),
              [e] "=&r"(e), [f] "=&r"(f), [g] "=&r"(g)
            : [r] "r"(r), [s1] "m"(s1), [hibit] "re"(hb), [end] "m"(end)
            : "rdx", "cc", "memory"); /* "memory": reads in[] and r[] */
    h[0] = h0, h[1] = h1, h[2] = h2;
}

#endif /* SC_CT_DFSAN_BUILD */

#endif
