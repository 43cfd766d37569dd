/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna, AVX-512 BW: 64 blocks per chunk, one per byte of a zmm register.
 * Beside the width, AVX-512 brings the three-way xor (vpternlogq, v_xor3).
 * Method: kalyna_pshufb_template.h; operations: vec512.h. */
#include "vec512.h"
#define KERNEL_OPS sc_kalyna_x86_avx512bw

#define ONEBLOCK(name) sc_kalyna_x86_avx2_##name
#include "kalyna_pshufb_template.h"
