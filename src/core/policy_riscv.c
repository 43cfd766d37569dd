/* SPDX-License-Identifier: Apache-2.0 */
/* RISC-V dispatch policy rules (see policy.h). None yet: no RISC-V core has
 * been measured natively (qemu's instruction count ranks kernels the same on
 * every core). A core measured with `simdcrypt tune` adds its rows here,
 * keyed by mvendorid and marchid (e.g. 0x489 SiFive, 0x5b7 T-Head). */
#include "policy.h"

#if defined(SC_ARCH_RISCV64)
const sc_policy_rule sc_policy_rules[] = {{NULL, NULL, NULL, 0, 0, 0, NULL, NULL, 0, NULL}};
const size_t sc_policy_rule_count = 0;
const char *const sc_policy_rule_only[] = {NULL};
#endif
