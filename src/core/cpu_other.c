/* SPDX-License-Identifier: Apache-2.0 */
/* Feature probe for architectures without a dedicated one: portable only. */
#include "internal.h"

#if !defined(SC_ARCH_X86_64) && !defined(SC_ARCH_AARCH64) && !defined(SC_ARCH_RISCV64)
uint64_t sc_cpu_probe(unsigned *vlen_bits)
{
    *vlen_bits = 0;
    return 0;
}

void sc_cpu_probe_id(sc_cpu_id *id) { memcpy(id->arch, "other", 6); }
#endif
