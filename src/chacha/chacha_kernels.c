/* Every ChaCha20/Poly1305 kernel object (chacha_internal.h), least to most
 * capable; the dispatch policy chooses among them. A kernel object pairs a
 * ChaCha20 and a Poly1305 (and optionally a fused AEAD) of one feature set;
 * the parts live in src/arch/<isa>/chacha20_<ext>.c and poly1305_<ext>.c,
 * each built with its own flags (cmake/kernels_<isa>.cmake). */
#include "chacha_internal.h"

const sc_chacha_ops sc_chacha_portable = {sc_chacha20_portable, sc_poly1305_blocks_portable, NULL};
#if defined(SC_ARCH_X86_64)
static const sc_chacha_ops chacha_x86_ssse3 = {sc_chacha20_x86_ssse3, sc_poly1305_blocks_portable, NULL};
static const sc_chacha_ops chacha_x86_avx2 = {sc_chacha20_x86_avx2, sc_poly1305_blocks_portable, NULL};
static const sc_chacha_ops chacha_x86_avx512 = {sc_chacha20_x86_avx512, sc_poly1305_blocks_portable, NULL};
#endif

static const sc_kernel chacha_kernels[] = {
    {"portable", 0, {.ops = &sc_chacha_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-ssse3", SC_FEAT(SC_F_SSSE3), {.ops = &chacha_x86_ssse3}},
    {"x86-avx2", SC_FEAT(SC_F_AVX2), {.ops = &chacha_x86_avx2}},
    {"x86-avx512", SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512VL), {.ops = &chacha_x86_avx512}},
#endif
};

const sc_algorithm_desc sc_alg_chacha = {"chacha", chacha_kernels, SC_COUNT_OF(chacha_kernels)};
