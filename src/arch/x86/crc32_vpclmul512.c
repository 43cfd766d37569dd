/* CRC-32 (ISO-HDLC, the zlib/gzip CRC) by VPCLMULQDQ folding on zmm: the
 * shared body in crc_fold_vpclmul512.h with the CRC-32 constants. */
#include "../../checksum/checksum_kernels.h"
#include "crc_fold_vpclmul512.h"

SC_CHECKSUM_KERNEL(sc_crc32_x86_vpclmul512)
{
    const struct sc_crc_fold_consts *k = &sc_crc32_fold_consts;
    /* Up to three bytes the table walk is shorter than any multiply chain. */
    if (len < 4) return ~sc_crc32_raw_portable(~value, buf, len);
    if (len < 16) return ~crc_small_vpclmul512(~value, buf, len, k);
    return ~crc_reduce128_barrett(crc_fold_vpclmul512_body(~value, buf, len, k), k);
}
