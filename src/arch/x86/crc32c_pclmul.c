/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C (Castagnoli) by PCLMULQDQ folding on xmm: the shared body in
 * crc_fold_pclmul.h with the CRC-32C constants. For CPUs with PCLMULQDQ but
 * without SSE4.2's crc32 instruction (the sse42_3way kernel is the better
 * choice wherever both exist). */
#include "../../checksum/checksum_kernels.h"
#include "crc_fold_pclmul.h"

SC_CHECKSUM_KERNEL(sc_crc32c_x86_pclmul)
{
    if (len < 16) return ~sc_crc32c_raw_portable(~value, buf, len);
    const struct sc_crc_fold_consts *k = &sc_crc32c_fold_consts;
    return ~crc_reduce128_barrett(crc_fold_pclmul_body(~value, buf, len, k), k);
}
