/* Every MD5 and Keccak kernel object (hash_internal.h), least to most
 * capable; the dispatch policy chooses among them. Each object pairs a
 * single-stream function with the multi-lane one of the same feature set;
 * the parts live in src/arch/<isa>/md5_<ext>.c and keccak_<ext>.c, each
 * built with its own flags (cmake/kernels_<isa>.cmake). */
#include "hash_internal.h"

#if defined(SC_ARCH_X86_64)
/* one single-stream kernel for every x86-64 (plain ALU code at the latency
 * limit of the chain: no extension would shorten it), paired with the
 * widest lanes kernel the CPU runs */
static const sc_md5_ops md5_x86_scalar = {sc_md5_x86_scalar, NULL, 0};
static const sc_md5_ops md5_x86_avx2 = {sc_md5_x86_scalar, sc_md5_x86_avx2, 8};
static const sc_md5_ops md5_x86_avx512 = {sc_md5_x86_scalar, sc_md5_x86_avx512, 16};
#define MD5_X86_AVX2 (SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_AVX))
#define MD5_X86_AVX512 (MD5_X86_AVX2 | SC_FEAT(SC_F_AVX512F))
#endif

static const sc_kernel md5_kernels[] = {
    {"portable", 0, {.ops = &sc_md5_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-scalar", 0, {.ops = &md5_x86_scalar}},
    {"x86-avx2", MD5_X86_AVX2, {.ops = &md5_x86_avx2}},
    {"x86-avx512", MD5_X86_AVX512, {.ops = &md5_x86_avx512}},
#endif
};

static const sc_kernel keccak_kernels[] = {
    {"portable", 0, {.ops = &sc_keccak_portable}},
};

const sc_algorithm_desc sc_alg_md5 = {"md5", md5_kernels, SC_COUNT_OF(md5_kernels)};
const sc_algorithm_desc sc_alg_keccak = {"keccak", keccak_kernels, SC_COUNT_OF(keccak_kernels)};
