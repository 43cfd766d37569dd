/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna on at most 64 bytes of state at a time
 * (kalyna_1block_template.h: kalyna_ssse3_1block.c with SSSE3 only,
 * kalyna_avx2_1block.c with AVX2), the serial modes of the pshufb kernels
 * (SSSE3; AVX2 and AVX-512 BW: CBC encryption and the MAC) and their short
 * ECB calls.
 * Their bulk code computes a whole chunk of 16..64 blocks per call, so one
 * block through it costs the chunk. */
#ifndef SC_KALYNA_SSSE3_1BLOCK_H
#define SC_KALYNA_SSSE3_1BLOCK_H
#include "../../kalyna/kalyna_internal.h"

/* The ops of struct sc_kalyna_ops with the same names, and ECB of a few
 * blocks, 64 bytes of blocks at a time through the one-block rounds with
 * shared S-box lookups: cheaper than one chunk for up to a quarter chunk of
 * blocks (kalyna_pshufb_template.h). One set per instruction set. */
#define SC_KALYNA_1BLOCK_DECLARE(ext)                                                                          \
    void sc_kalyna_x86_##ext##_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in,         \
                                           uint8_t *out, size_t nblocks);                                     \
    void sc_kalyna_x86_##ext##_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks); \
    void sc_kalyna_x86_##ext##_encrypt_few(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out,           \
                                           size_t nblocks);                                                   \
    void sc_kalyna_x86_##ext##_decrypt_few(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks);
SC_KALYNA_1BLOCK_DECLARE(ssse3)
SC_KALYNA_1BLOCK_DECLARE(avx2)
#endif
