/* SPDX-License-Identifier: Apache-2.0 */
/* crc32 kernels, least to most capable (src/core/policy.h chooses). */
#include "checksum_kernels.h"

static const sc_kernel kernels[] = {
    {"portable", 0, {.checksum = sc_crc32_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-pclmul", SC_FEAT(SC_F_SSE41) | SC_FEAT(SC_F_PCLMUL), {.checksum = sc_crc32_x86_pclmul}},
    {"x86-avx2-vpclmul", SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_VPCLMUL) | SC_FEAT(SC_F_PCLMUL),
     {.checksum = sc_crc32_x86_vpclmul256}},
    {"x86-avx512-vpclmul",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VL) | SC_FEAT(SC_F_VPCLMUL) |
         SC_FEAT(SC_F_PCLMUL),
     {.checksum = sc_crc32_x86_vpclmul512}},
    {"x86-avx512-gfni-vpclmul",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VL) | SC_FEAT(SC_F_AVX512VBMI) |
         SC_FEAT(SC_F_GFNI) | SC_FEAT(SC_F_VPCLMUL) | SC_FEAT(SC_F_PCLMUL),
     {.checksum = sc_crc32_x86_gfni512}},
#elif defined(SC_ARCH_AARCH64)
    {"arm-crc32-3way", SC_FEAT(SC_F_ARM_CRC32), {.checksum = sc_crc32_arm_crc3way}},
    {"arm-pmull", SC_FEAT(SC_F_ARM_PMULL), {.checksum = sc_crc32_arm_pmull}},
    {"arm-pmull-crc32", SC_FEAT(SC_F_ARM_PMULL) | SC_FEAT(SC_F_ARM_CRC32),
     {.checksum = sc_crc32_arm_pmull_crc}},
    {"arm-pmull-eor3-crc32", SC_FEAT(SC_F_ARM_PMULL) | SC_FEAT(SC_F_ARM_SHA3) | SC_FEAT(SC_F_ARM_CRC32),
     {.checksum = sc_crc32_arm_pmull_eor3}},
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-zba", SC_FEAT(SC_F_RV_ZBA), {.checksum = sc_crc32_rv_zba}},
    {"rv-zbc", SC_FEAT(SC_F_RV_ZBC), {.checksum = sc_crc32_rv_zbc}},
    {"rv-zvbc", SC_FEAT(SC_F_RV_V) | SC_FEAT(SC_F_RV_ZVBC), {.checksum = sc_crc32_rv_zvbc}},
#endif
};

const sc_algorithm_desc sc_alg_crc32 = {"crc32", kernels, SC_COUNT_OF(kernels)};
