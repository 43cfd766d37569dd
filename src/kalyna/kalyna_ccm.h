/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna CCM (DSTU 7624:2014 section 11, as Bouncy Castle's
 * KCCMBlockCipher reads it; docs/kalyna-aead.md). One pass over a whole
 * message: the first MAC block holds the data length, so the mode cannot
 * start before it knows it.
 *
 *   G1 = N[0 .. bs - Nb - 1) || |P| (Nb bytes, little-endian) || flags,
 *        flags = (|A| > 0) << 7 | code(tag bytes) << 4 | (Nb - 1),
 *        code: 8 -> 2, 16 -> 3, 32 -> 4, 48 -> 5, 64 -> 6;
 *   with AAD: G2 = |A| (Nb bytes) || A zero-padded when |A| <= bs - Nb,
 *        else G2 = |A| || zeros followed by A's blocks (last zero-padded);
 *   T = CBC-MAC_K(G1, G2.., P zero-padded) (chain from E(G1));
 *   s = E(N); C_i = P_i ^ E(s + i) (the last block truncated);
 *   tag = (T ^ E(s + m + 1))[0 .. tag bytes), m = the data's block count. */
#ifndef SC_KALYNA_CCM_H
#define SC_KALYNA_CCM_H

#include "kalyna_modes.h"

/* Nb of the AEAD names: 4 length bytes, the standard's recommendation. */
#define SC_KCCM_NB 4

/* Is a tag of tag_len bytes one CCM codes for this block? */
int sc_kccm_tag_ok(size_t block_size, size_t tag_len);

/* One message: nonce of one block, 1 <= nb < block, len < 2^(8 nb) and
 * aad_len < 2^(8 nb) (callers check), tag_len accepted by sc_kccm_tag_ok.
 * encrypt: in = plaintext; decrypt: in = ciphertext. Writes len bytes to out
 * (in == out allowed) and the full masked tag (one block; its first tag_len
 * bytes are the message's tag) to tag. */
void sc_kccm(const sc_kalyna_key *k, unsigned nb, int encrypt, const uint8_t *nonce, const uint8_t *aad,
             size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, size_t tag_len, uint8_t *tag);

#endif
