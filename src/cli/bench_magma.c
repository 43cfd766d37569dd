/* simdcrypt speed: cases for Magma / GOST 28147-89, every kernel.
 *
 * Algorithms (speed -a; bench.h "cipher and MAC names"):
 *   magma-ecb, magma-ecb-dec   GOST R 34.12-2015 byte order, ECB each way
 *   magma-cbc                  CBC encryption (serial: latency-bound)
 *   magma-cbc-dec              CBC decryption (parallel)
 *   magma-ctr                  CTR of GOST R 34.13-2015
 *   magma-cmac                 the MAC of GOST R 34.13-2015 (serial)
 *   gost89-ecb, gost89-ecb-dec GOST 28147-89 byte order, ECB each way
 *   gost89-cbc, gost89-cbc-dec CBC in that byte order
 *   gost89-cnt                 the counter (gamma) mode of RFC 5830
 *   gost89-mac                 its MAC (imitovstavka; serial, 16 rounds)
 *   magma                      all of the above (the registry family)
 * (Before, "magma" was magma-ecb alone.) Key, IV and S-box are fixed per
 * algorithm (bench_magma.h), so peer libraries' cases in the same set compute
 * the same bytes and are verified against "portable" before they are timed.
 * Peers live in peer_gost_*.c, compiled only when their library was found;
 * an absent one is listed here as such. Which peer takes which name (only
 * the ones whose byte order, S-box and counter match ours):
 *   gost89-ecb(-dec)   Botan GOST-28147-89, libgcrypt GOST28147 ECB
 *   magma-cbc(-dec)    OpenSSL GOST engine magma-cbc
 *   magma-ctr          OpenSSL GOST engine magma-ctr
 * The engine's gost89-cnt applies CryptoPro key meshing every 1 KiB (not in
 * RFC 5830), libgcrypt's CTR is a plain big-endian counter over the
 * little-endian cipher: neither is a peer of gost89-cnt.
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
    sc_cipher_info info;
    int decrypt;
    if (!bench_cipher_parse(algorithm, &info, &decrypt) || strcmp(info.algorithm, "magma") != 0) return -1;
    const int gost89 = strncmp(algorithm, "gost89-", 7) == 0;
    if (!strcmp(info.mode, "ecb"))
        return gost89 ? (decrypt ? BENCH_GOST89_ECB_DEC : BENCH_GOST89_ECB) : (decrypt ? BENCH_MAGMA_ECB_DEC : BENCH_MAGMA_ECB);
    if (gost89) {
        if (!strcmp(info.mode, "cbc")) return decrypt ? BENCH_GOST89_CBC_DEC : BENCH_GOST89_CBC;
        if (!strcmp(info.mode, "mac")) return BENCH_GOST89_MAC;
        return !strcmp(info.mode, "cnt") ? BENCH_GOST89_CNT : -1;
    }
    if (!strcmp(info.mode, "cbc")) return decrypt ? BENCH_MAGMA_CBC_DEC : BENCH_MAGMA_CBC;
    if (!strcmp(info.mode, "ctr")) return BENCH_MAGMA_CTR;
    if (!strcmp(info.mode, "cmac")) return BENCH_MAGMA_CMAC;
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
    case BENCH_MAGMA_ECB_DEC:
    case BENCH_GOST89_ECB_DEC: sc_magma_ecb_decrypt(&c->key, in, out, n); break;
    case BENCH_MAGMA_CBC:
    case BENCH_GOST89_CBC: sc_magma_cbc_encrypt(&c->key, iv, 8, in, out, n); break;
    case BENCH_MAGMA_CBC_DEC:
    case BENCH_GOST89_CBC_DEC: sc_magma_cbc_decrypt(&c->key, iv, 8, in, out, n); break;
    case BENCH_MAGMA_CTR: sc_magma_ctr(&c->key, iv, 4, 0, in, out, n); break;
    case BENCH_MAGMA_CMAC: /* a refused length must look the same from every case: a zero tag */
        if (sc_magma_cmac(&c->key, in, n, out, 8) != SC_OK) memset(out, 0, 8);
        return bench_magma_result(out, 8);
    case BENCH_GOST89_MAC:
        if (sc_gost89_mac(&c->key, in, n, out, 4) != SC_OK) memset(out, 0, 4);
        return bench_magma_result(out, 4);
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
    const int gost89 = mode >= BENCH_GOST89_ECB;
    const int mac = mode == BENCH_MAGMA_CMAC || mode == BENCH_GOST89_MAC;
    const int whole_blocks = mode != BENCH_MAGMA_CTR && mode != BENCH_GOST89_CNT && !mac;
    /* ECB has no IV to fold the harness's chain into, the MACs no IV at all. */
    const int no_iv = mode == BENCH_MAGMA_ECB || mode == BENCH_MAGMA_ECB_DEC || mode == BENCH_GOST89_ECB ||
                      mode == BENCH_GOST89_ECB_DEC || mac;
    uint8_t sbox[8][16];
    sc_magma_sbox_named(gost89 ? BENCH_GOST89_SBOX : "param-z", sbox);
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get("magma", i, &info) == SC_OK; i++) {
        bench_case c = {
            .algorithm = algorithm,
            .kind = strcmp(info.name, "portable") == 0 ? BENCH_REFERENCE : BENCH_KERNEL,
            .block = whole_blocks ? 8 : 0,
            .out_size = mode == BENCH_MAGMA_CMAC ? 8 : mode == BENCH_GOST89_MAC ? 4 : 0,
            .flags = no_iv ? BENCH_IGNORES_CHAIN : 0,
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
    const int gost89_ecb = mode == BENCH_GOST89_ECB || mode == BENCH_GOST89_ECB_DEC;
#if !defined(SC_HAVE_BOTAN)
    if (gost89_ecb) absent(set, algorithm, "botan GOST-28147-89");
#endif
#if !defined(SC_HAVE_GCRYPT)
    if (gost89_ecb) absent(set, algorithm, "libgcrypt GOST28147");
#endif
#if !defined(SC_HAVE_OPENSSL)
    if (mode == BENCH_MAGMA_CTR || mode == BENCH_MAGMA_CBC || mode == BENCH_MAGMA_CBC_DEC)
        absent(set, algorithm, "openssl gost-engine");
#endif
    (void)gost89_ecb;
    (void)absent;
}
BENCH_PROVIDER(provide_magma)
