/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: library-wide conventions.
 *
 * Error convention (every algorithm follows it):
 *   - Functions that can fail return `int`: SC_OK (0) on success, a negative
 *     SC_E* code otherwise. sc_strerror(code) gives a fixed English message.
 *   - Functions that cannot fail (checksums) return their value directly.
 *   - A NULL pointer with length 0 is always valid input. A NULL pointer with a
 *     non-zero length returns SC_ENULL. Checksums are the exception, for
 *     zlib compatibility: a NULL buffer returns the algorithm's initial
 *     value (1 for Adler-32, 0 for CRC-32 and CRC-32C) whatever the value
 *     passed in and whatever the length, exactly as zlib's adler32() and
 *     crc32() do (checksum.h); binding.h's *_at variants refuse it instead.
 *   - Buffers a function reads and writes may be the same (out == in); any
 *     other overlap is refused with SC_EINVAL.
 *   - Wrong key, IV or tag sizes return SC_EKEYSIZE / SC_EIVSIZE / SC_ETAGSIZE;
 *     a length a mode cannot take (e.g. ECB on a partial block) SC_ELENGTH.
 *   - An authenticated decryption whose tag does not verify returns SC_EAUTH
 *     and writes no plaintext (the output buffer is zeroed).
 *   - Contexts are caller-owned structs (no allocation); each has an init and a
 *     sc_*_wipe function that erases keys and schedules. Every init wipes the
 *     context first and leaves it unusable if it fails (the previous key
 *     too). Every other function checks the context before use: NULL gives
 *     SC_EINVAL; one that init did not set up (never initialised, all
 *     zeros, wiped, failed, finished where the API says so, or corrupted)
 *     gives SC_ESTATE, and nothing in it is called or indexed.
 *   - MAC tags are checked with the *_verify functions (constant time,
 *     SC_EAUTH on mismatch), or with sc_memeq: never with memcmp.
 *   - No secret stays behind on the stack: what the library copies there
 *     (keys, round keys, secret S-boxes and tables derived from them, block
 *     buffers, and what kernels spill from registers) is erased before a
 *     call returns; tests/test_stack_residue.c checks every kernel.
 */
#ifndef SIMDCRYPT_COMMON_H
#define SIMDCRYPT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define SC_API
#else
#define SC_API __attribute__((visibility("default")))
#endif

#define SIMDCRYPT_VERSION_MAJOR 0
#define SIMDCRYPT_VERSION_MINOR 1
#define SIMDCRYPT_VERSION_PATCH 0
#define SIMDCRYPT_VERSION_STRING "0.1.0"

enum sc_status {
    SC_OK = 0,
    SC_ENULL = -1,        /* NULL pointer with a non-zero length */
    SC_EKEYSIZE = -2,     /* key length not accepted by the algorithm */
    SC_EIVSIZE = -3,      /* IV / nonce / counter length not accepted */
    SC_ELENGTH = -4,      /* data length the mode cannot process */
    SC_EAUTH = -5,        /* authentication tag mismatch */
    SC_EINVAL = -6,       /* any other invalid argument (bad name, bad option) */
    SC_ENOKERNEL = -7,    /* named kernel unknown or not runnable on this CPU */
    SC_ETAGSIZE = -8,     /* tag length not accepted */
    SC_ESTATE = -9,       /* context used in the wrong state (e.g. after final) */
    SC_EPADDING = -10,    /* decryption failed: bad padding (one error for every defect) */
};

/* Fixed, static English message for a status code (never NULL). */
SC_API const char *sc_strerror(int status);

/* Library version string, e.g. "0.1.0". */
SC_API const char *sc_version(void);

/* Overwrite `len` bytes at `p` with zeros in a way the compiler cannot elide. */
SC_API void sc_wipe(void *p, size_t len);

/* Constant-time comparison of two secrets (tags, MACs, keys): 1 if the `len`
 * bytes at `a` and `b` are equal, 0 otherwise. The time depends on `len`
 * only, never on the contents or on where they differ (no early exit, no
 * data-dependent branch). NULL with len 0 compares equal. Use it, never
 * memcmp, for every tag check. */
SC_API int sc_memeq(const void *a, const void *b, size_t len);

#ifdef __cplusplus
}
#endif
#endif
