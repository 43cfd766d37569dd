/* SPDX-License-Identifier: Apache-2.0 */
/* Magma kernels, least to most preferred (dispatch takes the last runnable). */
#include "magma_internal.h"

static const sc_kernel kernels[] = {
    {"portable", 0, {.ops = &sc_magma_portable}},
    {"scalar", 0, {.ops = &sc_magma_scalar}},
#if defined(SC_ARCH_X86_64)
    {"x86-ssse3", SC_FEAT(SC_F_SSSE3), {.ops = &sc_magma_x86_ssse3}},
    {"x86-avx2", SC_FEAT(SC_F_AVX2), {.ops = &sc_magma_x86_avx2}},
    {"x86-avx512bw", SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW), {.ops = &sc_magma_x86_avx512bw}},
    {"x86-avx512-vbmi",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VBMI),
     {.ops = &sc_magma_x86_avx512vbmi}},
#elif defined(SC_ARCH_AARCH64)
    {"arm-neon", SC_FEAT(SC_F_NEON), {.ops = &sc_magma_arm_neon}},
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-zbb", SC_FEAT(SC_F_RV_ZBB), {.ops = &sc_magma_rv_zbb}},
    {"rv-v", SC_FEAT(SC_F_RV_V), {.ops = &sc_magma_rv_v}},
#endif
};

const sc_algorithm_desc sc_alg_magma = {"magma", kernels, SC_COUNT_OF(kernels)};
