/* SPDX-License-Identifier: Apache-2.0 */
/* AArch64 dispatch policy rules (see policy.h). None yet: the AArch64
 * kernels are measured only by the qemu instruction count, which ranks them
 * the same on every core, so the generic ranking applies everywhere. A core
 * measured natively (`simdcrypt tune`) adds its rows here, keyed by MIDR
 * implementer and part (e.g. 0x41/0xd0c Neoverse N1, 0x41/0xd40 V1,
 * 0x41/0xd4f V2, 0x61 Apple). */
#include "policy.h"

#if defined(SC_ARCH_AARCH64)
const sc_policy_rule sc_policy_rules[] = {{NULL, NULL, NULL, 0, 0, 0, NULL, NULL, 0, NULL}};
const size_t sc_policy_rule_count = 0;
const char *const sc_policy_rule_only[] = {NULL};
#endif
