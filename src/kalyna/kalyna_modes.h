/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna modes on whole blocks with an explicit chaining value,
 * shared by the one-shot API (kalyna_modes.c) and the generic streaming API
 * (kalyna_family.c). n counts blocks; in == out allowed. */
#ifndef SC_KALYNA_MODES_H
#define SC_KALYNA_MODES_H
#include <string.h>

#include "../modes/block_cipher.h"
#include "kalyna_internal.h"

void sc_kalyna_cbc_enc_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n);
void sc_kalyna_cbc_dec_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n);
/* CTR: `counter` holds s + i of the last block done (s = E(IV) at start). */
void sc_kalyna_ctr_start(const sc_kalyna_key *k, const uint8_t *iv, uint8_t *counter);
void sc_kalyna_ctr_blocks(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out, size_t n);
/* MAC (section 9.1): chain starts at zero; the last block is xored with
 * delta = E(0) (sc_kalyna_mac_delta) before its encryption. delta depends on
 * the key only, so callers compute it once per key or alongside the first
 * block, never on the chain's critical path. */
void sc_kalyna_mac_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t n);
void sc_kalyna_mac_delta(const sc_kalyna_key *k, uint8_t *delta);
void sc_kalyna_mac_last(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *last, const uint8_t *delta);

/* CFB and OFB are src/modes/feedback.c's (sc_modes_cfb_*, sc_modes_ofb_blocks)
 * over this key's block-cipher interface: the kernel's ECB both ways and its
 * serial cbc_encrypt (kalyna_block_cipher.c). Held on the stack per call: it
 * points at k. Inline: a 64-byte CFB call pays for every call it makes. */
void sc_kalyna_bc_encrypt(const void *key, const uint8_t *in, uint8_t *out, size_t n);
void sc_kalyna_bc_decrypt(const void *key, const uint8_t *in, uint8_t *out, size_t n);
void sc_kalyna_bc_cbc_encrypt(const void *key, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n);
static inline sc_block_cipher sc_kalyna_block_cipher(const sc_kalyna_key *k)
{
    return (sc_block_cipher){.block_size = k->block_size, .key = k, .encrypt = sc_kalyna_bc_encrypt,
                             .decrypt = sc_kalyna_bc_decrypt, .cbc_encrypt = sc_kalyna_bc_cbc_encrypt};
}
/* XTS (DSTU 7624:2014; Bouncy Castle's KXTSBlockCipher): one key; the
 * tweak starts at E(IV) (sc_kalyna_xts_start) and is multiplied by alpha in
 * GF(2^(8 bs)) before each block: C = E(P ^ T) ^ T. n whole blocks. */
void sc_kalyna_xts_start(const sc_kalyna_key *k, const uint8_t *iv, uint8_t *tweak);
void sc_kalyna_xts_blocks(const sc_kalyna_key *k, uint8_t *tweak, int encrypt, const uint8_t *in, uint8_t *out,
                          size_t n);
/* The message's last len bytes, bs <= len < 2 bs: a whole block, or a whole
 * block and a partial one with ciphertext stealing (IEEE 1619 5.3.2). */
void sc_kalyna_xts_last(const sc_kalyna_key *k, uint8_t *tweak, int encrypt, const uint8_t *in, uint8_t *out,
                        size_t len);
/* Key wrap (DSTU 7624:2014; Bouncy Castle's DSTU7624WrapEngine). wrap:
 * len a non-zero multiple of half a block, writes len + bs bytes. unwrap:
 * len a multiple of half a block, at least 1.5 blocks, writes len - bs
 * bytes; a bad checksum gives SC_EAUTH with out[0 .. len - bs) zeroed,
 * checked in constant time. SC_ELENGTH for other lengths or a smaller
 * out_cap (nothing written). in == out allowed. */
int sc_kalyna_kw_wrap(const sc_kalyna_key *k, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                      size_t *out_len);
int sc_kalyna_kw_unwrap(const sc_kalyna_key *k, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                        size_t *out_len);

/* dst = a ^ b over n bytes (dst may equal a or b): the modes' own. */
static inline void sc_kalyna_xor(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t n)
{
    sc_modes_xor(dst, a, b, n);
}

static inline const struct sc_kalyna_ops *sc_kalyna_ops_of(const sc_kalyna_key *k)
{
    return (const struct sc_kalyna_ops *)k->ops;
}
#endif
