/* SPDX-License-Identifier: Apache-2.0 */
/* A Kalyna key as the generic modes' block cipher (src/modes/block_cipher.h):
 * CFB and OFB of DSTU 7624:2014 are SP 800-38A's (docs/kalyna-modes.md), so
 * Kalyna runs src/modes/feedback.c through these three entries. cbc_encrypt
 * is the kernel's own, its latency-optimised serial path: OFB's gamma and
 * CFB encryption's whole blocks go through it (one block at a time through
 * the multi-block ECB entry costs about twice as much). */
#include "kalyna_modes.h"

void sc_kalyna_bc_encrypt(const void *key, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_kalyna_key *k = key;
    sc_kalyna_ops_of(k)->encrypt(k, in, out, n);
}
void sc_kalyna_bc_decrypt(const void *key, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_kalyna_key *k = key;
    sc_kalyna_ops_of(k)->decrypt(k, in, out, n);
}
void sc_kalyna_bc_cbc_encrypt(const void *key, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_kalyna_key *k = key;
    sc_kalyna_ops_of(k)->cbc_encrypt(k, chain, in, out, n);
}
