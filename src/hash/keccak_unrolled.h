/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] rounds (FIPS 202 3.2) fully unrolled over an abstract lane
 * type: the body of the AArch64 and RISC-V Keccak kernels, scalar (one
 * state, KT = uint64_t) and SIMD (one state per 64-bit element). Written in
 * the operations of the Armv8.2 SHA3 extension, which map one-to-one onto
 * it and onto two or three scalar/RVV instructions elsewhere. The includer
 * defines, before use:
 *   KT                  the lane type
 *   K_XOR(a, b)         a ^ b
 *   K_XOR3(a, b, c)     a ^ b ^ c                    (EOR3)
 *   K_RAX1(a, b)        a ^ rol(b, 1)                (RAX1)
 *   K_XAR(a, b, n)      rol(a ^ b, n), 1 <= n <= 63  (XAR, which rotates right)
 *   K_BCAX(a, b, c)     a ^ (b & ~c)                 (BCAX; bic, andn)
 * and the 25 lanes as variables a0 .. a24 (A[x + 5y]) in scope.
 *
 * One round: theta's column parities c and their mixes d, rho and pi fused
 * with theta's xor (b[y + 5 ((2x + 3y) mod 5)] = rol(a[x + 5y] ^ d[x],
 * r[x + 5y])), chi as BCAX, iota on lane 0. Plain (not lane-complemented)
 * form: every target has an and-not (bic, andn, vandn, BCAX), so the
 * complementing transform would save nothing. */
#ifndef SC_KECCAK_UNROLLED_H
#define SC_KECCAK_UNROLLED_H

#define KECCAK_LANE_LIST(M)                                                                                    \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15) M(16) M(17) M(18)  \
    M(19) M(20) M(21) M(22) M(23) M(24)

/* Generated from FIPS 202 Table 2 (rotation offsets) and pi. */
#define KECCAK_ROUND(rc) \
    do { \
        KT c0 = K_XOR3(K_XOR3(a0, a5, a10), a15, a20); \
        KT c1 = K_XOR3(K_XOR3(a1, a6, a11), a16, a21); \
        KT c2 = K_XOR3(K_XOR3(a2, a7, a12), a17, a22); \
        KT c3 = K_XOR3(K_XOR3(a3, a8, a13), a18, a23); \
        KT c4 = K_XOR3(K_XOR3(a4, a9, a14), a19, a24); \
        KT d0 = K_RAX1(c4, c1); \
        KT d1 = K_RAX1(c0, c2); \
        KT d2 = K_RAX1(c1, c3); \
        KT d3 = K_RAX1(c2, c4); \
        KT d4 = K_RAX1(c3, c0); \
        a0 = K_XOR(a0, d0); \
        KT t_ = a1; \
        a1 = K_XAR(a6, d1, 44); \
        a6 = K_XAR(a9, d4, 20); \
        a9 = K_XAR(a22, d2, 61); \
        a22 = K_XAR(a14, d4, 39); \
        a14 = K_XAR(a20, d0, 18); \
        a20 = K_XAR(a2, d2, 62); \
        a2 = K_XAR(a12, d2, 43); \
        a12 = K_XAR(a13, d3, 25); \
        a13 = K_XAR(a19, d4, 8); \
        a19 = K_XAR(a23, d3, 56); \
        a23 = K_XAR(a15, d0, 41); \
        a15 = K_XAR(a4, d4, 27); \
        a4 = K_XAR(a24, d4, 14); \
        a24 = K_XAR(a21, d1, 2); \
        a21 = K_XAR(a8, d3, 55); \
        a8 = K_XAR(a16, d1, 45); \
        a16 = K_XAR(a5, d0, 36); \
        a5 = K_XAR(a3, d3, 28); \
        a3 = K_XAR(a18, d3, 21); \
        a18 = K_XAR(a17, d2, 15); \
        a17 = K_XAR(a11, d1, 10); \
        a11 = K_XAR(a7, d2, 6); \
        a7 = K_XAR(a10, d0, 3); \
        a10 = K_XAR(t_, d1, 1); \
        KT u_0 = a0, v_0 = a1; \
        a0 = K_BCAX(a0, a2, a1); \
        a1 = K_BCAX(a1, a3, a2); \
        a2 = K_BCAX(a2, a4, a3); \
        a3 = K_BCAX(a3, u_0, a4); \
        a4 = K_BCAX(a4, v_0, u_0); \
        KT u_5 = a5, v_5 = a6; \
        a5 = K_BCAX(a5, a7, a6); \
        a6 = K_BCAX(a6, a8, a7); \
        a7 = K_BCAX(a7, a9, a8); \
        a8 = K_BCAX(a8, u_5, a9); \
        a9 = K_BCAX(a9, v_5, u_5); \
        KT u_10 = a10, v_10 = a11; \
        a10 = K_BCAX(a10, a12, a11); \
        a11 = K_BCAX(a11, a13, a12); \
        a12 = K_BCAX(a12, a14, a13); \
        a13 = K_BCAX(a13, u_10, a14); \
        a14 = K_BCAX(a14, v_10, u_10); \
        KT u_15 = a15, v_15 = a16; \
        a15 = K_BCAX(a15, a17, a16); \
        a16 = K_BCAX(a16, a18, a17); \
        a17 = K_BCAX(a17, a19, a18); \
        a18 = K_BCAX(a18, u_15, a19); \
        a19 = K_BCAX(a19, v_15, u_15); \
        KT u_20 = a20, v_20 = a21; \
        a20 = K_BCAX(a20, a22, a21); \
        a21 = K_BCAX(a21, a23, a22); \
        a22 = K_BCAX(a22, a24, a23); \
        a23 = K_BCAX(a23, u_20, a24); \
        a24 = K_BCAX(a24, v_20, u_20); \
        a0 = K_XOR(a0, rc); \
    } while (0)

/* The last `rounds` rounds (24 or 12, even), two per iteration so that
 * each round's outputs land in the variables the next one reads (no
 * copies at the back edge). RC(r) is round r's constant in KT form. */
#define KECCAK_ROUNDS(rounds, RC)                                                                              \
    do {                                                                                                       \
        for (unsigned r_ = 24 - (rounds); r_ < 24; r_ += 2) {                                                  \
            KECCAK_ROUND(RC(r_));                                                                              \
            KECCAK_ROUND(RC(r_ + 1));                                                                          \
        }                                                                                                      \
    } while (0)

#endif
