/* SPDX-License-Identifier: Apache-2.0 */
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
extern const sc_family sc_mgm_family;    /* src/mgm/mgm_kernels.c */

const sc_family *const sc_families[] = {
    &sc_adler32_family, &sc_crc32_family, &sc_crc32c_family, &sc_magma_family,
    &sc_kalyna_family,  &sc_aes_family,   &sc_chacha_family, &sc_md5_family, &sc_keccak_family, &sc_mgm_family, NULL,
};

const sc_family *sc_family_find(const char *name)
{
    for (size_t i = 0; name && sc_families[i]; i++)
        if (strcmp(sc_families[i]->name, name) == 0) return sc_families[i];
    return NULL;
}

/* Called on every dispatch lookup (sc_select_kernel): index the array
 * directly (the count is known at compile time), no walk. */
const sc_algorithm_desc *sc_registry_at(size_t index)
{
    return index < SC_COUNT_OF(sc_families) - 1 ? sc_families[index]->kernels : NULL;
}
