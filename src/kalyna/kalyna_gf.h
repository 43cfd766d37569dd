/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: the GHASH-like hash of Kalyna GCM and GMAC (DSTU 7624:2014
 * sections 10 and 12): multiplication in GF(2^128), GF(2^256), GF(2^512)
 * modulo the standard's polynomials
 *   x^128 + x^7 + x^2 + x + 1, x^256 + x^10 + x^5 + x^2 + 1,
 *   x^512 + x^8 + x^5 + x^2 + 1,
 * in the plain little-endian representation (no bit reflection, unlike
 * SP 800-38D's GHASH): block byte i, bit j is the coefficient of x^(8i + j);
 * here an element is nw = 2, 4 or 8 little-endian 64-bit words.
 *
 * Kernels (kalyna_gf_kernels.c) do whole blocks, constant time: no branch
 * or memory index depends on H, the accumulator or the data. */
#ifndef SC_KALYNA_GF_H
#define SC_KALYNA_GF_H

#include "../core/internal.h"

#define SC_KGF_MAX_WORDS 8
#define SC_KGF_POWERS 16 /* H^1..H^16 for kernels that aggregate reductions */

typedef struct sc_kgf_key {
    /* h[0] = H; h[i] = H^(i+1) where the kernel's init computes them */
    _Alignas(64) uint64_t h[SC_KGF_POWERS][SC_KGF_MAX_WORDS];
    const struct sc_kgf_ops *ops;
    uint32_t nw; /* 64-bit words per element: 2, 4, 8 */
} sc_kgf_key;

struct sc_kgf_ops {
    /* Precompute from k->h[0] (k->nw set). */
    void (*init)(sc_kgf_key *k);
    /* acc = (...((acc ^ in_0) H ^ in_1) H ...) H over n blocks of 8 nw bytes. */
    void (*hash)(const sc_kgf_key *k, uint64_t acc[SC_KGF_MAX_WORDS], const uint8_t *in, size_t n);
};

/* Set up k for H (nw words) with `kernel` (NULL: the most capable this CPU
 * runs; else a name of sc_alg_kalyna_gf: SC_EINVAL unknown, SC_ENOKERNEL not
 * runnable). */
int sc_kgf_setkey(sc_kgf_key *k, const uint64_t *h, unsigned nw, const char *kernel);
/* Is k->ops one of the kernels and nw 2, 4 or 8? */
int sc_kgf_check(const sc_kgf_key *k);

/* z = x * y in the field of nw words, portable and constant time (the
 * reference of every kernel; z may alias x or y). */
void sc_kgf_mul_portable(uint64_t *z, const uint64_t *x, const uint64_t *y, unsigned nw);
/* Fold a 2 nw-word carry-less product p into nw words modulo the field's
 * polynomial (p is overwritten; the result is p[0..nw-1]). */
void sc_kgf_reduce(uint64_t *p, unsigned nw);

extern const sc_algorithm_desc sc_alg_kalyna_gf;
extern const struct sc_kgf_ops sc_kgf_portable;
#if defined(SC_ARCH_X86_64)
extern const struct sc_kgf_ops sc_kgf_x86_pclmul;
extern const struct sc_kgf_ops sc_kgf_x86_vpclmul512;
#elif defined(SC_ARCH_AARCH64)
extern const struct sc_kgf_ops sc_kgf_arm_pmull;
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
extern const struct sc_kgf_ops sc_kgf_rv_zbc;
#endif

#endif
