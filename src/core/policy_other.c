/* SPDX-License-Identifier: Apache-2.0 */
/* Architectures without kernels: the portable code, no rules. */
#include "policy.h"

#if !defined(SC_ARCH_X86_64) && !defined(SC_ARCH_AARCH64) && !defined(SC_ARCH_RISCV64)
const sc_policy_rule sc_policy_rules[] = {{NULL, NULL, NULL, 0, 0, 0, NULL, NULL, 0, NULL}};
const size_t sc_policy_rule_count = 0;
const char *const sc_policy_rule_only[] = {NULL};
#endif
