/* The families behind the generic cipher/MAC API, name lookup, and the
 * check that a caller's context is one of them.
 *
 * HOOK: a new family adds ONE line to this table (and its extern in
 * cipher_family.h); everything else lives in the family's own file. */
#include <string.h>

#include "cipher_family.h"

const sc_cipher_family *const sc_cipher_families[] = {
    &sc_family_kalyna,
    &sc_family_magma,
    NULL,
};

int sc_cipher_lookup(const char *name, sc_cipher_spec *spec)
{
    if (name == NULL) return SC_EINVAL;
    for (size_t i = 0; sc_cipher_families[i]; i++) {
        memset(spec, 0, sizeof *spec);
        if (sc_cipher_families[i]->lookup(name, spec) == SC_OK) {
            spec->family = sc_cipher_families[i];
            return SC_OK;
        }
    }
    memset(spec, 0, sizeof *spec);
    return SC_EINVAL;
}

/* The index-th name over every family, in table order. */
static const char *name_at(size_t index, int mac)
{
    for (size_t i = 0; sc_cipher_families[i]; i++) {
        size_t n = 0;
        while (sc_cipher_families[i]->name_at(n, mac)) n++;
        if (index < n) return sc_cipher_families[i]->name_at(index, mac);
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
    const sc_cipher_family *f = s->spec.family;
    size_t i = 0;
    while (sc_cipher_families[i] && sc_cipher_families[i] != f) i++;
    if (sc_cipher_families[i] == NULL) return NULL;
    const sc_cipher_info *info = &s->spec.info;
    /* buf holds at most one block; tags are written through a block buffer */
    if (info->block_size == 0 || info->block_size > SC_CIPHER_MAX_BLOCK || s->buffered > info->block_size ||
        info->tag_size > SC_CIPHER_MAX_BLOCK || info->min_tag_size > info->tag_size)
        return NULL;
    if (f->check && f->check(s->family_state, &s->spec) != SC_OK) return NULL;
    return s;
}
