/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna XTS (DSTU 7624:2014, as Bouncy Castle's KXTSBlockCipher; see
 * docs/kalyna-modes.md): T_0 = E(IV), T_i = alpha T_(i-1) in GF(2^n),
 * C_i = E(P_i ^ T_i) ^ T_i. The tweaks of a batch are computed first, so
 * that the blocks go through the kernel's multi-block ECB like plain ECB;
 * a final partial block uses ciphertext stealing (IEEE 1619-2018 5.3.2). */
#include "../cipher/ctx_check.h"
#include "kalyna_modes.h"

enum { WORK_BYTES = 4096 }; /* a batch: tweaks as words on the stack */

/* The low word of each field's reduction polynomial (alpha = x):
 * x^128 + x^7 + x^2 + x + 1, x^256 + x^10 + x^5 + x^2 + 1,
 * x^512 + x^8 + x^5 + x^2 + 1. */
static uint64_t reduction(size_t nb) { return nb == 2 ? 0x87 : nb == 4 ? 0x425 : 0x125; }

/* t = x t over nb little-endian 64-bit words, without a branch on t. */
static void times_alpha(uint64_t *t, size_t nb, uint64_t poly)
{
    uint64_t carry = 0;
    for (size_t i = 0; i < nb; i++) {
        uint64_t top = t[i] >> 63;
        t[i] = (t[i] << 1) | carry;
        carry = top;
    }
    t[0] ^= poly & (0 - carry);
}

static void load(uint64_t *w, const uint8_t *p, size_t nb)
{
    for (size_t i = 0; i < nb; i++) w[i] = sc_kalyna_load64(p + 8 * i);
}
static void store(uint8_t *p, const uint64_t *w, size_t nb)
{
    for (size_t i = 0; i < nb; i++) sc_kalyna_store64(p + 8 * i, w[i]);
}

void sc_kalyna_xts_start(const sc_kalyna_key *k, const uint8_t *iv, uint8_t *tweak)
{
    sc_kalyna_ops_of(k)->encrypt(k, iv, tweak, 1);
}

/* Write the next m tweaks to tw and leave the last in `tweak`. */
static void next_tweaks(const sc_kalyna_key *k, uint8_t *tweak, uint8_t *tw, size_t m)
{
    const size_t nb = k->nb, bs = k->block_size;
    const uint64_t poly = reduction(nb);
    uint64_t t[SC_KALYNA_MAX_BLOCK / 8];
    load(t, tweak, nb);
    for (size_t i = 0; i < m; i++) {
        times_alpha(t, nb, poly);
        store(tw + i * bs, t, nb);
    }
    store(tweak, t, nb);
    sc_wipe(t, sizeof t);
}

/* Native 64-bit little-endian access: these loops run per block beside the
 * kernel, so they must compile to plain loads and stores. */
static inline uint64_t ld64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}
static inline void st64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, 8);
}

/* One batch of m blocks of nb words (a constant in each caller below, so
 * that the word loops unroll): the tweaks into tw and in ^ T into out in one
 * pass (elementwise: in == out is fine), the kernel's multi-block ECB, then
 * out ^= T. */
static inline void batch(const sc_kalyna_key *k, sc_kalyna_blocks_fn ecb, size_t nb, uint64_t *t, uint64_t *tw,
                         const uint8_t *in, uint8_t *out, size_t m)
{
    const uint64_t poly = reduction(nb);
    for (size_t i = 0; i < m; i++) {
        times_alpha(t, nb, poly);
        for (size_t w = 0; w < nb; w++) {
            tw[i * nb + w] = t[w];
            st64(out + 8 * (i * nb + w), ld64(in + 8 * (i * nb + w)) ^ t[w]);
        }
    }
    ecb(k, out, out, m);
    for (size_t j = 0; j < m * nb; j++) st64(out + 8 * j, ld64(out + 8 * j) ^ tw[j]);
}

void sc_kalyna_xts_blocks(const sc_kalyna_key *k, uint8_t *tweak, int encrypt, const uint8_t *in, uint8_t *out,
                          size_t n)
{
    const size_t bs = k->block_size, nb = k->nb, per = WORK_BYTES / bs;
    const sc_kalyna_blocks_fn ecb = encrypt ? sc_kalyna_ops_of(k)->encrypt : sc_kalyna_ops_of(k)->decrypt;
    uint64_t tw[WORK_BYTES / 8], t[SC_KALYNA_MAX_BLOCK / 8];
    size_t used = 0;
    load(t, tweak, nb);
    while (n) {
        size_t m = n < per ? n : per;
        switch (nb) {
        case 2: batch(k, ecb, 2, t, tw, in, out, m); break;
        case 4: batch(k, ecb, 4, t, tw, in, out, m); break;
        default: batch(k, ecb, 8, t, tw, in, out, m); break;
        }
        used = m * bs > used ? m * bs : used;
        in += m * bs, out += m * bs, n -= m;
    }
    store(tweak, t, nb);
    sc_wipe(tw, used);
    sc_wipe(t, sizeof t);
}

/* One block with a given tweak. */
static void one(const sc_kalyna_key *k, int encrypt, const uint8_t *t, uint8_t *blk)
{
    const size_t bs = k->block_size;
    sc_kalyna_xor(blk, blk, t, bs);
    (encrypt ? sc_kalyna_ops_of(k)->encrypt : sc_kalyna_ops_of(k)->decrypt)(k, blk, blk, 1);
    sc_kalyna_xor(blk, blk, t, bs);
}

/* IEEE 1619 stealing with r = len - bs bytes past the last whole block:
 * encryption: CC = E_(T_m)(P_m); C_m = E_(T_(m+1))(P_(m+1) || CC[r ..]);
 *             C_(m+1) = CC[0 .. r).
 * decryption: PP = D_(T_(m+1))(C_m); P_(m+1) = PP[0 .. r);
 *             P_m = D_(T_m)(C_(m+1) || PP[r ..]). */
void sc_kalyna_xts_last(const sc_kalyna_key *k, uint8_t *tweak, int encrypt, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    const size_t bs = k->block_size, r = len - bs;
    if (r == 0) {
        sc_kalyna_xts_blocks(k, tweak, encrypt, in, out, 1);
        return;
    }
    uint8_t t[2 * SC_KALYNA_MAX_BLOCK], a[SC_KALYNA_MAX_BLOCK], b[SC_KALYNA_MAX_BLOCK];
    next_tweaks(k, tweak, t, 2); /* T_m, T_(m+1) */
    memcpy(a, in, bs);
    memcpy(b, in + bs, r);
    one(k, encrypt, encrypt ? t : t + bs, a); /* CC or PP */
    memcpy(b + r, a + r, bs - r);
    one(k, encrypt, encrypt ? t + bs : t, b); /* C_m or P_m */
    memcpy(out, b, bs);
    memcpy(out + bs, a, r);
    sc_wipe(t, sizeof t);
    sc_wipe(a, sizeof a);
    sc_wipe(b, sizeof b);
}
