/* SPDX-License-Identifier: Apache-2.0 */
/* RISC-V feature probe: the riscv_hwprobe system call (Linux 6.4+; Zbc and
 * the vector-crypto bits from 6.8), falling back to getauxval(AT_HWCAP),
 * which only has single-letter extensions (so V, never Zba, Zbc or Zvk*), when the
 * kernel predates it. VLEN is read from the vlenb CSR once V is known to be
 * present (reading it without V is an illegal instruction). */
#include "internal.h"

#if defined(SC_ARCH_RISCV64)
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Debian 12's kernel headers (6.1) and glibc 2.36 predate riscv_hwprobe, so
 * the ABI constants come from the kernel's Documentation/arch/riscv/hwprobe.rst
 * and arch/riscv/include/uapi/asm/hwprobe.h. */
#ifndef __NR_riscv_hwprobe
#define __NR_riscv_hwprobe 258
#endif
#define RV_HWPROBE_KEY_IMA_EXT_0 4
#define RV_HWPROBE_IMA_V (UINT64_C(1) << 2)
#define RV_HWPROBE_EXT_ZBA (UINT64_C(1) << 3)
#define RV_HWPROBE_EXT_ZBB (UINT64_C(1) << 4)
#define RV_HWPROBE_EXT_ZBC (UINT64_C(1) << 7)
#define RV_HWPROBE_EXT_ZVBB (UINT64_C(1) << 17)
#define RV_HWPROBE_EXT_ZVBC (UINT64_C(1) << 18)
#define RV_HWPROBE_EXT_ZVKG (UINT64_C(1) << 20)
#define RV_HWPROBE_EXT_ZVKNED (UINT64_C(1) << 21)

/* AT_HWCAP has one bit per single-letter extension: bit ('V' - 'A'). */
#define RV_HWCAP_V (1UL << ('V' - 'A'))

struct rv_hwprobe_pair {
    int64_t key;
    uint64_t value;
};

/* IMA_EXT_0 bits for every hart (cpusetsize 0, cpus NULL), or -1 when the
 * kernel has no riscv_hwprobe. An unknown key comes back as key -1. */
static int hwprobe_ima_ext0(uint64_t *ext)
{
    struct rv_hwprobe_pair pair = {RV_HWPROBE_KEY_IMA_EXT_0, 0};
    if (syscall(__NR_riscv_hwprobe, &pair, 1, 0, NULL, 0) != 0) return -1;
    *ext = pair.key == RV_HWPROBE_KEY_IMA_EXT_0 ? pair.value : 0;
    return 0;
}

/* VLEN/8 from the vlenb CSR (0xC22, RVV 1.0 section 3.6). The ".option arch"
 * lets an rv64gc file assemble it; call only when V is present. */
static unsigned read_vlenb(void)
{
    unsigned long vlenb;
    __asm__ volatile(".option push\n\t.option arch, +v\n\tcsrr %0, vlenb\n\t.option pop"
                     : "=r"(vlenb));
    return (unsigned)vlenb;
}

uint64_t sc_cpu_probe(unsigned *vlen_bits)
{
    static const struct {
        uint64_t probe_bit;
        int feature;
    } map[] = {
        {RV_HWPROBE_IMA_V, SC_F_RV_V},         {RV_HWPROBE_EXT_ZBA, SC_F_RV_ZBA},
        {RV_HWPROBE_EXT_ZBB, SC_F_RV_ZBB},     {RV_HWPROBE_EXT_ZBC, SC_F_RV_ZBC},
        {RV_HWPROBE_EXT_ZVBB, SC_F_RV_ZVBB},   {RV_HWPROBE_EXT_ZVBC, SC_F_RV_ZVBC},
        {RV_HWPROBE_EXT_ZVKG, SC_F_RV_ZVKG},   {RV_HWPROBE_EXT_ZVKNED, SC_F_RV_ZVKNED},
    };
    uint64_t ext = 0, f = 0;
    if (hwprobe_ima_ext0(&ext) == 0) {
        for (size_t i = 0; i < SC_COUNT_OF(map); i++)
            if (ext & map[i].probe_bit) f |= SC_FEAT(map[i].feature);
    } else if (getauxval(AT_HWCAP) & RV_HWCAP_V) {
        f |= SC_FEAT(SC_F_RV_V); /* ENOSYS: kernel < 6.4, only V is knowable */
    }
    *vlen_bits = (f & SC_FEAT(SC_F_RV_V)) ? 8 * read_vlenb() : 0;
    return f;
}

/* mvendorid / marchid / mimpid: riscv_hwprobe keys 0, 1 and 2 (JEDEC vendor
 * code, e.g. 0x489 SiFive, 0x5b7 T-Head, as in Linux's
 * arch/riscv/include/asm/vendorid_list.h; 0 when the kernel lacks hwprobe). */
void sc_cpu_probe_id(sc_cpu_id *id)
{
    struct rv_hwprobe_pair pairs[3] = {{0, 0}, {1, 0}, {2, 0}};
    memcpy(id->arch, "riscv64", 8);
    if (syscall(__NR_riscv_hwprobe, pairs, 3, 0, NULL, 0) != 0) return;
    if (pairs[0].key == 0) id->mvendorid = pairs[0].value;
    if (pairs[1].key == 1) id->marchid = pairs[1].value;
    if (pairs[2].key == 2) id->mimpid = pairs[2].value;
    if (id->mvendorid == 0x489) memcpy(id->vendor, "sifive", 7);
    else if (id->mvendorid == 0x5b7) memcpy(id->vendor, "thead", 6);
}
#endif
