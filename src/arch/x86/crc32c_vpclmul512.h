/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C (Castagnoli) by VPCLMULQDQ folding on zmm, inline: the whole
 * x86-avx512-vpclmul kernel, also the short-message path of the fused and
 * GFNI kernels (no second call on the way). Short messages and the final
 * reduction use the crc32 instruction (every AVX-512 CPU has SSE4.2). */
#ifndef SC_CRC32C_VPCLMUL512_H
#define SC_CRC32C_VPCLMUL512_H
#include "crc32c_sse42.h"
#include "crc_fold_vpclmul512.h"

SC_CRC_INLINE uint32_t crc32c_vpclmul512(uint32_t value, const uint8_t *buf, size_t len)
{
    if (len <= 64) return ~crc32c_upto64(~value, buf, len);
    return ~crc32c_reduce128(crc_fold_vpclmul512_body(~value, buf, len, &sc_crc32c_fold_consts));
}

#endif
