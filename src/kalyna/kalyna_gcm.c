/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna GCM/GMAC bookkeeping (kalyna_gcm.h) over a Kalyna kernel's
 * multi-block CTR and a GF kernel's hash. */
#include "../cipher/stack_burn.h"
#include <string.h>

#include "kalyna_gcm.h"

/* Bytes per kernel call in the data path: CTR then hash over the same
 * bytes while they are in L1 (16 KiB in and out fill a 32 KiB L1D). Each
 * call pays a set-up (round keys, the hash's 16 powers into lanes) and a
 * stack burn: 16 KiB chunks measured 3-4% faster than 4 KiB ones at 16 and
 * 256 KiB (Zen 4, every block size, best of three alternated runs). */
enum { CHUNK_BYTES = 16384 };

/* Under AddressSanitizer the kernels' frames reach deeper than the burns of
 * the GF kernels cover (test_stack_residue finds H there): SANITIZER_BURN
 * after each call into them (stack_burn.h). */
#define SANITIZER_BURN() SC_SANITIZER_BURN()

int sc_kghash_init(sc_kghash *h, const sc_kalyna_key *k, const char *gf_kernel)
{
    uint8_t zero[SC_KALYNA_MAX_BLOCK] = {0};
    uint64_t hw[SC_KGF_MAX_WORDS];
    const unsigned nw = k->block_size / 8;
    memset(h, 0, sizeof *h);
    sc_kalyna_ops_of(k)->encrypt(k, zero, zero, 1); /* H = E(0) */
    for (unsigned i = 0; i < nw; i++) hw[i] = sc_kalyna_load64(zero + 8 * i);
    int rc = sc_kgf_setkey(&h->gk, hw, nw, gf_kernel);
    sc_wipe(zero, sizeof zero);
    sc_wipe(hw, sizeof hw);
    /* the kernels' one-block frames (deep under AddressSanitizer) held H:
     * once per key, burn what they can have left */
    sc_burn_stack(SC_BURN_MAX);
    return rc;
}

void sc_kghash_clear(sc_kghash *h)
{
    sc_wipe(h->acc, sizeof h->acc);
    sc_wipe(h->pend, sizeof h->pend);
    h->pend_len = 0;
}

void sc_kghash_update(sc_kghash *h, const uint8_t *in, size_t len)
{
    const size_t bs = 8 * (size_t)h->gk.nw;
    if (h->pend_len) {
        size_t take = bs - h->pend_len < len ? bs - h->pend_len : len;
        memcpy(h->pend + h->pend_len, in, take);
        h->pend_len += (uint32_t)take, in += take, len -= take;
        if (h->pend_len < bs) return;
        h->gk.ops->hash(&h->gk, h->acc, h->pend, 1);
        h->pend_len = 0;
    }
    size_t whole = len / bs;
    if (whole) h->gk.ops->hash(&h->gk, h->acc, in, whole);
    if (len % bs) memcpy(h->pend, in + whole * bs, len % bs);
    h->pend_len = (uint32_t)(len % bs);
    SANITIZER_BURN();
}

void sc_kghash_pad(sc_kghash *h)
{
    if (h->pend_len) {
        memset(h->pend + h->pend_len, 0, 8 * h->gk.nw - h->pend_len);
        h->gk.ops->hash(&h->gk, h->acc, h->pend, 1);
    }
    sc_wipe(h->pend, sizeof h->pend);
    h->pend_len = 0;
    SANITIZER_BURN();
}

void sc_kghash_tag(sc_kghash *h, const sc_kalyna_key *k, uint64_t aad_len, uint64_t data_len, uint8_t *tag)
{
    const unsigned nw = h->gk.nw;
    /* lengths in bits (the API keeps both below 2^61 bytes) */
    h->acc[0] ^= aad_len << 3;
    h->acc[nw / 2] ^= data_len << 3;
    for (unsigned i = 0; i < nw; i++) sc_kalyna_store64(tag + 8 * i, h->acc[i]);
    sc_kalyna_ops_of(k)->encrypt(k, tag, tag, 1);
    sc_wipe(h->acc, sizeof h->acc);
    SANITIZER_BURN();
}

int sc_kghash_check(const sc_kghash *h, const sc_kalyna_key *k)
{
    if (sc_kgf_check(&h->gk) != SC_OK || 8 * h->gk.nw != k->block_size || h->pend_len >= k->block_size)
        return SC_ESTATE;
    return SC_OK;
}

int sc_kgcm_setkey(sc_kgcm *g, size_t block_size, const uint8_t *key, size_t key_len, const char *kernel,
                   const char *gf_kernel)
{
    memset(g, 0, sizeof *g);
    int rc = sc_kalyna_setkey_kernel(&g->key, block_size, key, key_len, kernel);
    if (rc == SC_OK) rc = sc_kghash_init(&g->h, &g->key, gf_kernel);
    if (rc != SC_OK) sc_wipe(g, sizeof *g);
    return rc;
}

int sc_kgcm_check(const sc_kgcm *g)
{
    if (sc_kalyna_check(&g->key) != SC_OK || sc_kghash_check(&g->h, &g->key) != SC_OK) return SC_ESTATE;
    return SC_OK;
}

void sc_kgcm_start(sc_kgcm *g, const uint8_t *nonce)
{
    sc_kalyna_ctr_start(&g->key, nonce, g->ctr); /* s = E(IV) */
    sc_kghash_clear(&g->h);
    sc_wipe(g->ks, sizeof g->ks);
    g->aad_closed = 0;
    g->aad_len = g->data_len = 0;
}

void sc_kgcm_aad(sc_kgcm *g, const uint8_t *aad, size_t len)
{
    g->aad_len += len;
    sc_kghash_update(&g->h, aad, len);
}

/* The AAD's last partial block, zero-padded, before the first data byte. */
static void close_aad(sc_kgcm *g)
{
    if (g->aad_closed) return;
    sc_kghash_pad(&g->h);
    g->aad_closed = 1;
}

static void crypt(sc_kgcm *g, const uint8_t *in, uint8_t *out, size_t len, int encrypt)
{
    const struct sc_kalyna_ops *ops = sc_kalyna_ops_of(&g->key);
    const size_t bs = g->key.block_size;
    close_aad(g);
    /* the partial block: its keystream in ks, its ciphertext through the hash's pending bytes */
    size_t used = g->data_len % bs;
    g->data_len += len;
    if (used) {
        size_t take = bs - used < len ? bs - used : len;
        if (!encrypt) sc_kghash_update(&g->h, in, take);
        for (size_t i = 0; i < take; i++) out[i] = (uint8_t)(in[i] ^ g->ks[used + i]);
        if (encrypt) sc_kghash_update(&g->h, out, take);
        in += take, out += take, len -= take;
    }
    while (len >= bs) {
        size_t n = len / bs < CHUNK_BYTES / bs ? len / bs : CHUNK_BYTES / bs;
        if (!encrypt) g->h.gk.ops->hash(&g->h.gk, g->h.acc, in, n); /* before in == out is overwritten */
        ops->ctr(&g->key, g->ctr, in, out, n);
        if (encrypt) g->h.gk.ops->hash(&g->h.gk, g->h.acc, out, n);
        in += n * bs, out += n * bs, len -= n * bs;
    }
    if (len) {
        memset(g->ks, 0, bs);
        ops->ctr(&g->key, g->ctr, g->ks, g->ks, 1);
        if (!encrypt) sc_kghash_update(&g->h, in, len);
        for (size_t i = 0; i < len; i++) out[i] = (uint8_t)(in[i] ^ g->ks[i]);
        if (encrypt) sc_kghash_update(&g->h, out, len);
    }
    SANITIZER_BURN();
}

void sc_kgcm_encrypt(sc_kgcm *g, const uint8_t *in, uint8_t *out, size_t len) { crypt(g, in, out, len, 1); }
void sc_kgcm_decrypt(sc_kgcm *g, const uint8_t *in, uint8_t *out, size_t len) { crypt(g, in, out, len, 0); }

void sc_kgcm_tag(sc_kgcm *g, uint8_t *tag)
{
    sc_kghash_pad(&g->h); /* the AAD's or the data's last partial block */
    sc_kghash_tag(&g->h, &g->key, g->aad_len, g->data_len, tag);
    sc_wipe(g->ks, sizeof g->ks);
    sc_wipe(g->ctr, sizeof g->ctr);
}
