/* The families behind the generic cipher/MAC API, and name lookup.
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
