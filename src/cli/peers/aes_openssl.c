/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: OpenSSL 3 EVP AES (its AES-NI / VAES code):
 * aes-B-ecb/cbc/cfb/cfb8/cfb1/ofb/xts in both directions, aes-B-ctr,
 * aes-B-gcm and aes-B-ccm seal and open, aes-B-gmac (GCM with the message
 * as AAD and no plaintext: what OpenSSL's own GMAC does), aes-B-cmac
 * (EVP_MAC "CMAC"). OpenSSL does not expose GHASH alone. Compiled only when
 * OpenSSL was found. A context is keyed once; every call restarts from the
 * fixed IV or nonce, as our cases do (openssl_evp.c: the
 * cipher, seal and open cases; here GMAC). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>

#include "cli.h"
#include "openssl_evp.h"

/* CMAC: keyed once; EVP_MAC_init without a key restarts with it. */
typedef struct cmac_case {
    EVP_MAC_CTX *mac;
    size_t tag_len;
} cmac_case;

static uint64_t run_cmac(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    cmac_case *c = p;
    size_t len = 0;
    EVP_MAC_init(c->mac, NULL, 0, NULL);
    EVP_MAC_update(c->mac, in, n);
    EVP_MAC_final(c->mac, out, &len, c->tag_len);
    return bench_cipher_result(out, c->tag_len);
}

static void cmac_case_free(void *p)
{
    EVP_MAC_CTX_free(((cmac_case *)p)->mac);
    free(p);
}

static cmac_case *cmac_case_new(const family_peer_name *name)
{
    char cbc[32];
    snprintf(cbc, sizeof cbc, "aes-%zu-cbc", name->key_size * 8);
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cbc, 0), OSSL_PARAM_construct_end()};
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    cmac_case *c = calloc(1, sizeof *c);
    int ok = mac && c && (c->mac = EVP_MAC_CTX_new(mac)) != NULL &&
             EVP_MAC_init(c->mac, name->params.key, name->key_size, params) > 0;
    EVP_MAC_free(mac);
    if (!ok && c) {
        cmac_case_free(c);
        c = NULL;
    }
    if (c) c->tag_len = name->tag_size;
    return c;
}

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
    if (strcmp(name.mode, "cmac") == 0) {
        cmac_case *cc = cmac_case_new(&name);
        if (cc) c.ctx = cc, c.run = run_cmac, c.cleanup = cmac_case_free;
        char mac_label[BENCH_NAME_MAX];
        openssl_label(mac_label, sizeof mac_label, "_MAC CMAC");
        family_peer_add(set, &c, mac_label);
        return;
    }
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
