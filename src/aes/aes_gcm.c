/* GCM (SP 800-38D) bookkeeping over an AES kernel's whole-block operations. */
#include <string.h>

#include "aes_gcm.h"

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

static void store_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8) p[i] = (uint8_t)v;
}

void sc_gcm_start(sc_gcm *g, const uint8_t *nonce, size_t nonce_len)
{
    uint8_t j0[16] = {0};
    memset(g->acc, 0, 16);
    if (nonce_len == 12) {
        memcpy(j0, nonce, 12);
        j0[15] = 1;
    } else {
        uint8_t lens[16] = {0};
        ghash_padded(g, nonce, nonce_len);
        store_be64(lens + 8, (uint64_t)nonce_len * 8);
        g->key.ops->ghash(&g->gk, g->acc, lens, 1);
        memcpy(j0, g->acc, 16);
        memset(g->acc, 0, 16);
    }
    g->key.ops->encrypt(&g->key, j0, g->ekj0, 1);
    sc_aes_store_be32(j0 + 12, sc_aes_load_be32(j0 + 12) + 1); /* inc32 */
    memcpy(g->ctr, j0, 16);
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

void sc_gcm_tag(sc_gcm *g, uint8_t tag[16])
{
    close_aad(g);
    if (g->pend_len) {
        memset(g->pend + g->pend_len, 0, 16 - g->pend_len);
        g->key.ops->ghash(&g->gk, g->acc, g->pend, 1);
    }
    uint8_t lens[16];
    store_be64(lens, g->aad_len * 8);
    store_be64(lens + 8, g->data_len * 8);
    g->key.ops->ghash(&g->gk, g->acc, lens, 1);
    for (int i = 0; i < 16; i++) tag[i] = g->acc[i] ^ g->ekj0[i];
    /* the message's secrets: E(J0), keystream, accumulator, pending bytes */
    sc_wipe(g->ekj0, sizeof g->ekj0);
    sc_wipe(g->ks, sizeof g->ks);
    sc_wipe(g->acc, sizeof g->acc);
    sc_wipe(g->pend, sizeof g->pend);
    g->pend_len = 0;
}
