/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: a Crypto++ peer object (cryptopp_peer.hpp, made
 * by peer_cryptopp_aes_new, peer_cryptopp_chacha_new or
 * peer_cryptopp_hash_new) as a case
 * (cryptopp_peer.c), and its C interface (cryptopp_peer.cpp). */
#ifndef SC_CLI_PEERS_CRYPTOPP_PEER_H
#define SC_CLI_PEERS_CRYPTOPP_PEER_H
#include <stddef.h>
#include <stdint.h>

#ifndef __cplusplus
#include "family_peers.h"
/* Add *c, labelled "crypto++ X.Y.Z what", running peer as name says
 * (cipher, MAC, seal, open; NULL: "setup failed"). The case owns peer. */
void cryptopp_case_add(bench_set *set, bench_case *c, const char *algorithm, void *peer, const family_peer_name *name,
                       const char *what);
#endif

/* One message from the fixed IV or nonce: n bytes in -> n bytes out, and
 * for AEADs the tag: written to out + n when sealing, checked against `tag`
 * when opening; for MACs and hashes only the tag_len-byte tag or digest,
 * to out. Returns 0 only
 * when an opened tag did not verify. */
int peer_cryptopp_run(void *peer, const uint8_t *in, uint8_t *out, size_t n, const uint8_t *tag, size_t tag_len);
void peer_cryptopp_free(void *peer);
#endif
