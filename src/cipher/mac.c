/* SPDX-License-Identifier: Apache-2.0 */
/* Generic MAC API (include/simdcrypt/cipher.h). The last block of a message
 * is treated specially by every block-cipher MAC, so the final block (full
 * or partial) always stays buffered until sc_mac_final. */
#include <stdatomic.h>
#include <string.h>

#include "../core/internal.h"
#include "cipher_family.h"

static sc_cipher_state *state_of(sc_mac_ctx *m) { return (sc_cipher_state *)(void *)m->opaque; }

int sc_mac_init_nonce(sc_mac_ctx *m, const char *name, const uint8_t *key, size_t key_len, const uint8_t *nonce,
                      size_t nonce_len, const sc_cipher_opts *opts)
{
    static const sc_cipher_opts defaults = {0};
    if (m == NULL) return SC_EINVAL;
    sc_cipher_state *s = state_of(m);
    sc_mac_wipe(m);
    if ((key == NULL && key_len) || (nonce == NULL && nonce_len)) return SC_ENULL;
    int rc = sc_cipher_lookup(name, &s->spec);
    if (rc != SC_OK) return rc;
    if (s->spec.info.tag_size == 0 || (opts && opts->padding) || /* a cipher name, padding */
        sc_cipher_opts_check(&s->spec, opts) != SC_OK) {
        sc_mac_wipe(m);
        return SC_EINVAL;
    }
    rc = s->spec.ops->init(s->family_state, &s->spec, 1, key, key_len, nonce, nonce_len, opts ? opts : &defaults);
    if (rc != SC_OK) {
        sc_mac_wipe(m);
        return rc;
    }
    s->magic = SC_CIPHER_MAGIC_MAC;
    return SC_OK;
}

int sc_mac_init_ex(sc_mac_ctx *m, const char *name, const uint8_t *key, size_t key_len,
                   const sc_cipher_opts *opts)
{
    return sc_mac_init_nonce(m, name, key, key_len, NULL, 0, opts);
}

int sc_mac_init(sc_mac_ctx *m, const char *name, const uint8_t *key, size_t key_len)
{
    return sc_mac_init_ex(m, name, key, key_len, NULL);
}

/* Absorb in_len bytes into a checked MAC state. */
static void absorb(sc_cipher_state *s, const uint8_t *in, size_t in_len)
{
    const size_t bs = s->spec.info.block_size;
    const sc_cipher_ops *f = s->spec.ops;
    s->total += in_len;
    /* Fill the pending block; absorb it only once more input follows. */
    if (s->buffered < bs) {
        size_t take = bs - s->buffered < in_len ? bs - s->buffered : in_len;
        if (take) { /* in may be NULL when in_len is 0: no pointer arithmetic on it then */
            memcpy(s->buf + s->buffered, in, take);
            s->buffered += take, in += take, in_len -= take;
        }
    }
    if (in_len == 0) return;
    f->mac_blocks(s->family_state, s->buf, 1);
    /* Keep at least one byte (and at most one block) back for final. */
    size_t whole = (in_len - 1) / bs;
    if (whole) f->mac_blocks(s->family_state, in, whole);
    in += whole * bs, in_len -= whole * bs;
    memcpy(s->buf, in, in_len);
    s->buffered = in_len;
}

int sc_mac_update(sc_mac_ctx *m, const uint8_t *in, size_t in_len)
{
    if (m == NULL) return SC_EINVAL;
    sc_cipher_state *s = sc_cipher_state_checked(m->opaque, SC_CIPHER_MAGIC_MAC, 1);
    if (s == NULL) return SC_ESTATE;
    if (in == NULL && in_len) return SC_ENULL;
    absorb(s, in, in_len);
    return SC_OK;
}

/* The full tag of the message into full[] (SC_OK, or the family's
 * SC_ELENGTH), and the context finished whatever the outcome: a new message
 * needs sc_mac_reset or init. */
static int finish(sc_cipher_state *s, uint8_t full[SC_CIPHER_MAX_BLOCK])
{
    int rc = s->spec.ops->mac_final(s->family_state, s->buf, s->buffered, s->total, full);
    sc_wipe_small(s->buf, sizeof s->buf);
    s->buffered = 0;
    s->magic = SC_CIPHER_MAGIC_DONE;
    return rc;
}

static int tag_size_ok(const sc_cipher_state *s, size_t tag_len)
{
    if (tag_len < s->spec.info.min_tag_size || tag_len > s->spec.info.tag_size) return 0;
    return s->spec.tag_sizes == 0 || (tag_len < 32 && (s->spec.tag_sizes >> tag_len & 1));
}

int sc_mac_final(sc_mac_ctx *m, uint8_t *tag, size_t tag_len)
{
    if (m == NULL) return SC_EINVAL;
    sc_cipher_state *s = sc_cipher_state_checked(m->opaque, SC_CIPHER_MAGIC_MAC, 1);
    if (s == NULL) return SC_ESTATE;
    /* argument errors leave the message open: the caller may retry */
    if (tag == NULL && tag_len) return SC_ENULL;
    if (!tag_size_ok(s, tag_len)) return SC_ETAGSIZE;
    uint8_t full[SC_CIPHER_MAX_BLOCK];
    int rc = finish(s, full);
    if (rc == SC_OK) memcpy(tag, full, tag_len);
    sc_wipe_small(full, sizeof full);
    return rc;
}

int sc_mac_verify(sc_mac_ctx *m, const uint8_t *tag, size_t tag_len)
{
    if (m == NULL) return SC_EINVAL;
    sc_cipher_state *s = sc_cipher_state_checked(m->opaque, SC_CIPHER_MAGIC_MAC, 1);
    if (s == NULL) return SC_ESTATE;
    /* Finished first, whatever the arguments: one message, one verdict (no
     * retrying other tag lengths or tags on the same message). */
    uint8_t full[SC_CIPHER_MAX_BLOCK];
    int rc = finish(s, full);
    if (rc == SC_OK && tag == NULL && tag_len) rc = SC_ENULL;
    if (rc == SC_OK && !tag_size_ok(s, tag_len)) rc = SC_ETAGSIZE;
    if (rc == SC_OK && !sc_memeq(full, tag, tag_len)) rc = SC_EAUTH;
    sc_wipe(full, sizeof full); /* a constant size: with s's, gcc branched on the verdict above */
    return rc;
}

/* An initialised MAC, in a message or past its final; NULL otherwise. */
/* keyed()'s common case (issue 14): a family with quick_check and what
 * sc_cipher_state_checked asks of a MAC's state, inline (the registry's
 * last family, sizes in range, none of the modes that need more checks);
 * anything else takes the full checks. */
static inline sc_cipher_state *quick_keyed(void *opaque)
{
    sc_cipher_state *s = opaque;
    const sc_cipher_ops *f = s->spec.ops;
    const sc_cipher_info *i = &s->spec.info;
    if ((s->magic != SC_CIPHER_MAGIC_MAC && s->magic != SC_CIPHER_MAGIC_DONE) || f == NULL ||
        f != atomic_load_explicit(&sc_cipher_last_registered, memory_order_relaxed) || f->quick_check == NULL)
        return NULL;
    if (i->tag_size - 1 >= SC_CIPHER_MAX_BLOCK || i->min_tag_size > i->tag_size ||
        i->block_size - 1 >= SC_CIPHER_MAX_BLOCK || s->buffered > i->block_size ||
        ((size_t)i->one_shot | (size_t)s->spec.steals | (size_t)s->spec.family_streams) != 0)
        return NULL;
    return f->quick_check(s->family_state, &s->spec) == SC_OK ? s : NULL;
}

static sc_cipher_state *keyed(sc_mac_ctx *m)
{
    sc_cipher_state *q = quick_keyed(m->opaque);
    if (q != NULL) return q;
    sc_cipher_state *s = sc_cipher_state_checked(m->opaque, SC_CIPHER_MAGIC_MAC, 1);
    return s ? s : sc_cipher_state_checked(m->opaque, SC_CIPHER_MAGIC_DONE, 1);
}

static void restart(sc_cipher_state *s)
{
    s->spec.ops->reset(s->family_state);
    if (s->magic != SC_CIPHER_MAGIC_DONE) sc_wipe_small(s->buf, sizeof s->buf); /* finish() wiped it already */
    s->buffered = 0;
    s->total = 0;
    s->magic = SC_CIPHER_MAGIC_MAC;
}

int sc_mac_reset(sc_mac_ctx *m)
{
    if (m == NULL) return SC_EINVAL;
    sc_cipher_state *s = keyed(m);
    if (s == NULL) return SC_ESTATE;
    restart(s);
    return SC_OK;
}

int sc_mac_message(sc_mac_ctx *m, const uint8_t *in, size_t in_len, uint8_t *tag, size_t tag_len)
{
    if (m == NULL) return SC_EINVAL;
    sc_cipher_state *s = keyed(m); /* one check for the three steps */
    if (s == NULL) return SC_ESTATE;
    if ((in == NULL && in_len) || (tag == NULL && tag_len)) return SC_ENULL;
    if (!tag_size_ok(s, tag_len)) return SC_ETAGSIZE;
    uint8_t full[SC_CIPHER_MAX_BLOCK];
    int rc;
    /* The family's whole-message call starts from the key alone, so the
     * reset of the message state is left to the generic steps that need it
     * (GMAC: six copies and clears of 16 bytes a call, 64-byte messages). */
    if (s->spec.ops->mac_message && s->spec.ops->mac_message(s->family_state, in, in_len, full, &rc)) {
        /* finished, as finish() leaves a context: buf empty and wiped */
        if (s->magic != SC_CIPHER_MAGIC_DONE) sc_wipe_small(s->buf, sizeof s->buf);
        s->buffered = 0;
        s->total = 0;
        s->magic = SC_CIPHER_MAGIC_DONE;
    } else {
        restart(s);
        absorb(s, in, in_len);
        rc = finish(s, full);
    }
    /* the common full 16-byte tag as a constant size: two moves, not a
     * call to libc's memcpy */
    if (rc == SC_OK) {
        if (tag_len == 16)
            memcpy(tag, full, 16);
        else
            memcpy(tag, full, tag_len);
    }
    sc_wipe_small(full, sizeof full);
    return rc;
}

void sc_mac_wipe(sc_mac_ctx *m)
{
    if (m != NULL) sc_wipe(m->opaque, sizeof m->opaque);
}
