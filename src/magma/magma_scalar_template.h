/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time scalar Magma for CPUs without SIMD (the body of the
 * "scalar" kernel, and of its ISA-tuned builds: magma_scalar.c compiles it
 * for every target, src/arch/riscv64/magma_zbb.c with Zbb's rotations).
 * Before including, define SC_MAGMA_SCALAR_OPS as the ops object's name.
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
 * BATCH blocks interleaved for throughput. */
#include "magma_internal.h"

/* Blocks interleaved in ECB/CTR/gamma: four on x86-64 (Zen 4: 47 against
 * 50 cycles a byte for two); two elsewhere, where four spill on RV64
 * (qemu guest instructions a byte, Zbb: 164 for one block, 167 for two,
 * 188 for four; two keep some ILP for in-order dual-issue cores). */
#if defined(__x86_64__)
enum { BATCH = 4 };
#else
enum { BATCH = 2 };
#endif

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

/* tables layout for this kernel: uint64_t rows[8] (R_i or row_i above). */
static void prepare(sc_magma_key *k)
{
    uint64_t rows[8];
    for (int i = 0; i < 8; i++) {
        uint64_t row = 0;
        for (int v = 0; v < 16; v++) row |= (uint64_t)k->sbox[i][v] << (4 * v);
        rows[i] = SC_MAGMA_SCALAR_ROTATE && i ? row << (4 * i) | row >> (64 - 4 * i) : row;
    }
    memcpy(k->tables, rows, sizeof rows);
    sc_wipe(rows, sizeof rows);
}

static inline uint64_t rotr64(uint64_t x, unsigned n) { return x >> (n & 63) | x << (-n & 63); }

/* g(x) = t(x) <<< 11 (GOST R 34.12-2015 5.2). */
static inline uint32_t g(const uint64_t rows[8], uint32_t x)
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
            t |= rotr64(rows[i], n) & (UINT64_C(0xF) << (4 * i));
        else
            t |= (rows[i] >> n & 0xF) << (4 * i);
    }
    uint32_t s = (uint32_t)t;
    return s << 11 | s >> 21;
}

/* n blocks (n <= BATCH, a constant after inlining) through `rounds` rounds
 * in place, interleaved round by round. */
static inline __attribute__((always_inline)) void crypt_n(const uint64_t rows[8], const uint32_t *rk,
                                                          uint32_t *a1, uint32_t *a0, int n, int rounds)
{
    for (int r = 0; r < rounds; r += 2) {
        for (int j = 0; j < n; j++) a1[j] ^= g(rows, a0[j] + rk[r]);
        for (int j = 0; j < n; j++) a0[j] ^= g(rows, a1[j] + rk[r + 1]);
    }
}

/* Encrypt the BATCH block values v[] in place (full batch, or one block). */
static inline __attribute__((always_inline)) void crypt_batch(const uint64_t rows[8], const uint32_t *rk,
                                                              uint64_t *v, int n)
{
    uint32_t a1[BATCH], a0[BATCH];
    for (int j = 0; j < n; j++) a1[j] = (uint32_t)(v[j] >> 32), a0[j] = (uint32_t)v[j];
    crypt_n(rows, rk, a1, a0, n, 32);
    for (int j = 0; j < n; j++) v[j] = (uint64_t)a0[j] << 32 | a1[j];
}

static inline const uint64_t *rows_of(const sc_magma_key *k) { return (const uint64_t *)(const void *)k->tables; }

/* The three parallel ops differ only in the block values they encrypt and
 * whether the input is xored with the result (keystream) or replaced. */
enum source { FROM_INPUT, FROM_COUNTER, FROM_GAMMA };

static inline __attribute__((always_inline)) void run(const sc_magma_key *k, const uint32_t *rk, enum source src,
                                                      uint64_t counter, uint32_t n3, uint32_t n4,
                                                      const uint8_t *in, uint8_t *out, size_t nblocks)
{
    const uint64_t *rows = rows_of(k);
    const int le = k->little_endian;
    for (size_t i = 0; i < nblocks;) {
        uint64_t v[BATCH];
        int n = nblocks - i >= BATCH ? BATCH : 1;
        for (int j = 0; j < n; j++) {
            if (src == FROM_INPUT)
                v[j] = sc_magma_load_block(in + 8 * (i + j), le);
            else if (src == FROM_COUNTER)
                v[j] = counter + i + j;
            else
                v[j] = (uint64_t)n4 << 32 | n3, n3 += SC_GOST89_C2, n4 = sc_gost89_add_mod_m(n4, SC_GOST89_C1);
        }
        if (n == BATCH)
            crypt_batch(rows, rk, v, BATCH);
        else
            crypt_batch(rows, rk, v, 1);
        for (int j = 0; j < n; j++) {
            uint8_t *o = out + 8 * (i + j);
            if (src == FROM_INPUT) {
                sc_magma_store_block(o, v[j], le);
            } else {
                uint64_t x = sc_magma_load_block(in + 8 * (i + j), le) ^ v[j];
                sc_magma_store_block(o, x, le);
            }
        }
        i += (size_t)n;
    }
}

static void ecb(const sc_magma_key *k, const uint32_t *rk, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    run(k, rk, FROM_INPUT, 0, 0, 0, in, out, nblocks);
}

static void ctr(const sc_magma_key *k, uint64_t counter, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    run(k, k->round_keys[0], FROM_COUNTER, counter, 0, 0, in, out, nblocks);
}

static void cnt(const sc_magma_key *k, uint32_t n3, uint32_t n4, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    run(k, k->round_keys[0], FROM_GAMMA, 0, n3, n4, in, out, nblocks);
}

/* The serial chains: one block, latency-bound (add, the eight lookups in
 * parallel, or-tree, rotate, xor: about ten dependent operations a round). */
static inline __attribute__((always_inline)) void chain_rounds(const sc_magma_key *k, uint64_t *s,
                                                               const uint8_t *in, uint8_t *out, size_t nblocks,
                                                               int rounds)
{
    const uint64_t *rows = rows_of(k);
    uint64_t v = *s;
    for (size_t i = 0; i < nblocks; i++) {
        v ^= sc_magma_load_block(in + 8 * i, k->little_endian);
        uint32_t a1 = (uint32_t)(v >> 32), a0 = (uint32_t)v;
        crypt_n(rows, k->round_keys[0], &a1, &a0, 1, rounds);
        v = sc_magma_chain_block(a1, a0, rounds);
        if (out != NULL) sc_magma_store_block(out + 8 * i, v, k->little_endian);
    }
    *s = v;
}

SC_MAGMA_CHAIN_OPS(chain_rounds)

const struct sc_magma_ops SC_MAGMA_SCALAR_OPS = {prepare, ecb, ctr, cnt, sc_magma_cbc_decrypt_via_ecb, chain, chain16};
