/* simdcrypt speed peer: Crypto++ AES (aes_cryptopp.cpp, compiled when the
 * library was found) behind a C interface for aes_cryptopp.c. */
#ifndef SC_CLI_PEERS_AES_CRYPTOPP_H
#define SC_CLI_PEERS_AES_CRYPTOPP_H
#include <stddef.h>
#include <stdint.h>

/* mode: "ecb", "cbc", "ctr" or "gcm"; decrypt: the inverse cipher (ECB,
 * CBC) or GCM decryption + verification. NULL on failure. */
void *peer_cryptopp_aes_new(const char *mode, int decrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
                            size_t iv_len);
/* One message from the fixed IV or nonce: n bytes in -> n bytes out, and
 * for GCM the tag: written to out + n when sealing, checked against `tag`
 * when opening. Returns 0 only when an opened tag did not verify. */
int peer_cryptopp_aes_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n, const uint8_t *tag, size_t tag_len);
void peer_cryptopp_aes_free(void *ctx);
#endif
