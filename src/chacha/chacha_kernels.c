/* Every ChaCha20/Poly1305 kernel object (chacha_internal.h), least to most
 * capable; the dispatch policy chooses among them. A kernel object pairs a
 * ChaCha20 and a Poly1305 (and optionally a fused AEAD) of one feature set;
 * the parts live in src/arch/<isa>/chacha20_<ext>.c and poly1305_<ext>.c,
 * each built with its own flags (cmake/kernels_<isa>.cmake). */
#include "chacha_internal.h"

const sc_chacha_ops sc_chacha_portable = {sc_chacha20_portable, sc_poly1305_blocks_portable, NULL};

#if defined(SC_ARCH_X86_64)
static const sc_chacha_ops x86_poly_mulx = {sc_chacha20_portable, sc_poly1305_x86_mulx, NULL};
static const sc_chacha_ops x86_poly_avx2 = {sc_chacha20_portable, sc_poly1305_x86_avx2, NULL};
static const sc_chacha_ops x86_poly_ifma = {sc_chacha20_portable, sc_poly1305_x86_ifma, NULL};
#endif

static const sc_kernel chacha_kernels[] = {
    {"portable", 0, {.ops = &sc_chacha_portable}},
#if defined(SC_ARCH_X86_64)
    /* Poly1305 kernels paired with the portable ChaCha20 for now (the merge
     * recomposes them with the x86 ChaCha20 kernels of the same features). */
    {"x86-poly-mulx", SC_FEAT(SC_F_BMI2), {.ops = &x86_poly_mulx}},
    {"x86-poly-avx2", SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_AVX) | SC_FEAT(SC_F_BMI2), {.ops = &x86_poly_avx2}},
    {"x86-poly-ifma",
     SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512IFMA) | SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_BMI2),
     {.ops = &x86_poly_ifma}},
#endif
};

const sc_algorithm_desc sc_alg_chacha = {"chacha", chacha_kernels, SC_COUNT_OF(chacha_kernels)};
