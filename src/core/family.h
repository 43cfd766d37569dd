/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: the one registry of algorithm families.
 *
 * A family is one descriptor: its name, kind, kernels (which the dispatch
 * policy ranks, src/core/policy.h), its operations in the generic APIs, and
 * its known answers (each naming its standard). src/core/registry.c lists
 * every descriptor; the library (dispatch, name lookup of the cipher/MAC
 * API), `simdcrypt selftest`/`info`/`speed`/`tune`, the tests and the Java
 * provider all iterate that list, so adding a family touches no plumbing
 * (docs/adding-a-family.md). */
#ifndef SC_FAMILY_H
#define SC_FAMILY_H

#include <simdcrypt/selftest.h>

#include "internal.h"

struct sc_cipher_ops;
struct sc_aead_ops;
struct sc_hash_names;

typedef struct sc_family {
    const char *name;                   /* "crc32c", "kalyna": also its kernel list's name */
    enum sc_kind kind;                  /* SC_KIND_* (include/simdcrypt/selftest.h) */
    const sc_algorithm_desc *kernels;   /* portable first; the dispatch policy chooses */
    /* Checksums: the value of an empty message (the running value's start). */
    uint32_t checksum_initial;
    /* Ciphers and MACs: names and operations in the generic API
     * (src/cipher/cipher_family.h); NULL for other kinds. */
    const struct sc_cipher_ops *cipher;
    /* AEADs: names and operations in the AEAD API (src/aead/aead_family.h);
     * NULL for families without one. */
    const struct sc_aead_ops *aead;
    /* Hashes and XOFs: the names and constructions in the hash API
     * (src/hash/hash_ctx.h); NULL for other kinds. */
    const struct sc_hash_names *hash;
    /* Known answers, one source for selftest, ctest and Java. */
    const sc_kat_info *kats;
    size_t nkats;
    /* Optional: a family whose kernels no API names (MGM's GF multipliers,
     * which every MGM cipher gets from dispatch) checks a kernel itself:
     * SC_OK, or an error with *detail naming what failed. */
    int (*selftest)(const sc_kernel *k, const char **detail);
} sc_family;

/* Every family, NULL-terminated (src/core/registry.c). */
extern const sc_family *const sc_families[];

/* The family named `name` (exact), or NULL. */
const sc_family *sc_family_find(const char *name);

#endif
