/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: the portable kernel's GHASH (ghash_portable.c), constant time
 * with integer multiplies and no tables; the entry points of struct
 * sc_aes_ops (aes_internal.h). */
#ifndef SC_GHASH_PORTABLE_H
#define SC_GHASH_PORTABLE_H

#include "aes_internal.h"

void sc_ghash_portable_init(sc_ghash_key *g);
void sc_ghash_portable(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n);

#endif
