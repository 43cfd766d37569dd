/* SPDX-License-Identifier: Apache-2.0 */
/* The Keccak sponge (FIPS 202 4) over a kernel's permute/absorb: bytes are
 * XORed into the state in place (the state's words are little-endian, so
 * byte i of the block is byte i of the state, XKCP's "lane-wise" layout on
 * a little-endian host); whole blocks go to the kernel's absorb loop
 * straight from the caller's buffer. */
#include "hash_ctx.h"

static void xor_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++) dst[i] ^= src[i];
}

void sc_sponge_absorb(sc_sponge *sp, const sc_keccak_ops *k, size_t rate, unsigned rounds, const uint8_t *in,
                      size_t len)
{
    uint8_t *state = (uint8_t *)sp->s;
    if (sp->pos) {
        size_t n = rate - sp->pos < len ? rate - sp->pos : len;
        xor_bytes(state + sp->pos, in, n);
        sp->pos += n, in += n, len -= n;
        if (sp->pos < rate) return;
        k->permute(sp->s, rounds);
        sp->pos = 0;
    }
    if (len >= rate) {
        size_t nb = len / rate;
        k->absorb(sp->s, in, nb, rate, rounds);
        in += nb * rate, len -= nb * rate;
    }
    xor_bytes(state, in, len);
    sp->pos = len;
}

void sc_sponge_pad(sc_sponge *sp, const sc_keccak_ops *k, size_t rate, unsigned rounds, uint8_t pad)
{
    uint8_t *state = (uint8_t *)sp->s;
    state[sp->pos] ^= pad;
    state[rate - 1] ^= 0x80;
    k->permute(sp->s, rounds);
    sp->pos = 0;
}

void sc_sponge_squeeze(sc_sponge *sp, const sc_keccak_ops *k, size_t rate, unsigned rounds, uint8_t *out,
                       size_t len)
{
    while (len) {
        if (sp->pos == rate) {
            k->permute(sp->s, rounds);
            sp->pos = 0;
        }
        size_t n = rate - sp->pos < len ? rate - sp->pos : len;
        memcpy(out, (const uint8_t *)sp->s + sp->pos, n);
        sp->pos += n, out += n, len -= n;
    }
}
