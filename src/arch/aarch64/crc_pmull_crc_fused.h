/* SPDX-License-Identifier: Apache-2.0 */
/* CRC by PMULL folding with the CRC32 instructions doing the final
 * reduction and the short inputs and tails. Shared by the "arm-pmull-crc32"
 * and "arm-pmull-eor3-crc32" kernel files (the latter built with +sha3, so
 * the folds XOR three ways with EOR3). Include only from a file built with
 * +crc+crypto.
 *
 * Folding leaves a 128-bit V with crc(0, V) = crc(state, folded bytes); two
 * CRC32X over V's halves are exactly that CRC, so no Barrett reduction is
 * needed (the instruction is the reduction). */
#ifndef SC_ARCH_AARCH64_CRC_PMULL_CRC_FUSED_H
#define SC_ARCH_AARCH64_CRC_PMULL_CRC_FUSED_H
#include "crc_fold_pmull.h"
#include "crc_insn.h"

SC_ALWAYS_INLINE uint32_t sc_crc_pmull_crc_fused(sc_crc_kind kind, uint32_t state, const uint8_t *p,
                                                 size_t n, const sc_crc_arm_constants *consts)
{
    if (n >= SC_CRC_FOLD_MIN_BYTES) {
        const size_t nblocks = n / 16;
        const uint64x2_t v = sc_crc_fold(state, p, nblocks, consts);
        state = sc_crc_insn_u64(kind, 0, vgetq_lane_u64(v, 0));
        state = sc_crc_insn_u64(kind, state, vgetq_lane_u64(v, 1));
        p += 16 * nblocks;
        n -= 16 * nblocks;
    }
    return sc_crc_insn_run(kind, state, p, n);
}
#endif
