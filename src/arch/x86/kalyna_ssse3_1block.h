/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna on at most 64 bytes of state at a time with SSSE3 only
 * (kalyna_ssse3_1block.c), the serial modes of the pshufb kernels (SSSE3,
 * AVX2, AVX-512 BW: CBC encryption and the MAC) and their short ECB calls.
 * Their bulk code computes a whole chunk of 16..64 blocks per call, so one
 * block through it costs the chunk. */
#ifndef SC_KALYNA_SSSE3_1BLOCK_H
#define SC_KALYNA_SSSE3_1BLOCK_H
#include "../../kalyna/kalyna_internal.h"

/* The ops of struct sc_kalyna_ops with the same names. */
void sc_kalyna_x86_ssse3_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                     size_t nblocks);
void sc_kalyna_x86_ssse3_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks);
/* ECB of a few blocks, 64 bytes of blocks at a time through the one-block
 * rounds with shared S-box lookups: cheaper than one chunk for up to a
 * quarter chunk of blocks (kalyna_pshufb_template.h). */
void sc_kalyna_x86_ssse3_encrypt_few(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks);
void sc_kalyna_x86_ssse3_decrypt_few(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks);
#endif
