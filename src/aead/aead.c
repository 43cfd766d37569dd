/* SPDX-License-Identifier: Apache-2.0 */
/* Generic AEAD API (include/simdcrypt/aead.h): names over the registry,
 * argument checks, message phases, limits, tag lengths, the constant-time
 * verdict and what a failed open leaves behind (nothing). The family does
 * the cryptography (src/aead/aead_family.h). */
#include <stdatomic.h>
#include <string.h>

#include "../cipher/ctx_check.h"
#include "../core/ct_public.h"
#include "../core/family.h"
#include "aead_family.h"

enum phase {
    PHASE_KEYED = 1, /* key set, no message open */
    PHASE_AAD,       /* message started, AAD may follow */
    PHASE_DATA,      /* data seen: no more AAD */
};

typedef struct aead_state {
    _Alignas(64) unsigned char family_state[SC_AEAD_FAMILY_STATE];
    sc_aead_spec spec;
    uint32_t magic; /* AEAD_MAGIC while usable, 0 when wiped */
    uint32_t phase;
    uint32_t encrypt;
    uint64_t aad_len, data_len;
} aead_state;
#define AEAD_MAGIC 0x5c1fae01u
_Static_assert(sizeof(aead_state) <= SC_AEAD_CTX_SIZE, "AEAD state exceeds the public size");

size_t sc_aead_ctx_size(void) { return SC_AEAD_CTX_SIZE; }

static const sc_aead_ops *aead_family_at(size_t index)
{
    for (size_t i = 0; sc_families[i]; i++)
        if (sc_families[i]->aead && index-- == 0) return sc_families[i]->aead;
    return NULL;
}

/* Asked on every call: the last operations found in the registry are kept
 * (only ever a registered family's, so a context that matches passes for
 * the reason the walk would pass it), as cipher_table.c's registered(). */
int sc_aead_registered(const sc_aead_ops *ops)
{
    static _Atomic(const sc_aead_ops *) last_found;
    if (ops != NULL && ops == atomic_load_explicit(&last_found, memory_order_relaxed)) return 1;
    for (size_t i = 0; ops && sc_families[i]; i++)
        if (sc_families[i]->aead == ops) {
            atomic_store_explicit(&last_found, ops, memory_order_relaxed);
            return 1;
        }
    return 0;
}

int sc_aead_lookup(const char *name, sc_aead_spec *spec)
{
    const sc_aead_ops *f;
    for (size_t i = 0; name && (f = aead_family_at(i)) != NULL; i++) {
        memset(spec, 0, sizeof *spec);
        if (f->lookup(name, spec) == SC_OK) {
            spec->ops = f;
            spec->info.one_shot = spec->oneshot_only; /* told to callers, set in one place */
            return SC_OK;
        }
    }
    memset(spec, 0, sizeof *spec);
    return SC_EINVAL;
}

int sc_aead_info_get(const char *name, sc_aead_info *info)
{
    sc_aead_spec spec;
    if (info == NULL) return SC_EINVAL;
    int rc = sc_aead_lookup(name, &spec);
    *info = spec.info; /* zeroed on failure */
    return rc;
}

const char *sc_aead_name_at(size_t index)
{
    const sc_aead_ops *f;
    for (size_t i = 0; (f = aead_family_at(i)) != NULL; i++) {
        size_t n = 0;
        while (f->name_at(n)) n++;
        if (index < n) return f->name_at(index);
        index -= n;
    }
    return NULL;
}

static aead_state *state_of(sc_aead_ctx *c) { return (aead_state *)(void *)c->opaque; }

/* The per-call steps of the one-shot calls, inlined into them: as calls
 * (checked, sc_aead_tag_size_ok, seal_checked/open_checked, with their
 * arguments on the stack) they were ~45 of the ~300 instructions the API
 * spent around a 64-byte AES-GCM seal (callgrind). */
#if defined(__GNUC__)
#define AEAD_INLINE static inline __attribute__((always_inline))
#else
#define AEAD_INLINE static inline
#endif

/* The generic half of checked(), all a one-shot call asks before the
 * family's oneshot (which checks its own state): magic, a registered
 * family, a known phase, a tag size the buffers hold. */
AEAD_INLINE aead_state *checked_generic(sc_aead_ctx *c)
{
    aead_state *s = state_of(c);
    if (s->magic != AEAD_MAGIC || !sc_aead_registered(s->spec.ops)) return NULL;
    if (s->phase < PHASE_KEYED || s->phase > PHASE_DATA || s->encrypt > 1) return NULL;
    const sc_aead_info *i = &s->spec.info;
    if (i->tag_size == 0 || i->tag_size > SC_AEAD_MAX_TAG) return NULL;
    return s;
}

/* The state behind a context if init set it up and nothing corrupted it:
 * the generic checks and the family's own. */
static aead_state *checked(sc_aead_ctx *c)
{
    aead_state *s = checked_generic(c);
    if (s && s->spec.ops->check && s->spec.ops->check(s->family_state, &s->spec) != SC_OK) return NULL;
    return s;
}

int sc_aead_init(sc_aead_ctx *c, const char *name, const uint8_t *key, size_t key_len, const sc_cipher_opts *opts)
{
    static const sc_cipher_opts defaults = {0};
    if (c == NULL) return SC_EINVAL;
    sc_aead_wipe(c);
    aead_state *s = state_of(c);
    if (key == NULL && key_len) return SC_ENULL;
    int rc = sc_aead_lookup(name, &s->spec);
    if (rc != SC_OK) return rc;
    /* options of the cipher API no AEAD takes; .sbox is the family's call
     * (GOST ciphers take one) */
    if (opts && (opts->padding || opts->counter || opts->segment_bits || opts->key_meshing || opts->short_mac))
        rc = SC_EINVAL;
    if (rc == SC_OK) rc = s->spec.ops->init(s->family_state, &s->spec, key, key_len, opts ? opts : &defaults);
    if (rc != SC_OK) {
        sc_aead_wipe(c);
        return rc;
    }
    s->phase = PHASE_KEYED;
    s->magic = AEAD_MAGIC;
    return SC_OK;
}

AEAD_INLINE int tag_size_ok(const sc_aead_info *info, size_t tag_len)
{
    if (info == NULL || tag_len == 0 || tag_len > info->tag_size || tag_len > SC_AEAD_MAX_TAG) return 0;
    return (int)(info->tag_sizes >> (tag_len - 1) & 1);
}
int sc_aead_tag_size_ok(const sc_aead_info *info, size_t tag_len) { return tag_size_ok(info, tag_len); }

AEAD_INLINE int tag_len_ok(const aead_state *s, size_t tag_len) { return tag_size_ok(&s->spec.info, tag_len); }

/* A message the mode refuses for having neither AAD nor data. */
static int empty_refused(const aead_state *s, uint64_t aad_len, uint64_t data_len)
{
    return s->spec.needs_input && aad_len == 0 && data_len == 0;
}

int sc_aead_start(sc_aead_ctx *c, int encrypt, const uint8_t *nonce, size_t nonce_len)
{
    if (c == NULL) return SC_EINVAL;
    aead_state *s = checked(c);
    if (s == NULL) return SC_ESTATE;
    s->phase = PHASE_KEYED; /* whatever was open is abandoned */
    if (nonce == NULL && nonce_len) return SC_ENULL;
    if (nonce_len < s->spec.info.min_nonce_size || nonce_len > s->spec.info.max_nonce_size) return SC_EIVSIZE;
    if (s->spec.ops->nonce_ok && !s->spec.ops->nonce_ok(nonce, nonce_len)) return SC_EIVSIZE;
    if (s->spec.oneshot_only) return SC_EINVAL;
    s->spec.ops->start(s->family_state, encrypt != 0, nonce, nonce_len);
    s->encrypt = encrypt != 0;
    s->aad_len = s->data_len = 0;
    s->phase = PHASE_AAD;
    return SC_OK;
}

int sc_aead_update_aad(sc_aead_ctx *c, const uint8_t *aad, size_t aad_len)
{
    if (c == NULL) return SC_EINVAL;
    aead_state *s = checked(c);
    if (s == NULL || s->phase != PHASE_AAD) return SC_ESTATE;
    if (aad == NULL && aad_len) return SC_ENULL;
    if (aad_len > s->spec.info.max_aad - s->aad_len) {
        s->phase = PHASE_KEYED;
        return SC_ELENGTH;
    }
    if (aad_len) s->spec.ops->aad(s->family_state, aad, aad_len);
    s->aad_len += aad_len;
    return SC_OK;
}

static int data_update(sc_aead_ctx *c, int encrypt, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                       size_t *out_len)
{
    if (c == NULL || out_len == NULL) return SC_EINVAL;
    *out_len = 0;
    aead_state *s = checked(c);
    if (s == NULL || s->phase == PHASE_KEYED || s->encrypt != (uint32_t)encrypt) return SC_ESTATE;
    if ((in == NULL && in_len) || (out == NULL && out_cap)) return SC_ENULL;
    if (out_cap < in_len) return SC_ELENGTH;
    if (sc_overlap_refused(in, in_len, out, in_len)) return SC_EINVAL;
    if (in_len > s->spec.info.max_plaintext - s->data_len) {
        s->phase = PHASE_KEYED;
        return SC_ELENGTH;
    }
    s->phase = PHASE_DATA;
    if (in_len) (encrypt ? s->spec.ops->encrypt : s->spec.ops->decrypt)(s->family_state, in, out, in_len);
    s->data_len += in_len;
    *out_len = in_len;
    return SC_OK;
}

int sc_aead_encrypt_update(sc_aead_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                           size_t *out_len)
{
    return data_update(c, 1, in, in_len, out, out_cap, out_len);
}

int sc_aead_decrypt_update_UNVERIFIED(sc_aead_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                                      size_t *out_len)
{
    return data_update(c, 0, in, in_len, out, out_cap, out_len);
}

/* End the message: the full tag into `full`. */
static aead_state *finish(sc_aead_ctx *c, int encrypt, size_t tag_len, uint8_t full[SC_AEAD_MAX_TAG], int *rc)
{
    *rc = SC_ESTATE;
    if (c == NULL) {
        *rc = SC_EINVAL;
        return NULL;
    }
    aead_state *s = checked(c);
    if (s == NULL || s->phase == PHASE_KEYED || s->encrypt != (uint32_t)encrypt) return NULL;
    s->phase = PHASE_KEYED; /* one verdict per message, whatever happens next */
    s->spec.ops->tag(s->family_state, full);
    *rc = empty_refused(s, s->aad_len, s->data_len) ? SC_ELENGTH : tag_len_ok(s, tag_len) ? SC_OK : SC_ETAGSIZE;
    return s;
}

int sc_aead_encrypt_final(sc_aead_ctx *c, uint8_t *tag, size_t tag_len)
{
    uint8_t full[SC_AEAD_MAX_TAG];
    int rc;
    finish(c, 1, tag_len, full, &rc);
    if (rc == SC_OK && tag == NULL) rc = SC_ENULL;
    if (rc == SC_OK) memcpy(tag, full, tag_len);
    sc_wipe_small(full, SC_AEAD_MAX_TAG);
    return rc;
}

int sc_aead_decrypt_final(sc_aead_ctx *c, const uint8_t *tag, size_t tag_len)
{
    uint8_t full[SC_AEAD_MAX_TAG];
    int rc;
    finish(c, 0, tag_len, full, &rc);
    if (rc == SC_OK && tag == NULL) rc = SC_ENULL;
    if (rc == SC_OK) rc = (int)(0u - (uint32_t)(sc_memeq(full, tag, tag_len) ^ 1)) & SC_EAUTH; /* no branch */
    sc_wipe_small(full, SC_AEAD_MAX_TAG);
    return rc;
}

/* The generic checks of a one-shot call, before the family's oneshot
 * makes its own (state, nonce, tag length, exact limits): the context, the
 * pointers, the name's limits on AAD and data (data_len: the plaintext),
 * then the output's room and overlaps. The limits come before the overlap
 * test, as they did: a length past them is SC_ELENGTH whatever the buffers'
 * addresses (a 2^29-byte Magma-MGM message "overlapped" a small buffer on
 * AArch64's layout and gave SC_EINVAL). need counts the tag only when it is
 * one the buffers can hold: a larger one the family refuses (SC_ETAGSIZE)
 * before anything is written. */
AEAD_INLINE aead_state *oneshot_checks(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                       size_t aad_len, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                                       size_t *out_len, size_t data_len, size_t need, int *rc)
{
    *rc = SC_EINVAL;
    if (c == NULL || out_len == NULL) return NULL;
    *out_len = 0;
    *rc = SC_ESTATE;
    aead_state *s = checked_generic(c);
    if (s == NULL) return NULL;
    s->phase = PHASE_KEYED; /* a message left open by the streaming calls is abandoned */
    if ((nonce == NULL && nonce_len) || (aad == NULL && aad_len) || (in == NULL && in_len) || (out == NULL && out_cap))
        *rc = SC_ENULL;
    else if (aad_len > s->spec.info.max_aad || data_len > s->spec.info.max_plaintext || out_cap < need)
        *rc = SC_ELENGTH;
    else if (sc_overlap_refused(in, in_len, out, need))
        *rc = SC_EINVAL;
    else
        *rc = SC_OK;
    return *rc == SC_OK ? s : NULL;
}

/* 1 if the two ranges share a byte (the tag is written after the data: it
 * may not sit on the input or the output, not even exactly). */
static int shares_a_byte(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return a_len && b_len && (x < y ? y - x < a_len : x - y < b_len);
}

/* Seal: the family's one call (its checks, then the message); the tag to
 * tag_out, a truncated one through full. */
AEAD_INLINE int seal_checked(aead_state *s, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                             const uint8_t *in, size_t in_len, uint8_t *out, uint8_t *tag_out, size_t tag_len)
{
    uint8_t full[SC_AEAD_MAX_TAG], *t = tag_len == s->spec.info.tag_size ? tag_out : full;
    int rc =
        s->spec.ops->oneshot(s->family_state, &s->spec, 1, nonce, nonce_len, aad, aad_len, in, out, in_len, t, tag_len);
    if (t == full) {
        if (rc == SC_OK) memcpy(tag_out, full, tag_len);
        sc_wipe_small(full, SC_AEAD_MAX_TAG);
    }
    return rc;
}

/* sc_aead_seal with a tag length other than the name's (truncated, or one
 * the family refuses): seal_checked through its `full` buffer. Apart and
 * not inlined (issue 14): inline, its buffer, its wipe and the values they
 * keep live across the family's call made every seal save six registers
 * and build a frame; the full-tag path keeps two values across it. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
seal_other(aead_state *s, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
           size_t in_len, uint8_t *out, size_t *out_len, size_t tag_len)
{
    const int rc = seal_checked(s, nonce, nonce_len, aad, aad_len, in, in_len, out, out + in_len, tag_len);
    if (rc == SC_OK) *out_len = in_len + tag_len;
    return rc;
}

int sc_aead_seal(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                 const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len, size_t tag_len)
{
    if (in_len > SIZE_MAX - SC_AEAD_MAX_TAG) return SC_ELENGTH;
    int rc;
    aead_state *s = oneshot_checks(c, nonce, nonce_len, aad, aad_len, in, in_len, out, out_cap, out_len, in_len,
                                   in_len + (tag_len <= SC_AEAD_MAX_TAG ? tag_len : 0), &rc);
    if (s == NULL) return rc;
    /* out + in_len is past the input: in == out exactly or disjoint */
    if (tag_len != s->spec.info.tag_size)
        return seal_other(s, nonce, nonce_len, aad, aad_len, in, in_len, out, out_len, tag_len);
    const size_t total = in_len + tag_len;
    rc = s->spec.ops->oneshot(s->family_state, &s->spec, 1, nonce, nonce_len, aad, aad_len, in, out, in_len,
                              out + in_len, tag_len);
    if (rc == SC_OK) *out_len = total;
    return rc;
}

int sc_aead_seal_detached(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                          const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len, uint8_t *tag,
                          size_t tag_len)
{
    int rc;
    aead_state *s =
        oneshot_checks(c, nonce, nonce_len, aad, aad_len, in, in_len, out, out_cap, out_len, in_len, in_len, &rc);
    if (s == NULL) return rc;
    if (tag == NULL) return SC_ENULL;
    if (shares_a_byte(tag, tag_len, in, in_len) || shares_a_byte(tag, tag_len, out, in_len)) return SC_EINVAL;
    rc = seal_checked(s, nonce, nonce_len, aad, aad_len, in, in_len, out, tag, tag_len);
    if (rc == SC_OK) *out_len = in_len;
    return rc;
}

/* sc_memeq of two 16-byte tags inline (its call and loop were ~45
 * instructions of a 64-byte AES-GCM open): both words read, ORed, no
 * branch on them. */
AEAD_INLINE int tag16_eq(const uint8_t *a, const uint8_t *b)
{
    uint64_t a0, a1, b0, b1;
    memcpy(&a0, a, 8), memcpy(&a1, a + 8, 8), memcpy(&b0, b, 8), memcpy(&b1, b + 8, 8);
    uint64_t acc = (a0 ^ b0) | (a1 ^ b1);
#if defined(__GNUC__)
    __asm__("" : "+r"(acc));
#endif
    return (int)(((acc | (0 - acc)) >> 63) ^ 1u);
}

/* Open: the family's one call (its checks, then decrypt and the tag),
 * then the constant-time comparison; on a mismatch the plaintext is
 * zeroed, so nothing is released. */
AEAD_INLINE int open_checked(aead_state *s, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                             const uint8_t *in, size_t ct_len, const uint8_t *tag_in, size_t tag_len, uint8_t *out,
                             size_t *out_len, const int copy_tag)
{
    uint8_t tag[SC_AEAD_MAX_TAG], full[SC_AEAD_MAX_TAG];
    /* a detached tag may sit on out: copied before out is written (the
     * common 16-byte tag as a constant size: not a libc call; one larger
     * than the buffers is refused by the family, SC_ETAGSIZE). Attached, it
     * follows the ciphertext, which out equals or misses entirely (the
     * overlap check covers the whole input): read in place. */
    const uint8_t *t = tag_in;
    if (copy_tag) {
        if (tag_len == 16)
            memcpy(tag, tag_in, 16);
        else if (tag_len <= SC_AEAD_MAX_TAG)
            memcpy(tag, tag_in, tag_len);
        t = tag;
    }
    int rc = s->spec.ops->oneshot(s->family_state, &s->spec, 0, nonce, nonce_len, aad, aad_len, in, out, ct_len, full,
                                  tag_len);
    if (rc != SC_OK) return rc; /* nothing written; the tag copy is public */
    /* the verdict is returned: public from here on (ct_public.h), so a
     * wrong tag's output is zeroed after a branch, not masked in a pass */
    const int eq = tag_len == 16 ? tag16_eq(full, t) : sc_memeq(full, t, tag_len);
    rc = sc_public_verdict((int)(0u - (uint32_t)(eq ^ 1)) & SC_EAUTH);
    /* the computed tag (a forgery's right tag): the bytes the family wrote */
    if (s->spec.info.tag_size == 16)
        sc_wipe_small(full, 16);
    else
        sc_wipe_small(full, SC_AEAD_MAX_TAG);
    if (rc != SC_OK) sc_wipe(out, ct_len);
    *out_len = rc == SC_OK ? ct_len : 0;
    return rc;
}

/* open_checked over a message (open_msg's fallback): apart and not
 * inlined, so that the family's open, the common path, keeps only the
 * message (on the stack), the state and out_len across its call, where
 * open_checked's arguments and buffers made every open save six registers
 * and spill seven values around it (issue 14). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
open_generic(aead_state *s, const sc_aead_msg *m, size_t *out_len, const int copy_tag)
{
    return open_checked(s, m->nonce, m->nonce_len, m->aad, m->aad_len, m->in, m->len, m->tag, m->tag_len, m->out,
                        out_len, copy_tag);
}

/* The family's open (sc_aead_ops.open) when it has one and the tag is a
 * full one: its verdict, declassified, then the output zeroed if the tag
 * was wrong; else, or when it answers SC_AEAD_OPEN_GENERIC (nothing done),
 * open_checked. */
AEAD_INLINE int open_msg(aead_state *s, const sc_aead_msg *m, size_t *out_len, const int copy_tag)
{
    if (s->spec.ops->open != NULL && m->tag_len == s->spec.info.tag_size) {
        const int rc = sc_public_verdict(s->spec.ops->open(s->family_state, &s->spec, m));
        if (rc != SC_AEAD_OPEN_GENERIC) {
            if (rc == SC_EAUTH) sc_wipe(m->out, m->len);
            *out_len = rc == SC_OK ? m->len : 0;
            return rc;
        }
    }
    return open_generic(s, m, out_len, copy_tag);
}

int sc_aead_open(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                 const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len, size_t tag_len)
{
    if (in_len < tag_len) {
        if (out_len) *out_len = 0;
        return c == NULL || out_len == NULL ? SC_EINVAL : SC_ELENGTH;
    }
    const size_t ct_len = in_len - tag_len;
    int rc;
    aead_state *s =
        oneshot_checks(c, nonce, nonce_len, aad, aad_len, in, in_len, out, out_cap, out_len, ct_len, ct_len, &rc);
    if (s == NULL) return rc;
    /* out ends at ct_len: an in-place decryption never reaches the tag */
    const sc_aead_msg m = {nonce, nonce_len, aad, aad_len, in, out, ct_len, in + ct_len, tag_len};
    return open_msg(s, &m, out_len, 0);
}

int sc_aead_open_detached(sc_aead_ctx *c, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                          const uint8_t *in, size_t in_len, const uint8_t *tag, size_t tag_len, uint8_t *out,
                          size_t out_cap, size_t *out_len)
{
    int rc;
    aead_state *s =
        oneshot_checks(c, nonce, nonce_len, aad, aad_len, in, in_len, out, out_cap, out_len, in_len, in_len, &rc);
    if (s == NULL) return rc;
    if (tag == NULL && tag_len) return SC_ENULL;
    const sc_aead_msg m = {nonce, nonce_len, aad, aad_len, in, out, in_len, tag, tag_len};
    return open_msg(s, &m, out_len, 1);
}

int sc_aead_oneshot_steps(void *state, const sc_aead_spec *spec, int encrypt, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                          size_t tag_len)
{
    const sc_aead_ops *f = spec->ops;
    if (f->check(state, spec) != SC_OK) return SC_ESTATE;
    int rc = sc_aead_args_check(spec, nonce, nonce_len, aad_len, len, tag_len);
    if (rc != SC_OK) return rc;
    f->start(state, encrypt, nonce, nonce_len);
    if (aad_len) f->aad(state, aad, aad_len);
    if (len) (encrypt ? f->encrypt : f->decrypt)(state, in, out, len);
    f->tag(state, tag);
    return SC_OK;
}

void sc_aead_wipe(sc_aead_ctx *c)
{
    if (c != NULL) sc_wipe(c->opaque, sizeof c->opaque);
}
