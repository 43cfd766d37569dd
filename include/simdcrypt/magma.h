/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: Magma (GOST R 34.12-2015) and GOST 28147-89.
 *
 * One cipher, two byte conventions:
 *   - GOST R 34.12-2015 / 34.13-2015 (RFC 8891) read the key and every block
 *     big-endian: sc_magma_init(). Its modes are ECB, CBC, CTR and the MAC
 *     (CMAC, "OMAC") of GOST R 34.13-2015.
 *   - GOST 28147-89 (RFC 5830, CryptoPro usage, RFC 4357 parameter sets) reads
 *     them little-endian: sc_gost89_init(). Its counter ("gamma") mode with
 *     the constants C1/C2 of RFC 5830 section 6 is sc_gost89_cnt().
 * A key context remembers its convention; ECB, CBC and CMAC follow it.
 *
 * S-boxes: 8 rows of 16 nibbles; row i substitutes bits 4i..4i+3 of the
 * 32-bit round value (pi_i of GOST R 34.12-2015, K(i+1) of GOST 28147-89).
 * NULL selects id-tc26-gost-28147-param-Z, the S-box of GOST R 34.12-2015.
 * The S-box may be secret in GOST 28147-89 usage: every kernel treats it as
 * secret (no table index or branch depends on it) and the context erases it.
 *
 * Every function follows common.h: SC_OK or a negative SC_E* code.
 *
 * Contexts: sc_magma_init / sc_gost89_init wipe the context first, so after
 * any error it holds no key (not even the previous one) and every function
 * refuses it. Every function checks the context before use (SC_EINVAL for
 * NULL, SC_ESTATE for one init did not set up: never initialised, zeroed,
 * wiped, failed, or corrupted: its kernel pointer must be a kernel this CPU
 * runs, checked once per call). Buffers: `out` may equal `in` exactly; any
 * other overlap of the two is refused with SC_EINVAL.
 */
#ifndef SIMDCRYPT_MAGMA_H
#define SIMDCRYPT_MAGMA_H

#include "cipher.h" /* SC_KEY_MESHING_*, SC_SHORT_MAC_* */
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SC_MAGMA_KEY_SIZE 32
#define SC_MAGMA_BLOCK_SIZE 8
#define SC_MAGMA_CTR_IV_SIZE 4    /* GOST R 34.13-2015 CTR: n/2 bits */
#define SC_GOST89_CNT_IV_SIZE 8   /* GOST 28147-89 gamma mode synchro */

/* A key context: the round keys in both orders, the S-box and the S-box in
 * the format of the kernel that will run it. Caller-owned; no allocation.
 * Treat as opaque. */
typedef struct sc_magma_key {
    unsigned char tables[512]; /* S-box tables in the chosen kernel's format */
    uint32_t round_keys[2][32]; /* [0] encryption order, [1] decryption order */
    uint8_t sbox[8][16];
    const void *kernel; /* the kernel `tables` were built for */
    int little_endian;  /* 1: GOST 28147-89 byte order */
    int custom_sbox;    /* 1: not a named S-box, so possibly secret (magma_internal.h) */
    uint32_t magic;     /* set last by a successful init; 0 once wiped */
} sc_magma_key;

/* Named S-boxes: every S-box of RFC 4357 and RFC 7836 by the identifier
 * the RFC gives it, by its OID (dotted), by today's short names and by
 * Bouncy Castle's GOST28147Engine names. Names are matched ignoring ASCII
 * case (Bouncy Castle upper-cases them, the RFCs mix cases), OIDs exactly:
 *   id-tc26-gost-28147-param-Z            1.2.643.7.1.2.5.1.1  param-z, Param-Z
 *   id-Gost28147-89-CryptoPro-A-ParamSet  1.2.643.2.2.31.1     cryptopro-a, E-A
 *   id-Gost28147-89-CryptoPro-B-ParamSet  1.2.643.2.2.31.2     cryptopro-b, E-B
 *   id-Gost28147-89-CryptoPro-C-ParamSet  1.2.643.2.2.31.3     cryptopro-c, E-C
 *   id-Gost28147-89-CryptoPro-D-ParamSet  1.2.643.2.2.31.4     cryptopro-d, E-D
 *   id-Gost28147-89-TestParamSet          1.2.643.2.2.31.0     test-28147, E-TEST
 *   id-GostR3411-94-TestParamSet          1.2.643.2.2.30.0     test, D-TEST, Default
 *   id-GostR3411-94-CryptoProParamSet     1.2.643.2.2.30.1     cryptopro-hash, D-A
 * ("test" stays the GOST R 34.11-94 test set it always was; Bouncy
 * Castle's "Default" is the same table.) SC_OK or SC_EINVAL for another
 * name. */
SC_API int sc_magma_sbox_named(const char *name, uint8_t sbox[8][16]);
/* NULL-terminated list of every name sc_magma_sbox_named knows (OIDs
 * aside): "param-z", "cryptopro-a", "test" first, as before. */
SC_API const char *const *sc_magma_sbox_names(void);
/* One named S-box: its RFC identifier, dotted OID and other names
 * (NULL-terminated). Static strings. */
typedef struct sc_magma_sbox_info {
    const char *name, *oid;
    const char *const *aliases;
} sc_magma_sbox_info;
/* The index-th named S-box (the table above, in that order): SC_OK, or
 * SC_EINVAL past the end or for a NULL info. */
SC_API int sc_magma_sbox_info_at(size_t index, sc_magma_sbox_info *info);
/* 128 hex digits, row 0 first, entry 0 first; blanks ignored. SC_EINVAL
 * (and sbox zeroed) on anything else or when a row is not a permutation of
 * 0..15. Constant time in the digits (a secret S-box). */
SC_API int sc_magma_sbox_from_hex(const char *hex, uint8_t sbox[8][16]);

/* Key setup: key is 32 bytes (SC_EKEYSIZE otherwise); sbox is 128 bytes,
 * row-major as sbox[8][16] (pass &rows[0][0]), NULL = param-Z;
 * SC_EINVAL unless every row is a permutation of 0..15. The fastest kernel
 * this CPU runs is used. */
SC_API int sc_magma_init(sc_magma_key *k, const uint8_t *key, size_t key_len,
                         const uint8_t *sbox);
SC_API int sc_gost89_init(sc_magma_key *k, const uint8_t *key, size_t key_len,
                          const uint8_t *sbox);
/* Rebuild the context for a named kernel ("portable", "x86-avx512-vbmi", ...;
 * see sc_kernel_count("magma")). SC_EINVAL / SC_ENOKERNEL, the context then
 * unchanged (still its key on its previous kernel); SC_ESTATE for a context
 * init did not set up. */
SC_API int sc_magma_use_kernel(sc_magma_key *k, const char *kernel_name);
SC_API void sc_magma_wipe(sc_magma_key *k);

/* ECB: len a multiple of 8 (SC_ELENGTH). in == out allowed. */
SC_API int sc_magma_ecb_encrypt(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len);
SC_API int sc_magma_ecb_decrypt(const sc_magma_key *k, const uint8_t *in, uint8_t *out, size_t len);

/* CBC of GOST R 34.13-2015: the IV fills the m-bit register, m = iv_len * 8,
 * any non-zero multiple of the block (the standard's example uses 3 blocks;
 * one block is the usual CBC). len a multiple of 8. in == out allowed. */
SC_API int sc_magma_cbc_encrypt(const sc_magma_key *k, const uint8_t *iv, size_t iv_len,
                                const uint8_t *in, uint8_t *out, size_t len);
SC_API int sc_magma_cbc_decrypt(const sc_magma_key *k, const uint8_t *iv, size_t iv_len,
                                const uint8_t *in, uint8_t *out, size_t len);

/* CTR of GOST R 34.13-2015: counter = IV (4 bytes) || 0^32, incremented mod
 * 2^64 per block; any len (the last block is truncated). Encrypts and
 * decrypts. `block_offset` starts at that block of the key stream (0 for a
 * whole message), so a stream can be processed in block-aligned pieces. */
SC_API int sc_magma_ctr(const sc_magma_key *k, const uint8_t *iv, size_t iv_len,
                        uint64_t block_offset, const uint8_t *in, uint8_t *out, size_t len);

/* OFB of GOST R 34.13-2015 (5.3): the IV fills the m-bit register
 * (m = iv_len * 8, a non-zero multiple of the block up to 32 blocks, as for
 * CBC); each encryption of the register's leading block gives the next
 * block of the register and its leading s bits the key stream, s =
 * segment_bits (8..64 in steps of 8; 0 = 64; SC_EINVAL otherwise). Any
 * len; encrypts and decrypts. In k's byte order (GOST R 34.13 big-endian
 * for sc_magma_init keys). */
SC_API int sc_magma_ofb(const sc_magma_key *k, unsigned segment_bits, const uint8_t *iv, size_t iv_len,
                        const uint8_t *in, uint8_t *out, size_t len);
/* CFB of GOST R 34.13-2015 (5.5): register and s as for sc_magma_ofb; the
 * register shifts in the s-bit ciphertext segments. Any len. */
SC_API int sc_magma_cfb_encrypt(const sc_magma_key *k, unsigned segment_bits, const uint8_t *iv, size_t iv_len,
                                const uint8_t *in, uint8_t *out, size_t len);
SC_API int sc_magma_cfb_decrypt(const sc_magma_key *k, unsigned segment_bits, const uint8_t *iv, size_t iv_len,
                                const uint8_t *in, uint8_t *out, size_t len);

/* The GOST 28147-89 modes below take CryptoPro key meshing (RFC 4357
 * section 2.3.2: after every 1024 bytes the key becomes D_K(C) for the
 * RFC's constant C) and the MAC a short-message rule. Defaults, beside
 * gost-engine's (docs/gost-modes.md):
 *
 *   mode          key_meshing DEFAULT   gost-engine (3.0.x)
 *   gost89-cnt    on (CRYPTOPRO)        gost89-cnt, gost89-cnt-12: on
 *   gost89-cfb    on (CRYPTOPRO)        gost89: on (every paramset of its
 *                                       table has meshing on)
 *   gost89-mac    on (CRYPTOPRO)        gost-mac, gost-mac-12: on
 *
 *   MAC of 0..8 bytes: SC_SHORT_MAC_DEFAULT = CRYPTOPRO (gost-engine,
 *   CryptoPro CSP): a message of 1..8 bytes is padded to two blocks
 *   (M || 0^(64-|M|), then a zero block) and the empty message gives
 *   00000000; SC_SHORT_MAC_BC (Bouncy Castle's GOST28147Mac): one padded
 *   block, and one zero block for the empty message.
 *
 * What is re-encrypted under the new key at a meshing, as gost-engine does:
 * CNT, the running counters (N3, N4) of the last gamma block; CFB, the
 * feedback block (the last ciphertext block), which is then encrypted again
 * for the gamma; the MAC, nothing (its chaining value is kept). Meshing
 * re-keys a private copy of k: k itself is never changed. */

/* GOST 28147-89 counter (gamma) mode, RFC 5830 section 6: synchro S of 8
 * bytes, any len. `block_offset` as for sc_magma_ctr (with meshing on, a
 * start at block b costs b / 128 meshings). sc_gost89_cnt is
 * sc_gost89_cnt_ex with SC_KEY_MESHING_DEFAULT. */
SC_API int sc_gost89_cnt(const sc_magma_key *k, const uint8_t *iv, size_t iv_len,
                         uint64_t block_offset, const uint8_t *in, uint8_t *out, size_t len);
SC_API int sc_gost89_cnt_ex(const sc_magma_key *k, int key_meshing, const uint8_t *iv, size_t iv_len,
                            uint64_t block_offset, const uint8_t *in, uint8_t *out, size_t len);

/* GOST 28147-89 CFB ("gamma with feedback", RFC 5830 section 7; gost-engine's
 * gost89 cipher): 8-byte IV, any len, little-endian (a key from
 * sc_gost89_init; SC_EINVAL for a Magma key). key_meshing as above. */
SC_API int sc_gost89_cfb_encrypt(const sc_magma_key *k, int key_meshing, const uint8_t *iv, size_t iv_len,
                                 const uint8_t *in, uint8_t *out, size_t len);
SC_API int sc_gost89_cfb_decrypt(const sc_magma_key *k, int key_meshing, const uint8_t *iv, size_t iv_len,
                                 const uint8_t *in, uint8_t *out, size_t len);

/* MAC of GOST R 34.13-2015 (CMAC with B = 0x1B): tag_len 1..8 bytes, the
 * leading bytes of the full value (SC_ETAGSIZE otherwise). */
SC_API int sc_magma_cmac(const sc_magma_key *k, const uint8_t *msg, size_t len, uint8_t *tag,
                         size_t tag_len);
/* Check a received tag of tag_len bytes (sizes as sc_magma_cmac) against the
 * MAC of msg in constant time (sc_memeq): SC_OK, SC_EAUTH on mismatch, or
 * sc_magma_cmac's errors. */
SC_API int sc_magma_cmac_verify(const sc_magma_key *k, const uint8_t *msg, size_t len, const uint8_t *tag,
                                size_t tag_len);

/* MAC of GOST 28147-89 (imitovstavka, RFC 5830 section 8) for a key from
 * sc_gost89_init (SC_EINVAL for a big-endian Magma key): the message in
 * 8-byte blocks, the last one zero-padded, chained through the 16-round
 * transformation (K1..K8 twice); tag_len 1..4 bytes, the first bytes of N1
 * (SC_ETAGSIZE otherwise). Messages of 0..8 bytes follow short_mac and
 * longer ones key_meshing (table above; SC_EINVAL for other values).
 * sc_gost89_mac is sc_gost89_mac_ex with both defaults: gost-engine's
 * gost-mac byte for byte; Bouncy Castle's GOST28147Mac is
 * (SC_KEY_MESHING_NONE, SC_SHORT_MAC_BC). */
#define SC_GOST89_MAC_SIZE 4
SC_API int sc_gost89_mac(const sc_magma_key *k, const uint8_t *msg, size_t len, uint8_t *tag, size_t tag_len);
SC_API int sc_gost89_mac_ex(const sc_magma_key *k, int key_meshing, int short_mac, const uint8_t *msg, size_t len,
                            uint8_t *tag, size_t tag_len);
/* The same check for sc_gost89_mac(_ex): SC_OK, SC_EAUTH, or its errors. */
SC_API int sc_gost89_mac_verify(const sc_magma_key *k, const uint8_t *msg, size_t len, const uint8_t *tag,
                                size_t tag_len);
SC_API int sc_gost89_mac_verify_ex(const sc_magma_key *k, int key_meshing, int short_mac, const uint8_t *msg,
                                   size_t len, const uint8_t *tag, size_t tag_len);

#ifdef __cplusplus
}
#endif
#endif
