/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna, SSSE3: 16 blocks per chunk, one per byte of an xmm register.
 * Method: kalyna_pshufb_template.h; operations: vec128.h. */
#include "vec128.h"
#define KERNEL_OPS sc_kalyna_x86_ssse3

#define ONEBLOCK(name) sc_kalyna_x86_ssse3_##name
#include "kalyna_pshufb_template.h"
