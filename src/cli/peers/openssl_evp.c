/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: OpenSSL 3 EVP cipher, seal and open cases
 * (openssl_evp.h). Compiled only when OpenSSL was found. */
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "openssl_evp.h"

static uint64_t run_cipher(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    openssl_case *c = p;
    int len = 0;
    if (c->has_iv) EVP_CipherInit_ex(c->evp, NULL, NULL, NULL, c->iv, -1);
    EVP_CipherUpdate(c->evp, out, &len, in, (int)n);
    return bench_cipher_result(out, n);
}

/* EVP_CTRL_AEAD_GET_TAG / SET_TAG: GCM's and ChaCha20-Poly1305's alike. */
static uint64_t run_seal(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    openssl_case *c = p;
    int len = 0, fin = 0;
    EVP_EncryptInit_ex(c->evp, NULL, NULL, NULL, c->iv);
    EVP_EncryptUpdate(c->evp, out, &len, in, (int)n);
    EVP_EncryptFinal_ex(c->evp, out + len, &fin);
    EVP_CIPHER_CTX_ctrl(c->evp, EVP_CTRL_AEAD_GET_TAG, (int)c->tag_len, out + n);
    return bench_cipher_result(out, n + c->tag_len);
}

static uint64_t run_open(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    openssl_case *c = p;
    int len = 0, fin = 0;
    EVP_DecryptInit_ex(c->evp, NULL, NULL, NULL, c->iv);
    EVP_DecryptUpdate(c->evp, out, &len, in, (int)n);
    EVP_CIPHER_CTX_ctrl(c->evp, EVP_CTRL_AEAD_SET_TAG, (int)c->tag_len, c->t.tag);
    return bench_open_result(out, n, EVP_DecryptFinal_ex(c->evp, out + len, &fin) > 0);
}

/* CCM (SP 800-38C) needs the message length before the data (run_seal
 * gives it); decryption verifies the tag, set first, inside the update. */
static uint64_t run_ccm_open(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    openssl_case *c = p;
    int len = 0;
    EVP_CIPHER_CTX_ctrl(c->evp, EVP_CTRL_AEAD_SET_TAG, (int)c->tag_len, c->t.tag);
    EVP_DecryptInit_ex(c->evp, NULL, NULL, NULL, c->iv);
    EVP_DecryptUpdate(c->evp, NULL, &len, NULL, (int)n);
    return bench_open_result(out, n, EVP_DecryptUpdate(c->evp, out, &len, in, (int)n) > 0);
}

void openssl_case_free(void *p)
{
    EVP_CIPHER_CTX_free(((openssl_case *)p)->evp);
    free(p);
}

openssl_case *openssl_case_new(const char *algorithm, const char *evp_name, const family_peer_name *name,
                               int nonce, const uint8_t *iv, size_t iv_len)
{
    openssl_case *oc = calloc(1, sizeof *oc);
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, evp_name, NULL);
    int ok = oc && cipher && iv_len <= sizeof oc->iv && (oc->evp = EVP_CIPHER_CTX_new()) != NULL;
    if (ok) {
        oc->t.speed_name = algorithm;
        oc->has_iv = iv != NULL;
        if (iv) memcpy(oc->iv, iv, iv_len);
        oc->tag_len = name->tag_size;
        oc->ccm = EVP_CIPHER_get_mode(cipher) == EVP_CIPH_CCM_MODE;
        /* An AEAD's nonce length (and CCM's tag length) before the key; each
         * call sets the nonce. */
        ok = EVP_CipherInit_ex(oc->evp, cipher, NULL, NULL, NULL, !name->decrypt) > 0 &&
             (!nonce || EVP_CIPHER_CTX_ctrl(oc->evp, EVP_CTRL_AEAD_SET_IVLEN, (int)iv_len, NULL) > 0) &&
             (!oc->ccm || EVP_CIPHER_CTX_ctrl(oc->evp, EVP_CTRL_AEAD_SET_TAG, (int)oc->tag_len, NULL) > 0) &&
             EVP_CipherInit_ex(oc->evp, NULL, NULL, name->params.key, nonce || !iv ? NULL : oc->iv, -1) > 0 &&
             EVP_CIPHER_CTX_set_padding(oc->evp, 0) > 0;
    }
    EVP_CIPHER_free(cipher);
    if (!ok && oc) {
        openssl_case_free(oc);
        oc = NULL;
    }
    return oc;
}

void openssl_case_use(bench_case *c, openssl_case *oc, const family_peer_name *name)
{
    c->ctx = oc, c->cleanup = openssl_case_free;
    c->run = !name->aead ? run_cipher : !name->decrypt ? run_seal : oc->ccm ? run_ccm_open : run_open;
}

void openssl_label(char *label, size_t size, const char *what)
{
    snprintf(label, size, "openssl %s EVP%s", OpenSSL_version(OPENSSL_VERSION_STRING), what);
}
