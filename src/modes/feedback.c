/* SPDX-License-Identifier: Apache-2.0 */
/* CFB and OFB over any block cipher (SP 800-38A 6.3, 6.4; feedback.h):
 * serial by nature except CFB decryption, whose input blocks are ciphertext
 * already known and so go through the multi-block ECB in batches. */
#include "../core/internal.h"
#include "feedback.h"

void sc_modes_cfb_start(sc_modes_cfb *c, const uint8_t *iv, size_t block_size, size_t seg_bits)
{
    memset(c, 0, sizeof *c);
    memcpy(c->reg, iv, block_size);
    c->seg_bits = seg_bits;
}

/* Whole blocks at a segment boundary of CFB128 (seg == bs). Encryption:
 * C_j = P_j ^ E(C_(j-1)) is CBC encryption of P_1 .. P_(m-1) chained from
 * X_1 = E(C_0), so the gamma comes from the serial cbc_encrypt path.
 * Decryption: E of the register and of every ciphertext block but the last
 * in one ECB call per batch (copied first: in == out is allowed). */
static void cfb_whole(const sc_block_cipher *bc, sc_modes_cfb *c, int encrypt, const uint8_t *in, uint8_t *out,
                      size_t n)
{
    const size_t bs = bc->block_size, per = SC_MODES_WORK / bs;
    uint8_t gamma[SC_MODES_WORK], chain[SC_MODES_MAX_BLOCK];
    size_t used = 0;
    while (n) {
        const size_t m = n < per ? n : per;
        if (encrypt) {
            bc->encrypt(bc->key, c->reg, gamma, 1);
            memcpy(chain, gamma, bs);
            sc_modes_cbc_encrypt(bc, chain, in, gamma + bs, m - 1);
            sc_modes_xor(out, in, gamma, m * bs);
            memcpy(c->reg, out + (m - 1) * bs, bs);
        } else {
            memcpy(gamma, c->reg, bs);
            memcpy(gamma + bs, in, (m - 1) * bs);
            memcpy(c->reg, in + (m - 1) * bs, bs);
            bc->encrypt(bc->key, gamma, gamma, m);
            sc_modes_xor(out, in, gamma, m * bs);
        }
        used = m * bs > used ? m * bs : used;
        in += m * bs, out += m * bs, n -= m;
    }
    sc_wipe(gamma, used);
    sc_wipe(chain, sizeof chain);
}

/* CFB1: eight segments per byte, most significant bit first. The register
 * shifts left by one bit and takes the ciphertext bit; no branch on data. */
static void cfb1(const sc_block_cipher *bc, sc_modes_cfb *c, int encrypt, const uint8_t *in, uint8_t *out,
                 size_t len)
{
    const size_t bs = bc->block_size;
    for (size_t i = 0; i < len; i++) {
        const unsigned x = in[i];
        unsigned y = 0;
        for (int b = 7; b >= 0; b--) {
            bc->encrypt(bc->key, c->reg, c->ks, 1);
            const unsigned pin = x >> b & 1, pout = pin ^ (unsigned)(c->ks[0] >> 7);
            const unsigned cbit = encrypt ? pout : pin;
            y |= pout << b;
            for (size_t k = 0; k + 1 < bs; k++) c->reg[k] = (uint8_t)(c->reg[k] << 1 | c->reg[k + 1] >> 7);
            c->reg[bs - 1] = (uint8_t)(c->reg[bs - 1] << 1 | cbit);
        }
        out[i] = (uint8_t)y;
    }
    sc_wipe(c->ks, sizeof c->ks);
}

void sc_modes_cfb_run(const sc_block_cipher *bc, sc_modes_cfb *c, int encrypt, const uint8_t *in, uint8_t *out,
                      size_t len)
{
    const size_t bs = bc->block_size;
    /* 8-bit segments never leave one half-used (pos stays 0) */
    if ((c->seg_bits == 1 || c->seg_bits == 8) && bc->cfb_small != NULL) {
        bc->cfb_small(bc->key, c->reg, encrypt, (unsigned)c->seg_bits, in, out, len);
        return;
    }
    if (c->seg_bits == 1) {
        cfb1(bc, c, encrypt, in, out, len);
        return;
    }
    const size_t seg = c->seg_bits / 8;
    while (len) {
        if (c->pos == 0 && seg == bs && len >= bs) {
            const size_t n = len / bs;
            cfb_whole(bc, c, encrypt, in, out, n);
            in += n * bs, out += n * bs, len -= n * bs;
            continue;
        }
        if (c->pos == 0) bc->encrypt(bc->key, c->reg, c->ks, 1);
        const size_t take = seg - c->pos < len ? seg - c->pos : len;
        for (size_t i = 0; i < take; i++) {
            const uint8_t x = in[i], y = x ^ c->ks[c->pos + i];
            out[i] = y;
            c->ks[c->pos + i] = encrypt ? y : x; /* the ciphertext byte */
        }
        c->pos += take, in += take, out += take, len -= take;
        if (c->pos == seg) { /* the segment's ciphertext into the register */
            memmove(c->reg, c->reg + seg, bs - seg);
            memcpy(c->reg + bs - seg, c->ks, seg);
            c->pos = 0;
        }
    }
}

/* CBC encryption of zero blocks is E(E(...E(chain))): OFB's output blocks. */
void sc_modes_ofb_blocks(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    static const uint8_t zeros[SC_MODES_WORK];
    const size_t bs = bc->block_size, per = SC_MODES_WORK / bs;
    uint8_t gamma[SC_MODES_WORK];
    size_t used = 0;
    while (n) {
        const size_t m = n < per ? n : per;
        sc_modes_cbc_encrypt(bc, chain, zeros, gamma, m);
        sc_modes_xor(out, in, gamma, m * bs);
        used = m * bs > used ? m * bs : used;
        in += m * bs, out += m * bs, n -= m;
    }
    sc_wipe(gamma, used);
}
