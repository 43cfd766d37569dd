/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 (RFC 8439 2.5), portable: key setup, the radix-2^64 block
 * function and the final reduction, shared by every kernel (kernels
 * replace only the bulk of the blocks). */
#include <string.h>

#include "poly1305_64.h"

void sc_poly1305_setkey(sc_poly1305 *p, const uint8_t key[32])
{
    /* 2.5.1: clear the top 4 bits of bytes 3, 7, 11, 15 and the low 2 bits
     * of bytes 4, 8, 12. */
    p->r[0] = sc_le64(key) & UINT64_C(0x0ffffffc0fffffff);
    p->r[1] = sc_le64(key + 8) & UINT64_C(0x0ffffffc0ffffffc);
    p->s[0] = sc_le64(key + 16);
    p->s[1] = sc_le64(key + 24);
    p->h[0] = p->h[1] = p->h[2] = 0;
    p->pow[0] = 0;
}

void sc_poly1305_blocks_portable(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    sc_poly1305_64_blocks(p->h, p->r, in, nblocks, 1);
}

void sc_poly1305_finish(sc_poly1305 *p, const uint8_t *last, size_t last_len, uint8_t tag[16])
{
    if (last_len) {
        uint8_t b[16] = {0};
        memcpy(b, last, last_len);
        b[last_len] = 1; /* the 0x01 byte after a short block; no 2^128 */
        sc_poly1305_64_blocks(p->h, p->r, b, 1, 0);
        sc_wipe(b, sizeof b);
    }
    uint64_t h0 = p->h[0], h1 = p->h[1], h2 = p->h[2];
    /* One more fold (h2 < 8 -> h < 2^130 + small), then h mod p: if
     * h + 5 reaches 2^130, h >= p and h - p = h + 5 - 2^130 (low 130 bits
     * of h + 5). Selected by a mask, not a branch. */
    sc_u128 t = (sc_u128)h0 + (h2 >> 2) * 5;
    h2 &= 3;
    h0 = (uint64_t)t;
    t = (sc_u128)h1 + (uint64_t)(t >> 64);
    h1 = (uint64_t)t;
    h2 += (uint64_t)(t >> 64);
    t = (sc_u128)h0 + 5;
    uint64_t g0 = (uint64_t)t;
    t = (sc_u128)h1 + (uint64_t)(t >> 64);
    uint64_t g1 = (uint64_t)t, g2 = h2 + (uint64_t)(t >> 64);
    uint64_t take_g = 0 - (g2 >> 2);
    h0 = (g0 & take_g) | (h0 & ~take_g);
    h1 = (g1 & take_g) | (h1 & ~take_g);
    /* 2.5.1: + s, modulo 2^128 */
    t = (sc_u128)h0 + p->s[0];
    sc_put_le64(tag, (uint64_t)t);
    sc_put_le64(tag + 8, h1 + p->s[1] + (uint64_t)(t >> 64));
}
