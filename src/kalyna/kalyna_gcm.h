/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna GCM and GMAC (DSTU 7624:2014 sections 12 and 10, as
 * Bouncy Castle's KGCMBlockCipher reads them; docs/kalyna-aead.md): the
 * message state and its steps, shared by the AEAD API (kalyna_aead.c) and
 * GMAC in the MAC API (kalyna_family.c). The Kalyna kernel does the CTR
 * blocks, a GF kernel (kalyna_gf.h) the hash; this file owns partial
 * blocks, lengths and the tag.
 *
 *   H = E(0); s = E(IV); C_i = P_i ^ E(s + i) (section 7.4's CTR);
 *   B = hash_H(A zero-padded, C zero-padded) ^ L, where L holds |A| in bits
 *   as a 64-bit little-endian word at byte 0 and |C| in bits at byte bs/2;
 *   T = E(B), truncated to its leading bytes. GMAC is the same with no C. */
#ifndef SC_KALYNA_GCM_H
#define SC_KALYNA_GCM_H

#include "kalyna_gf.h"
#include "kalyna_modes.h"

/* The hash of a message: key, accumulator, a partial block of AAD or data. */
typedef struct sc_kghash {
    sc_kgf_key gk;
    uint64_t acc[SC_KGF_MAX_WORDS];
    uint8_t pend[SC_KALYNA_MAX_BLOCK];
    uint32_t pend_len; /* 0 .. block - 1 */
} sc_kghash;

typedef struct sc_kgcm {
    sc_kalyna_key key;
    sc_kghash h;
    uint8_t ctr[SC_KALYNA_MAX_BLOCK]; /* s + i of the last block done */
    uint8_t ks[SC_KALYNA_MAX_BLOCK];  /* keystream of the current partial data block */
    uint32_t aad_closed;
    uint64_t aad_len, data_len; /* bytes */
} sc_kgcm;

/* H = E(0) into h (GF kernel by name or NULL), accumulator cleared. */
int sc_kghash_init(sc_kghash *h, const sc_kalyna_key *k, const char *gf_kernel);
/* Back to an empty message (accumulator and partial block wiped). */
void sc_kghash_clear(sc_kghash *h);
/* Any number of bytes, any split. */
void sc_kghash_update(sc_kghash *h, const uint8_t *in, size_t len);
/* The partial block zero-padded into the hash. */
void sc_kghash_pad(sc_kghash *h);
/* The tag E(acc ^ L) of a message of aad_len and data_len bytes (its
 * partial block already padded) into tag (one block); the accumulator is
 * wiped and cleared for the next message. */
void sc_kghash_tag(sc_kghash *h, const sc_kalyna_key *k, uint64_t aad_len, uint64_t data_len, uint8_t *tag);
int sc_kghash_check(const sc_kghash *h, const sc_kalyna_key *k);

/* Key setup for `block_size` bytes: the Kalyna kernel and the GF kernel by
 * name (NULL: dispatched). */
int sc_kgcm_setkey(sc_kgcm *g, size_t block_size, const uint8_t *key, size_t key_len, const char *kernel,
                   const char *gf_kernel);
/* A message: the nonce is one block. */
void sc_kgcm_start(sc_kgcm *g, const uint8_t *nonce);
void sc_kgcm_aad(sc_kgcm *g, const uint8_t *aad, size_t len);
void sc_kgcm_encrypt(sc_kgcm *g, const uint8_t *in, uint8_t *out, size_t len);
void sc_kgcm_decrypt(sc_kgcm *g, const uint8_t *in, uint8_t *out, size_t len);
/* The full tag (one block); the message's secrets are wiped. */
void sc_kgcm_tag(sc_kgcm *g, uint8_t *tag);
int sc_kgcm_check(const sc_kgcm *g);

#endif
