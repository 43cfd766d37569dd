/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] x2 with RVV 1.0 and Zvbb ("rv-zvbb" multi-state):
 * keccak_v_template.h with each rotation one vror.vi and chi's and-not one
 * vandn. Built with -march=rv64gcv_zvbb (clang 19 declares the Zvbb
 * intrinsics only with -menable-experimental-extensions). Single states
 * run on the same code with state 1 idle (fewer instructions than the Zbb
 * scalar kernel: keccak_v_template.h). */
#define KECCAK_V_FN sc_keccak_lanes_rv_zvbb
#define KECCAK_V_PERMUTE1 sc_keccak_permute_rv_zvbb
#define KECCAK_V_ABSORB1 sc_keccak_absorb_rv_zvbb
#define ROTL(x, n, vl) __riscv_vror_vx_u64m1(x, 64 - (n), vl)
#define ANDN(b, c, vl) __riscv_vandn_vv_u64m1(b, c, vl)
#include "keccak_v_template.h"
