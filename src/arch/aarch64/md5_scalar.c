/* SPDX-License-Identifier: Apache-2.0 */
/* Single-stream MD5 on AArch64 general registers ("arm-neon"'s blocks): the
 * plain C of src/hash/md5_scalar_template.h, in the spirit of the OpenJDK
 * AArch64 intrinsic: state and the 16 message words in registers, each word
 * loaded once (ldp pairs), X[k] + T[i] off the dependency chain, F and G as
 * and/bic/orr, I as orn/eor, the rotation one ror. Under qemu
 * (tools/icount.py --alg hash, 16 KiB): 8.76 guest instructions a byte,
 * portable 34.5. */
#define MD5_SCALAR_FN sc_md5_blocks_arm_scalar
#include "../../hash/md5_scalar_template.h"
