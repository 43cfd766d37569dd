/* SPDX-License-Identifier: Apache-2.0 */
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
#if defined(SC_ARCH_AARCH64)
/* MD5: the scalar kernel for one stream (no feature needed), NEON x4. */
static const sc_md5_ops md5_arm_scalar = {sc_md5_blocks_arm_scalar, NULL, 0};
static const sc_md5_ops md5_arm_neon = {sc_md5_blocks_arm_scalar, sc_md5_lanes_arm_neon, 4};
/* Keccak: unrolled scalar; with SHA3, two states per q register, and the
 * single state on the SHA3 code with the high half idle (14.4 guest
 * instructions a byte against the scalar code's 24.5: keccak_sha3.c). */
static const sc_keccak_ops keccak_arm_scalar = {sc_keccak_permute_arm_scalar, sc_keccak_absorb_arm_scalar, NULL, 0, 0};
static const sc_keccak_ops keccak_arm_sha3 = {sc_keccak_permute_arm_sha3, sc_keccak_absorb_arm_sha3,
                                              sc_keccak_lanes_arm_sha3, 2, 0};
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
/* One MD5 stream is the Zbb scalar code in all three; the vector kernels
 * add the lanes (so they require Zbb too: every RVA22/RVA23 core with V
 * has it). */
static const sc_md5_ops md5_rv_zbb = {sc_md5_blocks_rv_zbb, NULL, 0};
static const sc_md5_ops md5_rv_v = {sc_md5_blocks_rv_zbb, sc_md5_lanes_rv_v, 8};
static const sc_md5_ops md5_rv_zvbb = {sc_md5_blocks_rv_zbb, sc_md5_lanes_rv_zvbb, 8};
static const sc_keccak_ops keccak_rv_zbb = {sc_keccak_permute_rv_zbb, sc_keccak_absorb_rv_zbb, NULL, 0, 0};
static const sc_keccak_ops keccak_rv_v = {sc_keccak_permute_rv_zbb, sc_keccak_absorb_rv_zbb, sc_keccak_lanes_rv_v, 2, 0};
/* rv-zvbb runs a single state on its x2 code with state 1 idle: 26.5
 * guest instructions a byte against rv-zbb's 32.0 (plain V's x2 code would
 * take 47): keccak_v_template.h. */
static const sc_keccak_ops keccak_rv_zvbb = {sc_keccak_permute_rv_zvbb, sc_keccak_absorb_rv_zvbb,
                                             sc_keccak_lanes_rv_zvbb, 2, 0};
#define RV_ZBB SC_FEAT(SC_F_RV_ZBB)
#define RV_V (RV_ZBB | SC_FEAT(SC_F_RV_V))
#define RV_ZVBB (RV_V | SC_FEAT(SC_F_RV_ZVBB))
#endif

static const sc_kernel md5_kernels[] = {
    {"portable", 0, {.ops = &sc_md5_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-scalar", 0, {.ops = &md5_x86_scalar}},
    {"x86-avx2", MD5_X86_AVX2, {.ops = &md5_x86_avx2}},
    {"x86-avx512", MD5_X86_AVX512, {.ops = &md5_x86_avx512}},
#endif
#if defined(SC_ARCH_AARCH64)
    {"arm-scalar", 0, {.ops = &md5_arm_scalar}},
    {"arm-neon", SC_FEAT(SC_F_NEON), {.ops = &md5_arm_neon}},
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-zbb", RV_ZBB, {.ops = &md5_rv_zbb}},
    {"rv-v", RV_V, {.ops = &md5_rv_v}},
    {"rv-zvbb", RV_ZVBB, {.ops = &md5_rv_zvbb}},
#endif
};

#if defined(SC_ARCH_X86_64)
/* Keccak pairs, by what wins on Zen 4 (rdtsc, SHA3-256, 16 KiB): one state
 * in 25 xmm lanes (AVX-512 VL, ~4.1 TSC cycles/byte) beats the scalar
 * kernel (~4.7), which beats the five-zmm planes (~6.5: latency-bound
 * shuffles on 256-bit units). So AVX2 pairs the scalar kernel (every AVX2
 * CPU has BMI1/BMI2) with x4, AVX-512 the xmm form with x8. The planes form
 * is its own object, ranked below, for CPUs with full-width zmm shuffles
 * (a policy rule picks it where it measures faster). */
static const sc_keccak_ops keccak_x86_scalar = {sc_keccak_x86_scalar_permute, sc_keccak_x86_scalar_absorb, NULL, 0, 0};
static const sc_keccak_ops keccak_x86_avx2 = {sc_keccak_x86_scalar_permute, sc_keccak_x86_scalar_absorb,
                                              sc_keccak_x86_avx2_x4, 4, 0};
static const sc_keccak_ops keccak_x86_avx512_planes = {sc_keccak_x86_avx512_permute, sc_keccak_x86_avx512_absorb,
                                                       sc_keccak_x86_avx512_x8, 8, 0};
static const sc_keccak_ops keccak_x86_avx512 = {sc_keccak_x86_avx512_xmm_permute, sc_keccak_x86_avx512_xmm_absorb,
                                                sc_keccak_x86_avx512_x8, 8, 0};
/* Intel Emerald Rapids (family 6 model 207) orders the single-state forms
 * otherwise: xmm ops issue on three vector ports there (p0 p1 p5), so the
 * xmm form's ~95 a round are port-bound, while the scalar kernel's ~130 ALU
 * ops and ~55 spill loads/stores share the 6-wide front end and five
 * integer ports. Dispatched SHA-3/SHAKE/Keccak-256 ran 1.02-1.04x faster
 * on the scalar kernel from 64 B to 16 KiB (1.00-1.01x at 256 KiB); the
 * planes form 0.95x from 1 KiB (rdtsc, alternating, BENCHMARKS.md 7.1).
 * The batch API and KangarooTwelve's leaves still want the x8 lanes, so
 * this object pairs the scalar single state with them, for a policy rule
 * to pick; listed before x86-avx512, it leaves the generic ranking as is.
 * There an x8 permutation with two of eight lanes busy already beats two
 * single ones: KangarooTwelve's leaves go to the lanes from two
 * (kangarootwelve 24 KiB 1.17x, 32 KiB 1.5x, BENCHMARKS.md 7.1). */
static const sc_keccak_ops keccak_x86_avx512_bmi = {sc_keccak_x86_scalar_permute, sc_keccak_x86_scalar_absorb,
                                                    sc_keccak_x86_avx512_x8, 8, 2};
#define KECCAK_X86_BMI SC_FEAT(SC_F_BMI2) /* no BMI1 bit: every BMI2 CPU has BMI1 */
#define KECCAK_X86_AVX2 (KECCAK_X86_BMI | SC_FEAT(SC_F_AVX) | SC_FEAT(SC_F_AVX2))
#define KECCAK_X86_AVX512 (KECCAK_X86_AVX2 | SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512VL))
#endif

static const sc_kernel keccak_kernels[] = {
    {"portable", 0, {.ops = &sc_keccak_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-bmi", KECCAK_X86_BMI, {.ops = &keccak_x86_scalar}},
    {"x86-avx2", KECCAK_X86_AVX2, {.ops = &keccak_x86_avx2}},
    {"x86-avx512-planes", KECCAK_X86_AVX512, {.ops = &keccak_x86_avx512_planes}},
    {"x86-avx512-bmi", KECCAK_X86_AVX512, {.ops = &keccak_x86_avx512_bmi}},
    {"x86-avx512", KECCAK_X86_AVX512, {.ops = &keccak_x86_avx512}},
#endif
#if defined(SC_ARCH_AARCH64)
    {"arm-scalar", 0, {.ops = &keccak_arm_scalar}},
    {"arm-sha3", SC_FEAT(SC_F_NEON) | SC_FEAT(SC_F_ARM_SHA3), {.ops = &keccak_arm_sha3}},
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-zbb", RV_ZBB, {.ops = &keccak_rv_zbb}},
    {"rv-v", RV_V, {.ops = &keccak_rv_v}},
    {"rv-zvbb", RV_ZVBB, {.ops = &keccak_rv_zvbb}},
#endif
};

const sc_algorithm_desc sc_alg_md5 = {"md5", md5_kernels, SC_COUNT_OF(md5_kernels)};
const sc_algorithm_desc sc_alg_keccak = {"keccak", keccak_kernels, SC_COUNT_OF(keccak_kernels)};
