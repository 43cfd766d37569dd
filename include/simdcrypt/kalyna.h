/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: Kalyna, the block cipher of DSTU 7624:2014 (Ukraine).
 *
 * Five block/key sizes in bytes: 16/16, 16/32, 32/32, 32/64, 64/64 (10, 14,
 * 14, 18, 18 rounds). Modes as the standard defines them:
 *   ECB, CBC  whole blocks only (SC_ELENGTH otherwise), raw (no padding);
 *   CTR       (section 7.4 "gamming") gamma_i = E(s + i), s = E(IV),
 *             i = 1, 2, ... added modulo 2^(block bits), little-endian;
 *             any length, the last gamma block truncated;
 *   MAC       (section 9.1) CBC-MAC with the last block xored with E(0);
 *             one or more whole blocks; the tag may be truncated to 1 byte or
 *             more (the leading bytes).
 * The generic API (cipher.h) streams all of them by name, e.g.
 * "kalyna-128-256-ctr", "kalyna-512-512-cmac", and has the standard's CFB,
 * OFB, XTS and key wrap too ("kalyna-128-128-cfb", "-ofb", "-xts", "-kw";
 * docs/kalyna-modes.md), which have no direct functions here.
 *
 * Every kernel is constant time: no branch or memory index depends on the key
 * or the data. Functions follow common.h: SC_OK or a negative SC_E* code.
 *
 * Contexts: sc_kalyna_setkey* wipes the context first, so after any error
 * it holds no key and every function refuses it. Every function checks the
 * context before use (SC_EINVAL for NULL, SC_ESTATE for one setkey did not
 * set up: never initialised, zeroed, wiped, failed, or corrupted: its
 * kernel, sizes and round count are validated, once per call).
 * Buffers: `out` may equal `in` exactly; any other overlap of the two is
 * refused with SC_EINVAL.
 */
#ifndef SIMDCRYPT_KALYNA_H
#define SIMDCRYPT_KALYNA_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SC_KALYNA_MAX_BLOCK 64
#define SC_KALYNA_MAX_ROUNDS 18

/* A key context: the expanded round keys (encryption uses them forwards,
 * decryption backwards: there is no separate decryption schedule to keep) and
 * the kernel chosen at setup. Caller-owned; treat as opaque. */
typedef struct sc_kalyna_key {
    uint64_t rk[SC_KALYNA_MAX_ROUNDS + 1][SC_KALYNA_MAX_BLOCK / 8]; /* round keys, 64-bit columns */
    const void *ops;     /* kernel operations */
    uint32_t block_size; /* bytes: 16, 32 or 64 */
    uint32_t key_size;   /* bytes: block_size or 2 * block_size */
    uint32_t rounds;     /* 10, 14 or 18 */
    uint32_t nb;         /* 64-bit columns per block */
    uint32_t magic;      /* set last by a successful setkey; 0 once wiped */
} sc_kalyna_key;

/* Key schedule for a block of block_size bytes (16, 32, 64; else SC_EINVAL)
 * and a key of key_len bytes (block_size or 2 * block_size, at most 64; else
 * SC_EKEYSIZE). kernel: a name from sc_kernel_get("kalyna", ...) or NULL for
 * the dispatched one (SC_EINVAL unknown, SC_ENOKERNEL not runnable here). */
SC_API int sc_kalyna_setkey(sc_kalyna_key *k, size_t block_size, const uint8_t *key, size_t key_len);
SC_API int sc_kalyna_setkey_kernel(sc_kalyna_key *k, size_t block_size, const uint8_t *key, size_t key_len,
                                   const char *kernel);
SC_API void sc_kalyna_wipe(sc_kalyna_key *k);

/* ECB on len bytes (a multiple of the block). in == out allowed. */
SC_API int sc_kalyna_ecb_encrypt(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t len);
SC_API int sc_kalyna_ecb_decrypt(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t len);
/* CBC, iv of one block (SC_EIVSIZE). in == out allowed. */
SC_API int sc_kalyna_cbc_encrypt(const sc_kalyna_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in,
                                 uint8_t *out, size_t len);
SC_API int sc_kalyna_cbc_decrypt(const sc_kalyna_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in,
                                 uint8_t *out, size_t len);
/* CTR (encrypts and decrypts), iv of one block, any len. */
SC_API int sc_kalyna_ctr(const sc_kalyna_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *in, uint8_t *out,
                         size_t len);
/* MAC of len bytes (a non-zero multiple of the block) into tag[tag_len],
 * 1 <= tag_len <= block_size (SC_ETAGSIZE). */
SC_API int sc_kalyna_mac(const sc_kalyna_key *k, const uint8_t *msg, size_t len, uint8_t *tag, size_t tag_len);
/* Check a received tag of tag_len bytes (sizes as sc_kalyna_mac) against
 * the MAC of msg in constant time (sc_memeq): SC_OK, SC_EAUTH on mismatch,
 * or sc_kalyna_mac's errors. */
SC_API int sc_kalyna_mac_verify(const sc_kalyna_key *k, const uint8_t *msg, size_t len, const uint8_t *tag,
                                size_t tag_len);

#ifdef __cplusplus
}
#endif
#endif
