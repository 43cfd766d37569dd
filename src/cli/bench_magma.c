/* simdcrypt speed: cases for Magma / GOST 28147-89, every kernel.
 *
 * Algorithms (speed -a): "magma" (the registry name: ECB encryption in the
 * GOST R 34.12-2015 convention, as the study measured the block cipher) and
 * the cipher names magma-ecb, magma-ctr, gost89-ecb, gost89-cnt. Key, IV and
 * S-box are fixed per algorithm (bench_magma.h), so peer libraries' cases in
 * the same set compute the same bytes and are verified against "portable"
 * before they are timed. Peers live in peer_gost_*.c, compiled only when
 * their library was found; an absent one is listed here as such.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simdcrypt/magma.h>

#include "bench.h"
#include "bench_magma.h"
#include "cli.h"

const uint8_t bench_magma_key[32] = {0x8f, 0x1a, 0x22, 0x37, 0x45, 0x51, 0x6e, 0x7c, 0x80, 0x9d, 0xa3,
                                     0xb2, 0xc1, 0xd4, 0xe9, 0xf0, 0x01, 0x12, 0x23, 0x34, 0x45, 0x56,
                                     0x67, 0x78, 0x89, 0x9a, 0xab, 0xbc, 0xcd, 0xde, 0xef, 0xf7};

int bench_magma_mode(const char *algorithm)
{
    static const char *const names[] = {"magma", "magma-ecb", "magma-ctr", "gost89-ecb", "gost89-cnt"};
    static const int modes[] = {BENCH_MAGMA_ECB, BENCH_MAGMA_ECB, BENCH_MAGMA_CTR, BENCH_GOST89_ECB,
                                BENCH_GOST89_CNT};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(algorithm, names[i]) == 0) return modes[i];
    return -1;
}

void bench_magma_iv(uint64_t chain, uint8_t iv[8])
{
    for (int i = 0; i < 8; i++) iv[i] = (uint8_t)(chain >> (8 * i)) ^ (uint8_t)(0x31 * (i + 1));
}

uint64_t bench_magma_result(const uint8_t *out, size_t n)
{
    uint64_t r = n;
    for (size_t i = n > 8 ? n - 8 : 0; i < n; i++) r = r << 8 | out[i];
    return r;
}

typedef struct magma_ctx {
    sc_magma_key key;
    int mode;
} magma_ctx;

static uint64_t run_magma(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    magma_ctx *c = p;
    uint8_t iv[8];
    bench_magma_iv(chain, iv);
    switch (c->mode) {
    case BENCH_MAGMA_ECB:
    case BENCH_GOST89_ECB: sc_magma_ecb_encrypt(&c->key, in, out, n); break;
    case BENCH_MAGMA_CTR: sc_magma_ctr(&c->key, iv, 4, 0, in, out, n); break;
    default: sc_gost89_cnt(&c->key, iv, 8, 0, in, out, n); break;
    }
    return bench_magma_result(out, n);
}

static void free_magma(void *p)
{
    sc_magma_wipe(p);
    free(p);
}

static void absent(bench_set *set, const char *algorithm, const char *peer)
{
    bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER};
    snprintf(c.implementation, sizeof c.implementation, "%s", peer);
    snprintf(c.note, sizeof c.note, "absent");
    bench_add(set, &c);
}

static void provide_magma(bench_set *set, const char *algorithm)
{
    int mode = bench_magma_mode(algorithm);
    if (mode < 0) return;
    int gost89 = mode == BENCH_GOST89_ECB || mode == BENCH_GOST89_CNT;
    uint8_t sbox[8][16];
    sc_magma_sbox_named(gost89 ? BENCH_GOST89_SBOX : "param-z", sbox);
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get("magma", i, &info) == SC_OK; i++) {
        bench_case c = {
            .algorithm = algorithm,
            .kind = strcmp(info.name, "portable") == 0 ? BENCH_REFERENCE : BENCH_KERNEL,
            .block = mode == BENCH_MAGMA_ECB || mode == BENCH_GOST89_ECB ? 8 : 0,
        };
        snprintf(c.implementation, sizeof c.implementation, "%s", info.name);
        magma_ctx *ctx = malloc(sizeof *ctx);
        int status = ctx == NULL ? SC_EINVAL
                     : gost89    ? sc_gost89_init(&ctx->key, bench_magma_key, 32, &sbox[0][0])
                                 : sc_magma_init(&ctx->key, bench_magma_key, 32, &sbox[0][0]);
        if (status == SC_OK) status = sc_magma_use_kernel(&ctx->key, info.name);
        if (status == SC_OK) {
            ctx->mode = mode;
            c.ctx = ctx;
            c.run = run_magma;
            c.cleanup = free_magma;
        } else {
            free(ctx);
            snprintf(c.note, sizeof c.note, "%s", status == SC_ENOKERNEL ? "not runnable here" : sc_strerror(status));
        }
        bench_add(set, &c);
    }
    if (!bench_want_peers(set)) return;
#if !defined(SC_HAVE_BOTAN)
    if (mode == BENCH_GOST89_ECB) absent(set, algorithm, "botan GOST-28147-89");
#endif
#if !defined(SC_HAVE_GCRYPT)
    if (mode == BENCH_GOST89_ECB) absent(set, algorithm, "libgcrypt GOST28147");
#endif
#if !defined(SC_HAVE_OPENSSL)
    if (mode == BENCH_MAGMA_CTR) absent(set, algorithm, "openssl gost-engine magma-ctr");
#endif
    (void)absent;
}
BENCH_PROVIDER(provide_magma)
