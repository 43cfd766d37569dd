/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] x2 with RVV 1.0 ("rv-v" multi-state): keccak_v_template.h
 * without Zvbb: the rotation as vsrl + vmacc (x << n is x * 2^n modulo
 * 2^64 and the two halves share no bit, as in chacha20_v.c), the and-not
 * as vnot + vand. Built with -march=rv64gcv. */
#define KECCAK_V_FN sc_keccak_lanes_rv_v
#define ROTL(x, n, vl) __riscv_vmacc_vx_u64m1(__riscv_vsrl_vx_u64m1(x, 64 - (n), vl), 1ull << (n), x, vl)
#define ANDN(b, c, vl) __riscv_vand_vv_u64m1(b, __riscv_vnot_v_u64m1(c, vl), vl)
#include "keccak_v_template.h"
