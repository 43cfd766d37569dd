/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: hashes and extendable-output functions (XOFs) by name, streaming
 * and one-shot, and a batch API that hashes many messages at once over the
 * SIMD lanes of the CPU (multi-buffer MD5, Keccak-f[1600] x4/x8).
 *
 * Names (sc_hash_name_at lists them):
 *   md5                                   RFC 1321, 16-byte digest
 *   sha3-224, sha3-256, sha3-384, sha3-512 FIPS 202
 *   shake128, shake256                    FIPS 202 XOFs
 *   keccak-256                            the pre-FIPS padding (0x01) used by
 *                                         Ethereum; otherwise SHA3-256
 *   turboshake128, turboshake256          RFC 9861 XOFs (12 rounds); domain
 *                                         byte 0x1F unless opts->domain
 *   kangarootwelve                        RFC 9861 KT128 XOF; customization
 *                                         string in opts->custom
 *
 * Usage: init, any number of updates, then final (fixed-size hashes: exactly
 * digest_size bytes; XOFs: any number of bytes, 0 included) or, for XOFs,
 * any number of squeezes (each continues the output stream; update after the
 * first squeeze is SC_ESTATE). A context finished by final gives SC_ESTATE
 * until sc_hash_reset or a new init. sc_hash_copy forks a context mid-stream.
 * Errors follow common.h: NULL with a non-zero length SC_ENULL, an unknown
 * name SC_EINVAL, a context init did not set up SC_ESTATE, a wrong digest
 * length SC_ELENGTH. Contexts hold no key, but they may hold secret input:
 * final and sc_hash_wipe erase it. */
#ifndef SIMDCRYPT_HASH_H
#define SIMDCRYPT_HASH_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SC_HASH_CTX_SIZE 1024
#define SC_HASH_CTX_ALIGN 64
#if defined(__cplusplus)
#define SC_HASH_ALIGNAS alignas(SC_HASH_CTX_ALIGN)
#else
#define SC_HASH_ALIGNAS _Alignas(SC_HASH_CTX_ALIGN)
#endif

/* Opaque context: treat as raw bytes (copy it only with sc_hash_copy). */
typedef struct sc_hash_ctx {
    SC_HASH_ALIGNAS unsigned char opaque[SC_HASH_CTX_SIZE];
} sc_hash_ctx;

/* What a name means. */
typedef struct sc_hash_info {
    const char *name;      /* canonical name, "sha3-256" */
    const char *algorithm; /* kernel registry name: "md5" or "keccak" (sc_kernel_get) */
    size_t digest_size;    /* bytes; 0 for XOFs */
    size_t block_size;     /* bytes absorbed per compression (MD5 64, SHA3-256 136) */
    int is_xof;            /* 1: any output length, sc_hash_squeeze */
} sc_hash_info;

/* Optional parameters of init; a NULL pointer or zero fields mean defaults. */
typedef struct sc_hash_opts {
    /* Kernel name (sc_kernel_get); NULL = the dispatched one. */
    const char *kernel;
    /* kangarootwelve: the customization string C (RFC 9861 3.2); every
     * other name refuses a non-empty one with SC_EINVAL. */
    const uint8_t *custom;
    size_t custom_len;
    /* turboshake128/256: the domain separation byte D, 0x01..0x7F (RFC 9861
     * 2.2); 0 = 0x1F. Other names refuse a non-zero value with SC_EINVAL. */
    unsigned domain;
} sc_hash_opts;

SC_API size_t sc_hash_ctx_size(void);
SC_API size_t sc_hash_ctx_align(void);

/* Describe a hash name. SC_OK or SC_EINVAL (unknown name). */
SC_API int sc_hash_info_get(const char *name, sc_hash_info *info);
/* Digest size of a name: 0 for XOFs and unknown names. */
SC_API size_t sc_hash_digest_size(const char *name);
/* The index-th hash or XOF name, NULL past the end. */
SC_API const char *sc_hash_name_at(size_t index);

SC_API int sc_hash_init(sc_hash_ctx *c, const char *name);
SC_API int sc_hash_init_ex(sc_hash_ctx *c, const char *name, const sc_hash_opts *opts);
SC_API int sc_hash_update(sc_hash_ctx *c, const void *data, size_t len);
/* Fixed-size hashes: out_len must be the digest size (SC_ELENGTH otherwise,
 * the context unchanged). XOFs: the first out_len bytes of the output (any
 * length; after squeezes, the next out_len). The context is finished and
 * erased except for what sc_hash_reset needs. */
SC_API int sc_hash_final(sc_hash_ctx *c, uint8_t *out, size_t out_len);
/* XOFs only (SC_EINVAL otherwise): the next out_len bytes of the output. */
SC_API int sc_hash_squeeze(sc_hash_ctx *c, uint8_t *out, size_t out_len);
/* dst becomes an independent copy of src (any state but uninitialised). */
SC_API int sc_hash_copy(sc_hash_ctx *dst, const sc_hash_ctx *src);
/* Start a new message with the name and options of the last init. */
SC_API int sc_hash_reset(sc_hash_ctx *c);
/* One whole message with the name and options of the last init, on a
 * context in any state but uninitialised: sc_hash_reset + sc_hash_update +
 * sc_hash_final in one call (one context check instead of three: what a
 * binding's short messages gain). out_len as in sc_hash_final. Argument
 * errors (SC_ELENGTH, SC_ENULL) leave the context as it was; otherwise it
 * is finished as after final. */
SC_API int sc_hash_message(sc_hash_ctx *c, const void *data, size_t len, uint8_t *out, size_t out_len);
SC_API void sc_hash_wipe(sc_hash_ctx *c);

/* One shot (out_len as in sc_hash_final). */
SC_API int sc_hash(const char *name, const void *data, size_t len, uint8_t *out, size_t out_len);
SC_API int sc_hash_ex(const char *name, const sc_hash_opts *opts, const void *data, size_t len, uint8_t *out,
                      size_t out_len);

/* Batch: hash n independent messages msgs[i] of lens[i] bytes, digest i to
 * out + i * out_len (out_len as in sc_hash_final, the same for all). The
 * messages are scheduled over the kernel's SIMD lanes, a lane refilled as
 * soon as its message ends (a job manager), so any mix of lengths keeps the
 * lanes busy. n = 0 is valid (nothing written); msgs[i] may be NULL when
 * lens[i] is 0. Equal, digest for digest, to n calls of sc_hash_ex. */
SC_API int sc_hash_many(const char *name, const sc_hash_opts *opts, size_t n, const void *const msgs[],
                        const size_t lens[], uint8_t *out, size_t out_len);

#ifdef __cplusplus
}
#endif
#endif
