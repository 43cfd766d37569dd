/* SPDX-License-Identifier: Apache-2.0 */
/* GCM (SP 800-38D) bookkeeping over an AES kernel's whole-block operations. */
#include <string.h>

#include "aes_gcm.h"

/* Blocks handed to a kernel are written with one 16-byte store where the
 * compiler allows: a vector load that spans several smaller stores cannot
 * be forwarded from them and waits until they reach the cache (~20 cycles
 * on Zen 4), which a 64-byte message pays several times otherwise. */
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
typedef uint64_t block_words __attribute__((vector_size(16)));
static void store_block(uint8_t *p, uint64_t lo, uint64_t hi) /* bytes 0-7 = lo, 8-15 = hi, little-endian */
{
    block_words v = {lo, hi};
    memcpy(p, &v, 16);
}
#else
static void store_block(uint8_t *p, uint64_t lo, uint64_t hi)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(lo >> 8 * i), p[8 + i] = (uint8_t)(hi >> 8 * i);
}
#endif
static uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static uint64_t load_le32(const uint8_t *p) { return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24; }
static uint64_t be32_to_le_word(uint32_t v) /* the 4 bytes of big-endian v, as they sit in a little-endian word */
{
    return (uint64_t)(v >> 24) | (uint64_t)(v >> 16 & 0xff) << 8 | (uint64_t)(v >> 8 & 0xff) << 16 | (uint64_t)(v & 0xff) << 24;
}

/* Blocks per kernel call in the unfused path (ctr32 then ghash over the same
 * bytes while they are in L1). */
enum { CHUNK_BLOCKS = 256 };

/* Blocks the kernel may take from `ctr` before its low 32-bit word wraps
 * (the ctr32 contract); at least 1. */
static size_t blocks_before_wrap(const uint8_t ctr[16], size_t n)
{
    uint64_t room = (UINT64_C(1) << 32) - sc_aes_load_be32(ctr + 12);
    return n < room ? n : (size_t)room;
}

void sc_aes_ctr128(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
    /* the common case first: the low word does not reach 2^32, no carry */
    if ((uint64_t)n < (UINT64_C(1) << 32) - sc_aes_load_be32(ctr + 12)) {
        k->ops->ctr32(k, ctr, in, out, n);
        return;
    }
    while (n) {
        size_t m = blocks_before_wrap(ctr, n);
        k->ops->ctr32(k, ctr, in, out, m);
        if (sc_aes_load_be32(ctr + 12) == 0) /* the low word wrapped: carry into the 96 bits above */
            for (int i = 11; i >= 0 && ++ctr[i] == 0; i--) {
            }
        in += 16 * m, out += 16 * m, n -= m;
    }
}

int sc_gcm_setkey(sc_gcm *g, const uint8_t *key, size_t key_len, const char *kernel)
{
    memset(g, 0, sizeof *g);
    int rc = sc_aes_setkey_kernel(&g->key, key, key_len, kernel);
    if (rc != SC_OK) return rc;
    g->key.ops->encrypt(&g->key, g->gk.h, g->gk.h, 1); /* H = E_K(0^128) */
    g->key.ops->ghash_init(&g->gk);
    return SC_OK;
}

int sc_gcm_check(const sc_gcm *g) { return sc_aes_check(&g->key) == SC_OK ? SC_OK : SC_ESTATE; }

/* GHASH over len bytes, the last block zero-padded (for the nonce). */
static void ghash_padded(sc_gcm *g, const uint8_t *p, size_t len)
{
    size_t whole = len / 16;
    if (whole) g->key.ops->ghash(&g->gk, g->acc, p, whole);
    if (len % 16) {
        uint8_t last[16] = {0};
        memcpy(last, p + 16 * whole, len % 16);
        g->key.ops->ghash(&g->gk, g->acc, last, 1);
    }
}


void sc_gcm_start(sc_gcm *g, const uint8_t *nonce, size_t nonce_len)
{
    _Alignas(16) uint8_t j0[16];
    uint64_t lo, hi96; /* J0's first 8 bytes and bytes 8-11 */
    uint32_t low;      /* J0's last word (big-endian counter) */
    store_block(g->acc, 0, 0);
    if (nonce_len == 12) {
        lo = load_le64(nonce), hi96 = load_le32(nonce + 8), low = 1;
    } else {
        uint8_t lens[16];
        ghash_padded(g, nonce, nonce_len);
        store_block(lens, 0, be32_to_le_word((uint32_t)(nonce_len >> 29)) | be32_to_le_word((uint32_t)(nonce_len << 3)) << 32);
        g->key.ops->ghash(&g->gk, g->acc, lens, 1);
        lo = load_le64(g->acc), hi96 = load_le32(g->acc + 8), low = sc_aes_load_be32(g->acc + 12);
        store_block(g->acc, 0, 0);
    }
    store_block(j0, lo, hi96 | be32_to_le_word(low) << 32);
    g->key.ops->encrypt(&g->key, j0, g->ekj0, 1);
    store_block(g->ctr, lo, hi96 | be32_to_le_word(low + 1) << 32); /* inc32 */
    sc_wipe(j0, sizeof j0);
    memset(g->ks, 0, 16);
    memset(g->pend, 0, 16);
    g->pend_len = 0;
    g->aad_closed = 0;
    g->aad_len = g->data_len = 0;
}

void sc_gcm_aad(sc_gcm *g, const uint8_t *aad, size_t len)
{
    g->aad_len += len;
    if (g->pend_len) {
        size_t take = 16 - g->pend_len < len ? 16 - g->pend_len : len;
        memcpy(g->pend + g->pend_len, aad, take);
        g->pend_len += (uint32_t)take, aad += take, len -= take;
        if (g->pend_len < 16) return;
        g->key.ops->ghash(&g->gk, g->acc, g->pend, 1);
        g->pend_len = 0;
    }
    size_t whole = len / 16;
    if (whole) g->key.ops->ghash(&g->gk, g->acc, aad, whole);
    memcpy(g->pend, aad + 16 * whole, len % 16);
    g->pend_len = (uint32_t)(len % 16);
}

/* The AAD's last partial block, zero-padded, before the first data byte. */
static void close_aad(sc_gcm *g)
{
    if (g->aad_closed) return;
    if (g->pend_len) {
        memset(g->pend + g->pend_len, 0, 16 - g->pend_len);
        g->key.ops->ghash(&g->gk, g->acc, g->pend, 1);
    }
    g->pend_len = 0;
    g->aad_closed = 1;
}

/* Whole blocks: the kernel's fused loop, or CTR then GHASH per chunk. */
static void whole_blocks(sc_gcm *g, const uint8_t *in, uint8_t *out, size_t n, int encrypt)
{
    const struct sc_aes_ops *ops = g->key.ops;
    while (n) {
        size_t m = blocks_before_wrap(g->ctr, n);
        if (encrypt && ops->gcm_encrypt) {
            ops->gcm_encrypt(&g->key, &g->gk, g->ctr, g->acc, in, out, m);
        } else if (!encrypt && ops->gcm_decrypt) {
            ops->gcm_decrypt(&g->key, &g->gk, g->ctr, g->acc, in, out, m);
        } else {
            m = m < CHUNK_BLOCKS ? m : CHUNK_BLOCKS;
            if (!encrypt) ops->ghash(&g->gk, g->acc, in, m); /* before in == out is overwritten */
            ops->ctr32(&g->key, g->ctr, in, out, m);
            if (encrypt) ops->ghash(&g->gk, g->acc, out, m);
        }
        in += 16 * m, out += 16 * m, n -= m;
    }
}

static void crypt(sc_gcm *g, const uint8_t *in, uint8_t *out, size_t len, int encrypt)
{
    close_aad(g);
    g->data_len += len;
    /* finish the partial block: its keystream is in ks, its ciphertext in pend */
    while (len && g->pend_len) {
        uint8_t c = encrypt ? (uint8_t)(*in ^ g->ks[g->pend_len]) : *in;
        *out = (uint8_t)(*in ^ g->ks[g->pend_len]);
        g->pend[g->pend_len++] = c;
        in++, out++, len--;
        if (g->pend_len == 16) {
            g->key.ops->ghash(&g->gk, g->acc, g->pend, 1);
            g->pend_len = 0;
        }
    }
    size_t whole = len / 16;
    whole_blocks(g, in, out, whole, encrypt);
    in += 16 * whole, out += 16 * whole, len -= 16 * whole;
    if (len) {
        memset(g->ks, 0, 16);
        g->key.ops->ctr32(&g->key, g->ctr, g->ks, g->ks, 1); /* wraps mod 2^32 by inc32's definition */
        for (size_t i = 0; i < len; i++) {
            g->pend[i] = encrypt ? (uint8_t)(in[i] ^ g->ks[i]) : in[i];
            out[i] = (uint8_t)(in[i] ^ g->ks[i]);
        }
        g->pend_len = (uint32_t)len;
    }
}

void sc_gcm_encrypt(sc_gcm *g, const uint8_t *in, uint8_t *out, size_t len) { crypt(g, in, out, len, 1); }
void sc_gcm_decrypt(sc_gcm *g, const uint8_t *in, uint8_t *out, size_t len) { crypt(g, in, out, len, 0); }

static uint64_t be64_word(uint64_t v) /* v's big-endian bytes as a little-endian word */
{
    return be32_to_le_word((uint32_t)(v >> 32)) | be32_to_le_word((uint32_t)v) << 32;
}

void sc_gcm_tag(sc_gcm *g, uint8_t tag[16])
{
    close_aad(g);
    /* the last partial block and the lengths (7.1 step 5) in one call */
    _Alignas(16) uint8_t last[32];
    size_t n = 0;
    if (g->pend_len) {
        memset(g->pend + g->pend_len, 0, 16 - g->pend_len);
        memcpy(last, g->pend, 16);
        n = 1;
    }
    store_block(last + 16 * n, be64_word(g->aad_len * 8), be64_word(g->data_len * 8));
    g->key.ops->ghash(&g->gk, g->acc, last, n + 1);
    sc_wipe(last, sizeof last);
    for (int i = 0; i < 16; i++) tag[i] = g->acc[i] ^ g->ekj0[i];
    /* the message's secrets: E(J0), keystream, accumulator, pending bytes */
    sc_wipe(g->ekj0, sizeof g->ekj0);
    sc_wipe(g->ks, sizeof g->ks);
    sc_wipe(g->acc, sizeof g->acc);
    sc_wipe(g->pend, sizeof g->pend);
    g->pend_len = 0;
}
