/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 (ISO-HDLC, the zlib/gzip CRC) by GFNI affine products beside
 * VPCLMULQDQ folding (crc_fold_gfni512.h); shorter messages take the plain
 * folding kernel. */
#include "../../checksum/checksum_kernels.h"
#include "crc32_vpclmul512.h"
#include "crc_fold_gfni512.h"

SC_CHECKSUM_KERNEL(sc_crc32_x86_gfni512)
{
    if (len < SC_CRC_GFNI_MIN) return crc32_vpclmul512(value, buf, len);
    const struct sc_crc_fold_consts *k = &sc_crc32_fold_consts;
    __m128i x = crc_fold_gfni512_body(~value, buf, len, &sc_crc32_gfni_consts, k);
    return ~crc32_reduce64_table(crc_reduce128_to_64(x, k));
}
