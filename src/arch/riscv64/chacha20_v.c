/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 with RVV 1.0 ("rv-v"): the vertical/horizontal kernel of
 * chacha20_v_template.h. Built with -march=rv64gcv.
 *
 * Rotation without Zvbb: the two shifted halves have no bit in common, so
 * their or is their sum, and x << n is x * 2^n modulo 2^32: vsrl then one
 * multiply-add (vmacc.vx), 2 instructions where shift, shift, or take 3
 * (16 instead of 20 a quarter round: about 1400 instead of 1720 guest
 * instructions per group under qemu, 5.49 instead of 6.73 a byte at VLEN
 * 128). The multiply has a longer latency than a shift on real cores;
 * the four independent quarter rounds of a vertical half round give it
 * room. */
#define CHACHA_V_FN sc_chacha20_rv_v
#define ROTL(x, n, vl) __riscv_vmacc_vx_u32m1(__riscv_vsrl_vx_u32m1(x, 32 - (n), vl), 1u << (n), x, vl)
#define HORIZONTAL_MAX 3
#include "chacha20_v_template.h"
