/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: how a family plugs into the AEAD API (include/simdcrypt/aead.h).
 *
 * The generic layer (aead.c) owns what every AEAD shares: name lookup over
 * the registry, pointer and buffer checks, the message's phases (AAD before
 * data), the streaming calls' limits and tag lengths, the constant-time tag
 * comparison, zeroing the output of a failed open, and wiping. A one-shot
 * call is one family call (oneshot), which checks its own arguments. A family owns the key schedule and the mode's
 * arithmetic on any split of the input, in an opaque 64-byte-aligned area of SC_AEAD_FAMILY_STATE bytes inside the
 * caller's context. */
#ifndef SC_AEAD_FAMILY_H
#define SC_AEAD_FAMILY_H

#include <simdcrypt/aead.h>

#define SC_AEAD_FAMILY_STATE 3712 /* bytes for the family's key and message state */
#define SC_AEAD_MAX_TAG 64        /* bytes: Kalyna-512 GCM/CCM */
/* sc_aead_info.tag_sizes' bit for a t-byte tag. */
#define SC_AEAD_TAG_BIT(t) (UINT64_C(1) << ((t) - 1))

typedef struct sc_aead_ops sc_aead_ops;

/* A one-shot open's message and its received tag (sc_aead_ops.open): one
 * pointer where oneshot takes twelve arguments, six of them on the stack
 * and copied again into the kernel's four (issue 14). */
typedef struct sc_aead_msg {
    const uint8_t *nonce;
    size_t nonce_len;
    const uint8_t *aad;
    size_t aad_len;
    const uint8_t *in;
    uint8_t *out;
    size_t len;
    const uint8_t *tag; /* the received tag: may sit on out (detached) */
    size_t tag_len;
} sc_aead_msg;
/* sc_aead_ops.open's answer for "not here": the generic path decides. */
#define SC_AEAD_OPEN_GENERIC 1

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
    int (*init)(void *state, const sc_aead_spec *spec, const uint8_t *key, size_t key_len, const sc_cipher_opts *opts);
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
    /* Is `state` a key init set up for `spec` (see sc_cipher_ops.check)?
     * SC_OK or SC_ESTATE. */
    int (*check)(const void *state, const sc_aead_spec *spec);
    /* The one-shot seal (encrypt 1) or open (0) in ONE call: the family
     * checks what is its own, in this order, and returns before anything is
     * written: its key state for `spec` (as check: SC_ESTATE), the nonce
     * (length against the spec, nonce_ok: SC_EIVSIZE), tag_len (SC_ETAGSIZE),
     * aad_len and len against the limits, an empty message where refused
     * (needs_input) and any bound of its own (SC_ELENGTH); then it writes
     * len bytes to out (in == out allowed) and the tag to `tag`: at least
     * tag_len bytes, at most info.tag_size (a buffer of SC_AEAD_MAX_TAG
     * bytes unless tag_len == info.tag_size), and returns SC_OK. The generic
     * layer has checked the pointers, out_cap and overlaps, and compares an
     * open's tag. One indirect call instead of five (check, length_ok,
     * tag_len, oneshot and its fallback steps): a 64-byte AES-GCM seal spent
     * ~45 TSC cycles around a 57-cycle kernel. sc_aead_oneshot_steps is
     * the version over the streaming operations above. */
    int (*oneshot)(void *state, const sc_aead_spec *spec, int encrypt, const uint8_t *nonce, size_t nonce_len,
                   const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                   size_t tag_len);
    /* Optional: the one-shot open with the tag check in the family, for
     * the common call (issue 14: a 64-byte AES-GCM open spent ~220
     * instructions around its kernel, the computed tag stored, re-read,
     * compared and wiped). Called with the generic checks of oneshot done
     * and m->tag_len == info.tag_size. Either it returns
     * SC_AEAD_OPEN_GENERIC having read and written nothing (any case it
     * does not take: the generic path over oneshot decides the status), or
     * it makes oneshot's checks in oneshot's order, returning their errors
     * before anything is written, then reads the received tag before it
     * writes out (a detached tag may sit on out), writes the m->len bytes
     * of plaintext and returns the verdict, SC_OK or SC_EAUTH, computed
     * without a branch on it (the generic layer declassifies it and zeroes
     * out on SC_EAUTH). */
    int (*open)(void *state, const sc_aead_spec *spec, const sc_aead_msg *m);
};

/* The start of a family's table: the operations every AEAD family has, each
 * a static function named `prefix` + its operation (a file that also holds a
 * cipher table uses a prefix such as aead_; docs/adding-a-family.md):
 *   const sc_aead_ops ops = {SC_AEAD_OPS_COMMON("kalyna", )};
 * (a family without a whole-message path of its own defines its oneshot as
 * sc_aead_oneshot_steps). */
#define SC_AEAD_OPS_COMMON(family_name, prefix)                                                                        \
    .name = (family_name), .lookup = prefix##lookup, .name_at = prefix##name_at, .init = prefix##init,                 \
    .start = prefix##start, .aad = prefix##aad, .encrypt = prefix##encrypt, .decrypt = prefix##decrypt,                \
    .tag = prefix##tag, .check = prefix##check, .oneshot = prefix##oneshot

/* The argument checks of a one-shot call that depend only on the spec, in
 * the order oneshot makes them: the nonce's length and the family's
 * nonce_ok (SC_EIVSIZE), tag_len (SC_ETAGSIZE), the limits and an empty
 * message where refused (SC_ELENGTH); else SC_OK. */
static inline int sc_aead_args_check(const sc_aead_spec *spec, const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                                     uint64_t len, size_t tag_len)
{
    const sc_aead_info *i = &spec->info;
    if (nonce_len < i->min_nonce_size || nonce_len > i->max_nonce_size) return SC_EIVSIZE;
    if (spec->ops->nonce_ok && !spec->ops->nonce_ok(nonce, nonce_len)) return SC_EIVSIZE;
    if (tag_len == 0 || tag_len > i->tag_size || tag_len > SC_AEAD_MAX_TAG || !(i->tag_sizes >> (tag_len - 1) & 1))
        return SC_ETAGSIZE;
    if (aad_len > i->max_aad || len > i->max_plaintext || (spec->needs_input && aad_len == 0 && len == 0))
        return SC_ELENGTH;
    return SC_OK;
}

/* sc_aead_ops.oneshot over a family's check and streaming operations
 * (start, aad, encrypt or decrypt, tag), for the modes that have nothing
 * faster; spec->ops is the family's table. */
int sc_aead_oneshot_steps(void *state, const sc_aead_spec *spec, int encrypt, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                          size_t tag_len);

/* Resolve a name over every AEAD family of the registry: SC_OK or SC_EINVAL. */
int sc_aead_lookup(const char *name, sc_aead_spec *spec);
/* 1 if ops belongs to a registered family. */
int sc_aead_registered(const sc_aead_ops *ops);

#endif
