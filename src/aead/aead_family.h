/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: how a family plugs into the AEAD API (include/simdcrypt/aead.h).
 *
 * The generic layer (aead.c) owns what every AEAD shares: name lookup over
 * the registry, argument and buffer checks, the message's phases (AAD before
 * data), the length limits of the spec, the accepted tag lengths, the
 * constant-time tag comparison, zeroing the output of a failed open, and
 * wiping. A family owns the key schedule and the mode's arithmetic on any
 * split of the input, in an opaque 64-byte-aligned area of
 * SC_AEAD_FAMILY_STATE bytes inside the caller's context. */
#ifndef SC_AEAD_FAMILY_H
#define SC_AEAD_FAMILY_H

#include <simdcrypt/aead.h>

#define SC_AEAD_FAMILY_STATE 3712 /* bytes for the family's key and message state */
#define SC_AEAD_MAX_TAG 64 /* bytes: Kalyna-512 GCM/CCM */
/* sc_aead_info.tag_sizes' bit for a t-byte tag. */
#define SC_AEAD_TAG_BIT(t) (UINT64_C(1) << ((t) - 1))

typedef struct sc_aead_ops sc_aead_ops;

typedef struct sc_aead_spec {
    sc_aead_info info;
    const sc_aead_ops *ops;
    int variant; /* family-private */
    /* 1: one-shot seal/open only (the mode needs every length before its
     * first block, DSTU 7624 CCM); sc_aead_start refuses with SC_EINVAL. */
    int oneshot_only;
    /* 1: a message with neither AAD nor data is refused with SC_ELENGTH
     * (DSTU 7624 GCM: its tag would be E(0), the hash key). */
    int needs_input;
} sc_aead_spec;

struct sc_aead_ops {
    const char *name; /* "aes" */
    /* Resolve `name` (exact) into *spec: SC_OK or SC_EINVAL. */
    int (*lookup)(const char *name, sc_aead_spec *spec);
    /* The index-th name, NULL past the end. */
    const char *(*name_at)(size_t index);
    /* Key setup into `state`; key_len NOT checked by the caller (SC_EKEYSIZE).
     * opts is never NULL. */
    int (*init)(void *state, const sc_aead_spec *spec, const uint8_t *key, size_t key_len,
                const sc_cipher_opts *opts);
    /* Optional: 1 if the family takes this nonce (its length already checked
     * against the spec), else 0 and start/seal/open refuse it with SC_EIVSIZE
     * before anything is written (MGM: the top bit must be 0, RFC 9058 4). */
    int (*nonce_ok)(const uint8_t *nonce, size_t nonce_len);
    /* Start a message; the nonce length was checked against the spec. */
    void (*start)(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len);
    /* AAD and data, any split (data only after all the AAD); in == out allowed. */
    void (*aad)(void *state, const uint8_t *aad, size_t len);
    void (*encrypt)(void *state, const uint8_t *in, uint8_t *out, size_t len);
    void (*decrypt)(void *state, const uint8_t *in, uint8_t *out, size_t len);
    /* The full tag (info.tag_size bytes); the message's secrets are wiped. */
    void (*tag)(void *state, uint8_t *tag);
    /* Optional: a whole message in one call (one-shot seal/open; arguments
     * checked): start, AAD, data and the full tag. Returns 0 when it does
     * not take this message (e.g. a nonce length off its fast path): the
     * generic steps above run instead. */
    int (*oneshot)(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag);
    /* Optional: the tag length of the next message, before its start or
     * oneshot, for modes whose tag depends on it (DSTU 7624 CCM codes it
     * into the first MAC block); already checked against the spec. */
    void (*tag_len)(void *state, size_t tag_len);
    /* Optional: 1 if a message of data_len bytes fits this nonce length
     * under the key `state` holds, else 0 and seal/open refuse it with
     * SC_ELENGTH (CCM: the 15 - n length bytes of B_0, SP 800-38C A.2.1). */
    int (*length_ok)(const void *state, size_t nonce_len, uint64_t data_len);
    /* Is `state` a key init set up for `spec` (see sc_cipher_ops.check)?
     * SC_OK or SC_ESTATE. */
    int (*check)(const void *state, const sc_aead_spec *spec);
};

/* The start of a family's table: the operations every AEAD family has, each
 * a static function named `prefix` + its operation (a file that also holds a
 * cipher table uses a prefix such as aead_; docs/adding-a-family.md):
 *   const sc_aead_ops ops = {SC_AEAD_OPS_COMMON("kalyna", ), .oneshot = oneshot};
 */
#define SC_AEAD_OPS_COMMON(family_name, prefix)                                                           \
    .name = (family_name), .lookup = prefix##lookup, .name_at = prefix##name_at, .init = prefix##init,    \
    .start = prefix##start, .aad = prefix##aad, .encrypt = prefix##encrypt, .decrypt = prefix##decrypt,   \
    .tag = prefix##tag, .check = prefix##check

/* Resolve a name over every AEAD family of the registry: SC_OK or SC_EINVAL. */
int sc_aead_lookup(const char *name, sc_aead_spec *spec);
/* 1 if ops belongs to a registered family. */
int sc_aead_registered(const sc_aead_ops *ops);

#endif
