/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna's feedback modes, CFB and OFB (DSTU 7624:2014; docs/kalyna-modes.md):
 * serial by nature except CFB decryption, whose gamma comes from ciphertext
 * already known and so goes through the kernel's multi-block ECB. */
#include "../cipher/ctx_check.h"
#include "kalyna_modes.h"

enum { WORK_BYTES = 2048 };

void sc_kalyna_cfb_start(sc_kalyna_cfb *c, const uint8_t *iv, size_t bs, size_t seg)
{
    memset(c, 0, sizeof *c);
    memcpy(c->reg, iv, bs);
    c->seg = seg;
}

/* Whole blocks at a segment boundary with seg == bs. Encryption: C_i =
 * P_i ^ X_i with X_1 = E(C_0) and X_(i+1) = E(C_i) = E(P_i ^ X_i), which is
 * CBC encryption of P_1 .. P_(m-1) chained from X_1: so the gamma comes from
 * the kernel's cbc_encrypt, its latency-optimised serial path (one block at
 * a time through the multi-block ECB entry costs twice that). Decryption: E
 * of the register and of every ciphertext block but the last in one ECB call
 * per batch (copied first: in == out is allowed). */
static void cfb_whole(const sc_kalyna_key *k, sc_kalyna_cfb *c, int encrypt, const uint8_t *in, uint8_t *out,
                      size_t n)
{
    const size_t bs = k->block_size;
    const struct sc_kalyna_ops *ops = sc_kalyna_ops_of(k);
    const size_t per = WORK_BYTES / bs;
    uint8_t gamma[WORK_BYTES], chain[SC_KALYNA_MAX_BLOCK];
    size_t used = 0;
    while (n) {
        size_t m = n < per ? n : per;
        if (encrypt) {
            ops->encrypt(k, c->reg, gamma, 1); /* X_1 */
            memcpy(chain, gamma, bs);
            if (m > 1) ops->cbc_encrypt(k, chain, in, gamma + bs, m - 1); /* X_2 .. X_m */
            sc_kalyna_xor(out, in, gamma, m * bs);
            memcpy(c->reg, out + (m - 1) * bs, bs);
        } else {
            memcpy(gamma, c->reg, bs);
            memcpy(gamma + bs, in, (m - 1) * bs);
            memcpy(c->reg, in + (m - 1) * bs, bs);
            ops->encrypt(k, gamma, gamma, m);
            sc_kalyna_xor(out, in, gamma, m * bs);
        }
        used = m * bs > used ? m * bs : used;
        in += m * bs, out += m * bs, n -= m;
    }
    sc_wipe(gamma, used);
    sc_wipe(chain, sizeof chain);
}

void sc_kalyna_cfb_run(const sc_kalyna_key *k, sc_kalyna_cfb *c, int encrypt, const uint8_t *in, uint8_t *out,
                       size_t len)
{
    const size_t bs = k->block_size, seg = c->seg;
    while (len) {
        if (c->pos == 0 && seg == bs && len >= bs) {
            size_t n = len / bs;
            cfb_whole(k, c, encrypt, in, out, n);
            in += n * bs, out += n * bs, len -= n * bs;
            continue;
        }
        if (c->pos == 0) sc_kalyna_ops_of(k)->encrypt(k, c->reg, c->ks, 1);
        size_t take = seg - c->pos < len ? seg - c->pos : len;
        for (size_t i = 0; i < take; i++) {
            uint8_t x = in[i], y = x ^ c->ks[c->pos + i];
            out[i] = y;
            c->ks[c->pos + i] = encrypt ? y : x; /* the ciphertext byte */
        }
        c->pos += take, in += take, out += take, len -= take;
        if (c->pos == seg) { /* shift the segment's ciphertext into the register */
            memmove(c->reg, c->reg + seg, bs - seg);
            memcpy(c->reg + bs - seg, c->ks, seg);
            c->pos = 0;
        }
    }
}

/* The kernel's CBC encryption of zero blocks is E(E(...E(chain))): OFB's
 * gamma, through each kernel's latency-optimised serial path. */
void sc_kalyna_ofb_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    static const uint8_t zeros[WORK_BYTES];
    const size_t bs = k->block_size, per = WORK_BYTES / bs;
    uint8_t gamma[WORK_BYTES];
    size_t used = 0;
    while (n) {
        size_t m = n < per ? n : per;
        sc_kalyna_ops_of(k)->cbc_encrypt(k, chain, zeros, gamma, m);
        sc_kalyna_xor(out, in, gamma, m * bs);
        used = m * bs > used ? m * bs : used;
        in += m * bs, out += m * bs, n -= m;
    }
    sc_wipe(gamma, used);
}
