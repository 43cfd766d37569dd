/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: XTS (IEEE 1619-2018, SP 800-38E) over a 128-bit block cipher.
 * Two keys: Key1 enciphers the data, Key2 the tweak. The 16-byte tweak is
 * the data unit's number as IEEE 1619 and OpenSSL take it (the caller's
 * bytes, little-endian); T_0 = E_K2(tweak), T_(j+1) = T_j * alpha in
 * GF(2^128), little-endian bytes (5.2). C_j = E_K1(P_j ^ T_j) ^ T_j. */
#ifndef SC_MODES_XTS_H
#define SC_MODES_XTS_H

#include "block_cipher.h"

void sc_modes_xts_start(const sc_block_cipher *tweak_cipher, const uint8_t iv[16], uint8_t tweak[16]);
/* n whole blocks with Key1: through bc->xts when the kernel has one, else
 * the tweaks of each batch are computed first and the blocks go through the
 * multi-block ECB (decrypt: E^-1). */
void sc_modes_xts_blocks(const sc_block_cipher *bc, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out,
                         size_t n);
/* The data unit's last len bytes, 16 <= len < 32: one block, or one block
 * and a partial one with ciphertext stealing (5.3.2, 5.4.2). */
void sc_modes_xts_last(const sc_block_cipher *bc, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out,
                       size_t len);

#endif
