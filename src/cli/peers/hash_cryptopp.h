/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Crypto++'s hashes (hash_cryptopp.cpp, compiled
 * when the library was found) behind a C interface for hash_cryptopp.c. */
#ifndef SC_CLI_PEERS_HASH_CRYPTOPP_H
#define SC_CLI_PEERS_HASH_CRYPTOPP_H
#include <stddef.h>

/* native: "Weak::MD5", "SHA3_224".."SHA3_512", "SHAKE128", "SHAKE256",
 * "Keccak_256"; out_len: the digest size (the XOFs: any). A peer object for
 * cryptopp_peer.h; NULL on failure (another name, a wrong length too). */
void *peer_cryptopp_hash_new(const char *native, size_t out_len);
#endif
