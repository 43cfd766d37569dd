/* SPDX-License-Identifier: Apache-2.0 */
/* Native helpers of tools/x86emu, built by scripts/x86emu-setup.sh.
 *
 * 1. The bochscpu-python 0.4.0 extension was linked against glibc 2.38,
 *    whose C23 mode renamed strtoull/sscanf to __isoc23_*; older glibc
 *    (Debian 12: 2.36) lacks them.  Loaded RTLD_GLOBAL before the extension,
 *    these forward to the classic functions (same behaviour for the
 *    parameter strings Bochs parses: no 0b prefixes).
 * 2. x86emu_count: an after_execution hook counting guest instructions at
 *    native speed (a Python callback per instruction would cost ~1 us). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

unsigned long long __isoc23_strtoull(const char *s, char **end, int base);
int __isoc23_sscanf(const char *s, const char *fmt, ...);
void x86emu_count(void *ctx, uint32_t cpu, void *insn);

unsigned long long __isoc23_strtoull(const char *s, char **end, int base)
{
    return strtoull(s, end, base);
}

int __isoc23_sscanf(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsscanf(s, fmt, ap);
    va_end(ap);
    return r;
}

void x86emu_count(void *ctx, uint32_t cpu, void *insn)
{
    (void)cpu;
    (void)insn;
    ++*(uint64_t *)ctx;
}
