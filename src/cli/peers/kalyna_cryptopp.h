/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Crypto++'s Kalyna (kalyna_cryptopp.cpp, compiled
 * when the library was found) behind a C interface for kalyna_cryptopp.c:
 * its block cipher in both directions, and its CBC, CFB and OFB modes over
 * it (raw, no padding; CFB with whole-block feedback: the same modes as
 * DSTU 7624:2014 sections 7.2, 7.4 and 7.5 with s = the block size). */
#ifndef SC_CLI_PEERS_KALYNA_CRYPTOPP_H
#define SC_CLI_PEERS_KALYNA_CRYPTOPP_H
#include <stddef.h>
#include <stdint.h>

void *peer_cryptopp_kalyna_new(size_t block_size, const uint8_t *key, size_t key_len);
void peer_cryptopp_kalyna_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t nblocks, int decrypt);
enum peer_kalyna_mode { PEER_KALYNA_CBC, PEER_KALYNA_CFB, PEER_KALYNA_OFB, PEER_KALYNA_MODES };
void peer_cryptopp_kalyna_mode(void *ctx, enum peer_kalyna_mode mode, const uint8_t *iv, const uint8_t *in,
                               uint8_t *out, size_t nblocks, int decrypt);
void peer_cryptopp_kalyna_free(void *ctx);
const char *peer_cryptopp_version(void);
#endif
