/* Every AES kernel (AES modes + GHASH + optional fused GCM, aes_internal.h),
 * least to most capable; the dispatch policy chooses among them. Each
 * non-portable kernel lives in src/arch/<isa>/aes_<ext>.c, built with that
 * file's flags only (cmake/kernels_<isa>.cmake). */
#include "aes_internal.h"

static const sc_kernel aes_kernels[] = {
    {"portable", 0, {.ops = &sc_aes_portable}},
#if defined(SC_ARCH_X86_64)
    /* KERNELS-X86 */
#elif defined(SC_ARCH_AARCH64)
    {"arm-aes", SC_FEAT(SC_F_NEON) | SC_FEAT(SC_F_ARM_AES) | SC_FEAT(SC_F_ARM_PMULL), {.ops = &sc_aes_arm_aes}},
    {"arm-aes-eor3", SC_FEAT(SC_F_NEON) | SC_FEAT(SC_F_ARM_AES) | SC_FEAT(SC_F_ARM_PMULL) | SC_FEAT(SC_F_ARM_SHA3),
     {.ops = &sc_aes_arm_aes_eor3}},
    /* KERNELS-AARCH64 */
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    /* KERNELS-RISCV */
#endif
};

const sc_algorithm_desc sc_alg_aes = {"aes", aes_kernels, SC_COUNT_OF(aes_kernels)};
