/* SPDX-License-Identifier: Apache-2.0 */
/* The rounds of the constant-time scalar Magma: the "scalar" kernel's
 * (magma_scalar_template.h), and the serial chains (CBC encryption, CFB
 * encryption, OFB, the MACs) of the x86 SIMD kernels, whose prepare also
 * writes these rows into the key next to their own tables: one block's
 * round is latency-bound, and this chain of integer operations is shorter
 * than the pshufb one (BENCHMARKS.md 8, Zen 3: the serial modes 1.15-1.2x).
 *
 * The S-box may be secret (a caller's S-box in GOST 28147-89 usage), so no
 * memory index and no branch depends on the data or on the S-box. Each
 * 4-bit S-box row S_i is one 64-bit word, nibble v = S_i[v], and a lookup
 * is a variable rotation of that word by 4 * x_i bits. Variable shifts and
 * rotations take a data-independent time on the CPUs this targets: x86-64
 * SHR/ROR r64,cl and SHRX are listed with fixed latency regardless of the
 * count in Intel's and AMD's optimization manuals and Agner Fog's
 * instruction tables (only the count 0 flags quirk of the legacy forms
 * differs, and it does not change their timing on P6+/Zen); RISC-V's
 * srl/ror are data-independent-timing instructions under Zkt (the RISC-V
 * scalar crypto spec, vol. I "Zkt", lists sll/srl/sra/rol/ror among them),
 * which every in-order RV64GC core such as the SiFive U74 satisfies (a
 * single-cycle barrel shifter).
 *
 * Two forms of the lookup, by what the target has:
 *  - with a rotate instruction (x86-64, AArch64, RISC-V with Zbb): with
 *    R_i = row_i rotated left by 4i bits (prepare), rotating R_i right by
 *    4 * x_i puts row nibble x_i at nibble i, so
 *        t(x) = OR_i (rotr64(R_i, 4 x_i) & (0xF << 4i));
 *  - without (plain RV64GC, where a rotation is three instructions):
 *        t(x) = OR_i (((row_i >> 4 x_i) & 0xF) << 4i).
 * Off x86-64 the counts 4 x_i come from two masked copies of x, (x << 2) & 0x3C3C3C3C
 * for the even nibbles and (x >> 2) & 0x3C3C3C3C for the odd ones: nibble
 * i's count is then the copy shifted right by 8 * (i / 2), whose bits above
 * the sixth the shift or rotate instruction ignores (RISC-V and AArch64
 * take 64-bit counts modulo 64, which the "& 63" in the C tells the
 * compiler); on x86-64, (x << 2 >> 4i) & 60 measured faster. So a lookup is four operations (shift, rotate, and, or) or
 * five, all eight independent: one block already has ILP, and ECB/CTR run
 * several blocks interleaved for throughput. */
#ifndef SC_MAGMA_SCALAR_ROUNDS_H
#define SC_MAGMA_SCALAR_ROUNDS_H

#include "magma_internal.h"

#if defined(__riscv) && !defined(__riscv_zbb)
#define SC_MAGMA_SCALAR_ROTATE 0
#else
#define SC_MAGMA_SCALAR_ROTATE 1
#endif
#if defined(__x86_64__)
#define SC_MAGMA_SCALAR_PAIRED_COUNTS 0
#else
#define SC_MAGMA_SCALAR_PAIRED_COUNTS 1
#endif

/* The eight packed rows (R_i or row_i above) of k's S-box. */
static inline void sc_magma_scalar_rows(const sc_magma_key *k, uint64_t rows[8])
{
    for (int i = 0; i < 8; i++) {
        uint64_t row = 0;
        for (int v = 0; v < 16; v++) row |= (uint64_t)k->sbox[i][v] << (4 * v);
        rows[i] = SC_MAGMA_SCALAR_ROTATE && i ? row << (4 * i) | row >> (64 - 4 * i) : row;
    }
}

static inline uint64_t sc_magma_rotr64(uint64_t x, unsigned n) { return x >> (n & 63) | x << (-n & 63); }

/* g(x) = t(x) <<< 11 (GOST R 34.12-2015 5.2). */
static inline uint32_t sc_magma_scalar_g(const uint64_t rows[8], uint32_t x)
{
    const uint64_t counts[2] = {(uint64_t)x << 2 & 0x3C3C3C3Cu, (uint64_t)x >> 2 & 0x3C3C3C3Cu};
    const uint64_t y = (uint64_t)x << 2;
    uint64_t t = 0;
#if defined(__GNUC__)
#pragma GCC unroll 8
#endif
    for (unsigned i = 0; i < 8; i++) {
        /* 4 x_i (the "& 63" is free, see above); x86-64 measured faster
         * (Zen 4: 33 against 36 cycles a byte) with a shift and a mask per
         * count, which gcc schedules better around the ror's CL operand */
        unsigned n = SC_MAGMA_SCALAR_PAIRED_COUNTS ? (unsigned)(counts[i & 1] >> (8 * (i / 2))) & 63
                                                   : (unsigned)(y >> (4 * i)) & 60;
        if (SC_MAGMA_SCALAR_ROTATE)
            t |= sc_magma_rotr64(rows[i], n) & (UINT64_C(0xF) << (4 * i));
        else
            t |= (rows[i] >> n & 0xF) << (4 * i);
    }
    uint32_t s = (uint32_t)t;
    return s << 11 | s >> 21;
}

/* n blocks (a constant after inlining) through `rounds` rounds
 * in place, interleaved round by round. */
static inline __attribute__((always_inline)) void sc_magma_scalar_rounds(const uint64_t rows[8], const uint32_t *rk,
                                                                         uint32_t *a1, uint32_t *a0, int n, int rounds)
{
    for (int r = 0; r < rounds; r += 2) {
        for (int j = 0; j < n; j++) a1[j] ^= sc_magma_scalar_g(rows, a0[j] + rk[r]);
        for (int j = 0; j < n; j++) a0[j] ^= sc_magma_scalar_g(rows, a1[j] + rk[r + 1]);
    }
}

/* The serial chains over the rows: one block, latency-bound (add, the
 * eight lookups in parallel, or-tree, rotate, xor: about ten dependent
 * operations a round); s = E(s ^ in_i) as sc_magma_chain_blocks. */
static inline __attribute__((always_inline)) void sc_magma_scalar_chain(const uint64_t rows[8], const sc_magma_key *k,
                                                                        uint64_t *s, const uint8_t *in, uint8_t *out,
                                                                        size_t nblocks, int rounds)
{
    uint64_t v = *s;
    for (size_t i = 0; i < nblocks; i++) {
        v ^= sc_magma_load_block(in + 8 * i, k->little_endian);
        uint32_t a1 = (uint32_t)(v >> 32), a0 = (uint32_t)v;
        sc_magma_scalar_rounds(rows, k->round_keys[0], &a1, &a0, 1, rounds);
        v = sc_magma_chain_block(a1, a0, rounds);
        if (out != NULL) sc_magma_store_block(out + 8 * i, v, k->little_endian);
    }
    *s = v;
}

#endif
