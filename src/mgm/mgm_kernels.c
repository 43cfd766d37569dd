/* SPDX-License-Identifier: Apache-2.0 */
/* The GF kernels of MGM ("mgm": sc_kernel_get("mgm", ...), SIMDCRYPT_KERNEL=
 * mgm:<kernel>), least to most capable, and their family descriptor.
 *
 * Why a family of its own rather than the Magma family's kernel list: the
 * multiplier is shared by every MGM cipher (Magma now, Kuznyechik later) and
 * needs other CPU features (carry-less multiply) than the cipher's kernels
 * (S-box shuffles), so the two are chosen independently: opts.kernel of
 * magma-mgm names the Magma kernel, dispatch (or an override) this one. No
 * API names these kernels, so the family checks them itself (selftest). */
#include "../core/family.h"
#include "mgm.h"

static const sc_kernel mgm_kernels[] = {
    {"portable", 0, {.ops = &sc_mgm_gf_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-pclmul", SC_FEAT(SC_F_PCLMUL) | SC_FEAT(SC_F_SSSE3) | SC_FEAT(SC_F_SSE41), {.ops = &sc_mgm_x86_pclmul}},
    {"x86-avx512-vpclmul",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VL) | SC_FEAT(SC_F_VPCLMUL) |
         SC_FEAT(SC_F_PCLMUL) | SC_FEAT(SC_F_SSSE3) | SC_FEAT(SC_F_SSE41),
     {.ops = &sc_mgm_x86_avx512}},
#elif defined(SC_ARCH_AARCH64)
    {"arm-pmull", SC_FEAT(SC_F_NEON) | SC_FEAT(SC_F_ARM_PMULL), {.ops = &sc_mgm_arm_pmull}},
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-zbc", SC_FEAT(SC_F_RV_ZBC), {.ops = &sc_mgm_rv_zbc}},
#endif
};

const sc_algorithm_desc sc_alg_mgm = {"mgm", mgm_kernels, SC_COUNT_OF(mgm_kernels)};

const sc_family sc_mgm_family = {
    .name = "mgm",
    .kind = SC_KIND_AEAD,
    .kernels = &sc_alg_mgm,
    .selftest = sc_mgm_selftest_kernel,
};
