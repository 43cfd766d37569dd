/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C (Castagnoli) by VPCLMULQDQ folding on ymm, inline: the whole
 * x86-avx2-vpclmul kernel, also the short-message path of the AVX2 fused
 * kernel (no second call on the way). Short messages and the final
 * reduction use SSE4.2's crc32 instruction. */
#ifndef SC_CRC32C_VPCLMUL256_H
#define SC_CRC32C_VPCLMUL256_H
#include "crc32c_sse42.h"
#include "crc_fold_vpclmul256.h"

SC_CRC_INLINE uint32_t crc32c_vpclmul256(uint32_t value, const uint8_t *buf, size_t len)
{
    /* Up to 64 bytes one straight crc32q chain beats the vector setup. */
    if (len <= 64) return ~crc32c_upto64(~value, buf, len);
    return ~crc32c_reduce128(crc_fold_vpclmul256_body(~value, buf, len, &sc_crc32c_fold_consts));
}

#endif
