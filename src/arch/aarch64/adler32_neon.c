/* SPDX-License-Identifier: Apache-2.0 */
/* Adler-32 (RFC 1950 section 9) with NEON ("arm-neon"; AdvSIMD is part of
 * every AArch64 Linux target, so no extra flags: the kernel exists so that
 * SIMDCRYPT_DISABLE=neon can take it away).
 *
 * For a run of bytes x_0 .. x_{L-1} after state (a, b):
 *   a' = a + sum x_i,   b' = b + L*a + sum (L - i) * x_i.
 * The loop takes 64-byte blocks. Within a chunk of m blocks, block j's
 * bytes weigh (m - j) * 64 + (64 - column), which splits into
 *   64 * sum_j (bytes of blocks before j)   -> s2, one vector add per block
 *   sum_col (64 - col) * (column sum)       -> 64 u16 column sums, one UADDW
 *                                              per 8 columns, weighted once
 *                                              per chunk with UMLAL.
 * Block sums go into s1 by pairwise widening adds (UADDLP/UADALP).
 *
 * Deferred modulo: each column sum gets one byte per block, so a chunk of
 * at most 256 blocks keeps it <= 255 * 256 = 65280, inside u16. s1's lanes
 * then stay <= 16 * 255 * 256 and s2's <= 16 * 255 * 256 * 255 / 2 (< 2^28);
 * the weighted sums are < 2^27. The chunk's totals are combined with the
 * state in 64-bit arithmetic and reduced mod 65521 once per chunk (16 KiB),
 * so no 32-bit sum can wrap, whatever the total length. */
#include "../../checksum/checksum_kernels.h"

#include <arm_neon.h>

enum { BLOCK = 64, CHUNK_BLOCKS = 256 };

/* (64 - column) for the 64 columns of a block, as u16 lanes. */
static const uint16_t column_weights[BLOCK] = {
    64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49,
    48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33,
    32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
    16, 15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2,  1,
};

/* One chunk of `blocks` (1..CHUNK_BLOCKS) 64-byte blocks: returns the new
 * state, reduced. */
static uint32_t adler32_neon_chunk(uint32_t a, uint32_t b, const uint8_t *p, size_t blocks)
{
    uint32x4_t s1 = vdupq_n_u32(0), s2 = vdupq_n_u32(0);
    uint16x8_t col[8];
    for (int i = 0; i < 8; i++) col[i] = vdupq_n_u16(0);

    for (size_t j = 0; j < blocks; j++, p += BLOCK) {
        const uint8x16x4_t d = vld1q_u8_x4(p);
        s2 = vaddq_u32(s2, s1); /* every byte so far weighs 64 more */
        uint16x8_t pairs = vpaddlq_u8(d.val[0]);
        pairs = vpadalq_u8(pairs, d.val[1]);
        pairs = vpadalq_u8(pairs, d.val[2]);
        pairs = vpadalq_u8(pairs, d.val[3]);
        s1 = vpadalq_u16(s1, pairs);
        col[0] = vaddw_u8(col[0], vget_low_u8(d.val[0]));
        col[1] = vaddw_high_u8(col[1], d.val[0]);
        col[2] = vaddw_u8(col[2], vget_low_u8(d.val[1]));
        col[3] = vaddw_high_u8(col[3], d.val[1]);
        col[4] = vaddw_u8(col[4], vget_low_u8(d.val[2]));
        col[5] = vaddw_high_u8(col[5], d.val[2]);
        col[6] = vaddw_u8(col[6], vget_low_u8(d.val[3]));
        col[7] = vaddw_high_u8(col[7], d.val[3]);
    }

    uint32x4_t weighted = vdupq_n_u32(0);
    for (int i = 0; i < 8; i++) {
        const uint16x8_t w = vld1q_u16(column_weights + 8 * i);
        weighted = vmlal_u16(weighted, vget_low_u16(col[i]), vget_low_u16(w));
        weighted = vmlal_high_u16(weighted, col[i], w);
    }
    const uint64_t len = (uint64_t)blocks * BLOCK;
    const uint64_t sum1 = vaddlvq_u32(s1);
    const uint64_t sum2 = BLOCK * vaddlvq_u32(s2) + vaddlvq_u32(weighted) + len * a;
    a = (uint32_t)((a + sum1) % SC_ADLER_BASE);
    b = (uint32_t)((b + sum2) % SC_ADLER_BASE);
    return (b << 16) | a;
}

uint32_t sc_adler32_arm_neon(uint32_t adler, const uint8_t *buf, size_t len)
{
    uint32_t state = adler; /* halves < 2^16, reduced or not: the chunk sums are 64-bit */
    while (len >= BLOCK) {
        size_t blocks = len / BLOCK;
        if (blocks > CHUNK_BLOCKS) blocks = CHUNK_BLOCKS;
        state = adler32_neon_chunk(state & 0xffff, state >> 16, buf, blocks);
        buf += blocks * BLOCK;
        len -= blocks * BLOCK;
    }
    return sc_adler32_portable(state, buf, len);
}
