/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 and CRC-32C with the ARMv8 CRC32 instructions, three interleaved
 * streams ("arm-crc32-3way"; built with -march=armv8-a+crc).
 *
 * CRC32X has a latency of 2-3 cycles but issues every cycle on most cores
 * (Cortex-A72: lat 2 / 1 per cycle, Neoverse N1/V1: lat 2 / 1 per cycle), so
 * one dependent chain runs at a third to a half of the unit's rate. Three
 * independent chains over three adjacent blocks of B bytes keep it busy; the
 * three CRCs are then merged with crc(S, X||Y) = crc(S, X) * x^(8B) + crc(0, Y)
 * (mod P), the multiplication done as a 32x32 carry-less product reduced by
 * one CRC32X (tools/gen_crc_arm_constants.py derives the constants).
 *
 * This kernel needs only FEAT_CRC32 (e.g. Raspberry Pi 4's Cortex-A72 has no
 * PMULL), so the product uses integer multiplies: ~45 instructions per merge.
 * The generic sc_crc_shift() would compute x^(8B) mod P bit by bit, about 14
 * 32-step multiplications (~3000 instructions) per merge; with blocks of
 * 2^k bytes and precomputed x^(8*2^k) that is avoided entirely.
 * Blocks are the largest power of two with 3B <= remaining length, so a
 * buffer takes O(log n) merges. */
#include "../../checksum/checksum_kernels.h"
#include "crc_arm_constants.h"
#include "crc_insn.h"

enum { MIN_BLOCK_LOG2 = 8 }; /* 3 x 256 bytes: below that, merging costs more than it hides */

/* 32x32 -> 64 carry-less product with integer multiplies (the "holes" trick,
 * as in BearSSL's ghash_ctmul): split each operand into four classes of bits
 * i = r mod 4. Each class has at most 8 bits set, so an integer product of
 * two classes has, at every bit position of its class, a count <= 8 < 16:
 * the 4-bit counts never carry into the next position of the same class, and
 * bit p of the product is the parity of the terms x^j * x^k with j + k = p.
 * Masking each sum of four products to its class leaves the carry-less one. */
SC_ALWAYS_INLINE uint64_t clmul32(uint32_t a, uint32_t b)
{
    const uint64_t m0 = UINT64_C(0x1111111111111111), m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    const uint64_t a0 = a & m0, a1 = a & m1, a2 = a & m2, a3 = a & m3;
    const uint64_t b0 = b & m0, b1 = b & m1, b2 = b & m2, b3 = b & m3;
    const uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    const uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    const uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    const uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

/* c * x^(8 * 2^k) mod P: clmul32(c, x^(8*2^k - 33)) is c * x^(8*2^k - 32) as
 * a reflected 64-bit value; the CRC instruction multiplies by x^32 and
 * reduces. */
SC_ALWAYS_INLINE uint32_t shift_pow2(sc_crc_kind kind, uint32_t c, unsigned k,
                                     const sc_crc_arm_constants *consts)
{
    return sc_crc_insn_u64(kind, 0, clmul32(c, consts->shift_pow2[k]));
}

static unsigned floor_log2(size_t v)
{
    return (unsigned)(sizeof(unsigned long long) * 8 - 1) - (unsigned)__builtin_clzll(v);
}

SC_ALWAYS_INLINE uint32_t crc_3way(sc_crc_kind kind, uint32_t c0, const uint8_t *p, size_t n,
                                   const sc_crc_arm_constants *consts)
{
    while (n >= (size_t)3 << MIN_BLOCK_LOG2) {
        unsigned k = floor_log2(n / 3);
        if (k > SC_CRC_SHIFT_MAX_LOG2) k = SC_CRC_SHIFT_MAX_LOG2;
        const size_t block = (size_t)1 << k;
        const uint8_t *p1 = p + block, *p2 = p + 2 * block;
        uint32_t c1 = 0, c2 = 0;
        /* 16 bytes per stream and step: the loads pair into LDPs and the
         * loop overhead is paid once per 48 bytes. */
        for (size_t i = 0; i < block; i += 16) {
            c0 = sc_crc_insn_u64(kind, c0, sc_load_le64(p + i));
            c1 = sc_crc_insn_u64(kind, c1, sc_load_le64(p1 + i));
            c2 = sc_crc_insn_u64(kind, c2, sc_load_le64(p2 + i));
            c0 = sc_crc_insn_u64(kind, c0, sc_load_le64(p + i + 8));
            c1 = sc_crc_insn_u64(kind, c1, sc_load_le64(p1 + i + 8));
            c2 = sc_crc_insn_u64(kind, c2, sc_load_le64(p2 + i + 8));
        }
        c0 = shift_pow2(kind, c0, k, consts) ^ c1;
        c0 = shift_pow2(kind, c0, k, consts) ^ c2;
        p += 3 * block;
        n -= 3 * block;
    }
    return sc_crc_insn_run(kind, c0, p, n);
}

uint32_t sc_crc32_arm_crc3way(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~crc_3way(SC_CRC_ISO_HDLC, ~crc, buf, len, &sc_crc32_arm_constants);
}

uint32_t sc_crc32c_arm_crc3way(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~crc_3way(SC_CRC_CASTAGNOLI, ~crc, buf, len, &sc_crc32c_arm_constants);
}
