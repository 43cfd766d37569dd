/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: an OpenSSL 3 EVP cipher context keyed once, run as
 * a cipher, an AEAD seal or an AEAD open case (openssl_evp.c), shared by
 * the AES and ChaCha20 peers (aes_openssl.c, chacha_openssl.c). Every call
 * restarts from the fixed IV or nonce, as our cases do. */
#ifndef SC_CLI_PEERS_OPENSSL_EVP_H
#define SC_CLI_PEERS_OPENSSL_EVP_H

#include <openssl/evp.h>

#include "family_peers.h"

typedef struct openssl_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    EVP_CIPHER_CTX *evp;
    uint8_t iv[16];
    int has_iv;       /* 0: ECB */
    size_t tag_len;
    int ccm;          /* CCM: the message length first (run_ccm_*) */
} openssl_case;

/* The EVP cipher evp_name keyed with name->params.key for `algorithm`:
 * nonce set (an AEAD's, GCM or ChaCha20-Poly1305: its length iv_len is set
 * before the key, the nonce itself per call), or else iv (iv_len bytes, at
 * most 16; NULL for ECB) the cipher's IV. NULL on failure. */
openssl_case *openssl_case_new(const char *algorithm, const char *evp_name, const family_peer_name *name,
                               int nonce, const uint8_t *iv, size_t iv_len);
void openssl_case_free(void *oc);
/* Make *c run oc as name says: cipher, seal or open. */
void openssl_case_use(bench_case *c, openssl_case *oc, const family_peer_name *name);
/* "openssl 3.0.19 EVP" + what, for the case's label. */
void openssl_label(char *label, size_t size, const char *what);
#endif
