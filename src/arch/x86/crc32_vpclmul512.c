/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 (ISO-HDLC, the zlib/gzip CRC) by VPCLMULQDQ folding on zmm: the
 * shared body in crc_fold_vpclmul512.h with the CRC-32 constants. */
#include "../../checksum/checksum_kernels.h"
#include "crc32_vpclmul512.h"

SC_CHECKSUM_KERNEL(sc_crc32_x86_vpclmul512) { return crc32_vpclmul512(value, buf, len); }
