/* SPDX-License-Identifier: Apache-2.0 */
/* Single-state Keccak-f[1600] on RISC-V with Zbb ("rv-zbb"; also the single
 * state of "rv-v" and "rv-zvbb"): the unrolled plain C of
 * src/hash/keccak_scalar_template.h, compiled with -march=rv64gc_zbb to
 * rori for rho and theta, andn for chi. Under qemu (SHA3-256, 16 KiB):
 * 32.0 guest instructions a byte (clang spills some 40 lanes a round:
 * 25 lanes and theta's 5 parities outnumber the free registers),
 * portable (rv64gc, byte loads, shift-or rotations) 75.2. */
#define KECCAK_SCALAR_PERMUTE sc_keccak_permute_rv_zbb
#define KECCAK_SCALAR_ABSORB sc_keccak_absorb_rv_zbb
#include "../../hash/keccak_scalar_template.h"
