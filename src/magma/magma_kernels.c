/* Magma kernels, least to most preferred (dispatch takes the last runnable). */
#include "magma_internal.h"

static const sc_kernel kernels[] = {
    {"portable", 0, {.ops = &sc_magma_portable_ops}},
#if defined(SC_ARCH_X86_64)
    {"x86-ssse3", SC_FEAT(SC_F_SSSE3), {.ops = &sc_magma_ssse3_ops}},
    {"x86-avx2", SC_FEAT(SC_F_AVX2), {.ops = &sc_magma_avx2_ops}},
    {"x86-avx512bw", SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW), {.ops = &sc_magma_avx512bw_ops}},
    {"x86-avx512-vbmi",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VBMI),
     {.ops = &sc_magma_avx512vbmi_ops}},
#elif defined(SC_ARCH_AARCH64)
    {"arm-neon", SC_FEAT(SC_F_NEON), {.ops = &sc_magma_neon_ops}},
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-v", SC_FEAT(SC_F_RV_V), {.ops = &sc_magma_rvv_ops}},
#endif
};

const sc_algorithm_desc sc_alg_magma = {"magma", kernels, SC_COUNT_OF(kernels)};
