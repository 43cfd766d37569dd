/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna key wrap (DSTU 7624:2014, as Bouncy Castle's DSTU7624WrapEngine;
 * docs/kalyna-modes.md). The data plus a zero block are n half blocks
 * B, R_1 .. R_(n-1); V = 6 (n - 1) steps, step j = 1 .. V:
 *   wrap:   X = E(B || R_1); B = X_right ^ j (32 bits little-endian at the
 *           start of the right half); R_1 .. R_(n-1) = R_2 .. R_(n-1), X_left
 *   unwrap: the inverse, j = V .. 1.
 * The R shift is a ring here: step j touches one slot, and after V steps (a
 * multiple of n - 1) the ring is back in its starting order, so the output
 * needs no rotation. */
#include "../cipher/ctx_check.h"
#include "kalyna_modes.h"

/* j into the right half's first 32 bits. */
static void xor_step(uint8_t *right, uint32_t j)
{
    for (int i = 0; i < 4; i++) right[i] ^= (uint8_t)(j >> (8 * i));
}

/* n half blocks of sb bytes give V = 6 (n - 1) steps, counted in 32 bits. */
static int steps_fit(size_t n) { return n >= 2 && n - 1 <= UINT32_MAX / 6; }

int sc_kalyna_kw_wrap(const sc_kalyna_key *k, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                      size_t *out_len)
{
    const size_t bs = k->block_size, sb = bs / 2;
    *out_len = 0;
    if (len == 0 || len % sb || len > SIZE_MAX - bs || !steps_fit(len / sb + 2) || out_cap < len + bs)
        return SC_ELENGTH;
    const size_t n = len / sb + 2;
    const uint32_t v = (uint32_t)(6 * (n - 1));
    memmove(out, in, len);
    memset(out + len, 0, bs); /* the checksum block */
    uint8_t x[SC_KALYNA_MAX_BLOCK];
    memcpy(x, out, sb); /* B */
    for (uint32_t j = 1, slot = 1; j <= v; j++) {
        uint8_t *r = out + slot * sb;
        memcpy(x + sb, r, sb);
        sc_kalyna_ops_of(k)->encrypt(k, x, x, 1);
        xor_step(x + sb, j);
        memcpy(r, x, sb);
        memcpy(x, x + sb, sb); /* the new B */
        slot = slot == n - 1 ? 1 : slot + 1;
    }
    memcpy(out, x, sb);
    sc_wipe(x, sizeof x);
    *out_len = len + bs;
    return SC_OK;
}

int sc_kalyna_kw_unwrap(const sc_kalyna_key *k, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                        size_t *out_len)
{
    const size_t bs = k->block_size, sb = bs / 2;
    *out_len = 0;
    if (len % sb || len < bs + sb || !steps_fit(len / sb) || out_cap < len - bs) return SC_ELENGTH;
    const size_t n = len / sb, keep = len - bs;
    const uint32_t v = (uint32_t)(6 * (n - 1));
    /* the ring: half blocks below `keep` in out, the checksum block's two
     * (the last) in a local copy, so that out needs only len - bs bytes */
    uint8_t tail[SC_KALYNA_MAX_BLOCK], x[SC_KALYNA_MAX_BLOCK];
    memcpy(tail, in + keep, bs);
    memcpy(x + sb, in, sb); /* B */
    memmove(out, in, keep);
    for (uint32_t j = v, slot = (uint32_t)(n - 1); j >= 1; j--) {
        uint8_t *r = slot * sb < keep ? out + slot * sb : tail + (slot * sb - keep);
        memcpy(x, r, sb);
        xor_step(x + sb, j);
        sc_kalyna_ops_of(k)->decrypt(k, x, x, 1);
        memcpy(r, x + sb, sb);
        memcpy(x + sb, x, sb); /* the new B */
        slot = slot == 1 ? (uint32_t)(n - 1) : slot - 1;
    }
    memcpy(out, x + sb, sb);
    /* the checksum block must be zero: decided without a branch, and a bad
     * one releases nothing */
    uint32_t acc = 0;
    for (size_t i = 0; i < bs; i++) acc |= tail[i];
    const uint32_t bad = (acc + 0xffu) >> 8; /* 1 when any byte is set */
    const uint8_t keep_mask = sc_mask_if_zero((int)bad);
    sc_mask_bytes(out, keep, keep_mask);
    *out_len = keep & (size_t)(0 - (size_t)(keep_mask & 1));
    sc_wipe(tail, sizeof tail);
    sc_wipe(x, sizeof x);
    return (int)(0u - bad) & SC_EAUTH;
}
