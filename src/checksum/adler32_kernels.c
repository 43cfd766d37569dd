/* SPDX-License-Identifier: Apache-2.0 */
/* adler32 kernels, least to most preferred (dispatch takes the last runnable). */
#include "checksum_kernels.h"

static const sc_kernel kernels[] = {
    {"portable", 0, {.checksum = sc_adler32_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-ssse3", SC_FEAT(SC_F_SSSE3), {.checksum = sc_adler32_x86_ssse3}},
    {"x86-avx2", SC_FEAT(SC_F_AVX2), {.checksum = sc_adler32_x86_avx2}},
    {"x86-avx512bw", SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW), {.checksum = sc_adler32_x86_avx512bw}},
    {"x86-avx512-vnni", SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VNNI),
     {.checksum = sc_adler32_x86_avx512vnni}},
#elif defined(SC_ARCH_AARCH64)
    {"arm-neon", SC_FEAT(SC_F_NEON), {.checksum = sc_adler32_arm_neon}},
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-v", SC_FEAT(SC_F_RV_V), {.checksum = sc_adler32_rv_v}},
#endif
};

const sc_algorithm_desc sc_alg_adler32 = {"adler32", kernels, SC_COUNT_OF(kernels)};
