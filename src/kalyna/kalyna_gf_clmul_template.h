/* SPDX-License-Identifier: Apache-2.0 */
/* The Kalyna GCM/GMAC hash (kalyna_gf.h) over a 64 x 64 -> 128 carry-less
 * multiply, written once for the kernels whose multiply is a scalar pair of
 * results: portable (integer multiplies with holes), AArch64 PMULL, RISC-V
 * Zbc. The including file defines, before including:
 *   static inline void kgf_clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo);
 * and gets kgf_mul (schoolbook product of nw words, then kgf_reduce) and
 *   KGF_CLMUL_OPS(name)   const struct sc_kgf_ops name = {...}: H alone (no
 *                         powers), one multiplication per block, the hash's
 *                         frame burned after each call (H's words may be
 *                         spilled beyond what the multiply wipes).
 * Constant time if kgf_clmul64 is: no branch or index on H, the accumulator
 * or the data (nw is public). */
#ifndef SC_KALYNA_GF_CLMUL_TEMPLATE_H
#define SC_KALYNA_GF_CLMUL_TEMPLATE_H

#include "../cipher/stack_burn.h"
#include "kalyna_gf.h"
#include "kalyna_internal.h"

#define KGF_INLINE static inline __attribute__((always_inline))

/* p (2 nw words) modulo the field's polynomial into p[0 .. nw): x^(64 nw)
 * = 1 + x^a + x^b + x^c, word i of the upper half folded onto words i - nw
 * and i - nw + 1, from the top so that what lands on word nw is folded in
 * its turn. nw is a constant where it is inlined: the loop unrolls. */
KGF_INLINE void kgf_reduce(uint64_t *p, const unsigned nw)
{
    const unsigned a = nw == 2 ? 1 : 2, b = nw == 2 ? 2 : 5, c = nw == 2 ? 7 : nw == 4 ? 10 : 8;
    for (unsigned i = 2 * nw - 1; i >= nw; i--) {
        const uint64_t t = p[i];
        p[i - nw] ^= t ^ t << a ^ t << b ^ t << c;
        p[i - nw + 1] ^= t >> (64 - a) ^ t >> (64 - b) ^ t >> (64 - c);
    }
}

/* z = x * y in the field of nw words (z may alias x or y); the product's
 * words stay in the caller's frame (the callers wipe or burn it). */
KGF_INLINE void kgf_mul(uint64_t *z, const uint64_t *x, const uint64_t *y, const unsigned nw)
{
    uint64_t p[2 * SC_KGF_MAX_WORDS];
    for (unsigned i = 0; i < 2 * nw; i++) p[i] = 0;
    for (unsigned i = 0; i < nw; i++)
        for (unsigned j = 0; j < nw; j++) {
            uint64_t hi, lo;
            kgf_clmul64(x[i], y[j], &hi, &lo);
            p[i + j] ^= lo, p[i + j + 1] ^= hi;
        }
    kgf_reduce(p, nw);
    for (unsigned i = 0; i < nw; i++) z[i] = p[i];
}

enum { KGF_CLMUL_BURN = 1024 }; /* bytes: the hash frame with room to spare */

static void kgf_clmul_init(sc_kgf_key *k) { (void)k; /* H alone: one multiplication per block */ }

KGF_INLINE void kgf_clmul_blocks_nw(const sc_kgf_key *k, uint64_t *acc, const uint8_t *in, size_t n, const unsigned nw)
{
    for (; n > 0; n--, in += 8 * nw) {
        for (unsigned i = 0; i < nw; i++) acc[i] ^= sc_kalyna_load64(in + 8 * i);
        kgf_mul(acc, acc, k->h[0], nw);
    }
}

/* One copy per field size, nw a constant in each. */
static __attribute__((noinline)) void kgf_clmul_blocks(const sc_kgf_key *k, uint64_t *acc, const uint8_t *in, size_t n)
{
    switch (k->nw) {
    case 2: kgf_clmul_blocks_nw(k, acc, in, n, 2); break;
    case 4: kgf_clmul_blocks_nw(k, acc, in, n, 4); break;
    default: kgf_clmul_blocks_nw(k, acc, in, n, 8); break;
    }
}

/* The products' words and H's are left in kgf_clmul_blocks' frame: burned
 * after each call (as the portable GHASH does). */
static void kgf_clmul_hash(const sc_kgf_key *k, uint64_t acc[SC_KGF_MAX_WORDS], const uint8_t *in, size_t n)
{
    kgf_clmul_blocks(k, acc, in, n);
    sc_burn_stack(KGF_CLMUL_BURN);
}

#define KGF_CLMUL_OPS(name) const struct sc_kgf_ops name = {kgf_clmul_init, kgf_clmul_hash}

#endif
