/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 (ISO-HDLC, the zlib/gzip CRC) by VPCLMULQDQ folding on zmm, inline:
 * the whole x86-avx512-vpclmul kernel, also the short-message path of the
 * GFNI kernel (no second call on the way). */
#ifndef SC_CRC32_VPCLMUL512_H
#define SC_CRC32_VPCLMUL512_H
#include <stdint.h>

#include "../../checksum/crc_portable.h"
#include "../../checksum/crc_tables.h"
#include "crc_fold_vpclmul512.h"

/* v mod P for a 64-bit lane v (bit 63 = x^0). Its low dword w holds the
 * high-degree half, v = w*x^32 + (high dword), and w*x^32 mod P is what a
 * table CRC of w's four bytes from state 0 yields (slice-by-4). Four loads
 * on the integer side instead of Barrett's two chained multiplies: the
 * multiplier is the bottleneck of these kernels, the load ports are idle. */
static inline uint32_t crc32_reduce64_table(uint64_t v)
{
    uint32_t w = (uint32_t)v;
    return sc_crc32_table[3][w & 0xff] ^ sc_crc32_table[2][(w >> 8) & 0xff] ^
           sc_crc32_table[1][(w >> 16) & 0xff] ^ sc_crc32_table[0][w >> 24] ^ (uint32_t)(v >> 32);
}

SC_CRC_INLINE uint32_t crc32_vpclmul512(uint32_t value, const uint8_t *buf, size_t len)
{
    const struct sc_crc_fold_consts *k = &sc_crc32_fold_consts;
    /* Up to three bytes the table walk is shorter than any multiply chain. */
    if (len < 4) return ~sc_crc32_raw_portable(~value, buf, len);
    __m128i x = len < 16 ? crc_small_vpclmul512(~value, buf, len) : crc_fold_vpclmul512_body(~value, buf, len, k);
    return ~crc32_reduce64_table(crc_reduce128_to_64(x, k));
}

#endif
