/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: what the AES descriptor's two files share: aes_family.c (the
 * descriptor, the table of cipher/MAC modes and their operations) and
 * aes_aead.c (the AEADs GCM and CCM, the descriptor's .aead). */
#ifndef SC_AES_FAMILY_H
#define SC_AES_FAMILY_H

#include "../aead/aead_family.h"
#include "../modes/block_cipher.h"
#include "aes_internal.h"

extern const sc_aead_ops sc_aes_aead_ops; /* aes_aead.c */

/* The block-cipher interface of an expanded key (its kernel's ECB both ways
 * and its serial CBC encryption) for the modes of src/modes/ (aes_family.c).
 * Held on the stack per call: it points at k. */
sc_block_cipher sc_aes_block_cipher(const sc_aes_key *k);

/* SP 800-38D 5.2.1.2: GCM's and GMAC's tags of 128, 120, 112, 104, 96 bits,
 * and 64 or 32 for some applications; bit t for t bytes (the MAC API's;
 * the AEAD API's bit t - 1 is this >> 1). */
#define SC_AES_GCM_TAG_SIZES (1u << 16 | 1u << 15 | 1u << 14 | 1u << 13 | 1u << 12 | 1u << 8 | 1u << 4)

#endif
