/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 block arithmetic in radix 2^64 (RFC 8439 2.5), shared by the
 * portable kernel and the scalar tails of the vector kernels (one copy of
 * the reduction, not one per ISA). Constant time: 64x64->128 multiplies,
 * additions with carries, no branch on h, r or the message.
 *
 * h = h0 + 2^64 h1 + 2^128 h2 (h2 < 8), r = r0 + 2^64 r1 with r1 a
 * multiple of 4 (clamped), so 2^128 r1 = 2^130 (r1 / 4) = 5 (r1 / 4)
 * modulo p: s1 = r1 + r1 / 4 folds the high partial products back down. */
#ifndef SC_POLY1305_64_H
#define SC_POLY1305_64_H

#include "chacha_internal.h"

typedef unsigned __int128 sc_u128;

/* h = (h + m + hibit 2^128) r over n blocks. */
static inline void sc_poly1305_64_blocks(uint64_t h[3], const uint64_t r[2], const uint8_t *in, size_t n,
                                         uint64_t hibit)
{
    const uint64_t r0 = r[0], r1 = r[1], s1 = r1 + (r1 >> 2);
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2];
    for (; n; n--, in += 16) {
        sc_u128 t = (sc_u128)h0 + sc_le64(in);
        h0 = (uint64_t)t;
        t = (sc_u128)h1 + sc_le64(in + 8) + (uint64_t)(t >> 64);
        h1 = (uint64_t)t;
        h2 += hibit + (uint64_t)(t >> 64);
        /* the product; h2 < 8 and s1, r0 < 2^62 keep h2 s1 and h2 r0 in 64 bits */
        sc_u128 d0 = (sc_u128)h0 * r0 + (sc_u128)h1 * s1;
        sc_u128 d1 = (sc_u128)h0 * r1 + (sc_u128)h1 * r0 + h2 * s1;
        uint64_t d2 = h2 * r0;
        h0 = (uint64_t)d0;
        d1 += (uint64_t)(d0 >> 64);
        h1 = (uint64_t)d1;
        d2 += (uint64_t)(d1 >> 64);
        /* fold the bits at and above 2^130: 2^130 = 5 modulo p */
        uint64_t c = (d2 >> 2) + (d2 & ~(uint64_t)3);
        h2 = d2 & 3;
        t = (sc_u128)h0 + c;
        h0 = (uint64_t)t;
        t = (sc_u128)h1 + (uint64_t)(t >> 64);
        h1 = (uint64_t)t;
        h2 += (uint64_t)(t >> 64);
    }
    h[0] = h0, h[1] = h1, h[2] = h2;
}

#endif
