/* Every ChaCha20/Poly1305 kernel object (chacha_internal.h), least to most
 * capable; the dispatch policy chooses among them. A kernel object pairs a
 * ChaCha20 and a Poly1305 (and optionally a fused AEAD) of one feature set;
 * the parts live in src/arch/<isa>/chacha20_<ext>.c and poly1305_<ext>.c,
 * each built with its own flags (cmake/kernels_<isa>.cmake). */
#include "chacha_internal.h"

const sc_chacha_ops sc_chacha_portable = {sc_chacha20_portable, sc_poly1305_blocks_portable, NULL};

static const sc_kernel chacha_kernels[] = {
    {"portable", 0, {.ops = &sc_chacha_portable}},
};

const sc_algorithm_desc sc_alg_chacha = {"chacha", chacha_kernels, SC_COUNT_OF(chacha_kernels)};
