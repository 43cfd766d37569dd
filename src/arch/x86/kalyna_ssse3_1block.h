/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna one block at a time with SSSE3 only (kalyna_ssse3_1block.c),
 * the serial modes of the pshufb kernels (SSSE3, AVX2, AVX-512 BW): CBC
 * encryption and the MAC. Their bulk code computes a whole chunk of 16..64
 * blocks per call, so one block through it costs the chunk. */
#ifndef SC_KALYNA_SSSE3_1BLOCK_H
#define SC_KALYNA_SSSE3_1BLOCK_H
#include "../../kalyna/kalyna_internal.h"

/* The ops of struct sc_kalyna_ops with the same names. */
void sc_kalyna_x86_ssse3_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                     size_t nblocks);
void sc_kalyna_x86_ssse3_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks);
/* ECB encryption of a few blocks (up to SC_KALYNA_SSSE3_FEW), each through
 * the one-block rounds: cheaper than one chunk below that count (measured
 * on Zen 5: a chunk costs ~4300-5700 cycles, a block ~1100). */
enum { SC_KALYNA_SSSE3_FEW = 4 };
void sc_kalyna_x86_ssse3_encrypt_few(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks);
#endif
