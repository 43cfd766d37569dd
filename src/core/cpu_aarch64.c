/* SPDX-License-Identifier: Apache-2.0 */
/* AArch64 feature probe: the kernel's hardware capabilities from the ELF
 * auxiliary vector (getauxval(AT_HWCAP), Linux Documentation/arch/arm64/
 * elf_hwcaps.rst). Userspace cannot read the ID_AA64* registers portably, and
 * the hwcaps also tell whether the kernel enabled each feature.
 * Bit values from Linux arch/arm64/include/uapi/asm/hwcap.h, defined here so
 * the file builds against old or foreign <asm/hwcap.h>. Nothing is read from
 * AT_HWCAP2 yet: its bits are SVE2 and later, which no kernel needs so far. */
#include "internal.h"

#if defined(SC_ARCH_AARCH64)
#include <stdio.h>
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

#define HWCAP_BIT_CPUID (UINT64_C(1) << 11) /* MRS of ID registers emulated */

/* Implementer codes of MIDR_EL1 (Arm ARM D23.2 "MIDR_EL1") worth a name. */
static const char *implementer_name(unsigned code)
{
    switch (code) {
    case 0x41: return "arm";
    case 0x42: return "broadcom";
    case 0x43: return "cavium";
    case 0x46: return "fujitsu";
    case 0x48: return "hisilicon";
    case 0x4e: return "nvidia";
    case 0x51: return "qualcomm";
    case 0x61: return "apple";
    case 0x6d: return "microsoft";
    case 0xc0: return "ampere";
    default: return "";
    }
}

/* MIDR_EL1: by MRS when the kernel emulates it (HWCAP_CPUID, Linux
 * Documentation/arch/arm64/cpu-feature-registers.rst), else from sysfs. */
static uint64_t read_midr(void)
{
    if (getauxval(AT_HWCAP) & HWCAP_BIT_CPUID) {
        uint64_t midr;
        __asm__ volatile("mrs %0, MIDR_EL1" : "=r"(midr));
        return midr;
    }
    unsigned long long midr = 0;
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
    if (f) {
        if (fscanf(f, "%llx", &midr) != 1) midr = 0;
        fclose(f);
    }
    return midr;
}

void sc_cpu_probe_id(sc_cpu_id *id)
{
    uint64_t midr = read_midr();
    memcpy(id->arch, "aarch64", 8);
    id->midr_implementer = (unsigned)(midr >> 24) & 0xff;
    id->midr_part = (unsigned)(midr >> 4) & 0xfff;
    snprintf(id->vendor, sizeof id->vendor, "%s", implementer_name(id->midr_implementer));
}
#endif
