/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: OpenSSL 3 EVP AES (its AES-NI / VAES code):
 * aes-B-ecb/cbc in both directions, aes-B-ctr, aes-B-gcm seal and open,
 * aes-B-gmac (GCM with the message as AAD and no plaintext: what OpenSSL's
 * own GMAC does). OpenSSL does not expose GHASH alone. Compiled only when
 * OpenSSL was found. A context is keyed once; every call restarts from the
 * fixed IV or nonce, as our cases do (openssl_evp.c: the
 * cipher, seal and open cases; here GMAC). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "openssl_evp.h"

static uint64_t run_gmac(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    openssl_case *c = p;
    int len = 0;
    EVP_EncryptInit_ex(c->evp, NULL, NULL, NULL, c->iv);
    EVP_EncryptUpdate(c->evp, NULL, &len, in, (int)n);
    EVP_EncryptFinal_ex(c->evp, NULL, &len);
    EVP_CIPHER_CTX_ctrl(c->evp, EVP_CTRL_GCM_GET_TAG, (int)c->tag_len, out);
    return bench_cipher_result(out, c->tag_len);
}

static void provide_openssl_aes(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_OPENSSL_AES, &name, &c)) return;
    const int gmac = strcmp(name.mode, "gmac") == 0, gcm = gmac || name.aead;
    char evp_name[32], label[BENCH_NAME_MAX];
    if (gmac) snprintf(evp_name, sizeof evp_name, "aes-%zu-gcm", name.key_size * 8);
    else snprintf(evp_name, sizeof evp_name, "%s", name.base);
    /* The speed name is the table's: the label says which library and API. */
    openssl_label(label, sizeof label, gmac ? " GCM, AAD only" : "");
    openssl_case *oc = openssl_case_new(algorithm, evp_name, &name, gcm, name.iv_size ? name.params.iv : NULL,
                                        name.iv_size);
    if (oc && gmac) c.ctx = oc, c.run = run_gmac, c.cleanup = openssl_case_free;
    else if (oc) openssl_case_use(&c, oc, &name);
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_openssl_aes)
