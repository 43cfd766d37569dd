/* SPDX-License-Identifier: Apache-2.0 */
/* XTS-AES and any 128-bit block cipher (IEEE 1619-2018; xts.h). */
#include "../core/internal.h"
#include "xts.h"

static uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static void store_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> 8 * i);
}

/* T * alpha (5.2): the 128-bit little-endian value shifted left by one,
 * x^128 = x^7 + x^2 + x + 1 folded in through a mask. */
static void next_tweak(uint8_t t[16])
{
    const uint64_t lo = load_le64(t), hi = load_le64(t + 8);
    store_le64(t, lo << 1 ^ (0x87 & (0 - (hi >> 63))));
    store_le64(t + 8, hi << 1 | lo >> 63);
}

void sc_modes_xts_start(const sc_block_cipher *tweak_cipher, const uint8_t iv[16], uint8_t tweak[16])
{
    tweak_cipher->encrypt(tweak_cipher->key, iv, tweak, 1);
}

void sc_modes_xts_blocks(const sc_block_cipher *bc, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out,
                         size_t n)
{
    enum { PER = SC_MODES_WORK / 16 };
    uint8_t tw[SC_MODES_WORK], x[SC_MODES_WORK];
    size_t used = 0;
    while (n) {
        const size_t m = n < PER ? n : PER;
        for (size_t j = 0; j < m; j++) {
            memcpy(tw + 16 * j, tweak, 16);
            next_tweak(tweak);
        }
        sc_modes_xor(x, in, tw, 16 * m);
        (encrypt ? bc->encrypt : bc->decrypt)(bc->key, x, x, m);
        sc_modes_xor(out, x, tw, 16 * m);
        used = m > used ? m : used;
        in += 16 * m, out += 16 * m, n -= m;
    }
    sc_wipe(tw, 16 * used);
    sc_wipe(x, 16 * used);
}

/* One block under the tweak t (not advanced). */
static void one(const sc_block_cipher *bc, const uint8_t t[16], int encrypt, const uint8_t *in, uint8_t *out)
{
    uint8_t copy[16];
    memcpy(copy, t, 16);
    sc_modes_xts_blocks(bc, copy, encrypt, in, out, 1);
    sc_wipe_small(copy, sizeof copy);
}

void sc_modes_xts_last(const sc_block_cipher *bc, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out,
                       size_t len)
{
    if (len == 16) {
        sc_modes_xts_blocks(bc, tweak, encrypt, in, out, 1);
        return;
    }
    const size_t r = len - 16; /* 1 .. 15 bytes in the partial block */
    uint8_t t2[16], cc[16], pp[16];
    memcpy(t2, tweak, 16);
    next_tweak(t2);
    /* Encryption: CC = XTS(P_(m-1), T_(m-1)); C_m = CC[0 .. r); C_(m-1) =
     * XTS(P_m || CC[r ..], T_m). Decryption swaps the two tweaks: PP =
     * XTS^-1(C_(m-1), T_m); P_m = PP[0 .. r); P_(m-1) = XTS^-1(C_m ||
     * PP[r ..], T_(m-1)). Both read all their input before writing. */
    one(bc, encrypt ? tweak : t2, encrypt, in, cc);
    memcpy(pp, in + 16, r);
    memcpy(pp + r, cc + r, 16 - r);
    memcpy(out + 16, cc, r);
    one(bc, encrypt ? t2 : tweak, encrypt, pp, out);
    sc_wipe_small(cc, sizeof cc);
    sc_wipe_small(pp, sizeof pp);
    sc_wipe_small(t2, sizeof t2);
}
