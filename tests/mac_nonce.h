/* SPDX-License-Identifier: Apache-2.0 */
/* Tests that iterate every MAC name: MACs that take a nonce (GMAC) get a
 * fixed one of their recommended size, the others none. */
#ifndef SC_TESTS_MAC_NONCE_H
#define SC_TESTS_MAC_NONCE_H

#include <simdcrypt/cipher.h>

static inline int test_mac_init(sc_mac_ctx *m, const char *name, const uint8_t *key, size_t key_len,
                                const sc_cipher_opts *opts)
{
    static const uint8_t nonce[16] = {0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad,
                                      0xde, 0xca, 0xf8, 0x88, 0x01, 0x02, 0x03, 0x04};
    sc_cipher_info info;
    size_t nonce_len = sc_cipher_info_get(name, &info) == SC_OK ? info.iv_size : 0;
    return sc_mac_init_nonce(m, name, key, key_len, nonce_len ? nonce : NULL, nonce_len, opts);
}

#endif
