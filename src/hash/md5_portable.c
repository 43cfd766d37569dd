/* SPDX-License-Identifier: Apache-2.0 */
/* MD5 compression (RFC 1321 3.4), plain C: the reference of every MD5 kernel
 * and the test oracle. The four rounds are written as one loop over the 64
 * steps with the round function and message index chosen per step; the
 * sine table and shifts are shared with the kernels. */
#include "hash_internal.h"

const uint32_t sc_md5_t[64] = {
    /* T[i] = floor(2^32 * abs(sin(i))), i = 1..64 (RFC 1321 3.4) */
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

const uint8_t sc_md5_shift[64] = {
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
    5, 9,  14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21,
    6, 10, 15, 21, 6, 10, 15, 21,
};

static inline uint32_t rotl32(uint32_t x, unsigned n) { return x << n | x >> (32 - n); }

void sc_md5_blocks_portable(uint32_t state[4], const uint8_t *in, size_t nblocks)
{
    for (; nblocks; nblocks--, in += SC_MD5_BLOCK) {
        uint32_t x[16];
        for (int i = 0; i < 16; i++) x[i] = sc_hash_le32(in + 4 * i);
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        for (int i = 0; i < 64; i++) {
            uint32_t f;
            int g;
            switch (i >> 4) { /* the round, not the data: public */
            case 0: f = (b & c) | (~b & d), g = i; break;                /* F, X[i] */
            case 1: f = (b & d) | (c & ~d), g = (5 * i + 1) & 15; break; /* G */
            case 2: f = b ^ c ^ d, g = (3 * i + 5) & 15; break;          /* H */
            default: f = c ^ (b | ~d), g = (7 * i) & 15; break;          /* I */
            }
            uint32_t t = d;
            d = c, c = b;
            b = b + rotl32(a + f + sc_md5_t[i] + x[g], sc_md5_shift[i]);
            a = t;
        }
        state[0] += a, state[1] += b, state[2] += c, state[3] += d;
        sc_wipe_small(x, sizeof x);
    }
}

/* The multi-lane interface, lane by lane: the reference of the SIMD lane
 * kernels, and the batch API's scheduler runs on it where there are none. */
void sc_md5_lanes_portable(uint32_t *state, const uint8_t *const in[], size_t nblocks)
{
    enum { L = SC_MD5_PORTABLE_LANES };
    for (unsigned l = 0; l < L; l++) {
        uint32_t h[4] = {state[l], state[L + l], state[2 * L + l], state[3 * L + l]};
        sc_md5_blocks_portable(h, in[l], nblocks);
        for (int w = 0; w < 4; w++) state[w * L + l] = h[w];
    }
}

const sc_md5_ops sc_md5_portable = {sc_md5_blocks_portable, sc_md5_lanes_portable, SC_MD5_PORTABLE_LANES};
