/* SPDX-License-Identifier: Apache-2.0 */
/* The x86-vaes-avx512 kernel's short calls (aes_vaes_avx512.c): the ymm
 * code of the x86-vaes-avx2 kernel (aes_x86_template.h with
 * aes_x86_ymm.h), over the zmm kernel's GHASH table, so that one key and
 * one GHASH key serve both. Not a kernel of its own: its ghash_init is
 * never called (the zmm kernel's fills the table).
 *
 * The zmm table holds (H^k)' at entry 32 - k, k = 1..32, and the Karatsuba
 * operands at 64 - k: the template's layout with GH_MAXPOW 32 (GH_KAR is
 * 32 either way), but without its zero entries past H^1 and its Karatsuba
 * operand. A ymm load of H^1's pair reads entry 32 beside it (a padding
 * lane, whose data lane is zero: the product is zero whatever it holds);
 * the same load of H^1's Karatsuba operand would read entry 64, past the
 * table, so the operands are computed from the powers in registers
 * (GH_KAR_REGS: two operations per vector, on the short calls only). */
#define VB 2u
#define NV 8u
#define GH_SHORT 4
#define GH_MAXPOW 32
#define GH_KAR_REGS 1
#define KERNEL_OPS sc_aes_x86_vaes_avx512_ymm

#include "aes_x86_ymm.h"

#include "aes_x86_template.h"
