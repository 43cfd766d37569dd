/* simdcrypt speed peer: OpenSSL 3 EVP AES (its AES-NI / VAES code):
 * aes-B-ecb/cbc in both directions, aes-B-ctr, aes-B-gcm seal and open,
 * aes-B-gmac (GCM with the message as AAD and no plaintext: what OpenSSL's
 * own GMAC does). OpenSSL does not expose GHASH alone. Compiled only when
 * OpenSSL was found. A context is keyed once; every call restarts from the
 * fixed IV or nonce, as our cases do. */
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"

typedef struct openssl_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    EVP_CIPHER_CTX *evp;
    const uint8_t *iv; /* NULL: ECB */
    size_t tag_len;
} openssl_case;

static uint64_t run_cipher(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    openssl_case *c = p;
    int len = 0;
    if (c->iv) EVP_CipherInit_ex(c->evp, NULL, NULL, NULL, c->iv, -1);
    EVP_CipherUpdate(c->evp, out, &len, in, (int)n);
    return bench_cipher_result(out, n);
}

static uint64_t run_seal(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    openssl_case *c = p;
    int len = 0, fin = 0;
    EVP_EncryptInit_ex(c->evp, NULL, NULL, NULL, c->iv);
    EVP_EncryptUpdate(c->evp, out, &len, in, (int)n);
    EVP_EncryptFinal_ex(c->evp, out + len, &fin);
    EVP_CIPHER_CTX_ctrl(c->evp, EVP_CTRL_GCM_GET_TAG, (int)c->tag_len, out + n);
    return bench_cipher_result(out, n + c->tag_len);
}

static uint64_t run_open(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    openssl_case *c = p;
    int len = 0, fin = 0;
    EVP_DecryptInit_ex(c->evp, NULL, NULL, NULL, c->iv);
    EVP_DecryptUpdate(c->evp, out, &len, in, (int)n);
    EVP_CIPHER_CTX_ctrl(c->evp, EVP_CTRL_GCM_SET_TAG, (int)c->tag_len, c->t.tag);
    return bench_open_result(out, n, EVP_DecryptFinal_ex(c->evp, out + len, &fin) > 0);
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

static void free_openssl(void *p)
{
    EVP_CIPHER_CTX_free(((openssl_case *)p)->evp);
    free(p);
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
    snprintf(label, sizeof label, "openssl %s EVP%s", OpenSSL_version(OPENSSL_VERSION_STRING),
             gmac ? " GCM, AAD only" : "");
    openssl_case *oc = calloc(1, sizeof *oc);
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, evp_name, NULL);
    if (oc && cipher && (oc->evp = EVP_CIPHER_CTX_new()) != NULL) {
        oc->t.speed_name = algorithm;
        oc->iv = name.iv_size ? name.params.iv : NULL;
        oc->tag_len = name.tag_size;
        /* GCM: the nonce length before the key; each call sets the nonce. */
        int ok = EVP_CipherInit_ex(oc->evp, cipher, NULL, NULL, NULL, !name.decrypt) > 0 &&
                 (!gcm || EVP_CIPHER_CTX_ctrl(oc->evp, EVP_CTRL_GCM_SET_IVLEN, (int)name.iv_size, NULL) > 0) &&
                 EVP_CipherInit_ex(oc->evp, NULL, NULL, name.params.key, gcm ? NULL : oc->iv, -1) > 0 &&
                 EVP_CIPHER_CTX_set_padding(oc->evp, 0) > 0;
        if (ok) {
            c.ctx = oc, c.cleanup = free_openssl;
            c.run = gmac ? run_gmac : !name.aead ? run_cipher : name.decrypt ? run_open : run_seal;
        }
    }
    EVP_CIPHER_free(cipher);
    if (c.run == NULL && oc) {
        EVP_CIPHER_CTX_free(oc->evp);
        free(oc);
    }
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_openssl_aes)
