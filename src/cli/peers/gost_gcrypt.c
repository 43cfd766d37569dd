/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: libgcrypt GOST 28147-89, with the S-box set by OID
 * to the one bench_params.c gives the name:
 *   gost89-ecb(-dec)   GCRY_CIPHER_GOST28147 ECB
 *   gost89-cfb(-dec)   GCRY_CIPHER_GOST28147_MESH CFB (CryptoPro key meshing)
 * Compiled only when libgcrypt was found (cmake/peers.cmake). Table code,
 * not constant time. */
#include <gcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"
#include "gcrypt_cipher.h"

/* Our S-box names of bench_params.c -> libgcrypt's OIDs. */
static const char *const sbox_oids[][2] = {{"test", "1.2.643.2.2.30.0"}, {"param-z", "1.2.643.7.1.2.5.1.1"}};

typedef struct gost_case {
    gcry_cipher_hd_t hd;
    const uint8_t *key, *iv; /* iv NULL: ECB */
    int decrypt;
} gost_case;

static uint64_t run_cipher(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    gost_case *c = p;
    (void)chain; /* every call from the fixed IV */
    if (c->iv) {
        /* Rekeyed per call (32 bytes copied: GOST has no key schedule) as
         * the key meshing's byte count restarts only there. */
        gcry_cipher_setkey(c->hd, c->key, 32);
        gcry_cipher_setiv(c->hd, c->iv, 8);
    }
    if (c->decrypt) gcry_cipher_decrypt(c->hd, out, n, in, n);
    else gcry_cipher_encrypt(c->hd, out, n, in, n);
    return bench_cipher_result(out, n);
}

static void free_gost(void *p)
{
    gost_case *c = p;
    gcry_cipher_close(c->hd);
    free(c);
}

/* The handles of *gc opened and keyed for `name` with S-box `oid`. */
static int set_up(gost_case *gc, const family_peer_name *name, const char *oid)
{
    gc->key = name->params.key, gc->decrypt = name->decrypt;
    const int cfb = strcmp(name->mode, "cfb") == 0;
    gc->iv = cfb ? name->params.iv : NULL;
    /* gcry_cipher_set_sbox() expands with a trailing semicolon: call its body. */
    return gcry_cipher_open(&gc->hd, cfb ? GCRY_CIPHER_GOST28147_MESH : GCRY_CIPHER_GOST28147,
                            cfb ? GCRY_CIPHER_MODE_CFB : GCRY_CIPHER_MODE_ECB, 0) == 0 &&
           gcry_cipher_ctl(gc->hd, GCRYCTL_SET_SBOX, (void *)oid, 0) == 0 &&
           gcry_cipher_setkey(gc->hd, gc->key, name->key_size) == 0;
}

static void provide_gcrypt_gost(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_GCRYPT_GOST, &name, &c)) return;
    const char *oid = NULL;
    for (size_t i = 0; i < sizeof sbox_oids / sizeof sbox_oids[0]; i++)
        if (name.params.sbox && strcmp(name.params.sbox, sbox_oids[i][0]) == 0) oid = sbox_oids[i][1];
    char label[BENCH_NAME_MAX];
    gcrypt_label(label, sizeof label, strcmp(name.mode, "cfb") == 0 ? "GOST28147_MESH CFB" : "GOST28147");
    c.block = 8;
    gcrypt_peer_init();
    gost_case *gc = oid ? calloc(1, sizeof *gc) : NULL;
    if (gc && set_up(gc, &name, oid)) {
        c.ctx = gc, c.run = run_cipher, c.cleanup = free_gost;
    } else if (gc) {
        free_gost(gc); /* family_peer_add: "setup failed" */
    }
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_gcrypt_gost)
