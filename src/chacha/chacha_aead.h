/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: ChaCha20-Poly1305 (RFC 8439 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha 2.3) over any split of the AAD and the data:
 * the key, the message's ChaCha20 state and Poly1305 accumulator, and the
 * bytes in flight (keystream left in a block, a partial Poly1305 block). */
#ifndef SC_CHACHA_AEAD_H
#define SC_CHACHA_AEAD_H

#include "../cipher/ctx_check.h"
#include "chacha_internal.h"

typedef struct sc_chachapoly {
    sc_poly1305 poly;
    uint32_t key[8];        /* the key as words (XChaCha: the master key) */
    uint32_t st[16];        /* this message: counter at the next unused block */
    uint8_t ks[64];         /* keystream of the block before st[12] ... */
    uint32_t ks_left;       /* ... of which the last ks_left bytes are unused */
    uint8_t pend[16];       /* Poly1305 input not yet a whole block */
    uint32_t pend_len;
    uint32_t aad_closed;    /* the AAD's padding has been absorbed */
    uint64_t aad_len, data_len;
    const sc_chacha_ops *ops;
    uint32_t xchacha;       /* 24-byte nonces through HChaCha20 */
    uint32_t magic;         /* SC_CHACHAPOLY_MAGIC once keyed */
} sc_chachapoly;
#define SC_CHACHAPOLY_MAGIC 0x43503230u /* "CP20" */

/* Key setup for `kernel` (NULL = dispatched): SC_OK, SC_EKEYSIZE,
 * SC_EINVAL / SC_ENOKERNEL. A failure leaves the state wiped. */
int sc_chachapoly_setkey(sc_chachapoly *c, const uint8_t *key, size_t key_len, int xchacha, const char *kernel);
/* A message under a 12-byte (24-byte for XChaCha) nonce. */
void sc_chachapoly_start(sc_chachapoly *c, const uint8_t *nonce);
void sc_chachapoly_aad(sc_chachapoly *c, const uint8_t *aad, size_t len);
void sc_chachapoly_crypt(sc_chachapoly *c, const uint8_t *in, uint8_t *out, size_t len, int encrypt);
/* The 16-byte tag; the message's secrets (Poly1305 key, keystream) wiped. */
void sc_chachapoly_tag(sc_chachapoly *c, uint8_t tag[16]);
/* A whole message: the kernel's fused loop, one ChaCha20 call for a short
 * one, else the streaming steps above (the arguments checked). */
void sc_chachapoly_oneshot(sc_chachapoly *c, int encrypt, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                           const uint8_t *in, uint8_t *out, size_t len, uint8_t tag[16]);
int sc_chachapoly_check(const sc_chachapoly *c);

/* Is `ops` a kernel object of sc_alg_chacha this CPU runs? Through the
 * last one found runnable (ctx_check.h's cache), as sc_aes_check_inline. */
extern sc_runnable_cache sc_chacha_runnable;
static inline int sc_chacha_ops_ok(const sc_chacha_ops *ops)
{
    return sc_ops_runnable_cached(&sc_alg_chacha, &sc_chacha_runnable, ops);
}

/* HChaCha20 as sc_hchacha20, through ops's ChaCha20 (subkey may be key). */
void sc_hchacha20_ops(const sc_chacha_ops *ops, uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce16[16]);

/* The kernel for `kernel` (NULL = dispatched), or NULL with *status. */
const sc_chacha_ops *sc_chacha_kernel(const char *kernel, int *status);

#endif
