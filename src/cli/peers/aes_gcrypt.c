/* simdcrypt speed peer: libgcrypt AES (GCRY_CIPHER_AES128/192/256; its
 * AES-NI / VAES code): ECB and CBC in both directions, CTR, GCM seal and
 * open. A handle is keyed once; every call sets the fixed IV, counter or
 * nonce again, as our cases restart. Compiled only when libgcrypt was
 * found. */
#include <gcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"

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

static void provide_gcrypt_aes(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_GCRYPT_AES, &name, &c)) return;
    static const int algos[] = {GCRY_CIPHER_AES128, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256};
    const int mode = !strcmp(name.mode, "ecb")   ? GCRY_CIPHER_MODE_ECB
                     : !strcmp(name.mode, "cbc") ? GCRY_CIPHER_MODE_CBC
                     : !strcmp(name.mode, "ctr") ? GCRY_CIPHER_MODE_CTR
                                                 : GCRY_CIPHER_MODE_GCM;
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    gcrypt_case *gc = calloc(1, sizeof *gc);
    if (gc && gcry_cipher_open(&gc->hd, algos[(name.key_size - 16) / 8], mode, 0) == 0) {
        if (gcry_cipher_setkey(gc->hd, name.params.key, name.key_size) == 0) {
            gc->t.speed_name = algorithm;
            gc->iv = name.iv_size ? name.params.iv : NULL, gc->iv_len = name.iv_size, gc->tag_len = name.tag_size;
            gc->mode = mode, gc->decrypt = name.decrypt, gc->aead = name.aead;
            c.ctx = gc, c.run = run_gcrypt, c.cleanup = free_gcrypt;
        } else {
            gcry_cipher_close(gc->hd);
        }
    }
    if (c.run == NULL) free(gc);
    char label[BENCH_NAME_MAX];
    snprintf(label, sizeof label, "libgcrypt %s gcry_cipher", gcry_check_version(NULL));
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_gcrypt_aes)
