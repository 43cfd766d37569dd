/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600], one state in five zmm registers (AVX-512 F): register y
 * holds plane y, lanes A[0..4, y] in qwords 0..4 (3 unused). A round:
 *   theta  C = the xor of the planes (two vpternlogq); D[x] = C[x-1] ^
 *          rot(C[x+1], 1) from two vpermq of C; each plane ^= D as one
 *          vpternlogq of the plane and both halves of D;
 *   rho    one vprolvq per plane (its five offsets in a vector);
 *   pi     B[y, 2x + 3y] = A[x, y]: plane x' holds what becomes column x'
 *          of B, element x = 3y + x' mod 5 going to row y. One vpermq per
 *          plane puts it in row order, so register x' is column x' of B;
 *   chi    then runs across registers, column x from columns x, x+1, x+2:
 *          one vpternlogq (0xD2, a ^ (~b & c)) per column, no shuffles;
 *   iota   a masked xor into qword 0 of column 0;
 *   and a 5x5 transpose (4 vpunpck, 7 vpermt2q, 1 blend) back to planes.
 * The chain of a round is about 10 dependent instructions, four of them
 * 5-cycle zmm shuffles on Zen 4, so one state is latency-bound there (6.5
 * TSC cycles/byte for SHA3-256, ~52 core cycles a round, against 4.1 for
 * the xmm form); keccak_avx512_xmm.c is the other single-state form
 * (one lane per xmm, 25 registers, throughput-bound). The absorb loop
 * XORs each block into the planes with masked loads (5 words per plane,
 * the last plane of the rate partial) and keeps the planes in registers
 * across blocks. */
#include <immintrin.h>
#include "../../hash/hash_internal.h"

#define I8(a, b, c, d, e, f, g, h) _mm512_setr_epi64(a, b, c, d, e, f, g, h)
#define TERN(a, b, c, imm) _mm512_ternarylogic_epi64((a), (b), (c), (imm))

/* theta's effect, rho, and pi's order within the plane that becomes
 * column x' of B: element y of the result is lane 3y + x' mod 5 */
#define RHO_PI(p, r0, r1, r2, r3, r4, x0, x1, x2, x3, x4) \
    _mm512_permutexvar_epi64(I8(x0, x1, x2, x3, x4, 5, 6, 7), \
                             _mm512_rolv_epi64(TERN(p, cm1, cp1, 0x96), I8(r0, r1, r2, r3, r4, 0, 0, 0)))

/* One round on the planes p0 .. p4 (in place); written out, since gcc 12
 * keeps loops over an array of five zmm in memory. */
#define ROUND5(p0, p1, p2, p3, p4, rc)                                                                         \
    do {                                                                                                        \
        const __m512i c = TERN(TERN(p0, p1, p2, 0x96), p3, p4, 0x96);                                           \
        const __m512i cm1 = _mm512_permutexvar_epi64(I8(4, 0, 1, 2, 3, 5, 6, 7), c);                            \
        const __m512i cp1 = _mm512_rol_epi64(_mm512_permutexvar_epi64(I8(1, 2, 3, 4, 0, 5, 6, 7), c), 1);      \
        const __m512i b0 = RHO_PI(p0, 0, 1, 62, 28, 27, 0, 3, 1, 4, 2);                                         \
        const __m512i b1 = RHO_PI(p1, 36, 44, 6, 55, 20, 1, 4, 2, 0, 3);                                        \
        const __m512i b2 = RHO_PI(p2, 3, 10, 43, 25, 39, 2, 0, 3, 1, 4);                                        \
        const __m512i b3 = RHO_PI(p3, 41, 45, 15, 21, 8, 3, 1, 4, 2, 0);                                        \
        const __m512i b4 = RHO_PI(p4, 18, 2, 61, 56, 14, 4, 2, 0, 3, 1);                                        \
        /* chi on columns (0xD2: a ^ (~b & c)), iota into qword 0 */                                            \
        const __m512i q0 = _mm512_mask_xor_epi64(TERN(b0, b1, b2, 0xD2), 1, TERN(b0, b1, b2, 0xD2),             \
                                                 _mm512_set1_epi64((long long)(rc)));                           \
        const __m512i q1 = TERN(b1, b2, b3, 0xD2), q2 = TERN(b2, b3, b4, 0xD2);                                 \
        const __m512i q3 = TERN(b3, b4, b0, 0xD2), q4 = TERN(b4, b0, b1, 0xD2);                                 \
        /* transpose: plane y = element y of every column */                                                    \
        const __m512i t0 = _mm512_unpacklo_epi64(q0, q1); /* q0[0] q1[0] q0[2] q1[2] q0[4] q1[4] */             \
        const __m512i t1 = _mm512_unpackhi_epi64(q0, q1); /* q0[1] q1[1] q0[3] q1[3] */                         \
        const __m512i t2 = _mm512_unpacklo_epi64(q2, q3);                                                       \
        const __m512i t3 = _mm512_unpackhi_epi64(q2, q3);                                                       \
        const __m512i u0 = _mm512_permutex2var_epi64(t0, I8(0, 1, 2, 3, 4, 5, 8, 10), q4); /* + q4[0] q4[2] */  \
        const __m512i u1 = _mm512_permutex2var_epi64(t1, I8(0, 1, 2, 3, 4, 5, 9, 11), q4); /* + q4[1] q4[3] */  \
        p0 = _mm512_permutex2var_epi64(u0, I8(0, 1, 8, 9, 6, 5, 6, 7), t2);                                     \
        p1 = _mm512_permutex2var_epi64(u1, I8(0, 1, 8, 9, 6, 5, 6, 7), t3);                                     \
        p2 = _mm512_permutex2var_epi64(u0, I8(2, 3, 10, 11, 7, 5, 6, 7), t2);                                   \
        p3 = _mm512_permutex2var_epi64(u1, I8(2, 3, 10, 11, 7, 5, 6, 7), t3);                                   \
        p4 = _mm512_mask_blend_epi64(0x10, _mm512_permutex2var_epi64(t0, I8(4, 5, 12, 13, 4, 5, 6, 7), t2), q4); \
    } while (0)

/* The planes' qwords 5..7 are don't-cares: every operation keeps planes
 * apart, and only qwords 0..4 are stored. */
#define PLANE_LOAD(p) _mm512_maskz_loadu_epi64(0x1f, p)
#define PLANES_DECLARE(s)                                                                        \
    __m512i p0 = PLANE_LOAD(s), p1 = PLANE_LOAD(s + 5), p2 = PLANE_LOAD(s + 10), p3 = PLANE_LOAD(s + 15), \
            p4 = PLANE_LOAD(s + 20)
#define PLANES_STORE(s)                          \
    do {                                         \
        _mm512_mask_storeu_epi64(s, 0x1f, p0);      \
        _mm512_mask_storeu_epi64(s + 5, 0x1f, p1);  \
        _mm512_mask_storeu_epi64(s + 10, 0x1f, p2); \
        _mm512_mask_storeu_epi64(s + 15, 0x1f, p3); \
        _mm512_mask_storeu_epi64(s + 20, 0x1f, p4); \
    } while (0)

void sc_keccak_x86_avx512_permute(uint64_t s[25], unsigned rounds)
{
    PLANES_DECLARE(s);
    for (unsigned r = 24 - rounds; r < 24; r++) ROUND5(p0, p1, p2, p3, p4, sc_keccak_rc[r]);
    PLANES_STORE(s);
}

/* block words 5y .. 5y + 4 into plane y, those below the rate */
static inline __mmask8 plane_mask(size_t words, size_t y)
{
    return (__mmask8)(words >= 5 * y + 5 ? 0x1f : words > 5 * y ? (1u << (words - 5 * y)) - 1 : 0);
}
#define ABSORB_PLANE(p, y) p = _mm512_xor_si512(p, _mm512_maskz_loadu_epi64(m##y, in + 40 * y))

void sc_keccak_x86_avx512_absorb(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate, unsigned rounds)
{
    const size_t words = rate / 8;
    const __mmask8 m0 = plane_mask(words, 0), m1 = plane_mask(words, 1), m2 = plane_mask(words, 2),
                   m3 = plane_mask(words, 3), m4 = plane_mask(words, 4);
    PLANES_DECLARE(s);
    for (; nblocks; nblocks--, in += rate) {
        /* a zero mask loads nothing (no fault either): no branches */
        ABSORB_PLANE(p0, 0), ABSORB_PLANE(p1, 1), ABSORB_PLANE(p2, 2), ABSORB_PLANE(p3, 3), ABSORB_PLANE(p4, 4);
        for (unsigned r = 24 - rounds; r < 24; r++) ROUND5(p0, p1, p2, p3, p4, sc_keccak_rc[r]);
    }
    PLANES_STORE(s);
}
