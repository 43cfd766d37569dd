/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] rounds (FIPS 202 3.2) over 25 named lanes of any type:
 * shared by the scalar kernel (a lane is a uint64_t), the AVX-512 lanes-in-
 * registers single-state form (one lane in an xmm) and the multi-state
 * kernels (a lane of 4 or 8 states in a ymm or zmm, one state per 64-bit
 * element). The including file defines the lane type and its operations,
 * inline functions or macros:
 *   kk_t                      the lane type
 *   kk_xor(a, b)              a ^ b
 *   kk_xor5(a, b, c, d, e)    a ^ b ^ c ^ d ^ e (theta's column parity)
 *   kk_rol(a, n)              a rotated left by the constant n, 1 <= n <= 63
 *   kk_chi(a, b, c)           a ^ (~b & c)
 *   kk_rc(r)                  round constant r (sc_keccak_rc[r]) as a kk_t
 * then uses KK_DECLARE, KK_ROUNDS and, for the absorb loop, KK_XOR_WORDS.
 *
 * Lanes are variables A00 .. A24 (A[x + 5y], two decimal digits), with a
 * second set E00 .. E24: a round reads one set and writes the other, so two
 * rounds make one loop iteration with no copies (the "renamed lanes" of the
 * Keccak implementation overview 3.1). Each round is computed plane by
 * plane (theta's five parities first, then for each output plane its five
 * rho-pi lanes and their chi), so at most 5 + 5 + 5 values are live beside
 * the state: what the multi-state AVX2 kernel's 16 registers need to keep
 * its spills to state lanes.
 *
 * Constant time: only xors, ands and fixed rotations; the branches are on
 * the round count and the rate. */
#ifndef SC_KECCAK_X86_ROUND_H
#define SC_KECCAK_X86_ROUND_H

/* X(tt, n): every lane, as its two-digit name and its index */
#define KK_EACH(X)                                                                                                    \
    X(00, 0) X(01, 1) X(02, 2) X(03, 3) X(04, 4) X(05, 5) X(06, 6) X(07, 7) X(08, 8) X(09, 9) X(10, 10) X(11, 11)     \
        X(12, 12) X(13, 13) X(14, 14) X(15, 15) X(16, 16) X(17, 17) X(18, 18) X(19, 19) X(20, 20) X(21, 21) X(22, 22) \
            X(23, 23) X(24, 24)

#define KK_DECLARE_ONE(tt, n) kk_t A##tt, E##tt;
#define KK_DECLARE KK_EACH(KK_DECLARE_ONE)

#define KK_NOROT(a, n) (a)

/* One output plane: b[x'] = rot(A[x, x'] ^ D[x], r[x, x']) with
 * x = 3y + x' mod 5 (pi: B[y', 2x + 3y'] = A[x, y'] read backwards), then
 * chi into the plane's five lanes E e0 .. e4. */
#define KK_PLANE(A, E, rot0, e0, e1, e2, e3, e4, a0, x0, r0, a1, x1, r1, a2, x2, r2, a3, x3, r3, a4, x4, r4) \
    do {                                                                                                       \
        const kk_t b0 = rot0(kk_xor(A##a0, d##x0), r0);                                                        \
        const kk_t b1 = kk_rol(kk_xor(A##a1, d##x1), r1);                                                      \
        const kk_t b2 = kk_rol(kk_xor(A##a2, d##x2), r2);                                                      \
        const kk_t b3 = kk_rol(kk_xor(A##a3, d##x3), r3);                                                      \
        const kk_t b4 = kk_rol(kk_xor(A##a4, d##x4), r4);                                                      \
        E##e0 = kk_chi(b0, b1, b2);                                                                            \
        E##e1 = kk_chi(b1, b2, b3);                                                                            \
        E##e2 = kk_chi(b2, b3, b4);                                                                            \
        E##e3 = kk_chi(b3, b4, b0);                                                                            \
        E##e4 = kk_chi(b4, b0, b1);                                                                            \
    } while (0)

/* Round r (theta, rho, pi, chi, iota) from lanes A into lanes E. */
#define KK_ROUND(A, E, r)                                                                                   \
    do {                                                                                                    \
        const kk_t c0 = kk_xor5(A##00, A##05, A##10, A##15, A##20);                                         \
        const kk_t c1 = kk_xor5(A##01, A##06, A##11, A##16, A##21);                                         \
        const kk_t c2 = kk_xor5(A##02, A##07, A##12, A##17, A##22);                                         \
        const kk_t c3 = kk_xor5(A##03, A##08, A##13, A##18, A##23);                                         \
        const kk_t c4 = kk_xor5(A##04, A##09, A##14, A##19, A##24);                                         \
        const kk_t d0 = kk_xor(c4, kk_rol(c1, 1)), d1 = kk_xor(c0, kk_rol(c2, 1));                          \
        const kk_t d2 = kk_xor(c1, kk_rol(c3, 1)), d3 = kk_xor(c2, kk_rol(c4, 1));                          \
        const kk_t d4 = kk_xor(c3, kk_rol(c0, 1));                                                          \
        KK_PLANE(A, E, KK_NOROT, 00, 01, 02, 03, 04, 00, 0, 0, 06, 1, 44, 12, 2, 43, 18, 3, 21, 24, 4, 14); \
        E##00 = kk_xor(E##00, kk_rc(r));                                                                    \
        KK_PLANE(A, E, kk_rol, 05, 06, 07, 08, 09, 03, 3, 28, 09, 4, 20, 10, 0, 3, 16, 1, 45, 22, 2, 61);   \
        KK_PLANE(A, E, kk_rol, 10, 11, 12, 13, 14, 01, 1, 1, 07, 2, 6, 13, 3, 25, 19, 4, 8, 20, 0, 18);     \
        KK_PLANE(A, E, kk_rol, 15, 16, 17, 18, 19, 04, 4, 27, 05, 0, 36, 11, 1, 10, 17, 2, 15, 23, 3, 56);  \
        KK_PLANE(A, E, kk_rol, 20, 21, 22, 23, 24, 02, 2, 62, 08, 3, 55, 14, 4, 39, 15, 0, 41, 21, 1, 2);   \
    } while (0)

/* The last `rounds` rounds (24 or 12: even, so A holds the result), two
 * per iteration: the 12-round Keccak-p is the same code entered at 12. */
#define KK_ROUNDS(rounds)                                \
    for (unsigned kk_r = 24 - (rounds); kk_r < 24; kk_r += 2) { \
        KK_ROUND(A, E, kk_r);                            \
        KK_ROUND(E, A, kk_r + 1);                        \
    }

/* A[i] ^= load(i) for the first `words` lanes (rate / 8, 1 .. 21); the
 * branches depend on the rate alone. */
#define KK_XOR_ONE(tt, n) \
    if ((n) < kk_words) A##tt = kk_xor(A##tt, KK_LOAD_WORD(n));
#define KK_XOR_WORDS(words)                 \
    do {                                    \
        const size_t kk_words = (words);    \
        KK_EACH(KK_XOR_ONE)                 \
    } while (0)

#endif
