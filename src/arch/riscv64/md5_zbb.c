/* SPDX-License-Identifier: Apache-2.0 */
/* Single-stream MD5 on RISC-V with Zbb ("rv-zbb"; also the single stream of
 * "rv-v" and "rv-zvbb"): the plain C of src/hash/md5_scalar_template.h,
 * compiled with -march=rv64gc_zbb to roriw for the rotations, andn for F
 * and G, orn for I. Under qemu (16 KiB): 9.32 guest instructions a byte,
 * portable (rv64gc) 39.8. */
#define MD5_SCALAR_FN sc_md5_blocks_rv_zbb
#include "../../hash/md5_scalar_template.h"
