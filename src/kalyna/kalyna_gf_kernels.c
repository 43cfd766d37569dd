/* SPDX-License-Identifier: Apache-2.0 */
/* The Kalyna GCM/GMAC hash kernels, least to most preferred, and their
 * setup. They are not a registry family of their own: a key takes the most
 * capable one this CPU runs (sc_find_kernel honours SIMDCRYPT_DISABLE), or
 * the one a test names. */
#include "kalyna_gf.h"

static const sc_kernel gf_kernels[] = {
    {"portable", 0, {.ops = &sc_kgf_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-pclmul", SC_FEAT(SC_F_PCLMUL) | SC_FEAT(SC_F_SSE41), {.ops = &sc_kgf_x86_pclmul}},
    {"x86-avx512-vpclmul",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) | SC_FEAT(SC_F_AVX512VL) | SC_FEAT(SC_F_VPCLMUL) |
         SC_FEAT(SC_F_PCLMUL),
     {.ops = &sc_kgf_x86_vpclmul512}},
#elif defined(SC_ARCH_AARCH64)
    {"arm-pmull", SC_FEAT(SC_F_NEON) | SC_FEAT(SC_F_ARM_PMULL), {.ops = &sc_kgf_arm_pmull}},
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-zbc", SC_FEAT(SC_F_RV_ZBC), {.ops = &sc_kgf_rv_zbc}},
#endif
};

const sc_algorithm_desc sc_alg_kalyna_gf = {"kalyna-gf", gf_kernels, SC_COUNT_OF(gf_kernels)};

int sc_kgf_check(const sc_kgf_key *k)
{
    if (k->nw != 2 && k->nw != 4 && k->nw != 8) return SC_ESTATE;
    for (size_t i = 0; i < SC_COUNT_OF(gf_kernels); i++)
        if (k->ops == gf_kernels[i].impl.ops) return SC_OK;
    return SC_ESTATE;
}

int sc_kgf_setkey(sc_kgf_key *k, const uint64_t *h, unsigned nw, const char *kernel)
{
    const sc_kernel *kern = NULL;
    int status = SC_OK;
    sc_wipe(k, sizeof *k);
    if (kernel) kern = sc_find_kernel(&sc_alg_kalyna_gf, kernel, &status);
    for (size_t i = SC_COUNT_OF(gf_kernels); kernel == NULL && kern == NULL && i-- > 0;)
        kern = sc_find_kernel(&sc_alg_kalyna_gf, gf_kernels[i].name, &status);
    if (kern == NULL) return status;
    k->ops = kern->impl.ops;
    k->nw = nw;
    for (unsigned i = 0; i < nw; i++) k->h[0][i] = h[i];
    k->ops->init(k);
    return SC_OK;
}
