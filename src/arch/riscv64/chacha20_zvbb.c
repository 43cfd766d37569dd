/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 with RVV 1.0 and Zvbb/Zvkb ("rv-zvbb"): the kernel of
 * chacha20_v_template.h with each rotation one vror.vi. Built with
 * -march=rv64gcv_zvbb (clang 19 declares the Zvbb intrinsics only with
 * -menable-experimental-extensions). */
#define CHACHA_V_FN sc_chacha20_rv_zvbb
#define ROTL(x, n, vl) __riscv_vror_vx_u32m1(x, 32 - (n), vl)
#define HORIZONTAL_MAX 3
#include "chacha20_v_template.h"
