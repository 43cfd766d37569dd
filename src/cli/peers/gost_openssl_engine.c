/* simdcrypt speed peer: the OpenSSL GOST engine (libengine-gost-openssl),
 * magma-ctr, magma-cbc (encryption) and magma-cbc-dec through EVP with the
 * engine loaded (ENGINE is deprecated in
 * OpenSSL 3 but is how this engine is reached). Compiled only when OpenSSL
 * was found; absent at run time when the engine cannot be loaded. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/engine.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "family_peers.h"

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

static void provide_engine_magma(bench_set *set, const char *algorithm)
{
    bench_cipher_params params;
    sc_cipher_info info;
    int decrypt;
    if (!family_peer_wants(set, algorithm, FAMILY_PEER_OPENSSL_GOST, &params, &info, &decrypt)) return;
    const char *engine_name = info.name; /* the engine names them as we do: "magma-cbc" */
    bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER, .block = 8, .flags = BENCH_IGNORES_CHAIN};
    snprintf(c.implementation, sizeof c.implementation, "openssl gost-engine %s%s", engine_name,
             decrypt ? " decrypt" : "");
    static ENGINE *engine;
    if (engine == NULL) {
        engine = ENGINE_by_id("gost");
        if (engine && !ENGINE_init(engine)) {
            ENGINE_free(engine);
            engine = NULL;
        }
        if (engine) ENGINE_register_ciphers(engine);
    }
    const EVP_CIPHER *cipher = engine ? ENGINE_get_cipher(engine, OBJ_sn2nid(engine_name)) : NULL;
    engine_ctx *ctx = cipher ? calloc(1, sizeof *ctx) : NULL;
    /* Raw CBC: no padding, else EVP holds the last block back for it. */
    if (ctx && (ctx->start = EVP_CIPHER_CTX_new()) != NULL && (ctx->work = EVP_CIPHER_CTX_new()) != NULL &&
        EVP_CipherInit_ex(ctx->start, cipher, engine, params.key, params.iv, !decrypt) == 1 &&
        EVP_CIPHER_CTX_set_padding(ctx->start, 0) == 1) {
        c.ctx = ctx;
        c.run = run_engine;
        c.cleanup = free_engine;
    } else {
        if (ctx) free_engine(ctx);
        snprintf(c.note, sizeof c.note, "absent (engine \"gost\" not loadable)");
    }
    bench_add(set, &c);
}
BENCH_PROVIDER(provide_engine_magma)
