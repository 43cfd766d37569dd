/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: authenticated encryption with associated data (AEAD), by name,
 * caller-owned contexts, no allocation.
 *
 * Names (sc_aead_name_at lists every one):
 *   aes-128-gcm, aes-192-gcm, aes-256-gcm   SP 800-38D (nonces of any length
 *                                           >= 1 byte, 12 the fast path; tags
 *                                           of 16, 15, 14, 13, 12, 8 or 4 bytes)
 *   kalyna-<block>-<key>-gcm, -ccm          DSTU 7624:2014 GCM and CCM, block/key
 *                                           128-128, 128-256, 256-256, 256-512,
 *                                           512-512 (nonce: one block; tags up to
 *                                           a block, 64 bytes for Kalyna-512;
 *                                           docs/kalyna-aead.md)
 *   magma-mgm                               RFC 9058 MGM over Magma (GOST R
 *                                           34.12-2015): 8-byte nonces whose
 *                                           top bit is 0 (set: SC_EIVSIZE),
 *                                           tags of 4..8 bytes, .sbox option
 *
 * One shot (most callers):
 *   sc_aead_init(&c, "aes-256-gcm", key, 32, NULL);
 *   sc_aead_seal(&c, nonce, 12, aad, aad_len, pt, pt_len, out, cap, &n, 16);
 *       out = ciphertext || tag, n = pt_len + 16
 *   sc_aead_open(&c, nonce, 12, aad, aad_len, out, n, pt, cap, &m, 16);
 *       SC_OK: m = n - 16 bytes of plaintext. SC_EAUTH: the tag did not
 *       verify (constant-time comparison); nothing was released: the
 *       n - 16 bytes of `pt` are zeroed and m = 0.
 *   sc_aead_seal_detached / sc_aead_open_detached: the same with the tag in
 *   a buffer of its own.
 * A context keeps its key schedule across messages: init once per key, then
 * seal/open any number of messages, each with its own nonce. Never seal two
 * messages with the same key and nonce (GCM then loses confidentiality and
 * authenticity); the library cannot check that for you across calls.
 *
 * Streaming (messages too large for one buffer):
 *   sc_aead_start(&c, 1, nonce, nonce_len)          1 = seal, 0 = open
 *   sc_aead_update_aad(&c, aad, len)                 any number, any split,
 *                                                    all before the data
 *   sc_aead_encrypt_update(&c, in, len, out, cap, &n)  n == len
 *   sc_aead_encrypt_final(&c, tag, tag_len)
 * and for decryption the released-before-verified plaintext is explicit:
 *   sc_aead_decrypt_update_UNVERIFIED(&c, in, len, out, cap, &n)
 *   sc_aead_decrypt_final(&c, tag, tag_len)          SC_OK or SC_EAUTH
 * Plaintext from the UNVERIFIED call must not be used (parsed, displayed,
 * written where others read it) before decrypt_final returned SC_OK; on
 * SC_EAUTH the caller must discard all of it. Use sc_aead_open unless the
 * message does not fit in memory.
 *
 * Kalyna GCM's tag does not cover the nonce (DSTU 7624's construction:
 * docs/kalyna-aead.md); bind it through the AAD where that matters.
 * Kalyna CCM puts the lengths of the AAD and of the data into its first MAC
 * blocks, so it takes one-shot seal/open only: sc_aead_start refuses it with
 * SC_EINVAL. Kalyna GCM refuses a message with neither AAD nor data
 * (SC_ELENGTH; its tag would be the hash key, DSTU 7624:2014 12.1).
 *
 * Limits: GCM refuses a plaintext above 2^36 - 32 bytes and AAD above
 * 2^61 - 1 bytes (SP 800-38D section 5.2.1.1) with SC_ELENGTH.
 * Buffers: out may equal in exactly; any other overlap is SC_EINVAL. Errors
 * follow simdcrypt/common.h; an error in a message (other than SC_EAUTH's
 * verdict) ends it: the context returns SC_ESTATE until the next start or
 * one-shot call. sc_aead_wipe erases the key (call it when done).
 */
#ifndef SIMDCRYPT_AEAD_H
#define SIMDCRYPT_AEAD_H

#include "cipher.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SC_AEAD_CTX_SIZE 4096

typedef struct sc_aead_ctx {
    SC_CTX_ALIGNAS unsigned char opaque[SC_AEAD_CTX_SIZE];
} sc_aead_ctx;

typedef struct sc_aead_info {
    const char *name;         /* "aes-256-gcm" */
    const char *algorithm;    /* kernel registry name, "aes" */
    size_t key_size;          /* bytes, the only accepted key length */
    size_t nonce_size;        /* the recommended nonce length (the fast path) */
    size_t min_nonce_size;    /* accepted nonce lengths: min..max */
    size_t max_nonce_size;
    size_t tag_size;          /* the full tag */
    uint64_t tag_sizes;       /* bit t - 1 set when a t-byte tag is accepted (t = 1..64):
                                 ask sc_aead_tag_size_ok */
    uint64_t max_plaintext;   /* bytes per message */
    uint64_t max_aad;         /* bytes per message */
    int one_shot;             /* 1: sc_aead_seal/sc_aead_open only, sc_aead_start refuses
                                 (DSTU 7624 CCM: its first MAC block holds every length) */
} sc_aead_info;

SC_API size_t sc_aead_ctx_size(void);
/* Describe an AEAD name: SC_OK or SC_EINVAL. */
SC_API int sc_aead_info_get(const char *name, sc_aead_info *info);
/* 1 if `info` accepts a tag of tag_len bytes (1..info->tag_size, a bit of
 * info->tag_sizes), else 0 (also for NULL). */
SC_API int sc_aead_tag_size_ok(const sc_aead_info *info, size_t tag_len);
/* The index-th AEAD name, NULL past the end. */
SC_API const char *sc_aead_name_at(size_t index);

/* Key setup. opts: NULL, or .kernel to choose a kernel (tests, benchmarks)
 * and .sbox for GOST ciphers (magma-mgm); every other option must be unset
 * (SC_EINVAL). Errors: SC_EINVAL (unknown name), SC_EKEYSIZE, SC_ENULL,
 * SC_ENOKERNEL. */
SC_API int sc_aead_init(sc_aead_ctx *c, const char *name, const uint8_t *key, size_t key_len,
                        const sc_cipher_opts *opts);

/* One shot. seal writes in_len + tag_len bytes; open reads in_len >= tag_len
 * bytes (ciphertext || tag) and writes in_len - tag_len. out_cap smaller
 * than that: SC_ELENGTH before anything is written. */
SC_API int sc_aead_seal(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                        size_t *out_len, size_t tag_len);
SC_API int sc_aead_open(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                        size_t *out_len, size_t tag_len);

/* One shot with the tag in its own buffer (libsodium's "detached" calls;
 * protocols that carry the tag apart from the ciphertext). seal writes in_len
 * bytes to out and tag_len to tag, which may not overlap in or out; open
 * reads in_len bytes of ciphertext and the tag_len-byte tag and writes in_len
 * bytes, zeroed with SC_EAUTH as sc_aead_open does. Same checks and errors. */
SC_API int sc_aead_seal_detached(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                 size_t aad_len, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                                 size_t *out_len, uint8_t *tag, size_t tag_len);
SC_API int sc_aead_open_detached(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                 size_t aad_len, const uint8_t *in, size_t in_len, const uint8_t *tag,
                                 size_t tag_len, uint8_t *out, size_t out_cap, size_t *out_len);

/* Streaming (see above). */
SC_API int sc_aead_start(sc_aead_ctx *c, int encrypt, const uint8_t *nonce, size_t nonce_len);
SC_API int sc_aead_update_aad(sc_aead_ctx *c, const uint8_t *aad, size_t aad_len);
SC_API int sc_aead_encrypt_update(sc_aead_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out,
                                  size_t out_cap, size_t *out_len);
SC_API int sc_aead_encrypt_final(sc_aead_ctx *c, uint8_t *tag, size_t tag_len);
SC_API int sc_aead_decrypt_update_UNVERIFIED(sc_aead_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out,
                                             size_t out_cap, size_t *out_len);
SC_API int sc_aead_decrypt_final(sc_aead_ctx *c, const uint8_t *tag, size_t tag_len);

SC_API void sc_aead_wipe(sc_aead_ctx *c);

#ifdef __cplusplus
}
#endif
#endif
