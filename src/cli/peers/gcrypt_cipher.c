/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: libgcrypt cipher, seal and open cases
 * (gcrypt_cipher.h). Compiled only when libgcrypt was found. */
#include <gcrypt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "gcrypt_cipher.h"

typedef struct gcrypt_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    gcry_cipher_hd_t hd;
    const uint8_t *iv; /* NULL: ECB */
    size_t iv_len, tag_len;
    int mode, decrypt, aead;
} gcrypt_case;

static uint64_t run_gcrypt(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    gcrypt_case *c = p;
    if (c->mode == GCRY_CIPHER_MODE_CTR) gcry_cipher_setctr(c->hd, c->iv, c->iv_len);
    else if (c->iv) gcry_cipher_setiv(c->hd, c->iv, c->iv_len);
    if (!c->decrypt) {
        gcry_cipher_encrypt(c->hd, out, n, in, n);
        if (!c->aead) return bench_cipher_result(out, n);
        gcry_cipher_gettag(c->hd, out + n, c->tag_len);
        return bench_cipher_result(out, n + c->tag_len);
    }
    gcry_cipher_decrypt(c->hd, out, n, in, n);
    return bench_open_result(out, n, !c->aead || gcry_cipher_checktag(c->hd, c->t.tag, c->tag_len) == 0);
}

static void free_gcrypt(void *p)
{
    gcry_cipher_close(((gcrypt_case *)p)->hd);
    free(p);
}

void gcrypt_peer_init(void)
{
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
}

void gcrypt_case_use(bench_case *c, const char *algorithm, int algo, int mode, const family_peer_name *name)
{
    gcrypt_peer_init();
    gcrypt_case *gc = calloc(1, sizeof *gc);
    if (gc && gcry_cipher_open(&gc->hd, algo, mode, 0) == 0) {
        if (gcry_cipher_setkey(gc->hd, name->params.key, name->key_size) == 0) {
            gc->t.speed_name = algorithm;
            gc->iv = name->iv_size ? name->params.iv : NULL, gc->iv_len = name->iv_size, gc->tag_len = name->tag_size;
            gc->mode = mode, gc->decrypt = name->decrypt, gc->aead = name->aead;
            c->ctx = gc, c->run = run_gcrypt, c->cleanup = free_gcrypt;
            return;
        }
        gcry_cipher_close(gc->hd);
    }
    free(gc);
}

void gcrypt_label(char *label, size_t size, const char *what)
{
    snprintf(label, size, "libgcrypt %s %s", gcry_check_version(NULL), what);
}
