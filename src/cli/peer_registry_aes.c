/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed --peers: AWS-LC's AES-GCM (and CTR, XTS), built from crates.io.
 *
 * Why: issue 14 asks for AES-GCM at least 1.0x the AWS-LC/BoringSSL
 * VAES-512 code, and Debian 12 packages neither. tools/registry-peers links
 * AWS-LC (crate aws-lc-sys, pinned in its Cargo.lock) and exports its
 * EVP_AEAD AES-GCM as scpeer_awslc_aes_gcm_{new,free,seal,open} and
 * scpeer_awslc_aes_gmac (tools/registry-peers/src/lib.rs); AWS-LC chooses
 * its kernel at run time from cpuid (crypto/fipsmodule/modes/gcm.c: the
 * VAES + VPCLMULQDQ AVX-512 code when the CPU has AVX-512, VAES and
 * VPCLMULQDQ), so its plain release build is what its users get.
 *
 * Cases, with the names and inputs of every AES-GCM peer (bench.h, "AEAD
 * cases"): the key and the 12-byte nonce of bench_cipher_params_get, no AAD,
 * the 16-byte tag; one context keyed once per case, one call per message:
 *   aes-B-gcm        EVP_AEAD_CTX_seal (ciphertext || tag)
 *   aes-B-gcm-open   EVP_AEAD_CTX_open_gather (the tag apart: no copy)
 *   aes-B-gmac       EVP_AEAD_CTX_seal of no plaintext, the message as AAD
 *                    (NIST SP 800-38D's GMAC, as OpenSSL's and ipsec-mb's)
 *   aes-B-ctr, aes-256-xts(-dec)
 *                    EVP_CipherUpdate from the fixed IV (set again per call
 *                    with EVP_CipherInit_ex: one message, one XTS data unit).
 *                    AWS-LC's XTS is AES-256 only; it runs its VAES AVX-512
 *                    XTS code (aes_hw_xts_*_avx512), its CTR AES-NI code.
 * The library is opened as peer_registry.c opens it; without it each name
 * gets one case whose note says why. The harness verifies every case
 * against our reference before timing it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "peer_registry.h"

typedef void *(*gcm_new_fn)(const uint8_t *key, size_t key_len);
typedef void (*gcm_free_fn)(void *ctx);
typedef int (*gcm_seal_fn)(const void *ctx, const uint8_t *nonce, const uint8_t *in, size_t len, uint8_t *out);
typedef int (*gcm_open_fn)(const void *ctx, const uint8_t *nonce, const uint8_t *in, size_t len,
                           const uint8_t *tag, uint8_t *out);
typedef int (*gmac_fn)(const void *ctx, const uint8_t *nonce, const uint8_t *aad, size_t len, uint8_t *tag);
typedef void *(*cipher_new_fn)(const char *mode, const uint8_t *key, size_t key_len, int encrypt);
typedef int (*cipher_fn)(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out);

enum { OP_SEAL, OP_OPEN, OP_GMAC, OP_CIPHER };
enum { GCM_NONCE = 12, GCM_TAG = 16 }; /* what the exports take */

typedef struct awslc_case {
    bench_aead_tag t; /* open: first (bench_aead_prepare) */
    void *aead;       /* the keyed EVP_AEAD_CTX, or EVP_CIPHER_CTX (OP_CIPHER) */
    const uint8_t *nonce; /* or the IV */
    gcm_free_fn free_aead;
    gcm_seal_fn seal;
    gcm_open_fn open;
    gmac_fn gmac;
    gcm_free_fn free_cipher;
    cipher_fn cipher;
    int op;
} awslc_case;

/* Every export this file calls (resolve). */
typedef struct awslc_exports {
    gcm_new_fn gcm_new;
    cipher_new_fn cipher_new;
} awslc_exports;

static uint64_t run_awslc(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    const awslc_case *c = p;
    switch (c->op) {
    case OP_SEAL:
        if (!c->seal(c->aead, c->nonce, in, n, out)) memset(out, 0, n + GCM_TAG);
        return bench_cipher_result(out, n + GCM_TAG);
    case OP_OPEN: return bench_open_result(out, n, c->open(c->aead, c->nonce, in, n, c->t.tag, out));
    case OP_CIPHER:
        if (!c->cipher(c->aead, c->nonce, in, n, out)) memset(out, 0, n);
        return bench_cipher_result(out, n);
    default:
        if (!c->gmac(c->aead, c->nonce, in, n, out)) memset(out, 0, GCM_TAG);
        return bench_cipher_result(out, GCM_TAG);
    }
}

static void free_awslc(void *p)
{
    awslc_case *c = p;
    (c->op == OP_CIPHER ? c->free_cipher : c->free_aead)(c->aead);
    free(c);
}

/* The exports' addresses into c (ISO C: no cast from void * to a function
 * pointer, hence memcpy); NULL when all are there, else the note. */
static const char *resolve(awslc_case *c, awslc_exports *e)
{
    struct {
        const char *symbol;
        void *to;
    } const want[] = {
        {"scpeer_awslc_aes_gcm_new", &e->gcm_new},
        {"scpeer_awslc_aes_gcm_free", &c->free_aead},
        {"scpeer_awslc_aes_gcm_seal", &c->seal},
        {"scpeer_awslc_aes_gcm_open", &c->open},
        {"scpeer_awslc_aes_gmac", &c->gmac},
        {"scpeer_awslc_aes_cipher_new", &e->cipher_new},
        {"scpeer_awslc_aes_cipher_free", &c->free_cipher},
        {"scpeer_awslc_aes_cipher", &c->cipher},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *why = NULL;
        void *sym = registry_peer_symbol(want[i].symbol, &why);
        if (sym == NULL) return why;
        memcpy(want[i].to, &sym, sizeof sym);
    }
    return NULL;
}

/* Which case an AES speed name is: OP_* with its key size (and for
 * OP_CIPHER *info, *decrypt), or -1 (not AES-GCM or GMAC with the 12-byte
 * nonce and 16-byte tag the exports take, nor AES-CTR or AES-256-XTS, the
 * only XTS of AWS-LC, with a 16-byte IV). */
static int which_op(const char *algorithm, size_t *key_size, sc_cipher_info *info, int *decrypt)
{
    sc_aead_info aead;
    const size_t len = strlen(algorithm);
    if (strncmp(algorithm, "aes-", 4) != 0) return -1;
    if (bench_aead_parse(algorithm, &aead, decrypt)) {
        const size_t base = strlen(aead.name);
        if (base < 4 || strcmp(aead.name + base - 4, "-gcm") != 0 || aead.nonce_size != GCM_NONCE ||
            aead.tag_size != GCM_TAG)
            return -1;
        *key_size = aead.key_size;
        return *decrypt ? OP_OPEN : OP_SEAL;
    }
    if (!bench_cipher_parse(algorithm, info, decrypt)) return -1;
    *key_size = info->key_size;
    if (len > 5 && strcmp(algorithm + len - 5, "-gmac") == 0 && info->iv_size == GCM_NONCE &&
        info->tag_size == GCM_TAG)
        return OP_GMAC;
    const int ctr = strcmp(info->mode, "ctr") == 0, xts = strcmp(info->mode, "xts") == 0;
    return info->iv_size == 16 && (ctr || (xts && info->key_size == 64)) ? OP_CIPHER : -1;
}

static void provide_awslc_aes(bench_set *set, const char *algorithm)
{
    size_t key_size = 0;
    sc_cipher_info info = {0};
    int decrypt = 0;
    const int op = bench_want_peers(set) ? which_op(algorithm, &key_size, &info, &decrypt) : -1;
    if (op < 0) return;
    static const char *const function[] = {"EVP_AEAD_CTX_seal", "EVP_AEAD_CTX_open_gather",
                                           "EVP_AEAD_CTX_seal, AAD only", "EVP_CipherUpdate"};
    bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER, .flags = BENCH_IGNORES_CHAIN};
    c.block = op == OP_CIPHER && !info.is_stream ? info.block_size : 0; /* XTS: whole blocks, as ours */
    c.out_size = op == OP_GMAC ? GCM_TAG : 0;
    c.out_extra = op == OP_SEAL ? GCM_TAG : 0;
    c.prepare = op == OP_OPEN ? bench_aead_prepare : NULL;

    awslc_case *ac = calloc(1, sizeof *ac);
    awslc_exports e = {0};
    const char *why = ac ? resolve(ac, &e) : "setup failed";
    if (registry_peer_symbol("scpeer_version", NULL) == NULL) {
        /* Nothing built: no version to name; the note says why. */
        snprintf(c.implementation, sizeof c.implementation, "aws-lc (crates.io)");
    } else {
        registry_peer_name(c.implementation, sizeof c.implementation, "aws-lc", function[op]);
    }
    bench_cipher_params params;
    bench_cipher_params_get(algorithm, &params);
    if (!why)
        ac->aead = op == OP_CIPHER ? e.cipher_new(info.mode, params.key, key_size, !decrypt)
                                   : e.gcm_new(params.key, key_size);
    if (!why && ac->aead == NULL) why = "setup failed";
    if (why) {
        snprintf(c.note, sizeof c.note, "%s", why);
        free(ac);
    } else {
        ac->t.speed_name = algorithm;
        ac->nonce = params.iv;
        ac->op = op;
        c.ctx = ac, c.run = run_awslc, c.cleanup = free_awslc;
    }
    bench_add(set, &c);
}
BENCH_PROVIDER(provide_awslc_aes)
