/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time scalar Magma for CPUs without SIMD (the body of the
 * "scalar" kernel, and of its ISA-tuned builds: magma_scalar.c compiles it
 * for every target, src/arch/riscv64/magma_zbb.c with Zbb's rotations).
 * Before including, define SC_MAGMA_SCALAR_OPS as the ops object's name.
 *
 * The method and its constant-time argument: magma_scalar_rounds.h. */
#include "magma_scalar_rounds.h"

/* Blocks interleaved in ECB/CTR/gamma: four on x86-64 (Zen 4: 47 against
 * 50 cycles a byte for two); two elsewhere, where four spill on RV64
 * (qemu guest instructions a byte, Zbb: 164 for one block, 167 for two,
 * 188 for four; two keep some ILP for in-order dual-issue cores). */
#if defined(__x86_64__)
enum { BATCH = 4 };
#else
enum { BATCH = 2 };
#endif

/* tables layout for this kernel: uint64_t rows[8] (magma_scalar_rounds.h). */
static void prepare(sc_magma_key *k)
{
    uint64_t rows[8];
    sc_magma_scalar_rows(k, rows);
    memcpy(k->tables, rows, sizeof rows);
    sc_wipe(rows, sizeof rows);
}

/* Encrypt the BATCH block values v[] in place (full batch, or one block). */
static inline __attribute__((always_inline)) void crypt_batch(const uint64_t rows[8], const uint32_t *rk,
                                                              uint64_t *v, int n)
{
    uint32_t a1[BATCH], a0[BATCH];
    for (int j = 0; j < n; j++) a1[j] = (uint32_t)(v[j] >> 32), a0[j] = (uint32_t)v[j];
    sc_magma_scalar_rounds(rows, rk, a1, a0, n, 32);
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

static inline __attribute__((always_inline)) void chain_rounds(const sc_magma_key *k, uint64_t *s,
                                                               const uint8_t *in, uint8_t *out, size_t nblocks,
                                                               int rounds)
{
    sc_magma_scalar_chain(rows_of(k), k, s, in, out, nblocks, rounds);
}

SC_MAGMA_CHAIN_OPS(chain_rounds)

const struct sc_magma_ops SC_MAGMA_SCALAR_OPS = {prepare, ecb, ctr, cnt, sc_magma_cbc_decrypt_via_ecb, chain, chain16};
