/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C (Castagnoli) by GFNI affine products beside VPCLMULQDQ folding
 * (crc_fold_gfni512.h). Up to 8 KiB the fused crc32q + VPCLMULQDQ kernel
 * is faster on Zen 5 (its scalar streams are a third unit, the hybrid's
 * merge costs more), so shorter messages tail-call it. */
#include "../../checksum/checksum_kernels.h"
#include "crc32c_sse42.h"
#include "crc_fold_gfni512.h"

#define SC_CRC32C_GFNI_MIN 8192

SC_CHECKSUM_KERNEL(sc_crc32c_x86_gfni512)
{
    /* The short path inline: a 64-byte call is one straight crc32q chain. */
    if (len <= 64) return ~crc32c_upto64(~value, buf, len);
    if (len < SC_CRC32C_GFNI_MIN) return sc_crc32c_x86_fused512(value, buf, len);
    return ~crc32c_reduce128(crc_fold_gfni512_body(~value, buf, len, &sc_crc32c_gfni_consts, &sc_crc32c_fold_consts));
}
