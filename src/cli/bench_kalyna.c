/* simdcrypt speed: cases for Kalyna (DSTU 7624:2014), every kernel.
 *
 * Algorithms (speed -a; bench.h "cipher and MAC names"), B-K one of 128-128,
 * 128-256, 256-256, 256-512, 512-512:
 *   kalyna-B-K-ecb       ECB encryption
 *   kalyna-B-K-ecb-dec   ECB decryption (the inverse cipher)
 *   kalyna-B-K-cbc       CBC encryption: one serial chain of blocks, so it
 *                        measures the latency of a block, not throughput
 *   kalyna-B-K-cbc-dec   CBC decryption (parallel: ECB decryption + one xor)
 *   kalyna-B-K-ctr       CTR, section 7.4 (encryption = decryption)
 *   kalyna-B-K-cmac      the MAC of section 9.1 (serial, like CBC encryption)
 *   kalyna               all of the above (the registry family)
 * (Before the names carried a direction, "kalyna-B-K-cbc" meant CBC
 * decryption and "kalyna" Kalyna-128/128 ECB encryption.)
 *
 * Every kernel sc_kernel_get("kalyna", ...) lists is a case, through the
 * algorithm-specific API keyed for that kernel; "portable" is the reference.
 * Beside them: "table, NOT constant-time" (bench_kalyna_table.c, the
 * technique of the reference code and of the study) for ECB and CBC in both
 * directions, and with --peers Crypto++ (ECB and CBC, both directions) when
 * it was found at build time. No linked library implements the DSTU CTR
 * (gamma_i = E(E(IV) + i), little-endian) or MAC, so those have no peer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_kalyna.h"
#include "cli.h"

enum { MODE_ECB, MODE_ECB_DEC, MODE_CBC, MODE_CBC_DEC, MODE_CTR, MODE_MAC };

typedef struct kalyna_case {
    sc_kalyna_key key;
    int mode;
} kalyna_case;

static const uint8_t bench_key[64] = {
    0x3c, 0x91, 0x07, 0xe2, 0x5a, 0x18, 0xb4, 0x6f, 0x80, 0x2d, 0xc9, 0x13, 0x77, 0xa5, 0x4e, 0xf0,
    0x19, 0x62, 0xdb, 0x34, 0x8e, 0x05, 0xac, 0x71, 0xe8, 0x4b, 0x26, 0x9f, 0xd3, 0x50, 0x0a, 0xbe,
    0x61, 0x2f, 0x94, 0xc7, 0x3e, 0x85, 0x1b, 0xda, 0x47, 0xf6, 0x02, 0x79, 0xae, 0x53, 0xcc, 0x18,
    0x9d, 0x70, 0xe4, 0x2b, 0xb6, 0x0f, 0x58, 0x83, 0xca, 0x31, 0x6c, 0xf9, 0x14, 0xa7, 0x42, 0xdd};

/* A Kalyna speed name -> block/key bytes and mode; 0 if not ours. */
static int parse(const char *algorithm, size_t *block, size_t *key, int *mode)
{
    sc_cipher_info info;
    int decrypt;
    if (!bench_cipher_parse(algorithm, &info, &decrypt) || strcmp(info.algorithm, "kalyna") != 0) return 0;
    if (!strcmp(info.mode, "ecb")) *mode = decrypt ? MODE_ECB_DEC : MODE_ECB;
    else if (!strcmp(info.mode, "cbc")) *mode = decrypt ? MODE_CBC_DEC : MODE_CBC;
    else if (!strcmp(info.mode, "ctr")) *mode = MODE_CTR;
    else if (!strcmp(info.mode, "cmac")) *mode = MODE_MAC;
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
    const size_t bs = c->key.block_size;
    uint8_t iv[64];
    iv_from_chain(chain, iv, bs);
    switch (c->mode) {
    case MODE_ECB: sc_kalyna_ecb_encrypt(&c->key, in, out, n); break;
    case MODE_ECB_DEC: sc_kalyna_ecb_decrypt(&c->key, in, out, n); break;
    case MODE_CBC: sc_kalyna_cbc_encrypt(&c->key, iv, bs, in, out, n); break;
    case MODE_CBC_DEC: sc_kalyna_cbc_decrypt(&c->key, iv, bs, in, out, n); break;
    case MODE_CTR: sc_kalyna_ctr(&c->key, iv, bs, in, out, n); break;
    default:
        /* The MAC takes one or more whole blocks: the harness also verifies
         * n = 0, where every case must fail alike (a zero tag). */
        if (sc_kalyna_mac(&c->key, in, n, out, bs) != SC_OK) memset(out, 0, bs);
        return result(out, bs);
    }
    return result(out, n);
}

static void free_kalyna(void *p)
{
    sc_kalyna_wipe(p);
    free(p);
}

/* The table rows: the key is the table struct's first member. */
static uint64_t run_table(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    const sc_kalyna_key *k = p;
    bench_kalyna_table_ecb(p, in, out, n / k->block_size);
    return result(out, n);
}

static uint64_t run_table_dec(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    const sc_kalyna_key *k = p;
    bench_kalyna_table_ecb_decrypt(p, in, out, n / k->block_size);
    return result(out, n);
}

static uint64_t run_table_cbc(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    const sc_kalyna_key *k = p;
    uint8_t iv[64];
    iv_from_chain(chain, iv, k->block_size);
    bench_kalyna_table_cbc_encrypt(p, iv, in, out, n / k->block_size);
    return result(out, n);
}

static uint64_t run_table_cbc_dec(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    const sc_kalyna_key *k = p;
    uint8_t iv[64];
    iv_from_chain(chain, iv, k->block_size);
    bench_kalyna_table_cbc_decrypt(p, iv, in, out, n / k->block_size);
    return result(out, n);
}

static const bench_run_fn table_runs[] = {[MODE_ECB] = run_table,
                                          [MODE_ECB_DEC] = run_table_dec,
                                          [MODE_CBC] = run_table_cbc,
                                          [MODE_CBC_DEC] = run_table_cbc_dec};

#if defined(SC_HAVE_CRYPTOPP)
typedef struct cryptopp_case {
    void *peer;
    size_t block;
    int mode;
} cryptopp_case;

static uint64_t run_cryptopp(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    cryptopp_case *c = p;
    uint8_t iv[64];
    if (c->mode == MODE_ECB || c->mode == MODE_ECB_DEC) {
        peer_cryptopp_kalyna_ecb(c->peer, in, out, n / c->block, c->mode == MODE_ECB_DEC);
    } else {
        iv_from_chain(chain, iv, c->block);
        peer_cryptopp_kalyna_cbc(c->peer, iv, in, out, n / c->block, c->mode == MODE_CBC_DEC);
    }
    return result(out, n);
}

static void free_cryptopp(void *p)
{
    cryptopp_case *c = p;
    peer_cryptopp_kalyna_free(c->peer);
    free(c);
}
#endif

static void add_kernels(bench_set *set, const char *algorithm, size_t block, size_t key_len, int mode,
                        unsigned flags, size_t unit, size_t out_size)
{
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get("kalyna", i, &info) == SC_OK; i++) {
        bench_case c = {.algorithm = algorithm,
                        .kind = strcmp(info.name, "portable") == 0 ? BENCH_REFERENCE : BENCH_KERNEL,
                        .block = unit,
                        .out_size = out_size,
                        .flags = flags};
        snprintf(c.implementation, sizeof c.implementation, "%s", info.name);
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
}

static void add_cryptopp(bench_set *set, const char *algorithm, size_t block, size_t key_len, int mode)
{
    bench_case p = {.algorithm = algorithm, .kind = BENCH_PEER, .block = block};
#if defined(SC_HAVE_CRYPTOPP)
    static const char *const what[] = {[MODE_ECB] = "Kalyna ECB", [MODE_ECB_DEC] = "Kalyna ECB decrypt",
                                       [MODE_CBC] = "CBC<Kalyna>", [MODE_CBC_DEC] = "CBC<Kalyna> decrypt"};
    snprintf(p.implementation, sizeof p.implementation, "%s %s", peer_cryptopp_version(), what[mode]);
    cryptopp_case *cc = malloc(sizeof *cc);
    if (cc && (cc->peer = peer_cryptopp_kalyna_new(block, bench_key, key_len)) != NULL) {
        cc->block = block, cc->mode = mode;
        p.ctx = cc, p.run = run_cryptopp, p.cleanup = free_cryptopp;
    } else {
        free(cc);
        snprintf(p.note, sizeof p.note, "setup failed");
    }
#else
    (void)key_len, (void)mode;
    snprintf(p.implementation, sizeof p.implementation, "crypto++ Kalyna");
    snprintf(p.note, sizeof p.note, "absent");
#endif
    bench_add(set, &p);
}

static void provide_kalyna(bench_set *set, const char *algorithm)
{
    size_t block, key_len;
    int mode;
    if (!parse(algorithm, &block, &key_len, &mode)) return;
    /* ECB has no IV to fold the chain into; the MAC has no IV either. */
    const unsigned flags = mode == MODE_ECB || mode == MODE_ECB_DEC || mode == MODE_MAC ? BENCH_IGNORES_CHAIN : 0;
    add_kernels(set, algorithm, block, key_len, mode, flags, mode == MODE_CTR ? 0 : block,
                mode == MODE_MAC ? block : 0);
    if (mode == MODE_CTR || mode == MODE_MAC) return;
    bench_case t = {.algorithm = algorithm, .kind = BENCH_KERNEL, .block = block, .flags = flags};
    snprintf(t.implementation, sizeof t.implementation, "table, NOT constant-time");
    if ((t.ctx = bench_kalyna_table_new(block, bench_key, key_len)) != NULL)
        t.run = table_runs[mode], t.cleanup = bench_kalyna_table_free;
    else snprintf(t.note, sizeof t.note, "out of memory");
    bench_add(set, &t);
    if (bench_want_peers(set)) add_cryptopp(set, algorithm, block, key_len, mode);
}
BENCH_PROVIDER(provide_kalyna)
