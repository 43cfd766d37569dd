/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna's AEAD operations and the GMAC pieces kalyna_family.c
 * plugs into the MAC API. */
#ifndef SC_KALYNA_AEAD_H
#define SC_KALYNA_AEAD_H

#include <simdcrypt/aead.h>

struct sc_aead_ops;
extern const struct sc_aead_ops sc_kalyna_aead_ops;

/* Tag lengths GCM and GMAC take for a block of block_size bytes: 8 bytes
 * (BC's minimum, 64 bits) up to the block, as sc_aead_info.tag_sizes bits. */
uint64_t sc_kalyna_gcm_tag_sizes(size_t block_size);

#endif
