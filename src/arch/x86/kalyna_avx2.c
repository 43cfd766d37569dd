/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna, AVX2: 32 blocks per chunk, one per byte of a ymm register.
 * Method: kalyna_pshufb_template.h; operations: vec256.h. */
#include "vec256.h"
#define KERNEL_OPS sc_kalyna_x86_avx2

#define ONEBLOCK(name) sc_kalyna_x86_avx2_##name
#include "kalyna_pshufb_template.h"
