/* simdcrypt speed: cases for Kalyna (DSTU 7624:2014), every kernel.
 *
 * Algorithms (speed -a): "kalyna" (the registry name: Kalyna-128/128 ECB
 * encryption, the study's yardstick) and the cipher names
 *   kalyna-B-K-ecb   ECB encryption
 *   kalyna-B-K-ctr   CTR (encryption = decryption)
 *   kalyna-B-K-cbc   CBC DECRYPTION (parallel; ECB decryption plus one xor,
 *                    so it stands for the cost of decrypting)
 * Beside the kernels: "table, not constant-time" (bench_kalyna_table.c, the
 * technique of the reference code and the study) for ECB encryption and, in
 * the cbc rows, CBC decryption; and Crypto++ for ECB with --peers when it was
 * found at build time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_kalyna.h"
#include "cli.h"

enum { MODE_ECB, MODE_CTR, MODE_CBC_DEC };

typedef struct kalyna_case {
    sc_kalyna_key key;
    int mode;
} kalyna_case;

static const uint8_t bench_key[64] = {
    0x3c, 0x91, 0x07, 0xe2, 0x5a, 0x18, 0xb4, 0x6f, 0x80, 0x2d, 0xc9, 0x13, 0x77, 0xa5, 0x4e, 0xf0,
    0x19, 0x62, 0xdb, 0x34, 0x8e, 0x05, 0xac, 0x71, 0xe8, 0x4b, 0x26, 0x9f, 0xd3, 0x50, 0x0a, 0xbe,
    0x61, 0x2f, 0x94, 0xc7, 0x3e, 0x85, 0x1b, 0xda, 0x47, 0xf6, 0x02, 0x79, 0xae, 0x53, 0xcc, 0x18,
    0x9d, 0x70, 0xe4, 0x2b, 0xb6, 0x0f, 0x58, 0x83, 0xca, 0x31, 0x6c, 0xf9, 0x14, 0xa7, 0x42, 0xdd};

/* "kalyna" or "kalyna-B-K-mode" -> block/key bytes and mode; 0 if not ours. */
static int parse(const char *algorithm, size_t *block, size_t *key, int *mode)
{
    if (strcmp(algorithm, "kalyna") == 0) {
        *block = *key = 16, *mode = MODE_ECB;
        return 1;
    }
    sc_cipher_info info;
    if (strncmp(algorithm, "kalyna-", 7) != 0 || sc_cipher_info_get(algorithm, &info) != SC_OK) return 0;
    if (!strcmp(info.mode, "ecb")) *mode = MODE_ECB;
    else if (!strcmp(info.mode, "ctr")) *mode = MODE_CTR;
    else if (!strcmp(info.mode, "cbc")) *mode = MODE_CBC_DEC;
    else return 0;
    *block = info.block_size, *key = info.key_size;
    return 1;
}

static uint64_t result(const uint8_t *out, size_t n)
{
    uint64_t r = n;
    for (size_t i = n > 8 ? n - 8 : 0; i < n; i++) r = r << 8 | out[i];
    return r;
}

static void iv_from_chain(uint64_t chain, uint8_t *iv, size_t len)
{
    for (size_t i = 0; i < len; i++) iv[i] = (uint8_t)(chain >> (8 * (i % 8))) ^ (uint8_t)(0x5b * (i + 1));
}

static uint64_t run_kalyna(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    kalyna_case *c = p;
    uint8_t iv[64];
    iv_from_chain(chain, iv, c->key.block_size);
    switch (c->mode) {
    case MODE_ECB: sc_kalyna_ecb_encrypt(&c->key, in, out, n); break;
    case MODE_CTR: sc_kalyna_ctr(&c->key, iv, c->key.block_size, in, out, n); break;
    default: sc_kalyna_cbc_decrypt(&c->key, iv, c->key.block_size, in, out, n); break;
    }
    return result(out, n);
}

static void free_kalyna(void *p)
{
    sc_kalyna_wipe(p);
    free(p);
}

static uint64_t run_table(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    const sc_kalyna_key *k = p; /* the key is the table struct's first member */
    bench_kalyna_table_ecb(p, in, out, n / k->block_size);
    return result(out, n);
}

/* CBC decryption with the tables, for the "cbc" (decrypt) rows. */
static uint64_t run_table_cbc_decrypt(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    const sc_kalyna_key *k = p;
    uint8_t iv[64];
    iv_from_chain(chain, iv, k->block_size);
    bench_kalyna_table_cbc_decrypt(p, iv, in, out, n / k->block_size);
    return result(out, n);
}

#if defined(SC_HAVE_CRYPTOPP)
typedef struct cryptopp_case {
    void *peer;
    size_t block;
} cryptopp_case;

static uint64_t run_cryptopp(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    cryptopp_case *c = p;
    peer_cryptopp_kalyna_ecb(c->peer, in, out, n / c->block);
    return result(out, n);
}

static void free_cryptopp(void *p)
{
    cryptopp_case *c = p;
    peer_cryptopp_kalyna_free(c->peer);
    free(c);
}
#endif

static void provide_kalyna(bench_set *set, const char *algorithm)
{
    size_t block, key_len;
    int mode;
    if (!parse(algorithm, &block, &key_len, &mode)) return;
    const unsigned flags = mode == MODE_ECB ? BENCH_IGNORES_CHAIN : 0;
    const size_t unit = mode == MODE_CTR ? 0 : block;
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get("kalyna", i, &info) == SC_OK; i++) {
        bench_case c = {.algorithm = algorithm,
                        .kind = strcmp(info.name, "portable") == 0 ? BENCH_REFERENCE : BENCH_KERNEL,
                        .block = unit,
                        .flags = flags};
        snprintf(c.implementation, sizeof c.implementation, "%s%s", info.name,
                 mode == MODE_CBC_DEC ? " (cbc decrypt)" : "");
        kalyna_case *ctx = aligned_alloc(64, (sizeof *ctx + 63) / 64 * 64);
        int status = ctx ? sc_kalyna_setkey_kernel(&ctx->key, block, bench_key, key_len, info.name) : SC_EINVAL;
        if (status == SC_OK) {
            ctx->mode = mode;
            c.ctx = ctx, c.run = run_kalyna, c.cleanup = free_kalyna;
        } else {
            free(ctx);
            snprintf(c.note, sizeof c.note, "%s", status == SC_ENOKERNEL ? "not runnable here" : sc_strerror(status));
        }
        bench_add(set, &c);
    }
    if (mode == MODE_CTR) return;
    bench_case t = {.algorithm = algorithm, .kind = BENCH_KERNEL, .block = block, .flags = flags};
    snprintf(t.implementation, sizeof t.implementation, "table, NOT constant-time%s",
             mode == MODE_CBC_DEC ? " (cbc decrypt)" : "");
    if ((t.ctx = bench_kalyna_table_new(block, bench_key, key_len)) != NULL)
        t.run = mode == MODE_CBC_DEC ? run_table_cbc_decrypt : run_table, t.cleanup = bench_kalyna_table_free;
    else snprintf(t.note, sizeof t.note, "out of memory");
    bench_add(set, &t);
    if (mode != MODE_ECB || !bench_want_peers(set)) return;
    bench_case p = {.algorithm = algorithm, .kind = BENCH_PEER, .block = block, .flags = flags};
#if defined(SC_HAVE_CRYPTOPP)
    snprintf(p.implementation, sizeof p.implementation, "%s Kalyna", peer_cryptopp_version());
    cryptopp_case *cc = malloc(sizeof *cc);
    if (cc && (cc->peer = peer_cryptopp_kalyna_new(block, bench_key, key_len)) != NULL) {
        cc->block = block;
        p.ctx = cc, p.run = run_cryptopp, p.cleanup = free_cryptopp;
    } else {
        free(cc);
        snprintf(p.note, sizeof p.note, "setup failed");
    }
#else
    snprintf(p.implementation, sizeof p.implementation, "crypto++ Kalyna");
    snprintf(p.note, sizeof p.note, "absent");
#endif
    bench_add(set, &p);
}
BENCH_PROVIDER(provide_kalyna)
