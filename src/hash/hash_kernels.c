/* Every MD5 and Keccak kernel object (hash_internal.h), least to most
 * capable; the dispatch policy chooses among them. Each object pairs a
 * single-stream function with the multi-lane one of the same feature set;
 * the parts live in src/arch/<isa>/md5_<ext>.c and keccak_<ext>.c, each
 * built with its own flags (cmake/kernels_<isa>.cmake). */
#include "hash_internal.h"

static const sc_kernel md5_kernels[] = {
    {"portable", 0, {.ops = &sc_md5_portable}},
};

static const sc_kernel keccak_kernels[] = {
    {"portable", 0, {.ops = &sc_keccak_portable}},
};

const sc_algorithm_desc sc_alg_md5 = {"md5", md5_kernels, SC_COUNT_OF(md5_kernels)};
const sc_algorithm_desc sc_alg_keccak = {"keccak", keccak_kernels, SC_COUNT_OF(keccak_kernels)};
