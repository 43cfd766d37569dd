/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 pieces, AVX2: 8 blocks per vertical group, 2 blocks (one per
 * lane) per horizontal row set; rotations by 16 and 8 with vpshufb. Method:
 * chacha20_x86_template.h. Included by chacha20_avx2.c (which defines CC_FN
 * first, for the sc_chacha20_fn) and by the fused AEAD
 * chacha20_poly1305_avx2.c (the pieces alone). */
#ifndef SC_CHACHA20_AVX2_H
#define SC_CHACHA20_AVX2_H

#include "vec256.h"
/* rows 0-3 of blocks 0 (low lanes) and 1 (high lanes) -> block 0, block 1 */
static inline void cc_lanes(vec_t t[4])
{
    const vec_t r0 = _mm256_permute2x128_si256(t[0], t[1], 0x20), r1 = _mm256_permute2x128_si256(t[2], t[3], 0x20);
    const vec_t r2 = _mm256_permute2x128_si256(t[0], t[1], 0x31), r3 = _mm256_permute2x128_si256(t[2], t[3], 0x31);
    t[0] = r0, t[1] = r1, t[2] = r2, t[3] = r3;
}
static inline __m128i cc_lo128(vec_t v) { return _mm256_castsi256_si128(v); }
static inline vec_t cc_next_lane(vec_t v) { return _mm256_permute2x128_si256(v, v, 0x01); }
/* tails of up to 7 blocks: 4 row sets of 2 */
#define CC_VERTICAL_FROM 7
/* 16 registers: no room to fuse row sets into a vertical group */
#define CC_FUSE_SETS 0

#if !defined(SC_CT_DFSAN_BUILD)
/* The vertical rounds with a fixed register schedule (below); the
 * DataFlowSanitizer build cannot follow labels through an asm with memory
 * operands, so it keeps the template's C rounds. */
static inline void cc_avx2_rounds(vec_t x[16]);
#define cc_v_rounds(x) cc_avx2_rounds(x)
#else
#define cc_avx2_drounds(x, c, n) cc_avx2_drounds_c(x, c, n)
#endif

#include "chacha20_x86_template.h"

#if !defined(SC_CT_DFSAN_BUILD)
/* The 20 rounds of 8 blocks in words-per-register form need the 16 state
 * rows plus two temporaries (the shift-or rotations by 12 and 7) in 16 ymm
 * registers: left to the compiler, gcc 12 spills about 40 rows per double
 * round (1.38 cycles/byte on Zen 3). Here the schedule of OpenSSL's
 * ChaCha20_8x and libgcrypt's AVX2 code (the idea, not their code): rows a,
 * b, d stay in 12 registers, and of the four c rows two are in registers
 * (ymm12, ymm13) and two on the stack at any time. Each half round runs
 * as two pairs of quarter rounds (two independent chains interleaved); the
 * c rows swap between the pairs: 4 stores and 4 loads per double round.
 *   columns    pair (0, 4, 8, 12) (1, 5, 9, 13): c0, c1 in registers;
 *              swap to c2, c3: pair (2, 6, 10, 14) (3, 7, 11, 15)
 *   diagonals  pair (0, 5, 10, 15) (1, 6, 11, 12): c2, c3 still there;
 *              swap to c0, c1: pair (2, 7, 8, 13) (3, 4, 9, 14)
 * so each double round starts and ends with c0, c1 in registers. ymm14,
 * ymm15 are the temporaries; the byte shuffles read their index vectors
 * from memory. Only additions, xors, shifts and fixed shuffles: constant
 * time; the spilled rows are wiped by the callers' stack burn, as the
 * compiler's spills were (and they are never the raw key: the first
 * stores overwrite the initial c rows). */
#define CA_(x) "%[" #x "]"
#define CA_C0 "%%ymm12"
#define CA_C1 "%%ymm13"
#define CA_T0 "%%ymm14"
#define CA_T1 "%%ymm15"
/* Two interleaved quarter rounds (a, b, c, d) and (e, f, g, h), a step in
 * two halves (the fused AEAD puts Poly1305 work between them): a += b,
 * d ^= a, d <<<= 16 or 8 (vpshufb), c += d; then b ^= c, b <<<= l. */
#define CA_QR_HALF1(a, b, c, d, e, f, g, h, rot)                                                                      \
    "vpaddd " b ", " a ", " a "\n\t"                                                                                  \
    "vpaddd " f ", " e ", " e "\n\t"                                                                                  \
    "vpxor " a ", " d ", " d "\n\t"                                                                                   \
    "vpxor " e ", " h ", " h "\n\t"                                                                                   \
    "vpshufb " rot ", " d ", " d "\n\t"                                                                               \
    "vpshufb " rot ", " h ", " h "\n\t"                                                                               \
    "vpaddd " d ", " c ", " c "\n\t"                                                                                  \
    "vpaddd " h ", " g ", " g "\n\t"
#define CA_QR_HALF2(b, c, f, g, l)                                                                                    \
    "vpxor " c ", " b ", " b "\n\t"                                                                                   \
    "vpxor " g ", " f ", " f "\n\t"                                                                                   \
    "vpslld $" #l ", " b ", " CA_T0 "\n\t"                                                                            \
    "vpslld $" #l ", " f ", " CA_T1 "\n\t"                                                                            \
    "vpsrld $32-" #l ", " b ", " b "\n\t"                                                                             \
    "vpsrld $32-" #l ", " f ", " f "\n\t"                                                                             \
    "vpor " CA_T0 ", " b ", " b "\n\t"                                                                                \
    "vpor " CA_T1 ", " f ", " f "\n\t"
#define CA_QR_STEP(a, b, c, d, e, f, g, h, rot, l)                                                                    \
    CA_QR_HALF1(a, b, c, d, e, f, g, h, rot) CA_QR_HALF2(b, c, f, g, l)
#define CA_QR2(a, b, c, d, e, f, g, h)                                                                                \
    CA_QR_STEP(a, b, c, d, e, f, g, h, CA_(r16), 12) CA_QR_STEP(a, b, c, d, e, f, g, h, CA_(r8), 7)

/* n double rounds of x[0..7], x[12..15] (registers) and the c rows c[0..3]
 * (memory, where the fused AEAD keeps them between calls). */
CC_AI void cc_avx2_drounds(vec_t x[16], vec_t c[4], unsigned n)
{
    vec_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
    vec_t x12 = x[12], x13 = x[13], x14 = x[14], x15 = x[15];
    __asm__("vmovdqa 0(%[c]), " CA_C0 "\n\t"
            "vmovdqa 32(%[c]), " CA_C1 "\n\t"
            "1:\n\t" CA_QR2(CA_(x0), CA_(x4), CA_C0, CA_(x12), CA_(x1), CA_(x5), CA_C1, CA_(x13))
            "vmovdqa " CA_C0 ", 0(%[c])\n\t"
            "vmovdqa " CA_C1 ", 32(%[c])\n\t"
            "vmovdqa 64(%[c]), " CA_C0 "\n\t"
            "vmovdqa 96(%[c]), " CA_C1 "\n\t" CA_QR2(CA_(x2), CA_(x6), CA_C0, CA_(x14), CA_(x3), CA_(x7), CA_C1,
                                                     CA_(x15))
                CA_QR2(CA_(x0), CA_(x5), CA_C0, CA_(x15), CA_(x1), CA_(x6), CA_C1, CA_(x12))
            "vmovdqa " CA_C0 ", 64(%[c])\n\t"
            "vmovdqa " CA_C1 ", 96(%[c])\n\t"
            "vmovdqa 0(%[c]), " CA_C0 "\n\t"
            "vmovdqa 32(%[c]), " CA_C1 "\n\t" CA_QR2(CA_(x2), CA_(x7), CA_C0, CA_(x13), CA_(x3), CA_(x4), CA_C1,
                                                     CA_(x14))
            "decl %[n]\n\t"
            "jnz 1b\n\t"
            "vmovdqa " CA_C0 ", 0(%[c])\n\t"
            "vmovdqa " CA_C1 ", 32(%[c])"
            : [x0] "+x"(x0), [x1] "+x"(x1), [x2] "+x"(x2), [x3] "+x"(x3), [x4] "+x"(x4), [x5] "+x"(x5),
              [x6] "+x"(x6), [x7] "+x"(x7), [x12] "+x"(x12), [x13] "+x"(x13), [x14] "+x"(x14), [x15] "+x"(x15),
              [n] "+r"(n)
            : [c] "r"(c), [r16] "m"(cc_const(cc_rot16_idx)), [r8] "m"(cc_const(cc_rot8_idx))
            : "xmm12", "xmm13", "xmm14", "xmm15", "cc", "memory"); /* reads and writes c[] */
    x[0] = x0, x[1] = x1, x[2] = x2, x[3] = x3, x[4] = x4, x[5] = x5, x[6] = x6, x[7] = x7;
    x[12] = x12, x[13] = x13, x[14] = x14, x[15] = x15;
}

static inline void cc_avx2_rounds(vec_t x[16])
{
    _Alignas(32) vec_t c[4] = {x[8], x[9], x[10], x[11]};
    cc_avx2_drounds(x, c, 10);
    x[8] = c[0], x[9] = c[1], x[10] = c[2], x[11] = c[3];
}
#else
/* The same interface in C (the DataFlowSanitizer build). */
CC_AI void cc_avx2_drounds_c(vec_t x[16], vec_t c[4], unsigned n)
{
    x[8] = c[0], x[9] = c[1], x[10] = c[2], x[11] = c[3];
    for (unsigned i = 0; i < n; i++) cc_v_double_round(x);
    c[0] = x[8], c[1] = x[9], c[2] = x[10], c[3] = x[11];
}
#endif

#endif
