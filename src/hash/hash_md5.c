/* SPDX-License-Identifier: Apache-2.0 */
/* MD5's message padding and length (RFC 1321 3.1-3.2, 3.5) over a kernel's
 * compression function. */
#include "hash_ctx.h"

void sc_md_init(sc_hash_state *st)
{
    static const uint32_t iv[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476}; /* RFC 1321 3.3 */
    memcpy(st->u.md.h, iv, sizeof iv);
    st->u.md.total = 0;
}

void sc_md_update(sc_hash_state *st, const uint8_t *in, size_t len)
{
    const sc_md5_ops *k = st->ops;
    size_t used = (size_t)(st->u.md.total % SC_MD5_BLOCK);
    st->u.md.total += len;
    if (used) {
        size_t n = SC_MD5_BLOCK - used < len ? SC_MD5_BLOCK - used : len;
        memcpy(st->u.md.buf + used, in, n);
        in += n, len -= n;
        if (used + n < SC_MD5_BLOCK) return;
        k->blocks(st->u.md.h, st->u.md.buf, 1);
    }
    if (len >= SC_MD5_BLOCK) {
        k->blocks(st->u.md.h, in, len / SC_MD5_BLOCK);
        in += len - len % SC_MD5_BLOCK, len %= SC_MD5_BLOCK;
    }
    memcpy(st->u.md.buf, in, len);
}

size_t sc_md_tail(uint8_t blocks[2 * SC_MD5_BLOCK], const uint8_t *tail_in, size_t rest, uint64_t total)
{
    size_t n = rest < SC_MD5_BLOCK - 8 ? 1 : 2;
    /* Both blocks zeroed with a constant size (16-byte stores): memset of
     * n * 64 bytes was REP STOSQ, whose start-up cost more than the stores. */
    sc_wipe_small(blocks, 2 * SC_MD5_BLOCK);
    if (rest) memcpy(blocks, tail_in, rest);
    blocks[rest] = 0x80;
    uint64_t bits = total << 3; /* the length modulo 2^64 bits (3.2) */
    for (int i = 0; i < 8; i++) blocks[n * SC_MD5_BLOCK - 8 + i] = (uint8_t)(bits >> (8 * i));
    return n;
}

void sc_md_digest(const uint32_t h[4], uint8_t out[16])
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) out[4 * i + j] = (uint8_t)(h[i] >> (8 * j));
}

void sc_md_final(sc_hash_state *st, uint8_t out[16])
{
    const sc_md5_ops *k = st->ops;
    uint8_t tail[2 * SC_MD5_BLOCK];
    size_t n = sc_md_tail(tail, st->u.md.buf, (size_t)(st->u.md.total % SC_MD5_BLOCK), st->u.md.total);
    k->blocks(st->u.md.h, tail, n);
    sc_md_digest(st->u.md.h, out);
    sc_wipe_small(tail, sizeof tail); /* a constant size: stores, not REP STOSQ */
}
