/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C (Castagnoli) by VPCLMULQDQ folding on zmm: the shared body in
 * crc_fold_vpclmul512.h with the CRC-32C constants. */
#include "../../checksum/checksum_kernels.h"
#include "crc32c_vpclmul512.h"

SC_CHECKSUM_KERNEL(sc_crc32c_x86_vpclmul512) { return crc32c_vpclmul512(value, buf, len); }
