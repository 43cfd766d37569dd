/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Crypto++'s ChaCha20 family (chacha_cryptopp.cpp,
 * compiled when the library was found) behind a C interface for
 * chacha_cryptopp.c. */
#ifndef SC_CLI_PEERS_CHACHA_CRYPTOPP_H
#define SC_CLI_PEERS_CHACHA_CRYPTOPP_H
#include <stddef.h>
#include <stdint.h>

/* name: "chacha20", "xchacha20", "poly1305", "chacha20-poly1305" or
 * "xchacha20-poly1305"; decrypt: an AEAD's decryption + verification. A
 * peer object for cryptopp_peer.h; NULL on failure (another name too). */
void *peer_cryptopp_chacha_new(const char *name, int decrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
                               size_t iv_len);
/* Its label: "ChaChaTLS", "XChaCha20", ... ("" for another name). */
const char *peer_cryptopp_chacha_class(const char *name);
#endif
