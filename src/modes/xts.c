/* SPDX-License-Identifier: Apache-2.0 */
/* XTS-AES and any 128-bit block cipher (IEEE 1619-2018; xts.h). */
#include "../core/internal.h"
#include "xts.h"

/* Little-endian words: one move on little-endian hosts (byte stores would
 * make the next 8-byte load of the batch's tweaks wait for them). */
static uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, p, 8);
#else
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
#endif
    return v;
}
static void store_le64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8);
#else
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> 8 * i);
#endif
}

/* T * alpha (5.2) on the tweak as two little-endian halves: the 128-bit
 * value shifted left by one, x^128 = x^7 + x^2 + x + 1 folded in through a
 * mask. Kept in registers across a batch (a round trip through memory per
 * block costs a store-forwarding stall on every load). */
static void alpha(uint64_t *lo, uint64_t *hi)
{
    const uint64_t carry = *hi >> 63;
    *hi = *hi << 1 | *lo >> 63;
    *lo = *lo << 1 ^ (0x87 & (0 - carry));
}

static void next_tweak(uint8_t t[16])
{
    uint64_t lo = load_le64(t), hi = load_le64(t + 8);
    alpha(&lo, &hi);
    store_le64(t, lo), store_le64(t + 8, hi);
}

void sc_modes_xts_start(const sc_block_cipher *tweak_cipher, const uint8_t iv[16], uint8_t tweak[16])
{
    tweak_cipher->encrypt(tweak_cipher->key, iv, tweak, 1);
}

void sc_modes_xts_blocks(const sc_block_cipher *bc, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out,
                         size_t n)
{
    if (bc->xts != NULL) { /* the kernel's fused loop: same contract */
        bc->xts(bc->key, tweak, encrypt, in, out, n);
        return;
    }
    enum { PER = SC_MODES_WORK / 16 };
    uint8_t tw[SC_MODES_WORK], x[SC_MODES_WORK];
    size_t used = 0;
    while (n) {
        const size_t m = n < PER ? n : PER;
        uint64_t lo = load_le64(tweak), hi = load_le64(tweak + 8);
        for (size_t j = 0; j < m; j++) {
            store_le64(tw + 16 * j, lo), store_le64(tw + 16 * j + 8, hi);
            alpha(&lo, &hi);
        }
        store_le64(tweak, lo), store_le64(tweak + 8, hi);
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
