/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 (RFC 8439 2.1-2.4) and HChaCha20 (draft-irtf-cfrg-xchacha 2.2),
 * portable: the reference of every kernel test. Only additions, xors and
 * fixed rotations on 32-bit words, so constant time by construction. */
#include <string.h>

#include "chacha_internal.h"

static uint32_t rotl(uint32_t x, int n) { return x << n | x >> (32 - n); }

/* The quarter round (2.1) on four words of the state. */
#define QR(a, b, c, d)                                                                                                \
    do {                                                                                                              \
        a += b, d = rotl(d ^ a, 16);                                                                                  \
        c += d, b = rotl(b ^ c, 12);                                                                                  \
        a += b, d = rotl(d ^ a, 8);                                                                                   \
        c += d, b = rotl(b ^ c, 7);                                                                                   \
    } while (0)

/* 20 rounds (2.3): 10 double rounds, columns then diagonals. */
static void rounds(uint32_t x[16])
{
    for (int i = 0; i < 10; i++) {
        QR(x[0], x[4], x[8], x[12]);
        QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]);
        QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]);
        QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]);
        QR(x[3], x[4], x[9], x[14]);
    }
}

/* "expand 32-byte k" as four little-endian words (2.3). */
static void constants(uint32_t s[4])
{
    s[0] = 0x61707865u, s[1] = 0x3320646eu, s[2] = 0x79622d32u, s[3] = 0x6b206574u;
}

void sc_chacha20_setup(uint32_t state[16], const uint8_t key[32], uint32_t counter, const uint8_t nonce[12])
{
    constants(state);
    for (int i = 0; i < 8; i++) state[4 + i] = sc_le32(key + 4 * i);
    state[12] = counter;
    for (int i = 0; i < 3; i++) state[13 + i] = sc_le32(nonce + 4 * i);
}

void sc_chacha20_block(const uint32_t state[16], uint8_t out[64])
{
    uint32_t x[16];
    memcpy(x, state, sizeof x);
    rounds(x);
    for (int i = 0; i < 16; i++) sc_put_le32(out + 4 * i, x[i] + state[i]);
    sc_wipe(x, sizeof x);
}

void sc_chacha20_portable(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len)
{
    uint32_t s[16];
    uint8_t ks[64];
    memcpy(s, state, sizeof s);
    while (len) {
        size_t n = len < 64 ? len : 64;
        sc_chacha20_block(s, ks);
        for (size_t i = 0; i < n; i++) out[i] = in[i] ^ ks[i];
        s[12]++; /* wraps modulo 2^32; the nonce words never change */
        in += n, out += n, len -= n;
    }
    sc_wipe(s, sizeof s);
    sc_wipe(ks, sizeof ks);
}

/* HChaCha20: the ChaCha20 rounds over constants || key || nonce16, without
 * the final addition; the subkey is words 0-3 and 12-15. */
void sc_hchacha20(uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce16[16])
{
    uint32_t x[16];
    constants(x);
    for (int i = 0; i < 8; i++) x[4 + i] = sc_le32(key + 4 * i);
    for (int i = 0; i < 4; i++) x[12 + i] = sc_le32(nonce16 + 4 * i);
    rounds(x);
    for (int i = 0; i < 4; i++) sc_put_le32(subkey + 4 * i, x[i]), sc_put_le32(subkey + 16 + 4 * i, x[12 + i]);
    sc_wipe(x, sizeof x);
}
