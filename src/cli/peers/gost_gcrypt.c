/* simdcrypt speed peer: libgcrypt GOST 28147-89 (GCRY_CIPHER_GOST28147), ECB
 * in both directions (gost89-ecb, gost89-ecb-dec),
 * S-box set by OID to the one bench_params.c gives the gost89 names. Compiled only when
 * libgcrypt was found (cmake/peers.cmake). Table code, not constant time. */
#include <gcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"

/* The OID of the S-box bench_params.c gives the gost89 names ("test"). */
#define GOST89_TEST_SBOX_OID "1.2.643.2.2.30.0"

static uint64_t run_gcrypt(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    gcry_cipher_encrypt(*(gcry_cipher_hd_t *)ctx, out, n, in, n);
    return bench_cipher_result(out, n);
}

static uint64_t run_gcrypt_dec(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    gcry_cipher_decrypt(*(gcry_cipher_hd_t *)ctx, out, n, in, n);
    return bench_cipher_result(out, n);
}

static void free_gcrypt(void *ctx)
{
    gcry_cipher_close(*(gcry_cipher_hd_t *)ctx);
    free(ctx);
}

static void provide_gcrypt_gost(bench_set *set, const char *algorithm)
{
    bench_cipher_params params;
    sc_cipher_info info;
    int decrypt;
    if (!family_peer_wants(set, algorithm, FAMILY_PEER_GCRYPT_GOST, &params, &info, &decrypt)) return;
    bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER, .block = 8};
    snprintf(c.implementation, sizeof c.implementation, "libgcrypt %s GOST28147", gcry_check_version(NULL));
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    gcry_cipher_hd_t *hd = malloc(sizeof *hd);
    if (hd && gcry_cipher_open(hd, GCRY_CIPHER_GOST28147, GCRY_CIPHER_MODE_ECB, 0) == 0) {
        /* gcry_cipher_set_sbox() expands with a trailing semicolon: call its body. */
        if (gcry_cipher_ctl(*hd, GCRYCTL_SET_SBOX, (void *)GOST89_TEST_SBOX_OID, 0) == 0 &&
            gcry_cipher_setkey(*hd, params.key, info.key_size) == 0) {
            c.ctx = hd;
            c.run = decrypt ? run_gcrypt_dec : run_gcrypt;
            c.cleanup = free_gcrypt;
            c.flags = BENCH_IGNORES_CHAIN;
        } else {
            gcry_cipher_close(*hd);
        }
    }
    if (c.run == NULL) {
        free(hd);
        snprintf(c.note, sizeof c.note, "setup failed");
    }
    bench_add(set, &c);
}
BENCH_PROVIDER(provide_gcrypt_gost)
