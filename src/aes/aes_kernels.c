/* SPDX-License-Identifier: Apache-2.0 */
/* Every AES kernel (AES modes + GHASH + optional fused GCM, aes_internal.h),
 * least to most capable; the dispatch policy chooses among them. Each
 * non-portable kernel lives in src/arch/<isa>/aes_<ext>.c, built with that
 * file's flags only (cmake/kernels_<isa>.cmake). */
#include "aes_internal.h"

static const sc_kernel aes_kernels[] = {
    {"portable", 0, {.ops = &sc_aes_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-aesni", SC_FEAT(SC_F_AESNI) | SC_FEAT(SC_F_PCLMUL) | SC_FEAT(SC_F_SSE41) | SC_FEAT(SC_F_SSSE3),
     {.ops = &sc_aes_x86_aesni}},
    {"x86-vaes-avx2",
     SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_VAES) | SC_FEAT(SC_F_VPCLMUL) | SC_FEAT(SC_F_AESNI) | SC_FEAT(SC_F_PCLMUL) |
         SC_FEAT(SC_F_AVX),
     {.ops = &sc_aes_x86_vaes_avx2}},
    {"x86-vaes-avx512",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VL) | SC_FEAT(SC_F_VAES) |
         SC_FEAT(SC_F_VPCLMUL) | SC_FEAT(SC_F_AESNI) | SC_FEAT(SC_F_PCLMUL) |
         SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_AVX), /* its short calls' ymm code (aes_vaes_avx512_ymm.c) */
     {.ops = &sc_aes_x86_vaes_avx512}},
#elif defined(SC_ARCH_AARCH64)
    {"arm-aes", SC_FEAT(SC_F_NEON) | SC_FEAT(SC_F_ARM_AES) | SC_FEAT(SC_F_ARM_PMULL), {.ops = &sc_aes_arm_aes}},
    {"arm-aes-eor3", SC_FEAT(SC_F_NEON) | SC_FEAT(SC_F_ARM_AES) | SC_FEAT(SC_F_ARM_PMULL) | SC_FEAT(SC_F_ARM_SHA3),
     {.ops = &sc_aes_arm_aes_eor3}},
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-zbc", SC_FEAT(SC_F_RV_ZBC), {.ops = &sc_aes_rv_zbc}},
    {"rv-zvkned", SC_FEAT(SC_F_RV_V) | SC_FEAT(SC_F_RV_ZVKNED) | SC_FEAT(SC_F_RV_ZVKG) | SC_FEAT(SC_F_RV_ZVBB),
     {.ops = &sc_aes_rv_zvkned}},
#endif
};

const sc_algorithm_desc sc_alg_aes = {"aes", aes_kernels, SC_COUNT_OF(aes_kernels)};
