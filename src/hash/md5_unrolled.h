/* SPDX-License-Identifier: Apache-2.0 */
/* The 64 steps of MD5 (RFC 1321 3.4) fully unrolled over an abstract word
 * type: the body of the AArch64 and RISC-V MD5 kernels, scalar (one stream,
 * MT = uint32_t) and SIMD (one stream per element, MT a vector). The
 * includer defines, before use:
 *   MT               the word type
 *   M_ADD(x, y)      x + y modulo 2^32
 *   M_ADDT(x, i)     x + T[i] (sc_md5_t): the round constant, however the
 *                    ISA best materialises it
 *   M_ROL(x, n)      rotation left by the constant n
 *   M_F M_G M_H M_I  the round functions of (b, c, d)
 *   X(k)             message word k of the block (a register or a load)
 * Each step is a = b + rol(a + f(b, c, d) + (X[k] + T[i]), s): X[k] + T[i]
 * does not depend on the chain, so it is computed off the critical path
 * (the order of the OpenJDK AArch64 intrinsic). Everything is a
 * compile-time constant except the data: constant time. */
#ifndef SC_MD5_UNROLLED_H
#define SC_MD5_UNROLLED_H

#define MD5_STEP(FN, a, b, c, d, k, i, s) a = M_ADD(b, M_ROL(M_ADD(M_ADD(a, FN(b, c, d)), M_ADDT(X(k), i)), s))

/* Generated: step i uses (a b c d) rotated right by i, message word
 * i / 5i+1 / 3i+5 / 7i (mod 16) in rounds 1 / 2 / 3 / 4, shifts per round. */
#define MD5_64_STEPS(a, b, c, d) \
    do { \
    MD5_STEP(M_F, a, b, c, d, 0, 0, 7); MD5_STEP(M_F, d, a, b, c, 1, 1, 12); \
    MD5_STEP(M_F, c, d, a, b, 2, 2, 17); MD5_STEP(M_F, b, c, d, a, 3, 3, 22); \
    MD5_STEP(M_F, a, b, c, d, 4, 4, 7); MD5_STEP(M_F, d, a, b, c, 5, 5, 12); \
    MD5_STEP(M_F, c, d, a, b, 6, 6, 17); MD5_STEP(M_F, b, c, d, a, 7, 7, 22); \
    MD5_STEP(M_F, a, b, c, d, 8, 8, 7); MD5_STEP(M_F, d, a, b, c, 9, 9, 12); \
    MD5_STEP(M_F, c, d, a, b, 10, 10, 17); MD5_STEP(M_F, b, c, d, a, 11, 11, 22); \
    MD5_STEP(M_F, a, b, c, d, 12, 12, 7); MD5_STEP(M_F, d, a, b, c, 13, 13, 12); \
    MD5_STEP(M_F, c, d, a, b, 14, 14, 17); MD5_STEP(M_F, b, c, d, a, 15, 15, 22); \
    MD5_STEP(M_G, a, b, c, d, 1, 16, 5); MD5_STEP(M_G, d, a, b, c, 6, 17, 9); \
    MD5_STEP(M_G, c, d, a, b, 11, 18, 14); MD5_STEP(M_G, b, c, d, a, 0, 19, 20); \
    MD5_STEP(M_G, a, b, c, d, 5, 20, 5); MD5_STEP(M_G, d, a, b, c, 10, 21, 9); \
    MD5_STEP(M_G, c, d, a, b, 15, 22, 14); MD5_STEP(M_G, b, c, d, a, 4, 23, 20); \
    MD5_STEP(M_G, a, b, c, d, 9, 24, 5); MD5_STEP(M_G, d, a, b, c, 14, 25, 9); \
    MD5_STEP(M_G, c, d, a, b, 3, 26, 14); MD5_STEP(M_G, b, c, d, a, 8, 27, 20); \
    MD5_STEP(M_G, a, b, c, d, 13, 28, 5); MD5_STEP(M_G, d, a, b, c, 2, 29, 9); \
    MD5_STEP(M_G, c, d, a, b, 7, 30, 14); MD5_STEP(M_G, b, c, d, a, 12, 31, 20); \
    MD5_STEP(M_H, a, b, c, d, 5, 32, 4); MD5_STEP(M_H, d, a, b, c, 8, 33, 11); \
    MD5_STEP(M_H, c, d, a, b, 11, 34, 16); MD5_STEP(M_H, b, c, d, a, 14, 35, 23); \
    MD5_STEP(M_H, a, b, c, d, 1, 36, 4); MD5_STEP(M_H, d, a, b, c, 4, 37, 11); \
    MD5_STEP(M_H, c, d, a, b, 7, 38, 16); MD5_STEP(M_H, b, c, d, a, 10, 39, 23); \
    MD5_STEP(M_H, a, b, c, d, 13, 40, 4); MD5_STEP(M_H, d, a, b, c, 0, 41, 11); \
    MD5_STEP(M_H, c, d, a, b, 3, 42, 16); MD5_STEP(M_H, b, c, d, a, 6, 43, 23); \
    MD5_STEP(M_H, a, b, c, d, 9, 44, 4); MD5_STEP(M_H, d, a, b, c, 12, 45, 11); \
    MD5_STEP(M_H, c, d, a, b, 15, 46, 16); MD5_STEP(M_H, b, c, d, a, 2, 47, 23); \
    MD5_STEP(M_I, a, b, c, d, 0, 48, 6); MD5_STEP(M_I, d, a, b, c, 7, 49, 10); \
    MD5_STEP(M_I, c, d, a, b, 14, 50, 15); MD5_STEP(M_I, b, c, d, a, 5, 51, 21); \
    MD5_STEP(M_I, a, b, c, d, 12, 52, 6); MD5_STEP(M_I, d, a, b, c, 3, 53, 10); \
    MD5_STEP(M_I, c, d, a, b, 10, 54, 15); MD5_STEP(M_I, b, c, d, a, 1, 55, 21); \
    MD5_STEP(M_I, a, b, c, d, 8, 56, 6); MD5_STEP(M_I, d, a, b, c, 15, 57, 10); \
    MD5_STEP(M_I, c, d, a, b, 6, 58, 15); MD5_STEP(M_I, b, c, d, a, 13, 59, 21); \
    MD5_STEP(M_I, a, b, c, d, 4, 60, 6); MD5_STEP(M_I, d, a, b, c, 11, 61, 10); \
    MD5_STEP(M_I, c, d, a, b, 2, 62, 15); MD5_STEP(M_I, b, c, d, a, 9, 63, 21); \
    } while (0)

#endif
