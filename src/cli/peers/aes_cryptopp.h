/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Crypto++ AES (aes_cryptopp.cpp, compiled when the
 * library was found) behind a C interface for aes_cryptopp.c. */
#ifndef SC_CLI_PEERS_AES_CRYPTOPP_H
#define SC_CLI_PEERS_AES_CRYPTOPP_H
#include <stddef.h>
#include <stdint.h>

/* mode: "ecb", "cbc", "ctr" or "gcm"; decrypt: the inverse cipher (ECB,
 * CBC) or GCM decryption + verification. A peer object for
 * cryptopp_peer.h; NULL on failure. */
void *peer_cryptopp_aes_new(const char *mode, int decrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
                            size_t iv_len);
#endif
