/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna CCM (kalyna_ccm.h): a serial CBC-MAC over the kernel's mac op and
 * CTR over its ctr op. */
#include <string.h>

#include "kalyna_ccm.h"

static unsigned tag_code(size_t tag_len)
{
    switch (tag_len) {
    case 8: return 2;
    case 16: return 3;
    case 32: return 4;
    case 48: return 5;
    case 64: return 6;
    default: return 0;
    }
}

int sc_kccm_tag_ok(size_t block_size, size_t tag_len) { return tag_code(tag_len) != 0 && tag_len <= block_size; }

static void put_len(uint8_t *p, uint64_t v, unsigned nb)
{
    for (unsigned i = 0; i < nb; i++) p[i] = i < 8 ? (uint8_t)(v >> 8 * i) : 0;
}

/* CBC-MAC of len bytes into chain, the last partial block zero-padded. */
static void mac_padded(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *p, size_t len)
{
    const size_t bs = k->block_size, whole = len / bs;
    if (whole) sc_kalyna_mac_blocks(k, chain, p, whole);
    if (len % bs) {
        uint8_t last[SC_KALYNA_MAX_BLOCK] = {0};
        memcpy(last, p + whole * bs, len % bs);
        sc_kalyna_mac_blocks(k, chain, last, 1);
        sc_wipe(last, sizeof last);
    }
}

/* CTR over len bytes from counter s (the last block's keystream truncated). */
static void ctr_any(const sc_kalyna_key *k, uint8_t *s, const uint8_t *in, uint8_t *out, size_t len)
{
    const size_t bs = k->block_size, whole = len / bs;
    if (whole) sc_kalyna_ctr_blocks(k, s, in, out, whole);
    if (len % bs) {
        uint8_t ks[SC_KALYNA_MAX_BLOCK] = {0};
        sc_kalyna_ctr_blocks(k, s, ks, ks, 1);
        for (size_t i = 0; i < len % bs; i++) out[whole * bs + i] = (uint8_t)(in[whole * bs + i] ^ ks[i]);
        sc_wipe(ks, sizeof ks);
    }
}

void sc_kccm(const sc_kalyna_key *k, unsigned nb, int encrypt, const uint8_t *nonce, const uint8_t *aad,
             size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, size_t tag_len, uint8_t *tag)
{
    const size_t bs = k->block_size;
    uint8_t chain[SC_KALYNA_MAX_BLOCK] = {0}, g[SC_KALYNA_MAX_BLOCK] = {0}, s[SC_KALYNA_MAX_BLOCK];
    /* G1: nonce prefix, data length, flags */
    memcpy(chain, nonce, bs - nb - 1);
    put_len(chain + bs - nb - 1, len, nb);
    chain[bs - 1] = (uint8_t)((aad_len > 0) << 7 | tag_code(tag_len) << 4 | (nb - 1));
    sc_kalyna_ops_of(k)->encrypt(k, chain, chain, 1);
    if (aad_len) { /* G2, then the AAD */
        put_len(g, aad_len, nb);
        const size_t inline_len = aad_len <= bs - nb ? aad_len : 0;
        memcpy(g + nb, aad, inline_len);
        sc_kalyna_mac_blocks(k, chain, g, 1);
        mac_padded(k, chain, aad + inline_len, aad_len - inline_len);
    }
    sc_kalyna_ctr_start(k, nonce, s); /* s = E(N) */
    if (encrypt) mac_padded(k, chain, in, len); /* before in == out is overwritten */
    ctr_any(k, s, in, out, len);
    if (!encrypt) mac_padded(k, chain, out, len);
    /* the tag's mask: the next counter block */
    memset(g, 0, sizeof g);
    sc_kalyna_ctr_blocks(k, s, g, g, 1);
    for (size_t i = 0; i < bs; i++) tag[i] = (uint8_t)(chain[i] ^ g[i]);
    sc_wipe(chain, sizeof chain), sc_wipe(g, sizeof g), sc_wipe(s, sizeof s);
}
