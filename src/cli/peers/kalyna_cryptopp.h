/* simdcrypt speed peer: Crypto++'s Kalyna (kalyna_cryptopp.cpp, compiled
 * when the library was found) behind a C interface for kalyna_cryptopp.c:
 * its block cipher in both directions, and its CBC mode over it (raw, no
 * padding: the same CBC as DSTU 7624:2014 section 7.2). */
#ifndef SC_CLI_PEERS_KALYNA_CRYPTOPP_H
#define SC_CLI_PEERS_KALYNA_CRYPTOPP_H
#include <stddef.h>
#include <stdint.h>

void *peer_cryptopp_kalyna_new(size_t block_size, const uint8_t *key, size_t key_len);
void peer_cryptopp_kalyna_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t nblocks, int decrypt);
void peer_cryptopp_kalyna_cbc(void *ctx, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t nblocks,
                              int decrypt);
void peer_cryptopp_kalyna_free(void *ctx);
const char *peer_cryptopp_version(void);
#endif
