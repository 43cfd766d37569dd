/* AArch64 feature probe: the kernel's hardware capabilities from the ELF
 * auxiliary vector (getauxval(AT_HWCAP), Linux Documentation/arch/arm64/
 * elf_hwcaps.rst). Userspace cannot read the ID_AA64* registers portably, and
 * the hwcaps also tell whether the kernel enabled each feature.
 * Bit values from Linux arch/arm64/include/uapi/asm/hwcap.h, defined here so
 * the file builds against old or foreign <asm/hwcap.h>. Nothing is read from
 * AT_HWCAP2 yet: its bits are SVE2 and later, which no kernel needs so far. */
#include "internal.h"

#if defined(SC_ARCH_AARCH64)
#include <sys/auxv.h>

#define HWCAP_BIT_ASIMD (UINT64_C(1) << 1)
#define HWCAP_BIT_AES (UINT64_C(1) << 3)
#define HWCAP_BIT_PMULL (UINT64_C(1) << 4)
#define HWCAP_BIT_CRC32 (UINT64_C(1) << 7)
#define HWCAP_BIT_SHA3 (UINT64_C(1) << 17) /* FEAT_SHA3: EOR3, RAX1, XAR, BCAX */

uint64_t sc_cpu_probe(unsigned *vlen_bits)
{
    uint64_t hw = getauxval(AT_HWCAP), f = 0;
    *vlen_bits = 0;
    if (hw & HWCAP_BIT_ASIMD) f |= SC_FEAT(SC_F_NEON);
    if (hw & HWCAP_BIT_AES) f |= SC_FEAT(SC_F_ARM_AES);
    if (hw & HWCAP_BIT_PMULL) f |= SC_FEAT(SC_F_ARM_PMULL);
    if (hw & HWCAP_BIT_SHA3) f |= SC_FEAT(SC_F_ARM_SHA3);
    if (hw & HWCAP_BIT_CRC32) f |= SC_FEAT(SC_F_ARM_CRC32);
    return f;
}
#endif
