/* SPDX-License-Identifier: Apache-2.0 */
/* The case enumeration every constant-time test shares (valgrind:
 * ct_ciphers.c, DFSan: ct_dfsan_ciphers.c, the trace: ct_trace/): every
 * name of the generic APIs, each on every kernel of its algorithm, so a new
 * name or kernel is picked up by all of them at once. */
#ifndef SC_CT_CASES_H
#define SC_CT_CASES_H

#include <simdcrypt.h>
#include <simdcrypt/hash.h>
#include <simdcrypt/kernels.h>

enum ct_kind { CT_KIND_CIPHER, CT_KIND_MAC, CT_KIND_AEAD, CT_KIND_HASH };

/* The index-th name of a kind, NULL past the end. */
static inline const char *ct_name_at(enum ct_kind kind, size_t i)
{
    return kind == CT_KIND_CIPHER ? sc_cipher_name_at(i)
           : kind == CT_KIND_MAC  ? sc_mac_name_at(i)
           : kind == CT_KIND_AEAD ? sc_aead_name_at(i)
                                  : sc_hash_name_at(i);
}

/* The kernel registry name (sc_kernel_get) of a name, NULL if unknown. */
static inline const char *ct_algorithm_of(enum ct_kind kind, const char *name)
{
    sc_cipher_info c;
    sc_aead_info a;
    sc_hash_info h;
    if (kind == CT_KIND_AEAD) return sc_aead_info_get(name, &a) == SC_OK ? a.algorithm : NULL;
    if (kind == CT_KIND_HASH) return sc_hash_info_get(name, &h) == SC_OK ? h.algorithm : NULL;
    return sc_cipher_info_get(name, &c) == SC_OK ? c.algorithm : NULL;
}

/* fn for one name on one kernel (runnable or not: fn counts or skips);
 * returns the number of failures. */
typedef int (*ct_kernel_fn)(enum ct_kind kind, const char *name, const sc_kernel_info *kernel, void *arg);

/* Every kernel of one name's algorithm; the sum of fn's answers (1 when the
 * name is unknown). */
static inline int ct_each_kernel(enum ct_kind kind, const char *name, ct_kernel_fn fn, void *arg)
{
    const char *alg = ct_algorithm_of(kind, name);
    if (alg == NULL) return 1;
    int failures = 0;
    for (size_t i = 0; i < sc_kernel_count(alg); i++) {
        sc_kernel_info k;
        if (sc_kernel_get(alg, i, &k) != SC_OK) return failures + 1;
        failures += fn(kind, name, &k, arg);
    }
    return failures;
}

/* Every name of a kind on every kernel of its algorithm. */
static inline int ct_each_case(enum ct_kind kind, ct_kernel_fn fn, void *arg)
{
    int failures = 0;
    const char *name;
    for (size_t i = 0; (name = ct_name_at(kind, i)) != NULL; i++) failures += ct_each_kernel(kind, name, fn, arg);
    return failures;
}

#endif
