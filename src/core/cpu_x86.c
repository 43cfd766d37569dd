/* SPDX-License-Identifier: Apache-2.0 */
/* x86-64 feature probe: CPUID leaves 1 and 7, gated by XGETBV so that AVX and
 * AVX-512 count only when the OS saves YMM / ZMM+opmask state (Intel SDM
 * vol. 1, 13.3 and 15.2). */
#include "internal.h"

#if defined(SC_ARCH_X86_64)
#include <cpuid.h>

static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

uint64_t sc_cpu_probe(unsigned *vlen_bits)
{
    unsigned a, b, c, d, max;
    uint64_t f = 0;
    *vlen_bits = 0;
    max = __get_cpuid_max(0, NULL);
    if (max < 1) return 0;
    __cpuid(1, a, b, c, d);
    if (c & bit_SSSE3) f |= SC_FEAT(SC_F_SSSE3);
    if (c & bit_SSE4_1) f |= SC_FEAT(SC_F_SSE41);
    if (c & bit_SSE4_2) f |= SC_FEAT(SC_F_SSE42);
    if (c & bit_PCLMUL) f |= SC_FEAT(SC_F_PCLMUL);
    if (c & bit_AES) f |= SC_FEAT(SC_F_AESNI);
    int osxsave = (c & bit_OSXSAVE) != 0;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    int ymm_ok = (xcr0 & 0x6) == 0x6;           /* SSE + AVX state */
    int zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0; /* opmask + ZMM_Hi256 + Hi16_ZMM */
    if (ymm_ok && (c & bit_AVX)) f |= SC_FEAT(SC_F_AVX);
    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & bit_BMI2) f |= SC_FEAT(SC_F_BMI2);
        if (b & bit_SHA) f |= SC_FEAT(SC_F_SHANI);
        if (ymm_ok) {
            if (b & bit_AVX2) f |= SC_FEAT(SC_F_AVX2);
            if (c & bit_VAES) f |= SC_FEAT(SC_F_VAES);
            if (c & bit_VPCLMULQDQ) f |= SC_FEAT(SC_F_VPCLMUL);
        }
        /* GFNI's SSE form needs no OS state; its AVX forms are gated with the
         * kernels' other features. */
        if (c & bit_GFNI) f |= SC_FEAT(SC_F_GFNI);
        if (zmm_ok) {
            if (b & bit_AVX512F) f |= SC_FEAT(SC_F_AVX512F);
            if (b & bit_AVX512BW) f |= SC_FEAT(SC_F_AVX512BW);
            if (b & bit_AVX512VL) f |= SC_FEAT(SC_F_AVX512VL);
            if (b & bit_AVX512DQ) f |= SC_FEAT(SC_F_AVX512DQ);
            if (b & bit_AVX512IFMA) f |= SC_FEAT(SC_F_AVX512IFMA);
            if (c & bit_AVX512VBMI) f |= SC_FEAT(SC_F_AVX512VBMI);
            if (c & bit_AVX512VNNI) f |= SC_FEAT(SC_F_AVX512VNNI);
        }
    }
    return f;
}

/* Vendor string (leaf 0), display family/model/stepping (leaf 1, Intel SDM
 * vol. 2A CPUID "Feature Information": the extended family is added when the
 * base family is 0xF, the extended model prepended for families 6 and 0xF)
 * and the hypervisor bit (leaf 1 ECX[31]). */
void sc_cpu_probe_id(sc_cpu_id *id)
{
    unsigned a, b, c, d;
    memcpy(id->arch, "x86_64", 7);
    if (__get_cpuid_max(0, NULL) < 1) return;
    __cpuid(0, a, b, c, d);
    memcpy(id->vendor, &b, 4);
    memcpy(id->vendor + 4, &d, 4);
    memcpy(id->vendor + 8, &c, 4);
    id->vendor[12] = '\0';
    __cpuid(1, a, b, c, d);
    unsigned base_family = (a >> 8) & 0xf, base_model = (a >> 4) & 0xf;
    id->family = base_family == 0xf ? base_family + ((a >> 20) & 0xff) : base_family;
    id->model = (base_family == 6 || base_family == 0xf) ? (((a >> 16) & 0xf) << 4) | base_model : base_model;
    id->stepping = a & 0xf;
    id->hypervisor = (c >> 31) & 1;
}
#endif
