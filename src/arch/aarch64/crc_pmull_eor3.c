/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 and CRC-32C: as "arm-pmull-crc32", with every fold's two XORs as
 * one EOR3 (FEAT_SHA3): 3 instead of 4 vector instructions per 16 bytes
 * ("arm-pmull-eor3-crc32"; built with -march=armv8.2-a+crc+crypto+sha3, so
 * nothing here may run without SHA3: the file holds dispatched code only). */
#include "../../checksum/checksum_kernels.h"
#include "crc_pmull_crc_fused.h"

#if !defined(__ARM_FEATURE_SHA3)
#error "crc_pmull_eor3.c must be built with +sha3"
#endif

uint32_t sc_crc32_arm_pmull_eor3(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~sc_crc_pmull_crc_fused(SC_CRC_ISO_HDLC, ~crc, buf, len, &sc_crc32_arm_constants);
}

uint32_t sc_crc32c_arm_pmull_eor3(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~sc_crc_pmull_crc_fused(SC_CRC_CASTAGNOLI, ~crc, buf, len, &sc_crc32c_arm_constants);
}
