/* SPDX-License-Identifier: Apache-2.0 */
/* Every ChaCha20/Poly1305 kernel object (chacha_internal.h), least to most
 * capable; the dispatch policy chooses among them. A kernel object pairs a
 * ChaCha20 and a Poly1305 (and optionally a fused AEAD) of one feature set;
 * the parts live in src/arch/<isa>/chacha20_<ext>.c and poly1305_<ext>.c,
 * each built with its own flags (cmake/kernels_<isa>.cmake). */
#include "chacha_internal.h"

const sc_chacha_ops sc_chacha_portable = {sc_chacha20_portable, sc_poly1305_blocks_portable, NULL};

#if defined(SC_ARCH_X86_64)
/* Pairs by feature set: SSSE3-only CPUs keep the portable Poly1305 (no
 * BMI2); every AVX2 CPU has BMI2, so the AVX2 Poly1305 (radix 2^26, its
 * scalar path MULX); AVX-512 without IFMA (Skylake-SP) the AVX2 one, with
 * IFMA the radix-2^44 8-way one. The AVX2 object's AEAD stitches its
 * ChaCha20 with the MULX Poly1305 (chacha20_poly1305_avx2.c). */
static const sc_chacha_ops x86_ssse3 = {sc_chacha20_x86_ssse3, sc_poly1305_blocks_portable, NULL};
static const sc_chacha_ops x86_avx2 = {sc_chacha20_x86_avx2, sc_poly1305_x86_avx2, sc_chacha20_poly1305_x86_avx2};
static const sc_chacha_ops x86_avx512 = {sc_chacha20_x86_avx512, sc_poly1305_x86_avx2, NULL};
static const sc_chacha_ops x86_avx512_ifma = {sc_chacha20_x86_avx512, sc_poly1305_x86_ifma,
                                                sc_chacha20_poly1305_x86_avx512};
/* The same feature set in the forms tuned on AMD Zen 4, where vprold takes
 * 2 cycles (vpternlogd rotations in the one- and two-block chains) and the
 * AEAD stitches from 65 bytes; x86-avx512-ifma has the forms measured on
 * Intel (BENCHMARKS.md 7.3). Rule-only: the Zen 4 rule picks it
 * (src/core/policy_x86.c), the generic ranking skips it. */
static const sc_chacha_ops x86_avx512_ifma_zen4 = {sc_chacha20_x86_avx512_zen4, sc_poly1305_x86_ifma,
                                                     sc_chacha20_poly1305_x86_avx512_zen4};
#define X86_AVX2 (SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_AVX) | SC_FEAT(SC_F_BMI2))
#define X86_AVX512 (X86_AVX2 | SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512VL))
#endif
#if defined(SC_ARCH_AARCH64)
/* Poly1305: radix 2^26 NEON, 8 blocks a step, with a scalar mul/umulh
 * path (inline asm) for short inputs and tails (poly1305_neon.c). */
static const sc_chacha_ops arm_neon = {sc_chacha20_arm_neon, sc_poly1305_arm_neon, NULL};
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
/* Poly1305: scalar radix 2^64 in inline asm (mul/mulhu, sltu carries:
 * poly1305_rv.c), base ISA, so every set takes it; rv-scalar is the set of
 * cores without V (the portable ChaCha20 with it): Poly1305 2.8 against 5.7
 * guest instructions per byte at 16 KiB (BENCHMARKS.md 8.7). */
static const sc_chacha_ops rv_scalar = {sc_chacha20_portable, sc_poly1305_rv_scalar, NULL};
static const sc_chacha_ops rv_v = {sc_chacha20_rv_v, sc_poly1305_rv_scalar, NULL};
static const sc_chacha_ops rv_zvbb = {sc_chacha20_rv_zvbb, sc_poly1305_rv_scalar, NULL};
#endif

static const sc_kernel chacha_kernels[] = {
    {"portable", 0, {.ops = &sc_chacha_portable}},
#if defined(SC_ARCH_X86_64)
    {"x86-ssse3", SC_FEAT(SC_F_SSSE3), {.ops = &x86_ssse3}},
    {"x86-avx2", X86_AVX2, {.ops = &x86_avx2}},
    {"x86-avx512", X86_AVX512, {.ops = &x86_avx512}},
    {"x86-avx512-ifma", X86_AVX512 | SC_FEAT(SC_F_AVX512IFMA), {.ops = &x86_avx512_ifma}},
    {"x86-avx512-ifma-zen4", X86_AVX512 | SC_FEAT(SC_F_AVX512IFMA), {.ops = &x86_avx512_ifma_zen4}},
#endif
#if defined(SC_ARCH_AARCH64)
    {"arm-neon", SC_FEAT(SC_F_NEON), {.ops = &arm_neon}},
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
    {"rv-scalar", 0, {.ops = &rv_scalar}},
    {"rv-v", SC_FEAT(SC_F_RV_V), {.ops = &rv_v}},
    {"rv-zvbb", SC_FEAT(SC_F_RV_V) | SC_FEAT(SC_F_RV_ZVBB), {.ops = &rv_zvbb}},
#endif
};

const sc_algorithm_desc sc_alg_chacha = {"chacha", chacha_kernels, SC_COUNT_OF(chacha_kernels)};
