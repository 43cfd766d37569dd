/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: what the Nettle peers (aes_nettle.c,
 * chacha_nettle.c) share (nettle_peer.c). */
#ifndef SC_CLI_PEERS_NETTLE_PEER_H
#define SC_CLI_PEERS_NETTLE_PEER_H

#include <nettle/nettle-meta.h>

#include "family_peers.h"

/* One AEAD message through a Nettle descriptor whose ctx is keyed: the
 * nonce set, n bytes encrypted (decrypt: decrypted), then the tag_len-byte
 * tag written to out + n, or (decrypt) compared with want_tag. Returns what
 * the seal or open case returns. */
uint64_t nettle_aead_run(const struct nettle_aead *aead, void *ctx, const uint8_t *nonce, int decrypt,
                         const uint8_t *want_tag, size_t tag_len, const uint8_t *in, uint8_t *out, size_t n);
/* "nettle 3.8 " + what, for the case's label. */
void nettle_label(char *label, size_t size, const char *what);
#endif
