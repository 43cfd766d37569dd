/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: OpenSSL 3 EVP digests (its own assembly: MD5 x86-64,
 * Keccak-f[1600] AVX-512VL / AVX2 / x86-64): md5, sha3-224..512 and the
 * XOFs shake128/256 (EVP_DigestFinalXOF). The EVP_MD is fetched once (a
 * fetch per call is OpenSSL 3's known slow path); each call is
 * EVP_DigestInit_ex2 + Update + Final, the reuse of one context OpenSSL
 * recommends. Compiled only when OpenSSL was found. */
#include <openssl/evp.h>
#include <stdlib.h>

#include "cli.h"
#include "openssl_evp.h"

typedef struct digest_case {
    EVP_MD *md;
    EVP_MD_CTX *ctx;
    size_t out_len;
    int xof;
} digest_case;

static uint64_t run_digest(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    digest_case *c = p;
    unsigned len = 0;
    EVP_DigestInit_ex2(c->ctx, c->md, NULL);
    EVP_DigestUpdate(c->ctx, in, n);
    if (c->xof) EVP_DigestFinalXOF(c->ctx, out, c->out_len);
    else EVP_DigestFinal_ex(c->ctx, out, &len);
    return bench_cipher_result(out, c->out_len);
}

static void free_digest(void *p)
{
    digest_case *c = p;
    EVP_MD_CTX_free(c->ctx);
    EVP_MD_free(c->md);
    free(c);
}

static void provide_openssl_hash(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_OPENSSL_HASH, &name, &c)) return;
    digest_case *dc = calloc(1, sizeof *dc);
    if (dc && (dc->md = EVP_MD_fetch(NULL, name.native, NULL)) != NULL && (dc->ctx = EVP_MD_CTX_new()) != NULL &&
        (name.xof || (size_t)EVP_MD_get_size(dc->md) == name.tag_size)) {
        dc->out_len = name.tag_size, dc->xof = name.xof;
        c.ctx = dc, c.run = run_digest, c.cleanup = free_digest;
    } else if (dc) {
        free_digest(dc);
    }
    char label[BENCH_NAME_MAX], what[40];
    snprintf(what, sizeof what, "_MD %s", name.native);
    openssl_label(label, sizeof label, what);
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_openssl_hash)
