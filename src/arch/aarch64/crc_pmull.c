/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 and CRC-32C by PMULL folding alone ("arm-pmull"; built with
 * -march=armv8-a+crypto): for cores with FEAT_PMULL but without FEAT_CRC32
 * (optional before ARMv8.1), and the fallback when crc32 is disabled.
 *
 * Without CRC instructions the last 128-bit accumulator is reduced by the
 * portable slice-by-8 code over its 16 bytes; that costs a few dozen
 * instructions once per call, not per byte, and needs no Barrett constants.
 * Inputs shorter than four blocks go to the portable code entirely. */
#include "../../checksum/checksum_kernels.h"
#include "crc_fold_pmull.h"

SC_ALWAYS_INLINE uint32_t portable_raw(sc_crc_kind kind, uint32_t state, const uint8_t *p, size_t n)
{
    return kind == SC_CRC_CASTAGNOLI ? sc_crc32c_raw_portable(state, p, n)
                                     : sc_crc32_raw_portable(state, p, n);
}

SC_ALWAYS_INLINE uint32_t crc_pmull(sc_crc_kind kind, uint32_t state, const uint8_t *p, size_t n,
                                    const sc_crc_arm_constants *consts)
{
    if (n >= SC_CRC_FOLD_MIN_BYTES) {
        const size_t nblocks = n / 16;
        uint8_t folded[16];
        vst1q_u8(folded, vreinterpretq_u8_u64(sc_crc_fold(state, p, nblocks, consts)));
        state = portable_raw(kind, 0, folded, sizeof folded);
        p += 16 * nblocks;
        n -= 16 * nblocks;
    }
    return portable_raw(kind, state, p, n);
}

uint32_t sc_crc32_arm_pmull(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~crc_pmull(SC_CRC_ISO_HDLC, ~crc, buf, len, &sc_crc32_arm_constants);
}

uint32_t sc_crc32c_arm_pmull(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~crc_pmull(SC_CRC_CASTAGNOLI, ~crc, buf, len, &sc_crc32c_arm_constants);
}
