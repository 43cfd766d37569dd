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
        KT b0 = K_XOR(a0, d0); \
        KT b1 = K_XAR(a6, d1, 44); \
        KT b2 = K_XAR(a12, d2, 43); \
        KT b3 = K_XAR(a18, d3, 21); \
        KT b4 = K_XAR(a24, d4, 14); \
        KT b5 = K_XAR(a3, d3, 28); \
        KT b6 = K_XAR(a9, d4, 20); \
        KT b7 = K_XAR(a10, d0, 3); \
        KT b8 = K_XAR(a16, d1, 45); \
        KT b9 = K_XAR(a22, d2, 61); \
        KT b10 = K_XAR(a1, d1, 1); \
        KT b11 = K_XAR(a7, d2, 6); \
        KT b12 = K_XAR(a13, d3, 25); \
        KT b13 = K_XAR(a19, d4, 8); \
        KT b14 = K_XAR(a20, d0, 18); \
        KT b15 = K_XAR(a4, d4, 27); \
        KT b16 = K_XAR(a5, d0, 36); \
        KT b17 = K_XAR(a11, d1, 10); \
        KT b18 = K_XAR(a17, d2, 15); \
        KT b19 = K_XAR(a23, d3, 56); \
        KT b20 = K_XAR(a2, d2, 62); \
        KT b21 = K_XAR(a8, d3, 55); \
        KT b22 = K_XAR(a14, d4, 39); \
        KT b23 = K_XAR(a15, d0, 41); \
        KT b24 = K_XAR(a21, d1, 2); \
        a0 = K_XOR(K_BCAX(b0, b2, b1), rc); \
        a1 = K_BCAX(b1, b3, b2); \
        a2 = K_BCAX(b2, b4, b3); \
        a3 = K_BCAX(b3, b0, b4); \
        a4 = K_BCAX(b4, b1, b0); \
        a5 = K_BCAX(b5, b7, b6); \
        a6 = K_BCAX(b6, b8, b7); \
        a7 = K_BCAX(b7, b9, b8); \
        a8 = K_BCAX(b8, b5, b9); \
        a9 = K_BCAX(b9, b6, b5); \
        a10 = K_BCAX(b10, b12, b11); \
        a11 = K_BCAX(b11, b13, b12); \
        a12 = K_BCAX(b12, b14, b13); \
        a13 = K_BCAX(b13, b10, b14); \
        a14 = K_BCAX(b14, b11, b10); \
        a15 = K_BCAX(b15, b17, b16); \
        a16 = K_BCAX(b16, b18, b17); \
        a17 = K_BCAX(b17, b19, b18); \
        a18 = K_BCAX(b18, b15, b19); \
        a19 = K_BCAX(b19, b16, b15); \
        a20 = K_BCAX(b20, b22, b21); \
        a21 = K_BCAX(b21, b23, b22); \
        a22 = K_BCAX(b22, b24, b23); \
        a23 = K_BCAX(b23, b20, b24); \
        a24 = K_BCAX(b24, b21, b20); \
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
