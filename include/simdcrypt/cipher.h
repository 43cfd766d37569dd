/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: block ciphers and MACs by name, streaming, caller-owned contexts.
 *
 * Names (sc_cipher_name_at / sc_mac_name_at list every one):
 *   kalyna-<block>-<key>-<mode>  DSTU 7624:2014, block/key 128-128, 128-256,
 *                                256-256, 256-512, 512-512; mode ecb|cbc|ctr|
 *                                cfb|ofb|xts|kw (docs/kalyna-modes.md)
 *   kalyna-<block>-<key>-cmac    the DSTU 7624:2014 MAC (section 9.1)
 *   magma-ecb|cbc|ctr, gost89-ecb, gost89-cnt, magma-cmac  (GOST, see magma.h)
 *
 * Modes are raw by default, like `openssl enc -nopad`; ECB and CBC take
 * PKCS#7 padding (RFC 5652 section 6.3) with opts.padding = SC_PADDING_PKCS7:
 *   encrypt: final writes the last block, 1..block_size padding bytes of
 *            value n (out_cap >= block_size);
 *   decrypt: update holds the last block back; final checks the padding in
 *            constant time and writes the block_size - n plaintext bytes left
 *            (out_cap >= block_size - 1; that many bytes are written, zeros
 *            after the plaintext). Every defect (length byte 0 or above the
 *            block size, a filler byte that differs) is the same SC_EPADDING,
 *            with nothing written and *out_len = 0. Unauthenticated CBC with
 *            padding is still malleable: authenticate the ciphertext (or use
 *            an AEAD, aead.h) before decrypting what an attacker can change.
 *   ECB/CBC: any split of the input across sc_cipher_update calls; partial
 *            blocks are buffered; a partial block left at sc_cipher_final is
 *            refused with SC_ELENGTH.
 *   CTR/CNT, CFB, OFB: a stream; any length, any split.
 *   XTS:     any length from one block on, any split, ciphertext stealing
 *            for a partial last block: update keeps the last whole block and
 *            the partial one after it (bs .. 2 bs - 1 bytes, once a block has
 *            come) and final writes them (out_cap >= those bytes; fewer than
 *            a block in all: SC_ELENGTH; an empty message is empty).
 *   Key wrap (kalyna-*-kw, aes-*-kw/kwp, info.one_shot = 1): the whole message at once.
 *            sc_cipher_crypt takes any length; update only buffers (at most
 *            128 bytes in all when unwrapping, 128 - block_size when
 *            wrapping, so that what it wraps it can unwrap; more:
 *            SC_ELENGTH, nothing kept) and final
 *            wraps (writes in + block_size bytes) or unwraps (in -
 *            block_size) them. A wrapped key that does not check out is
 *            SC_EAUTH with nothing written.
 * `out` may equal `in` exactly (in place; with a partial block buffered,
 * ECB/CBC output then runs ahead of the input by the bytes written but not
 * read). Any other overlap between the bytes an update reads and the bytes
 * it writes is refused with SC_EINVAL, before touching anything. update
 * writes at most in_len + block_size - 1 bytes (ECB/CBC), in_len + 2
 * block_size - 1 (XTS: what it held before), in_len (streams) or nothing
 * (key wrap), and refuses a smaller out_cap with SC_ELENGTH before touching
 * anything.
 *
 * Contexts are fixed-size, 64-byte aligned, caller-owned structs (no
 * allocation): SC_CIPHER_CTX_SIZE bytes (sc_cipher_ctx_size() at run time,
 * for FFI callers). Errors follow simdcrypt/common.h. Init wipes the context
 * first; after an error from init it stays wiped and unusable. Every other
 * function refuses a context init did not set up (never initialised,
 * zeroed, wiped, failed, corrupted: its kernel, sizes and mode are checked
 * once per call) with SC_ESTATE, and a NULL context with SC_EINVAL.
 * sc_cipher_wipe erases key schedules and buffered data (call it when done;
 * it is safe on a wiped context).
 */
#ifndef SIMDCRYPT_CIPHER_H
#define SIMDCRYPT_CIPHER_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SC_CIPHER_CTX_SIZE 4096
#define SC_CIPHER_CTX_ALIGN 64
#if defined(__cplusplus)
#define SC_CTX_ALIGNAS alignas(SC_CIPHER_CTX_ALIGN)
#else
#define SC_CTX_ALIGNAS _Alignas(SC_CIPHER_CTX_ALIGN)
#endif

/* Opaque context for a cipher or a MAC: treat as raw bytes. */
typedef struct sc_cipher_ctx {
    SC_CTX_ALIGNAS unsigned char opaque[SC_CIPHER_CTX_SIZE];
} sc_cipher_ctx;
typedef struct sc_mac_ctx {
    SC_CTX_ALIGNAS unsigned char opaque[SC_CIPHER_CTX_SIZE];
} sc_mac_ctx;

/* Optional parameters of init. A NULL opts pointer, or NULL fields, mean
 * the defaults. */
typedef struct sc_cipher_opts {
    /* Kernel name from sc_kernel_get (e.g. "portable", "x86-avx512-vbmi-gfni");
     * NULL = the dispatched one. SC_ENOKERNEL if this CPU cannot run it. */
    const char *kernel;
    /* GOST S-box: "param-z" (default), "cryptopro-a", "test", or 128 hex
     * digits (8 rows of 16 nibbles, the RFC 4357 order). Ciphers without a
     * replaceable S-box refuse a non-NULL value with SC_EINVAL. */
    const char *sbox;
    /* SC_PADDING_NONE (0, default) or SC_PADDING_PKCS7 (ECB and CBC only;
     * SC_EINVAL for stream modes and MACs). */
    int padding;
    /* ChaCha20 and XChaCha20: the block counter of the first 64 bytes (0 by
     * default). ChaCha20's is 32 bits (RFC 8439 2.3; larger values:
     * SC_EINVAL) and never carries into the nonce; XChaCha20's is 64 bits
     * (words 12-13, libsodium's and Wycheproof's convention, the same as
     * draft-irtf-cfrg-xchacha below 2^32 blocks). A message that would run
     * the counter past its last block is refused whole with SC_ELENGTH,
     * nothing written: a keystream block is never used twice. Every other
     * name refuses a non-zero value with SC_EINVAL. */
    uint64_t counter;
    /* CFB (kalyna-*-cfb, magma-cfb, gost89-cfb) and the OFB of GOST R 34.13
     * (magma-ofb): the segment size s in bits, a multiple of 8 from 8 to
     * the block size; 0 = the block size. Other names refuse a non-zero
     * value with SC_EINVAL. */
    uint32_t segment_bits;
    /* GOST 28147-89 CNT, CFB and MAC (gost89-cnt, gost89-cfb, gost89-mac):
     * CryptoPro key meshing, RFC 4357 section 2.3. SC_KEY_MESHING_DEFAULT
     * (0: the name's default, magma.h), SC_KEY_MESHING_NONE or
     * SC_KEY_MESHING_CRYPTOPRO. Other names refuse a non-zero value. */
    int32_t key_meshing;
    /* gost89-mac: what a message of at most one block gives.
     * SC_SHORT_MAC_DEFAULT (0: magma.h), SC_SHORT_MAC_CRYPTOPRO (gost-engine,
     * CryptoPro) or SC_SHORT_MAC_BC (Bouncy Castle). Other names refuse a
     * non-zero value. */
    int32_t short_mac;
} sc_cipher_opts;
#define SC_KEY_MESHING_DEFAULT 0
#define SC_KEY_MESHING_NONE 1
#define SC_KEY_MESHING_CRYPTOPRO 2
#define SC_SHORT_MAC_DEFAULT 0
#define SC_SHORT_MAC_CRYPTOPRO 1
#define SC_SHORT_MAC_BC 2
#define SC_PADDING_NONE 0
#define SC_PADDING_PKCS7 1

/* What a name means. */
typedef struct sc_cipher_info {
    const char *name;      /* canonical name, "kalyna-128-256-ctr" */
    const char *algorithm; /* kernel registry name, "kalyna" (sc_kernel_get) */
    const char *mode;      /* "ecb", "cbc", "ctr", "cnt", "cfb", "ofb", "xts", "kw", "cmac" */
    size_t block_size;     /* bytes */
    size_t key_size;       /* bytes, the only accepted key length */
    size_t iv_size;        /* bytes; 0 = no IV (ECB, MACs) */
    size_t tag_size;       /* MACs: the full tag; ciphers: 0 */
    size_t min_tag_size;   /* MACs: the shortest truncation accepted */
    int is_stream;         /* 1 when any length is accepted (CTR, CNT, CFB, OFB) */
    int one_shot;          /* 1 when the mode takes the whole message at once
                              (key wrap, kalyna-*-kw): see sc_cipher_crypt */
} sc_cipher_info;

/* Bytes an FFI caller must reserve for a context (== SC_CIPHER_CTX_SIZE) and
 * its alignment (== SC_CIPHER_CTX_ALIGN). */
SC_API size_t sc_cipher_ctx_size(void);
SC_API size_t sc_cipher_ctx_align(void);

/* Describe a cipher or MAC name. SC_OK or SC_EINVAL (unknown name). */
SC_API int sc_cipher_info_get(const char *name, sc_cipher_info *info);
/* Shortcuts: 0 for an unknown name. iv_size is also 0 for ECB. */
SC_API size_t sc_cipher_block_size(const char *name);
SC_API size_t sc_cipher_key_size(const char *name);
SC_API size_t sc_cipher_iv_size(const char *name);
/* The index-th cipher (resp. MAC) name, NULL past the end. */
SC_API const char *sc_cipher_name_at(size_t index);
SC_API const char *sc_mac_name_at(size_t index);

/* Start a cipher. encrypt: 1 = encrypt, 0 = decrypt (same for streams).
 * Errors: SC_EINVAL (unknown name, MAC name, bad option), SC_EKEYSIZE,
 * SC_EIVSIZE (ECB takes iv_len 0), SC_ENULL, SC_ENOKERNEL. */
SC_API int sc_cipher_init(sc_cipher_ctx *c, const char *name, int encrypt, const uint8_t *key, size_t key_len,
                          const uint8_t *iv, size_t iv_len);
SC_API int sc_cipher_init_ex(sc_cipher_ctx *c, const char *name, int encrypt, const uint8_t *key,
                             size_t key_len, const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts);
/* sc_cipher_init_ex with only opts.kernel set (tests and benchmarks). */
SC_API int sc_cipher_init_kernel(sc_cipher_ctx *c, const char *name, const char *kernel, int encrypt,
                                 const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len);

/* Process in_len bytes; *out_len receives the bytes written. */
SC_API int sc_cipher_update(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                            size_t *out_len);
/* Finish: writes nothing in raw ECB/CBC and streams (*out_len = 0),
 * SC_ELENGTH when a partial ECB/CBC block is left; with padding, XTS and key
 * wrap see above. Further updates return SC_ESTATE. */
SC_API int sc_cipher_final(sc_cipher_ctx *c, uint8_t *out, size_t out_cap, size_t *out_len);
/* Start another message with the key and IV of the last init, as init left
 * the context (CBC chain = IV, CTR counter from the IV) but without a new key
 * schedule: a few dozen bytes copied. Valid in a message (what it buffered is
 * dropped) or after final; SC_ESTATE on a wiped or never-initialised context
 * or a MAC's. Reusing a key and IV is the caller's decision (never for
 * encrypting two messages in CTR mode). */
SC_API int sc_cipher_reset(sc_cipher_ctx *c);
/* Start another message with the key of the last init and a new IV (and,
 * for ChaCha20/XChaCha20, a new first block `counter`, as
 * sc_cipher_opts.counter): the context becomes what sc_cipher_init_ex with
 * that key, direction, options, IV and counter would give, without a new key
 * schedule or name lookup (what a JCA provider's init with an unchanged key
 * costs: issue 15). The IV-derived state of init is overwritten too, so a
 * later sc_cipher_reset or sc_cipher_seek starts from the new IV. Valid in a
 * message (what it buffered is dropped) or after final, like
 * sc_cipher_reset. Errors, the context left as it was: SC_ESTATE on a wiped,
 * never-initialised or failed context or a MAC's; SC_EIVSIZE for an IV
 * length init would refuse (ECB and key wrap: iv_len 0 only); SC_ENULL for
 * iv NULL with iv_len != 0; SC_EINVAL for a counter init would refuse
 * (non-zero on names without one; above 2^32 - 1 for ChaCha20, or with its
 * 16-byte IV). Never reuse a key and IV to encrypt two messages in a
 * stream mode: choosing the IV is the caller's decision. */
SC_API int sc_cipher_reset_iv(sc_cipher_ctx *c, const uint8_t *iv, size_t iv_len, uint64_t counter);
SC_API void sc_cipher_wipe(sc_cipher_ctx *c);
/* Counter (stream) modes: go to byte `byte_offset` of the message, counted
 * from the start init set (the IV, and opts.counter for ChaCha20), as if
 * that many bytes had gone through update; any offset, a partial block
 * included (the rest of its keystream is kept for the next update). Lets a
 * large message be processed in independent pieces (one context each, on
 * several threads). Valid in a message or after final, like
 * sc_cipher_reset; what was buffered is dropped.
 *   Seekable: aes-*-ctr (SP 800-38A B.1: the 128-bit counter IV + i, with
 *   carries), kalyna-*-ctr (DSTU 7624:2014 7.4: E(IV) + i), magma-ctr (GOST
 *   R 34.13-2015 5.2: the 64-bit counter), gost89-cnt (GOST 28147-89 6:
 *   the C1/C2 counters; with CryptoPro key meshing, RFC 4357 2.3, the key
 *   changes every 1024 bytes, so the seek replays every meshing step up to
 *   the offset: cost linear in the offset, a few times that of encrypting
 *   as many bytes, measured; without meshing it is O(1)), chacha20 and
 *   xchacha20 (the block counter from opts.counter).
 * Errors: SC_EINVAL on a name that cannot seek (ECB, CBC, CFB, OFB, XTS,
 * key wrap, whose keystream or chaining depends on earlier blocks, and
 * MACs), SC_ESTATE on a wiped or never-initialised context, SC_ELENGTH past
 * the counter's last block (ChaCha20: 2^32 blocks from block 0; an offset
 * inside the last block needs that block too). After any error other than
 * SC_EINVAL/SC_ESTATE the context is back at the start of the message, as
 * after sc_cipher_reset. */
SC_API int sc_cipher_seek(sc_cipher_ctx *c, uint64_t byte_offset);

/* One shot: init, update, final in one call on a context of its own (wiped
 * before it returns); key wrap (info.one_shot) in one call of its own, any
 * length. Writes at most in_len + block_size bytes; out == in is allowed. On
 * any error nothing is released: the bytes written so far are zeroed and
 * *out_len = 0. */
SC_API int sc_cipher_crypt(const char *name, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
                           size_t iv_len, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                           size_t *out_len, const sc_cipher_opts *opts);

/* MACs. tag_len in sc_mac_final: any value from info.min_tag_size to
 * info.tag_size (the leading bytes of the full tag), else SC_ETAGSIZE (then,
 * as for SC_ENULL, the message stays open).
 * Messages a MAC cannot take (the DSTU 7624 MAC: empty or not a whole number
 * of blocks) give SC_ELENGTH at final. */
SC_API int sc_mac_init(sc_mac_ctx *m, const char *name, const uint8_t *key, size_t key_len);
SC_API int sc_mac_init_ex(sc_mac_ctx *m, const char *name, const uint8_t *key, size_t key_len,
                          const sc_cipher_opts *opts);
/* MACs that take a nonce (aes-*-gmac: any length >= 1 byte, 12 recommended;
 * never two messages with one key and nonce). Others refuse a nonce with
 * SC_EIVSIZE, and these refuse sc_mac_init. */
SC_API int sc_mac_init_nonce(sc_mac_ctx *m, const char *name, const uint8_t *key, size_t key_len,
                             const uint8_t *nonce, size_t nonce_len, const sc_cipher_opts *opts);
SC_API int sc_mac_update(sc_mac_ctx *m, const uint8_t *in, size_t in_len);
SC_API int sc_mac_final(sc_mac_ctx *m, uint8_t *tag, size_t tag_len);
/* Finish the message and compare its tag with the tag_len bytes at `tag`
 * (a received, possibly truncated tag; sizes as sc_mac_final) in constant
 * time (sc_memeq): SC_OK if they match, SC_EAUTH if not. The message is
 * finished whatever the result (SC_ETAGSIZE, SC_ENULL, SC_ELENGTH
 * included): one verdict per message, no retry with another tag; further
 * updates return SC_ESTATE until sc_mac_reset or init. Use it, never
 * memcmp on sc_mac_final's output. */
SC_API int sc_mac_verify(sc_mac_ctx *m, const uint8_t *tag, size_t tag_len);
/* Start another message with the key of the last init, without a new key
 * schedule (as sc_cipher_reset). SC_ESTATE on a wiped or never-initialised
 * context or a cipher's. */
SC_API int sc_mac_reset(sc_mac_ctx *m);
/* One whole message with the key of the last init: sc_mac_reset +
 * sc_mac_update + sc_mac_final in one call (one context check instead of
 * three: what short messages gain). Argument errors (SC_ENULL, SC_ETAGSIZE)
 * leave the context as it was; otherwise it is finished as after final. */
SC_API int sc_mac_message(sc_mac_ctx *m, const uint8_t *in, size_t in_len, uint8_t *tag, size_t tag_len);
SC_API void sc_mac_wipe(sc_mac_ctx *m);

#ifdef __cplusplus
}
#endif
#endif
