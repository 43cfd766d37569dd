/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: the OpenSSL GOST engine (libengine-gost-openssl)
 * through EVP with the engine loaded (ENGINE is deprecated in OpenSSL 3 but
 * is how this engine is reached), both directions of the ciphers:
 *   magma-cbc, magma-ctr  the engine's magma-cbc, magma-ctr
 *   gost89-cfb            gost89 (CFB, CryptoPro key meshing), its paramset
 *                         set to param-Z (CRYPT_PARAMS), bench_params.c's
 *   gost89-cnt            gost89-cnt-12 (param-Z, key meshing)
 * Compiled only when OpenSSL was found; absent at run time when the engine
 * cannot be loaded. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/engine.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"

/* Our name without "-dec" -> the engine's. */
static const char *const engine_names[][2] = {{"magma-cbc", "magma-cbc"},
                                              {"magma-ctr", "magma-ctr"},
                                              {"gost89-cfb", "gost89"},
                                              {"gost89-cnt", "gost89-cnt-12"}};

/* A context keyed once (start) and the one each call works on. */
typedef struct engine_ctx {
    EVP_CIPHER_CTX *start, *work;
} engine_ctx;

static uint64_t run_engine(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    engine_ctx *e = ctx;
    int len = 0;
    /* Restart from the fixed IV per call as our cases do. The engine keeps its
     * counter across a re-init with a new IV (even with the key), so each
     * call starts from a copy of the freshly keyed context: a small fixed
     * cost that matters at 64 B only. Whole blocks only (.block), as a
     * partial block's position also survives. */
    (void)chain;
    EVP_CIPHER_CTX_copy(e->work, e->start);
    EVP_CipherUpdate(e->work, out, &len, in, (int)n);
    return bench_cipher_result(out, n);
}

static void free_engine(void *ctx)
{
    engine_ctx *e = ctx;
    EVP_CIPHER_CTX_free(e->start);
    EVP_CIPHER_CTX_free(e->work);
    free(e);
}

static ENGINE *gost_engine(void)
{
    static ENGINE *engine;
    if (engine == NULL) {
        engine = ENGINE_by_id("gost");
        if (engine && !ENGINE_init(engine)) {
            ENGINE_free(engine);
            engine = NULL;
        }
        if (engine) ENGINE_register_ciphers(engine);
        /* gost89's paramset (else gost-engine's default or $CRYPT_PARAMS). */
        if (engine) ENGINE_ctrl_cmd_string(engine, "CRYPT_PARAMS", "id-tc26-gost-28147-param-Z", 0);
    }
    return engine;
}

static int set_up_cipher(ENGINE *engine, engine_ctx *ctx, int nid, const family_peer_name *name)
{
    const EVP_CIPHER *cipher = ENGINE_get_cipher(engine, nid);
    /* Raw CBC: no padding, else EVP holds the last block back for it. */
    return cipher && (ctx->start = EVP_CIPHER_CTX_new()) != NULL && (ctx->work = EVP_CIPHER_CTX_new()) != NULL &&
           EVP_CipherInit_ex(ctx->start, cipher, engine, name->params.key, name->params.iv, !name->decrypt) == 1 &&
           EVP_CIPHER_CTX_set_padding(ctx->start, 0) == 1;
}

static void provide_engine_gost(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_OPENSSL_GOST, &name, &c)) return;
    const char *engine_name = NULL;
    for (size_t i = 0; i < sizeof engine_names / sizeof engine_names[0]; i++)
        if (strcmp(name.base, engine_names[i][0]) == 0) engine_name = engine_names[i][1];
    if (engine_name == NULL) return; /* family_peers.c lists a name this file lacks */
    char label[BENCH_NAME_MAX];
    snprintf(label, sizeof label, "openssl gost-engine %s%s", engine_name, name.decrypt ? " decrypt" : "");
    c.block = 8;
    ENGINE *engine = gost_engine();
    if (engine == NULL) {
        snprintf(c.implementation, sizeof c.implementation, "%s", label);
        snprintf(c.note, sizeof c.note, "absent (engine \"gost\" not loadable)");
        bench_add(set, &c);
        return;
    }
    engine_ctx *ctx = calloc(1, sizeof *ctx);
    const int nid = OBJ_sn2nid(engine_name);
    if (ctx && set_up_cipher(engine, ctx, nid, &name)) {
        c.ctx = ctx;
        c.run = run_engine;
        c.cleanup = free_engine;
    } else if (ctx) {
        free_engine(ctx); /* family_peer_add: "setup failed" */
    }
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_engine_gost)
