/* SPDX-License-Identifier: Apache-2.0 */
/* Every Kalyna kernel, least to most preferred (dispatch takes the last one
 * this CPU runs). Each x86 kernel lives in src/arch/x86/kalyna_<ext>.c,
 * built with that file's flags only (cmake/kernels_x86.cmake). */
#include "kalyna_internal.h"

static const sc_kernel kalyna_kernels[] = {
    {"portable", 0, {.ops = &sc_kalyna_portable}},
    {"bitsliced", 0, {.ops = &sc_kalyna_bitsliced}},
#if defined(SC_ARCH_X86_64)
    {"x86-ssse3", SC_FEAT(SC_F_SSSE3), {.ops = &sc_kalyna_x86_ssse3}},
    {"x86-avx2", SC_FEAT(SC_F_AVX2), {.ops = &sc_kalyna_x86_avx2}},
    {"x86-avx512bw", SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW), {.ops = &sc_kalyna_x86_avx512bw}},
    /* the serial modes ordered for Intel's ports (kalyna_avx512_vbmi_gfni_1block.c):
     * below the Zen 5 one, so that a policy row picks it */
    {"x86-avx512-vbmi-gfni-p5",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VL) | SC_FEAT(SC_F_AVX512VBMI) |
         SC_FEAT(SC_F_GFNI),
     {.ops = &sc_kalyna_x86_avx512_vbmi_gfni_p5}},
    {"x86-avx512-vbmi-gfni",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VL) | SC_FEAT(SC_F_AVX512VBMI) |
         SC_FEAT(SC_F_GFNI),
     {.ops = &sc_kalyna_x86_avx512_vbmi_gfni}},
#elif defined(SC_ARCH_AARCH64)
    {"arm-neon", SC_FEAT(SC_F_NEON), {.ops = &sc_kalyna_arm_neon}},
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-v", SC_FEAT(SC_F_RV_V), {.ops = &sc_kalyna_rv_v}},
#endif
};

const sc_algorithm_desc sc_alg_kalyna = {"kalyna", kalyna_kernels, SC_COUNT_OF(kalyna_kernels)};
