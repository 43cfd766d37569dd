/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: CCM (SP 800-38C, RFC 3610) over a 128-bit block cipher: the
 * CBC-MAC of the formatted input (B_0, the encoded AAD, the payload; A.2)
 * and counter mode from Ctr_1, the tag masked with E(Ctr_0). One shot: B_0
 * holds the payload's length. */
#ifndef SC_MODES_CCM_H
#define SC_MODES_CCM_H

#include "block_cipher.h"

/* Nonce n = 7 .. 13 bytes, tag t = 4, 6, .. 16 bytes (A.1). */
int sc_modes_ccm_sizes_ok(size_t nonce_len, size_t tag_len);
/* The payload fits the q = 15 - n length bytes of B_0: len < 2^(8q). */
int sc_modes_ccm_length_ok(size_t nonce_len, uint64_t len);
/* Encrypt (tag of the plaintext in) or decrypt (out is the plaintext and
 * the tag the one it should carry; the caller compares): len bytes in ->
 * out (in == out allowed), tag_len bytes into tag. Sizes checked before. */
void sc_modes_ccm(const sc_block_cipher *bc, int encrypt, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                  size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, size_t tag_len, uint8_t *tag);

#endif
