/* SPDX-License-Identifier: Apache-2.0 */
/* CRC by GFNI affine products and VPCLMULQDQ folding side by side (AVX-512
 * with VBMI, GFNI, VPCLMULQDQ): the body shared by the CRC-32 and CRC-32C
 * "x86-avx512-gfni-vpclmul" kernels.
 *
 * Carry-less folding is bound by the multiplier: Zen 5 issues VPCLMULQDQ at
 * 0.5/cycle at any width, two per 64 bytes, so 16 bytes/cycle (isa-l, zlib-ng,
 * the JDK and our x86-avx512-vpclmul kernel all stop there). VGF2P8AFFINEQB
 * issues at 2/cycle on other pipes. A CRC register is linear in the message,
 * so each message byte contributes a fixed 8->32-bit linear map of itself
 * (depending only on how far from the end it is): four 8x8 bit matrices, and
 * one affine instruction applies one matrix to all 64 bytes of a zmm. Hence:
 *
 *  - the affine path reads 64-byte rows; lane l of the four accumulators
 *    (byte l of each) holds byte 0..3 of the register of lane l, i.e. of the
 *    bytes at offset l of every row; a row costs 4 affine products + xors;
 *  - the rows' matrices (tools/gen_crc_gfni_matrices.py) depend on the row's
 *    distance inside a step of SC_CRC_GFNI_STEP blocks; between steps the
 *    planes move by one 32x32 map (16 affine products);
 *  - the message is cut into blocks of SC_CRC_GFNI_ROWS affine rows followed
 *    by SC_CRC_GFNI_ZMMS zmm of plain folding, so both units work at once
 *    (4 rows + 2 zmm measured best here: 1.9x folding alone at 256 KiB);
 *  - at the end lane l still owes 63 - l zero bytes. "Register r followed by
 *    m + 4 zero bytes" equals "r's four bytes followed by m zero bytes", so
 *    lane l's register becomes four message bytes at offset l + 1 of a
 *    64-byte window ending where the last row ends, spilling up to 4 bytes
 *    into the carry-less zmm after it. Rotating plane j up by j + 1 bytes
 *    (one VPERMB) and xoring the planes builds that window; window and
 *    carry-less accumulators are then consecutive message bytes, folded
 *    together into the plain folding's tail. */
#ifndef SC_CRC_FOLD_GFNI512_H
#define SC_CRC_FOLD_GFNI512_H
#include "crc_fold_vpclmul512.h"
#include "crc_gfni_matrices.h"

#define SC_CRC_GFNI_BLOCK (64 * (SC_CRC_GFNI_ROWS + SC_CRC_GFNI_ZMMS))
_Static_assert(SC_CRC_GFNI_ROWS == 4, "the row loop takes rows in pairs, four per block");
_Static_assert(SC_CRC_GFNI_ZMMS == 2, "the final merge folds the window over two zmm");

/* A matrix broadcast to every lane. clang 19 folds the broadcast into the
 * instruction as m64{1to8} and then encodes a small displacement as if the
 * memory operand were one byte wide (disp8 not scaled by 8: the instruction
 * reads 8x too far); the empty asm keeps the broadcast a separate load. */
SC_CRC_INLINE __m512i crc_gfni_matrix(const uint64_t *m)
{
    __m512i v = _mm512_set1_epi64((long long)*m);
#if defined(__clang__)
    __asm__("" : "+v"(v));
#endif
    return v;
}

SC_CRC_INLINE __m512i crc_gfni_mul(__m512i x, const uint64_t *m)
{
    return _mm512_gf2p8affine_epi64_epi8(x, crc_gfni_matrix(m), 0);
}

/* Plane j of the register images of all lanes moved by one step. */
SC_CRC_INLINE __m512i crc_gfni_step_plane(const __m512i a[4], const uint64_t m[4])
{
    return _mm512_ternarylogic_epi64(crc_gfni_mul(a[0], &m[0]), crc_gfni_mul(a[1], &m[1]),
                                     _mm512_xor_si512(crc_gfni_mul(a[2], &m[2]), crc_gfni_mul(a[3], &m[3])), 0x96);
}

/* Two rows x, y (matrices mx, my) into the four planes. */
SC_CRC_INLINE void crc_gfni_rows2(__m512i a[4], __m512i x, __m512i y, const uint64_t mx[4], const uint64_t my[4])
{
    for (int j = 0; j < 4; j++)
        a[j] = _mm512_ternarylogic_epi64(a[j], crc_gfni_mul(x, &mx[j]), crc_gfni_mul(y, &my[j]), 0x96);
}

/* The lanes' registers as message bytes: lane l owes 63 - l zero bytes, so
 * its four register bytes go to offset l + 1 of a 64-byte window ending
 * where the last row ends (window byte q = xor over j of plane j's byte
 * q - 1 - j): each plane rotated up by j + 1 bytes, one VPERMB. What wraps
 * around (bytes 0..j) belongs to the 4 bytes after the window: *spill. */
SC_CRC_INLINE __m512i crc_gfni_window(const __m512i a[4], __m512i *spill)
{
    const __m512i iota = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44,
                                         43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24,
                                         23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
                                         1, 0);
    __m512i window = _mm512_setzero_si512(), after = _mm512_setzero_si512();
    for (int j = 0; j < 4; j++) {
        __m512i rot = _mm512_permutexvar_epi8(_mm512_sub_epi8(iota, _mm512_set1_epi8((char)(j + 1))), a[j]);
        __mmask64 wrapped = (1ull << (j + 1)) - 1;
        window = _mm512_xor_si512(window, _mm512_maskz_mov_epi8(~wrapped, rot));
        after = _mm512_xor_si512(after, _mm512_maskz_mov_epi8(wrapped, rot));
    }
    *spill = after;
    return window;
}

/* Messages of at least SC_CRC_GFNI_MIN bytes go through the hybrid; shorter
 * ones are faster by plain folding (the merge and the serial tail cost more
 * than the affine path saves below ~1.5 KiB on Zen 5). */
#define SC_CRC_GFNI_MIN 1536

/* n >= 2 blocks from the raw state; returns the 128-bit remainder as the
 * plain folding body does. */
SC_CRC_INLINE __m128i crc_fold_gfni512_body(uint32_t state, const uint8_t *p, size_t n,
                                            const struct sc_crc_gfni_consts *g, const struct sc_crc_fold_consts *k)
{
    const __m512i kblock = crc_pair512(g->fold_block);
    const size_t blocks = n / SC_CRC_GFNI_BLOCK;
    __m512i c0 = _mm512_setzero_si512(), c1 = _mm512_setzero_si512();
    /* The first step takes the odd blocks so the others are whole steps. */
    size_t step = blocks % SC_CRC_GFNI_STEP ? blocks % SC_CRC_GFNI_STEP : SC_CRC_GFNI_STEP;
    /* The state is an xor into the first four message bytes, i.e. into row
     * 0 of the first block: by linearity its own product starts the planes. */
    const __m512i s = _mm512_zextsi128_si512(crc_state128(state));
    const uint64_t *m0 = g->rows[step - 1][0];
    __m512i a[4] = {crc_gfni_mul(s, &m0[0]), crc_gfni_mul(s, &m0[1]), crc_gfni_mul(s, &m0[2]), crc_gfni_mul(s, &m0[3])};
    for (size_t done = 0; done < blocks; done += step, step = SC_CRC_GFNI_STEP) {
        if (done) {
            __m512i b[4];
            for (int j = 0; j < 4; j++) b[j] = crc_gfni_step_plane(a, g->step[j]);
            for (int j = 0; j < 4; j++) a[j] = b[j];
        }
        for (size_t i = 0; i < step; i++, p += SC_CRC_GFNI_BLOCK) {
            const uint64_t(*m)[4] = g->rows[step - 1 - i];
            crc_gfni_rows2(a, crc_load512(p), crc_load512(p + 64), m[0], m[1]);
            crc_gfni_rows2(a, crc_load512(p + 128), crc_load512(p + 192), m[2], m[3]);
            c0 = crc_fold512(c0, kblock, crc_load512(p + 256));
            c1 = crc_fold512(c1, kblock, crc_load512(p + 320));
        }
    }
    __m512i spill, window = crc_gfni_window(a, &spill);
    c0 = _mm512_xor_si512(c0, spill);
    /* window, c0, c1: 192 consecutive message bytes; fold the first two
     * onto the third and carry on with plain folding. */
    __m512i acc = crc_fold512(window, crc_pair512(k->fold_128b), crc_fold512(c0, crc_pair512(k->fold_64b), c1));
    return crc_fold_vpclmul512_finish(acc, p, n - blocks * SC_CRC_GFNI_BLOCK, k);
}

#endif
