/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: GCM (SP 800-38D) over an AES kernel: the message state and its
 * steps, shared by the AEAD API (aes_aead.c) and GMAC in the MAC API
 * (aes_family.c). The kernel does whole blocks (ctr32, ghash, or its fused
 * gcm_*); this file owns counters, partial blocks and lengths. */
#ifndef SC_AES_GCM_H
#define SC_AES_GCM_H

#include "aes_internal.h"

typedef struct sc_gcm {
    sc_aes_key key;
    sc_ghash_key gk;
    uint8_t ctr[16];  /* the next counter block (inc32 of J0 at start) */
    uint8_t ekj0[16]; /* E_K(J0): masks the tag */
    uint8_t acc[16];  /* the GHASH accumulator */
    uint8_t ks[16];   /* keystream of the current partial block */
    uint8_t pend[16]; /* bytes of the current partial block (AAD or ciphertext) */
    uint32_t pend_len; /* 0..15 */
    uint32_t aad_closed;
    uint64_t aad_len, data_len; /* bytes */
} sc_gcm;

/* Key setup: AES key for `kernel` (NULL = dispatched) and H = E_K(0). */
int sc_gcm_setkey(sc_gcm *g, const uint8_t *key, size_t key_len, const char *kernel);
/* Start a message (SP 800-38D 7.1 steps 2-3): J0 from the nonce (any length
 * >= 1; 12 bytes is nonce || 0^31 || 1, else GHASH of the padded nonce and
 * its bit length). */
void sc_gcm_start(sc_gcm *g, const uint8_t *nonce, size_t nonce_len);
/* AAD, any split, before any data. */
void sc_gcm_aad(sc_gcm *g, const uint8_t *aad, size_t len);
/* Data, any split; in == out allowed. */
void sc_gcm_encrypt(sc_gcm *g, const uint8_t *in, uint8_t *out, size_t len);
void sc_gcm_decrypt(sc_gcm *g, const uint8_t *in, uint8_t *out, size_t len);
/* The full 16-byte tag (7.1 steps 5-6); the message's secrets are wiped. */
void sc_gcm_tag(sc_gcm *g, uint8_t tag[16]);
/* Is the key complete (sc_aes_check)? SC_OK or SC_ESTATE. */
int sc_gcm_check(const sc_gcm *g);

/* AES counter mode over n blocks with a 128-bit big-endian counter (SP
 * 800-38A: carries across 2^32, 2^64, ... are exact), via the kernel's ctr32
 * split where the low word wraps. */
void sc_aes_ctr128(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n);

#endif
