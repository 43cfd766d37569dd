/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: a libgcrypt cipher handle keyed once, run as a
 * cipher, an AEAD seal or an AEAD open case (gcrypt_cipher.c), shared by the
 * AES and ChaCha20 peers (aes_gcrypt.c, chacha_gcrypt.c). Every call sets
 * the fixed IV, counter or nonce again, as our cases restart. */
#ifndef SC_CLI_PEERS_GCRYPT_CIPHER_H
#define SC_CLI_PEERS_GCRYPT_CIPHER_H

#include "family_peers.h"

/* Libgcrypt initialised (once is enough; again is harmless). */
void gcrypt_peer_init(void);
/* Make *c run gcry_cipher_open(algo, mode) keyed with name->params.key as
 * name says (cipher, seal or open), from the IV name->params.iv
 * (GCRY_CIPHER_MODE_CTR: as the counter block); c->run stays NULL when
 * libgcrypt refuses. */
void gcrypt_case_use(bench_case *c, const char *algorithm, int algo, int mode, const family_peer_name *name);
/* "libgcrypt 1.10.1 " + what, for the case's label. */
void gcrypt_label(char *label, size_t size, const char *what);
#endif
