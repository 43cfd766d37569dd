/* SPDX-License-Identifier: Apache-2.0 */
/* The hash/XOF API (include/simdcrypt/hash.h): names, contexts, streaming
 * and one-shot, over the constructions of hash_md5.c, hash_sponge.c and
 * hash_kt.c. Contexts are checked before use (magic, an entry of the name
 * table, a kernel of the family this CPU runs, fields in range) and fail
 * closed: a failed init leaves a context that every call refuses. */
#include "../cipher/ctx_check.h"
#include "../core/family.h"
#include "hash_ctx.h"

#include <stdatomic.h>

#define HASH_MAGIC UINT64_C(0x5343484153483031) /* "SCHASH01" */

_Static_assert(sizeof(sc_hash_state) <= SC_HASH_CTX_SIZE, "sc_hash_ctx too small");
_Static_assert(_Alignof(sc_hash_state) <= SC_HASH_CTX_ALIGN, "sc_hash_ctx under-aligned");

size_t sc_hash_ctx_size(void) { return SC_HASH_CTX_SIZE; }
size_t sc_hash_ctx_align(void) { return SC_HASH_CTX_ALIGN; }

/* strcmp(a, b) == 0 for the short names of the table, inline: every
 * one-shot sc_hash looks its name up, and the library call (PLT, then
 * glibc's vector strcmp set-up) was ~3% of a 64-byte MD5 (perf, Zen 3). */
static inline int name_eq(const char *a, const char *b)
{
    for (; *a == *b; a++, b++)
        if (*a == '\0') return 1;
    return 0;
}

/* The last name found, as (family << 16 | entry) + 1 (0: none yet), one
 * word so a reader never pairs one lookup's family with another's entry. A
 * program's hot loop hashes under one name; the walk's string compares
 * before it (shake256 is the keccak family's sixth entry) were ~6% of a
 * 64-byte one-shot SHAKE256 (perf, Emerald Rapids), the one size where it
 * trailed libgcrypt. A miss costs one compare more. Names are public: no
 * constant-time concern. Same idea as sc_cipher_last_registered. */
static _Atomic size_t last_found;

const sc_hash_entry *sc_hash_lookup(const char *name, const sc_hash_names **family)
{
    if (name == NULL) return NULL;
    size_t memo = atomic_load_explicit(&last_found, memory_order_relaxed);
    if (memo) {
        const sc_hash_names *h = sc_families[(memo - 1) >> 16]->hash;
        const sc_hash_entry *e = &h->entries[(memo - 1) & 0xFFFF];
        if (name_eq(e->name, name)) {
            if (family) *family = h;
            return e;
        }
    }
    for (size_t f = 0; sc_families[f]; f++) {
        const sc_hash_names *h = sc_families[f]->hash;
        for (size_t i = 0; h && i < h->count; i++)
            if (name_eq(h->entries[i].name, name)) {
                atomic_store_explicit(&last_found, (f << 16 | i) + 1, memory_order_relaxed);
                if (family) *family = h;
                return &h->entries[i];
            }
    }
    return NULL;
}

const char *sc_hash_name_at(size_t index)
{
    for (size_t f = 0; sc_families[f]; f++) {
        const sc_hash_names *h = sc_families[f]->hash;
        if (h == NULL) continue;
        if (index < h->count) return h->entries[index].name;
        index -= h->count;
    }
    return NULL;
}

int sc_hash_info_get(const char *name, sc_hash_info *info)
{
    const sc_hash_names *fam;
    const sc_hash_entry *e = sc_hash_lookup(name, &fam);
    if (e == NULL || info == NULL) return SC_EINVAL;
    info->name = e->name;
    info->algorithm = fam->alg->name;
    info->digest_size = e->digest_size;
    info->block_size = e->block;
    info->is_xof = e->digest_size == 0;
    return SC_OK;
}

size_t sc_hash_digest_size(const char *name)
{
    const sc_hash_entry *e = sc_hash_lookup(name, NULL);
    return e ? e->digest_size : 0;
}

static sc_hash_state *state_of(sc_hash_ctx *c) { return (sc_hash_state *)(void *)c->opaque; }

/* Every field a call trusts, checked: a context init did not set up (or one
 * corrupted) is refused before anything in it is called or indexed. By
 * pointer, not by name: this runs on every call. */
static int check(const sc_hash_state *st)
{
    if (st->magic != HASH_MAGIC || st->family == NULL) return 0;
    int known = 0;
    for (size_t f = 0; sc_families[f]; f++) known |= sc_families[f]->hash == st->family;
    const sc_hash_names *fam = st->family;
    if (!known || st->e < fam->entries || st->e >= fam->entries + fam->count) return 0;
    if (!sc_ops_runnable(fam->alg, st->ops)) return 0;
    if (st->phase < SC_HASH_ABSORB || st->phase > SC_HASH_DONE) return 0;
    switch (st->e->construction) {
    case SC_HASH_MD: return 1;
    case SC_HASH_SPONGE: return st->u.sponge.pos <= st->e->block;
    case SC_HASH_KT: return st->u.kt.node.pos <= st->e->block && st->u.kt.leaf.pos <= st->e->block;
    default: return 0;
    }
}

static void start(sc_hash_state *st)
{
    switch (st->e->construction) {
    case SC_HASH_MD: sc_md_init(st); break;
    case SC_HASH_SPONGE: memset(&st->u.sponge, 0, sizeof st->u.sponge); break;
    default: sc_kt_init(st); break;
    }
    st->phase = SC_HASH_ABSORB;
}

/* Name and options into a fresh state (SC_OK), or the refusal. */
static int setup(sc_hash_state *st, const char *name, const sc_hash_opts *opts)
{
    const sc_hash_names *fam;
    const sc_hash_entry *e = sc_hash_lookup(name, &fam);
    if (e == NULL) return SC_EINVAL;
    const sc_hash_opts none = {0};
    if (opts == NULL) opts = &none;
    if (opts->custom_len && opts->custom == NULL) return SC_ENULL;
    if ((opts->custom_len && e->construction != SC_HASH_KT) || (opts->domain && !e->has_domain) ||
        opts->domain > 0x7F)
        return SC_EINVAL;
    int status = SC_OK;
    const sc_kernel *k = opts->kernel ? sc_find_kernel(fam->alg, opts->kernel, &status) : sc_select_kernel(fam->alg);
    if (k == NULL) return status;
    st->family = fam, st->e = e, st->ops = k->impl.ops;
    st->pad = opts->domain ? (uint8_t)opts->domain : e->pad;
    st->custom = opts->custom, st->custom_len = opts->custom_len;
    start(st);
    st->magic = HASH_MAGIC;
    return SC_OK;
}

int sc_hash_init_ex(sc_hash_ctx *c, const char *name, const sc_hash_opts *opts)
{
    if (c == NULL) return SC_EINVAL;
    sc_hash_state *st = state_of(c);
    sc_wipe(st, sizeof *st); /* the rest of the opaque bytes is never written */
    int status = setup(st, name, opts);
    if (status != SC_OK) st->magic = 0;
    return status;
}

int sc_hash_init(sc_hash_ctx *c, const char *name) { return sc_hash_init_ex(c, name, NULL); }

static void absorb(sc_hash_state *st, const void *data, size_t len)
{
    const sc_hash_entry *e = st->e;
    switch (e->construction) {
    case SC_HASH_MD: sc_md_update(st, data, len); break;
    case SC_HASH_SPONGE: sc_sponge_absorb(&st->u.sponge, st->ops, e->block, e->rounds, data, len); break;
    default: sc_kt_update(st, data, len); break;
    }
}

int sc_hash_update(sc_hash_ctx *c, const void *data, size_t len)
{
    if (c == NULL) return SC_EINVAL;
    sc_hash_state *st = state_of(c);
    if (!check(st) || st->phase != SC_HASH_ABSORB) return SC_ESTATE;
    if (len == 0) return SC_OK;
    if (data == NULL) return SC_ENULL;
    absorb(st, data, len);
    return SC_OK;
}

/* Absorbing ends: pad, ready to squeeze. */
static void to_squeeze(sc_hash_state *st)
{
    const sc_hash_entry *e = st->e;
    if (e->construction == SC_HASH_SPONGE) sc_sponge_pad(&st->u.sponge, st->ops, e->block, e->rounds, st->pad);
    if (e->construction == SC_HASH_KT) sc_kt_finish(st);
    st->phase = SC_HASH_SQUEEZE;
}

static void squeeze(sc_hash_state *st, uint8_t *out, size_t len)
{
    const sc_hash_entry *e = st->e;
    sc_sponge *sp = e->construction == SC_HASH_KT ? &st->u.kt.node : &st->u.sponge;
    sc_sponge_squeeze(sp, st->ops, e->block, e->rounds, out, len);
}

int sc_hash_squeeze(sc_hash_ctx *c, uint8_t *out, size_t out_len)
{
    if (c == NULL) return SC_EINVAL;
    sc_hash_state *st = state_of(c);
    if (!check(st)) return SC_ESTATE;
    if (st->e->digest_size) return SC_EINVAL;
    if (st->phase == SC_HASH_DONE) return SC_ESTATE;
    if (out == NULL && out_len) return SC_ENULL;
    if (st->phase == SC_HASH_ABSORB) to_squeeze(st);
    squeeze(st, out, out_len);
    return SC_OK;
}

/* Erase the message state (the part the construction used), keep what
 * reset needs. */
static void finish(sc_hash_state *st)
{
    switch (st->e->construction) {
    case SC_HASH_MD: sc_wipe_small(&st->u.md, sizeof st->u.md); break;
    case SC_HASH_SPONGE: sc_wipe_small(&st->u.sponge, sizeof st->u.sponge); break;
    default: sc_wipe(&st->u.kt, sizeof st->u.kt); break;
    }
    st->phase = SC_HASH_DONE;
}

/* The output of the message (sizes checked), then finish. */
static void digest(sc_hash_state *st, uint8_t *out, size_t out_len)
{
    if (st->e->construction == SC_HASH_MD) {
        sc_md_final(st, out);
    } else {
        if (st->phase == SC_HASH_ABSORB) to_squeeze(st);
        squeeze(st, out, out_len);
    }
    finish(st);
}

int sc_hash_final(sc_hash_ctx *c, uint8_t *out, size_t out_len)
{
    if (c == NULL) return SC_EINVAL;
    sc_hash_state *st = state_of(c);
    if (!check(st) || st->phase == SC_HASH_DONE) return SC_ESTATE;
    const sc_hash_entry *e = st->e;
    if (e->digest_size && out_len != e->digest_size) return SC_ELENGTH;
    if (out == NULL && out_len) return SC_ENULL;
    digest(st, out, out_len);
    return SC_OK;
}

int sc_hash_copy(sc_hash_ctx *dst, const sc_hash_ctx *src)
{
    if (dst == NULL || src == NULL) return SC_EINVAL;
    if (dst == src) return SC_OK;
    if (!check((const sc_hash_state *)(const void *)src->opaque)) return SC_ESTATE;
    memcpy(dst, src, sizeof *dst);
    return SC_OK;
}

int sc_hash_reset(sc_hash_ctx *c)
{
    if (c == NULL) return SC_EINVAL;
    sc_hash_state *st = state_of(c);
    if (!check(st)) return SC_ESTATE;
    start(st);
    return SC_OK;
}

void sc_hash_wipe(sc_hash_ctx *c)
{
    if (c) sc_wipe(c->opaque, sizeof(sc_hash_state));
}

/* One shot on a state of its own, not a whole context: no 1 KiB wipe, and
 * only the part of the state the construction used is erased (a 64-byte
 * MD5 costs ~650 cycles; the context path added ~300). */
int sc_hash_ex(const char *name, const sc_hash_opts *opts, const void *data, size_t len, uint8_t *out,
               size_t out_len)
{
    sc_hash_state st;
    st.magic = 0;
    int status = setup(&st, name, opts);
    if (status != SC_OK) return status;
    const sc_hash_entry *e = st.e;
    if (e->digest_size && out_len != e->digest_size) return SC_ELENGTH;
    if ((data == NULL && len) || (out == NULL && out_len)) return SC_ENULL;
    switch (e->construction) {
    case SC_HASH_MD:
        if (len) sc_md_update(&st, data, len);
        sc_md_final(&st, out);
        sc_wipe_small(&st.u.md, sizeof st.u.md);
        break;
    case SC_HASH_SPONGE:
        if (len) sc_sponge_absorb(&st.u.sponge, st.ops, e->block, e->rounds, data, len);
        to_squeeze(&st);
        squeeze(&st, out, out_len);
        sc_wipe_small(&st.u.sponge, sizeof st.u.sponge);
        break;
    default:
        if (len) sc_kt_update(&st, data, len);
        to_squeeze(&st);
        squeeze(&st, out, out_len);
        sc_wipe(&st.u.kt, sizeof st.u.kt);
        break;
    }
    return SC_OK;
}

int sc_hash(const char *name, const void *data, size_t len, uint8_t *out, size_t out_len)
{
    return sc_hash_ex(name, NULL, data, len, out, out_len);
}

/* --- sc_hash_message (issue 16) --------------------------------------------
 * reset + update + final on a kept context in one call: one context check
 * instead of three, and one downcall for a binding that buffers short
 * messages (the Java MessageDigest: three calls made MD5 at 16-64 bytes
 * 0.7x SUN's). */
int sc_hash_message(sc_hash_ctx *c, const void *data, size_t len, uint8_t *out, size_t out_len)
{
    if (c == NULL) return SC_EINVAL;
    sc_hash_state *st = state_of(c);
    if (!check(st)) return SC_ESTATE;
    if (st->e->digest_size && out_len != st->e->digest_size) return SC_ELENGTH;
    if ((out == NULL && out_len) || (data == NULL && len)) return SC_ENULL;
    start(st);
    if (len) absorb(st, data, len);
    digest(st, out, out_len);
    return SC_OK;
}
