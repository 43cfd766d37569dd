/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C (Castagnoli) by VPCLMULQDQ folding on ymm (AVX2, no AVX-512): the
 * shared body in crc_fold_vpclmul256.h with the CRC-32C constants. */
#include "../../checksum/checksum_kernels.h"
#include "crc32c_vpclmul256.h"

SC_CHECKSUM_KERNEL(sc_crc32c_x86_vpclmul256) { return crc32c_vpclmul256(value, buf, len); }
