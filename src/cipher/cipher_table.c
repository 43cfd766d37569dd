/* SPDX-License-Identifier: Apache-2.0 */
/* Name lookup over the cipher families of the registry (src/core/registry.c)
 * and the check that a caller's context is one of them. Nothing here names a
 * family: the registry's descriptors carry their operations. */
#include <stdatomic.h>
#include <string.h>

#include "../core/family.h"
#include "cipher_family.h"

/* The index-th family's cipher operations in registry order, skipping
 * families without any; NULL past the end. */
static const sc_cipher_ops *cipher_family_at(size_t index)
{
    for (size_t i = 0; sc_families[i]; i++)
        if (sc_families[i]->cipher && index-- == 0) return sc_families[i]->cipher;
    return NULL;
}

/* Is f the operations of a registered family? This runs on every call of
 * the generic API, so the last pointer found in the registry is kept: it
 * only ever holds a registered family's operations, so a context that
 * matches it passes for the same reason the walk would pass it (a
 * program's hot loop uses one family; the walk costs ~50 instructions).
 * cipher.c's whole-block path compares with it too (cipher_family.h). */
_Atomic(const sc_cipher_ops *) sc_cipher_last_registered;

static int registered(const sc_cipher_ops *f)
{
    if (f != NULL && f == atomic_load_explicit(&sc_cipher_last_registered, memory_order_relaxed)) return 1;
    for (size_t i = 0; sc_families[i]; i++)
        if (sc_families[i]->cipher == f && f != NULL) {
            atomic_store_explicit(&sc_cipher_last_registered, f, memory_order_relaxed);
            return 1;
        }
    return 0;
}

int sc_cipher_lookup(const char *name, sc_cipher_spec *spec)
{
    if (name == NULL) return SC_EINVAL;
    const sc_cipher_ops *f;
    for (size_t i = 0; (f = cipher_family_at(i)) != NULL; i++) {
        memset(spec, 0, sizeof *spec);
        if (f->lookup(name, spec) == SC_OK) {
            spec->ops = f;
            return SC_OK;
        }
    }
    memset(spec, 0, sizeof *spec);
    return SC_EINVAL;
}

/* The index-th name over every family, in table order. */
static const char *name_at(size_t index, int mac)
{
    const sc_cipher_ops *f;
    for (size_t i = 0; (f = cipher_family_at(i)) != NULL; i++) {
        size_t n = 0;
        while (f->name_at(n, mac)) n++;
        if (index < n) return f->name_at(index, mac);
        index -= n;
    }
    return NULL;
}

const char *sc_cipher_name_at(size_t index) { return name_at(index, 0); }
const char *sc_mac_name_at(size_t index) { return name_at(index, 1); }

sc_cipher_state *sc_cipher_state_checked(void *opaque, uint32_t magic, int mac)
{
    sc_cipher_state *s = opaque;
    if (s->magic != magic || (s->spec.info.tag_size != 0) != (mac != 0)) return NULL;
    const sc_cipher_ops *f = s->spec.ops;
    if (!registered(f)) return NULL;
    const sc_cipher_info *info = &s->spec.info;
    /* buf holds at most one block (two less a byte when the mode steals, all
     * of buf for one-shot modes);
     * tags are written through a block buffer */
    const size_t held_max = s->spec.info.one_shot ? sizeof s->buf
                            : s->spec.steals ? 2 * info->block_size - 1
                                             : info->block_size;
    if (info->block_size == 0 || info->block_size > SC_CIPHER_MAX_BLOCK || s->buffered > held_max ||
        info->tag_size > SC_CIPHER_MAX_BLOCK || info->min_tag_size > info->tag_size)
        return NULL;
    if (s->spec.family_streams && (f->stream == NULL || !info->is_stream)) return NULL;
    if ((s->spec.steals && (f->steal_final == NULL || info->is_stream)) ||
        (s->spec.info.one_shot && (f->crypt == NULL || info->is_stream)))
        return NULL;
    if (f->check && f->check(s->family_state, &s->spec) != SC_OK) return NULL;
    return s;
}

int sc_cipher_opts_check(const sc_cipher_spec *spec, const sc_cipher_opts *opts)
{
    if (opts == NULL) return SC_OK;
    const size_t seg = opts->segment_bits;
    if ((opts->counter && !spec->takes_counter) || (seg && !spec->takes_segment) ||
        (opts->key_meshing && !spec->takes_key_meshing) || (opts->short_mac && !spec->takes_short_mac))
        return SC_EINVAL;
    if (seg && (seg % 8 != 0 || seg / 8 > spec->info.block_size)) return SC_EINVAL;
    if (opts->key_meshing != SC_KEY_MESHING_DEFAULT && opts->key_meshing != SC_KEY_MESHING_NONE &&
        opts->key_meshing != SC_KEY_MESHING_CRYPTOPRO)
        return SC_EINVAL;
    if (opts->short_mac != SC_SHORT_MAC_DEFAULT && opts->short_mac != SC_SHORT_MAC_CRYPTOPRO &&
        opts->short_mac != SC_SHORT_MAC_BC)
        return SC_EINVAL;
    return SC_OK;
}
