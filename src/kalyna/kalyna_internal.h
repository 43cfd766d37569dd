/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna kernels, tables and block-level helpers. */
#ifndef SC_KALYNA_INTERNAL_H
#define SC_KALYNA_INTERNAL_H

#include <simdcrypt/kalyna.h>

#include "../core/internal.h"

/* A kernel: multi-block ECB in both directions, and the two parallel modes
 * (their counters and xors belong in the kernel's registers, not in a scalar
 * pass over memory). nblocks whole blocks of k->block_size bytes; in == out
 * allowed; any nblocks (0 included) and any alignment.
 *   ctr          out_i = in_i ^ E(s + i), i = 1 .. nblocks, where s is the
 *                block at `counter` (little-endian over the whole block,
 *                DSTU 7624:2014 section 7.4); leaves s + nblocks there.
 *   cbc_decrypt  out_i = D(in_i) ^ in_(i-1), in_(-1) the block at `chain`;
 *                leaves the last ciphertext block there.
 *   cbc_encrypt  out_i = E(in_i ^ out_(i-1)), out_(-1) the block at `chain`;
 *                leaves the last ciphertext block there. Serial: a kernel
 *                with a fast single block keeps the chain in a register.
 *   mac          chain = E(in_i ^ chain) for each block (the CBC-MAC chain
 *                of section 9.1 without its last block); out unused.
 * A kernel without its own mode code points them at the generic versions
 * below (built on its ECB). */
typedef void (*sc_kalyna_blocks_fn)(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks);
typedef void (*sc_kalyna_chained_fn)(const sc_kalyna_key *k, uint8_t *state, const uint8_t *in, uint8_t *out,
                                     size_t nblocks);
typedef void (*sc_kalyna_absorb_fn)(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks);
struct sc_kalyna_ops {
    sc_kalyna_blocks_fn encrypt;
    sc_kalyna_blocks_fn decrypt;
    sc_kalyna_chained_fn ctr;
    sc_kalyna_chained_fn cbc_decrypt;
    sc_kalyna_chained_fn cbc_encrypt;
    sc_kalyna_absorb_fn mac;
};

/* sc_kalyna_key.magic of a context setkey completed ("KLY1"). */
#define SC_KALYNA_MAGIC 0x4b4c5931u
/* Is k a context a setkey completed, with a block size, key size, round
 * count and kernel that agree (the kernels index round keys and pick their
 * code by them)? SC_OK, SC_EINVAL for NULL, SC_ESTATE otherwise. Every entry
 * point calls it before touching k (kalyna_key.c). */
int sc_kalyna_check(const sc_kalyna_key *k);

/* The generic CTR and CBC decryption over a kernel's ECB (kalyna_modes.c). */
void sc_kalyna_ctr_generic(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out,
                           size_t nblocks);
void sc_kalyna_cbc_decrypt_generic(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                   size_t nblocks);
/* The generic CBC encryption and MAC chain: one `encrypt` call per block. */
void sc_kalyna_cbc_encrypt_generic(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                   size_t nblocks);
void sc_kalyna_mac_generic(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks);
/* s += n modulo 2^(8 bs), s little-endian (the CTR counter), without a
 * branch on s: it derives from E(IV), a secret. */
void sc_kalyna_counter_add(uint8_t *s, size_t bs, uint64_t n);

/* DSTU 7624:2014 S-boxes and inverses (kalyna_tables.c, generated). */
extern const uint8_t sc_kalyna_sbox[4][256];
extern const uint8_t sc_kalyna_sbox_inv[4][256];
/* The same as 32 little-endian 64-bit words per S-box (portable kernel). */
extern const uint64_t sc_kalyna_sbox64[4][32];
extern const uint64_t sc_kalyna_sbox_inv64[4][32];

/* The portable constant-time reference (kalyna_portable.c). */
extern const struct sc_kalyna_ops sc_kalyna_portable;
/* One encryption round without the key (S, shift rows, mix columns) on nb
 * 64-bit columns: the key schedule uses it too. */
void sc_kalyna_round_portable(uint64_t *state, unsigned nb);
/* Bitsliced constant-time kernel for CPUs without SIMD (kalyna_bitsliced.c). */
extern const struct sc_kalyna_ops sc_kalyna_bitsliced;

#if defined(SC_ARCH_X86_64)
extern const struct sc_kalyna_ops sc_kalyna_x86_ssse3;
extern const struct sc_kalyna_ops sc_kalyna_x86_avx2;
extern const struct sc_kalyna_ops sc_kalyna_x86_avx512bw;
extern const struct sc_kalyna_ops sc_kalyna_x86_avx512_vbmi_gfni;
extern const struct sc_kalyna_ops sc_kalyna_x86_avx512_vbmi_gfni_p5;
#endif
#if defined(SC_ARCH_AARCH64)
extern const struct sc_kalyna_ops sc_kalyna_arm_neon;
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
extern const struct sc_kalyna_ops sc_kalyna_rv_v;
#endif



/* Kernels compile their block-size-specific code once per nb (2, 4, 8:
 * name_2, name_4, name_8, so that nb is a constant inside); this calls the
 * one for the key's block size. */
#define SC_KALYNA_BY_NB(k, name, ...)                                                                        \
    do {                                                                                                     \
        switch ((k)->nb) {                                                                                   \
        case 2: name##_2(__VA_ARGS__); break;                                                                \
        case 4: name##_4(__VA_ARGS__); break;                                                                \
        default: name##_8(__VA_ARGS__); break;                                                               \
        }                                                                                                    \
    } while (0)

/* Little-endian 64-bit load/store (the standard numbers bytes that way). */
static inline uint64_t sc_kalyna_load64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}
static inline void sc_kalyna_store64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

#endif
