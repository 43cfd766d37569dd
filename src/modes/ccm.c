/* SPDX-License-Identifier: Apache-2.0 */
/* CCM over a 128-bit block cipher (SP 800-38C; ccm.h). */
#include "../core/internal.h"
#include "ccm.h"

int sc_modes_ccm_sizes_ok(size_t nonce_len, size_t tag_len)
{
    return nonce_len >= 7 && nonce_len <= 13 && tag_len >= 4 && tag_len <= 16 && tag_len % 2 == 0;
}

int sc_modes_ccm_length_ok(size_t nonce_len, uint64_t len)
{
    const size_t q = 15 - nonce_len;
    return q >= 8 || len >> (8 * q) == 0;
}

/* Big-endian v into the q bytes at p (q up to 8 bytes of it; more: zeros). */
static void put_be(uint8_t *p, size_t q, uint64_t v)
{
    for (size_t i = 0; i < q; i++) p[q - 1 - i] = i < 8 ? (uint8_t)(v >> 8 * i) : 0;
}

/* CBC-MAC over `len` bytes that follow `head` (hlen < 16 bytes, the
 * AAD's length encoding, or none), zero-padded to a whole block (A.2.2,
 * A.2.3): the block holding the head from a buffer, p's whole blocks in
 * place, its last partial block from the buffer. */
static void mac_padded(const sc_block_cipher *bc, uint8_t chain[16], const uint8_t *head, size_t hlen,
                       const uint8_t *p, size_t len)
{
    uint8_t blk[16] = {0};
    /* p may be NULL when len is 0: no memcpy from it nor arithmetic on it then */
    if (hlen) {
        const size_t take = len < 16 - hlen ? len : 16 - hlen;
        memcpy(blk, head, hlen);
        if (take) memcpy(blk + hlen, p, take), p += take, len -= take;
        sc_modes_cbc_mac(bc, chain, blk, 1);
    }
    if (len >= 16) {
        sc_modes_cbc_mac(bc, chain, p, len / 16);
        p += len / 16 * 16, len %= 16;
    }
    if (len) {
        memset(blk, 0, 16);
        memcpy(blk, p, len);
        sc_modes_cbc_mac(bc, chain, blk, 1);
    }
    sc_wipe_small(blk, sizeof blk);
}

/* Counter mode from Ctr_first (A.3): counter blocks of each batch built,
 * then one ECB call. ctr0 holds Ctr_0 (its last q bytes are the index). */
static void ctr_crypt(const sc_block_cipher *bc, const uint8_t ctr0[16], size_t q, uint64_t first, const uint8_t *in,
                      uint8_t *out, size_t len)
{
    uint8_t ks[SC_MODES_WORK];
    uint64_t i = first;
    size_t used = 0;
    while (len) {
        const size_t take = len < sizeof ks ? len : sizeof ks, m = (take + 15) / 16;
        for (size_t j = 0; j < m; j++, i++) {
            memcpy(ks + 16 * j, ctr0, 16);
            put_be(ks + 16 * j + 16 - q, q, i);
        }
        bc->encrypt(bc->key, ks, ks, m);
        sc_modes_xor(out, in, ks, take);
        used = take > used ? take : used;
        in += take, out += take, len -= take;
    }
    sc_wipe(ks, (used + 15) / 16 * 16);
}

/* n whole payload blocks from Ctr_1 through the kernel's fused loop (the
 * chain and the counter mode side by side). The kernel steps the low 32
 * bits of the counter only: Ctr_i is rebuilt from i for each call, and a
 * call ends where those bits would wrap (past 2^32 blocks, q > 4 only; for
 * q <= 4 the index never leaves its q bytes: len < 2^(8q)). */
static void ccm_fused(const sc_block_cipher *bc, int encrypt, uint8_t chain[16], const uint8_t ctr0[16], size_t q,
                      const uint8_t *in, uint8_t *out, size_t n)
{
    uint8_t ctr[16];
    memcpy(ctr, ctr0, 16);
    for (uint64_t i = 1; n;) {
        const uint64_t room = ((uint64_t)1 << 32) - (uint32_t)i;
        const size_t m = n < room ? n : (size_t)room;
        put_be(ctr + 16 - q, q, i);
        bc->ccm(bc->key, ctr, chain, encrypt, in, out, m);
        i += m, in += 16 * m, out += 16 * m, n -= m;
    }
}

void sc_modes_ccm(const sc_block_cipher *bc, int encrypt, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                  size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, size_t tag_len, uint8_t *tag)
{
    const size_t q = 15 - nonce_len;
    /* B_0 = flags || N || Q (A.2.1) and Ctr_0 = flags' || N || 0 (A.3):
     * E(B_0) (the chain's first step from a zero IV) and S_0 = E(Ctr_0)
     * in one ECB call */
    uint8_t b0s0[32] = {0}, chain[16], head[10];
    uint8_t *b0 = b0s0, *ctr0 = b0s0 + 16;
    b0[0] = (uint8_t)((aad_len ? 0x40 : 0) | (tag_len - 2) / 2 << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nonce_len);
    put_be(b0 + 1 + nonce_len, q, len);
    ctr0[0] = (uint8_t)(q - 1);
    memcpy(ctr0 + 1, nonce, nonce_len);
    uint8_t es[32];
    bc->encrypt(bc->key, b0s0, es, 2);
    memcpy(chain, es, 16);
    /* the AAD's length encoding (A.2.2): 2, 6 or 10 bytes */
    size_t hlen = 0;
    if (aad_len == 0) hlen = 0;
    else if (aad_len < 0xff00) put_be(head, 2, aad_len), hlen = 2;
    else if ((uint64_t)aad_len >> 32 == 0) head[0] = 0xff, head[1] = 0xfe, put_be(head + 2, 4, aad_len), hlen = 6;
    else head[0] = 0xff, head[1] = 0xff, put_be(head + 2, 8, aad_len), hlen = 10;
    if (aad_len) mac_padded(bc, chain, head, hlen, aad, aad_len);
    /* the payload: whole blocks fused when the kernel can, the rest (all
     * of it otherwise) as the MAC over the plaintext and counter mode */
    const size_t whole = bc->ccm != NULL ? len / 16 : 0, done = 16 * whole;
    if (whole) { /* in and out may be NULL when len is 0: no pointer arithmetic on them then */
        ccm_fused(bc, encrypt, chain, ctr0, q, in, out, whole);
        in += done, out += done, len -= done;
    }
    if (encrypt) mac_padded(bc, chain, NULL, 0, in, len);
    ctr_crypt(bc, ctr0, q, (uint64_t)whole + 1, in, out, len);
    if (!encrypt) mac_padded(bc, chain, NULL, 0, out, len);
    sc_modes_xor(tag, chain, es + 16, tag_len);
    sc_wipe_small(chain, sizeof chain);
    sc_wipe_small(es, sizeof es);
    sc_wipe_small(b0s0, sizeof b0s0);
}
