/* CRC-32C (Castagnoli) by VPCLMULQDQ folding on zmm: the shared body in
 * crc_fold_vpclmul512.h with the CRC-32C constants; short messages and the
 * final reduction use the crc32 instruction (every AVX-512 CPU has SSE4.2). */
#include "../../checksum/checksum_kernels.h"
#include "crc32c_sse42.h"
#include "crc_fold_vpclmul512.h"

SC_CHECKSUM_KERNEL(sc_crc32c_x86_vpclmul512)
{
    if (len < 16) return ~crc32c_bytes(~value, buf, len);
    return ~crc32c_reduce128(crc_fold_vpclmul512_body(~value, buf, len, &sc_crc32c_fold_consts));
}
