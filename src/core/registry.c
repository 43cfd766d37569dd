/* The registry: every algorithm family, one line each. Everything else
 * (dispatch, name lookup, selftest, info, speed, tune, tests, Java) iterates
 * this list; a new family adds its descriptor here and nowhere else. */
#include "family.h"

extern const sc_family sc_adler32_family, sc_crc32_family, sc_crc32c_family; /* src/checksum/checksum_families.c */
extern const sc_family sc_magma_family;  /* src/magma/magma_family.c */
extern const sc_family sc_kalyna_family; /* src/kalyna/kalyna_family.c */
extern const sc_family sc_aes_family;    /* src/aes/aes_family.c */
extern const sc_family sc_chacha_family; /* src/chacha/chacha_family.c */
extern const sc_family sc_md5_family, sc_keccak_family; /* src/hash/hash_family.c */

const sc_family *const sc_families[] = {
    &sc_adler32_family, &sc_crc32_family, &sc_crc32c_family, &sc_magma_family,
    &sc_kalyna_family,  &sc_aes_family,   &sc_chacha_family, &sc_md5_family, &sc_keccak_family, NULL,
};

const sc_family *sc_family_find(const char *name)
{
    for (size_t i = 0; name && sc_families[i]; i++)
        if (strcmp(sc_families[i]->name, name) == 0) return sc_families[i];
    return NULL;
}

const sc_algorithm_desc *sc_registry_at(size_t index)
{
    for (size_t i = 0; sc_families[i]; i++)
        if (i == index) return sc_families[i]->kernels;
    return NULL;
}
