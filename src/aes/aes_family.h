/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: AES's other NIST modes (src/modes/) in the generic APIs.
 *
 * The AES descriptor (aes_family.c) names the operations of aes_modes.c,
 * which resolve the new names themselves and hand every other name, and
 * every call on a context of one, to the ECB/CBC/CTR/GMAC/GHASH and GCM
 * operations of aes_family.c (sc_aes_base_cipher_ops, sc_aes_gcm_aead_ops),
 * so that file keeps its own state layout untouched. */
#ifndef SC_AES_MODES_H
#define SC_AES_MODES_H

#include "../aead/aead_family.h"
#include "../cipher/cipher_family.h"
#include "../modes/block_cipher.h"
#include "aes_internal.h"

/* aes_family.c's modes use spec.mode values below this; aes_modes.c's from it. */
#define SC_AES_MODES_FIRST 16

extern const sc_cipher_ops sc_aes_base_cipher_ops; /* aes_family.c */
extern const sc_aead_ops sc_aes_gcm_aead_ops;      /* aes_family.c */
extern const sc_cipher_ops sc_aes_cipher_ops;      /* aes_modes.c: the descriptor's */
extern const sc_aead_ops sc_aes_aead_ops;          /* aes_modes.c: the descriptor's */

/* The block-cipher interface of an expanded key (its kernel's ECB and CBC). */
sc_block_cipher sc_aes_block_cipher(const sc_aes_key *k);

#endif
