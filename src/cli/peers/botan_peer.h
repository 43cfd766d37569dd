/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: what the Botan peers (aes_botan.c, chacha_botan.c)
 * share (botan_peer.c). */
#ifndef SC_CLI_PEERS_BOTAN_PEER_H
#define SC_CLI_PEERS_BOTAN_PEER_H

#include <botan/ffi.h>

#include "family_peers.h"

/* One message through a keyed botan_cipher_t: started from iv, the n bytes
 * as one final update (a seal writes its tag_len-byte tag after them).
 * Returns what the cipher or seal case returns. */
uint64_t botan_peer_run_mode(botan_cipher_t mode, const uint8_t *iv, size_t iv_len, size_t tag_len, const uint8_t *in,
                             uint8_t *out, size_t n);
/* "botan 2.19.3 FFI" + what, for the case's label. */
void botan_label(char *label, size_t size, const char *what);
#endif
