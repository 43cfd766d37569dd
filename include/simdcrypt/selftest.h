/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: the known-answer vectors every kernel is held to, and a self
 * test that runs them.
 *
 * One source: the vectors live in the library's family descriptors (with the
 * standard each comes from); `simdcrypt selftest`, the test suite and the Java
 * provider's tests all read them from here. */
#ifndef SIMDCRYPT_SELFTEST_H
#define SIMDCRYPT_SELFTEST_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What an algorithm family is. */
enum sc_kind {
    SC_KIND_CHECKSUM = 0, /* running 32-bit value (crc32, adler32) */
    SC_KIND_HASH = 1,
    SC_KIND_XOF = 2,
    SC_KIND_CIPHER = 3,   /* block cipher family; its MAC names are SC_KIND_MAC */
    SC_KIND_MAC = 4,
    SC_KIND_AEAD = 5,
};

/* One known answer. Byte strings are hex; `out` is the ciphertext, the tag
 * (MACs: its length is the tag length), ciphertext || tag (AEADs: the tag
 * is what out has beyond in) or the checksum value as 8 hex digits, most
 * significant first. `iv` is also a MAC's or an AEAD's nonce. */
typedef struct sc_kat_info {
    const char *family;  /* "kalyna", "crc32c" */
    const char *name;    /* the algorithm name: "kalyna-128-128-ecb", "crc32c" */
    const char *sbox;    /* option (Magma S-box name) or NULL */
    const char *key, *iv, *in, *out; /* hex; "" = none */
    const char *source;  /* "DSTU 7624:2014 B.1", "RFC 3720 B.4" */
    const char *aad;     /* AEADs: the associated data (hex); NULL otherwise */
} sc_kat_info;

/* The index-th known answer over every family. SC_OK, or SC_EINVAL past the
 * end. */
SC_API int sc_kat_get(size_t index, sc_kat_info *kat);

/* Called by sc_selftest once per family and kernel: status SC_OK or the
 * first failure's code, `detail` says what failed (NULL when it passed,
 * "not runnable on this CPU" with SC_ENOKERNEL for a skipped kernel). */
typedef void (*sc_selftest_report_fn)(void *arg, const char *family, const char *kernel, int status,
                                      const char *detail, size_t vectors);

/* Every known answer on every kernel this CPU runs (the dispatched one and
 * every other), then each vector's key and IV on longer inputs against the
 * portable kernel (multi-block paths and tails, streaming splits). Returns
 * the number of kernels that failed (a family without a vector counts as a
 * failure), or -1 when its ~90 KiB of scratch memory cannot be allocated
 * (nothing was tested). report may be NULL. */
SC_API int sc_selftest(sc_selftest_report_fn report, void *arg);

#ifdef __cplusplus
}
#endif
#endif
