/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 (ISO-HDLC, the zlib/gzip CRC) by VPCLMULQDQ folding on zmm, inline:
 * the whole x86-avx512-vpclmul kernel, also the short-message path of the
 * GFNI kernel (no second call on the way). */
#ifndef SC_CRC32_VPCLMUL512_H
#define SC_CRC32_VPCLMUL512_H
#include <stdint.h>

#include "../../checksum/crc_portable.h"
#include "crc_fold_vpclmul512.h"

SC_CRC_INLINE uint32_t crc32_vpclmul512(uint32_t value, const uint8_t *buf, size_t len)
{
    const struct sc_crc_fold_consts *k = &sc_crc32_fold_consts;
    /* Up to three bytes the table walk is shorter than any multiply chain. */
    if (len < 4) return ~sc_crc32_raw_portable(~value, buf, len);
    __m128i x = len < 16 ? crc_small_vpclmul512(~value, buf, len) : crc_fold_vpclmul512_body(~value, buf, len, k);
    return ~crc32_reduce64_table(crc_reduce128_to_64(x, k));
}

#endif
