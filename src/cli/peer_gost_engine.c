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

#include "bench.h"
#include "bench_magma.h"

/* A context keyed once (start) and the one each call works on. */
typedef struct engine_ctx {
    EVP_CIPHER_CTX *start, *work;
} engine_ctx;

static uint64_t run_engine(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    engine_ctx *e = ctx;
    int len = 0;
    /* Restart the counter (CBC: the IV) per call as our case does. The engine keeps its
     * counter across a re-init with a new IV (even with the key), so each
     * call starts from a copy of the freshly keyed context: a small fixed
     * cost that matters at 64 B only. The chain is not folded in
     * (BENCH_IGNORES_CHAIN); whole blocks only (.block), as a partial
     * block's position also survives. */
    (void)chain;
    EVP_CIPHER_CTX_copy(e->work, e->start);
    EVP_CipherUpdate(e->work, out, &len, in, (int)n);
    return bench_magma_result(out, n);
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
    const int mode = bench_magma_mode(algorithm);
    if (!bench_want_peers(set) || (mode != BENCH_MAGMA_CTR && mode != BENCH_MAGMA_CBC && mode != BENCH_MAGMA_CBC_DEC))
        return;
    const char *engine_name = mode == BENCH_MAGMA_CTR ? "magma-ctr" : "magma-cbc";
    bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER, .block = 8, .flags = BENCH_IGNORES_CHAIN};
    snprintf(c.implementation, sizeof c.implementation, "openssl gost-engine %s%s", engine_name,
             mode == BENCH_MAGMA_CBC_DEC ? " decrypt" : "");
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
    uint8_t iv[8];
    bench_magma_iv(0, iv);
    /* Raw CBC: no padding, else EVP holds the last block back for it. */
    if (ctx && (ctx->start = EVP_CIPHER_CTX_new()) != NULL && (ctx->work = EVP_CIPHER_CTX_new()) != NULL &&
        EVP_CipherInit_ex(ctx->start, cipher, engine, bench_magma_key, iv, mode != BENCH_MAGMA_CBC_DEC) == 1 &&
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
