/* SPDX-License-Identifier: Apache-2.0 */
/* MD5 x8 with RVV 1.0 ("rv-v" multi-lane): md5_v_template.h, the rotation
 * without Zvbb as vsrl + vmacc (x << n is x * 2^n modulo 2^32 and the two
 * halves share no bit: 2 instructions, as in chacha20_v.c). Built with
 * -march=rv64gcv. */
#define MD5_V_FN sc_md5_lanes_rv_v
#define ROTL(x, n, vl) __riscv_vmacc_vx_u32m2(__riscv_vsrl_vx_u32m2(x, 32 - (n), vl), 1u << (n), x, vl)
#include "md5_v_template.h"
