/* SPDX-License-Identifier: Apache-2.0 */
/* MD5 x8 with RVV 1.0 and Zvbb ("rv-zvbb" multi-lane): md5_v_template.h
 * with each rotation one vror.vi. Built with -march=rv64gcv_zvbb (clang 19
 * declares the Zvbb intrinsics only with -menable-experimental-extensions). */
#define MD5_V_FN sc_md5_lanes_rv_zvbb
#define ROTL(x, n, vl) __riscv_vror_vx_u32m2(x, 32 - (n), vl)
#include "md5_v_template.h"
