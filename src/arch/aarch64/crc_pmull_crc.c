/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 and CRC-32C: PMULL folding, CRC32 instructions for the reduction
 * and tails ("arm-pmull-crc32"; built with -march=armv8-a+crc+crypto).
 * The template is crc_pmull_crc_fused.h. */
#include "../../checksum/checksum_kernels.h"
#include "crc_pmull_crc_fused.h"

uint32_t sc_crc32_arm_pmull_crc(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~sc_crc_pmull_crc_fused(SC_CRC_ISO_HDLC, ~crc, buf, len, &sc_crc32_arm_constants);
}

uint32_t sc_crc32c_arm_pmull_crc(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~sc_crc_pmull_crc_fused(SC_CRC_CASTAGNOLI, ~crc, buf, len, &sc_crc32c_arm_constants);
}
