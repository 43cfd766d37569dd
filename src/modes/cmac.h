/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: CMAC (SP 800-38B) over any block cipher of 8, 16, 32 or 64
 * bytes (block_cipher.h). The caller keeps the chain (zero at the start)
 * and holds back the message's last block (1 .. bs bytes; none, and last
 * may be NULL, for the empty message) for sc_modes_cmac_last. */
#ifndef SC_MODES_CMAC_H
#define SC_MODES_CMAC_H

#include "block_cipher.h"

/* K1 and K2 of 6.1: L = E(0^b), K1 = L.x, K2 = L.x^2 in GF(2^b) with the
 * polynomial of 5.3 (R_64 = 0x1B, which is also GOST R 34.13-2015 5.6's
 * B_64 for Magma; R_128; R_256 and R_512 of the DSTU/Kalyna usage:
 * x^10+x^5+x^2+1 and x^8+x^5+x^2+1). */
void sc_modes_cmac_subkeys(const sc_block_cipher *bc, uint8_t *k1, uint8_t *k2);
/* The same where the cipher reads its blocks as little-endian numbers
 * (Magma keys in GOST 28147-89's byte order: sc_magma_cmac on them doubles
 * the block's value, which is the reversed bytes). */
void sc_modes_cmac_subkeys_le(const sc_block_cipher *bc, uint8_t *k1, uint8_t *k2);
/* Every block but the message's last: the CBC-MAC chain. */
void sc_modes_cmac_blocks(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *in, size_t n);
/* The last block: a whole one xored with K1, else padded 10* and xored with
 * K2 (6.2 steps 3-4); tag = E(chain ^ M_n), bs bytes. */
void sc_modes_cmac_last(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *last, size_t last_len,
                        const uint8_t *k1, const uint8_t *k2, uint8_t *tag);

#endif
