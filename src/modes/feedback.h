/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: CFB and OFB (SP 800-38A sections 6.3 and 6.4) over any block
 * cipher (block_cipher.h). */
#ifndef SC_MODES_FEEDBACK_H
#define SC_MODES_FEEDBACK_H

#include "block_cipher.h"

/* CFB-s: the register I starts as the IV; each s-bit segment is xored with
 * the first s bits of E(I), and I then drops its first s bits and takes the
 * segment's ciphertext at its end (6.3). seg_bits: 1 (CFB1: one bit at a
 * time over each byte, most significant bit first, as the CAVP CFB1 files
 * and OpenSSL's aes-*-cfb1 read bytes) or a multiple of 8 up to the block
 * (CFB8, CFB128). The last segment may be partial (any length, any split).
 * pos: bytes of the current segment done; ks[0 .. pos) holds their
 * ciphertext, ks[pos .. seg) the gamma still to use. */
typedef struct sc_modes_cfb {
    uint8_t reg[SC_MODES_MAX_BLOCK];
    uint8_t ks[SC_MODES_MAX_BLOCK];
    size_t seg_bits, pos;
} sc_modes_cfb;

void sc_modes_cfb_start(sc_modes_cfb *c, const uint8_t *iv, size_t block_size, size_t seg_bits);
void sc_modes_cfb_run(const sc_block_cipher *bc, sc_modes_cfb *c, int encrypt, const uint8_t *in, uint8_t *out,
                      size_t len);
/* Is c one sc_modes_cfb_start could have set up for this block size?
 * (Inline: every update's state check runs it.) */
static inline int sc_modes_cfb_valid(const sc_modes_cfb *c, size_t block_size)
{
    if (c->seg_bits == 1) return c->pos == 0;
    return c->seg_bits % 8 == 0 && c->seg_bits != 0 && c->seg_bits / 8 <= block_size && c->pos < c->seg_bits / 8;
}

/* OFB: O_j = E(O_(j-1)), O_0 = the IV in `chain`, which holds the last
 * output block after the call; out = in ^ O over n whole blocks (the
 * generic cipher layer keeps the unused bytes of a partial last block). */
void sc_modes_ofb_blocks(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n);

#endif
