/* simdcrypt speed: the library's own cases, for every family of the
 * registry, from its public information alone (no family is named here).
 *
 *   checksums  every kernel sc_kernel_get lists, fetched by name with
 *              sc_checksum_kernel (not through dispatch)
 *   ciphers    every speed name (bench.h "cipher and MAC names") x every
 *   and MACs   kernel of its family, through the generic API with the kernel
 *              named (sc_cipher_opts.kernel), keyed with the name's fixed
 *              key/IV/S-box (bench_params.c)
 *
 * "portable" is the reference; kernels this CPU cannot run are listed with
 * the features they lack. A new family's kernels therefore need nothing
 * here: only its peers (src/cli/peers/) are its own.
 *
 * Cost per call, which matters at 64 B: a context is keyed once; each call
 * is sc_cipher_update alone where nothing carries over between calls (ECB
 * on whole blocks: the harness passes multiples of .block), reset + update
 * otherwise (CBC/CTR restart from the fixed IV: the API has no IV setter, so
 * in --latency mode the chain reaches a call through its input only), and
 * reset + update + final for MACs.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

static void missing_features(char *buf, size_t len, uint64_t needed)
{
    uint64_t missing = needed & ~sc_cpu_features();
    size_t used = (size_t)snprintf(buf, len, "not runnable here (needs");
    for (int f = 0; f < SC_F_COUNT && used < len; f++)
        if (missing & SC_FEAT(f)) used += (size_t)snprintf(buf + used, len - used, " %s", sc_feature_name(f));
    if (used < len) snprintf(buf + used, len - used, ")");
}

/* One case per kernel of `family`, its setup left to make(): SC_OK with
 * c->run/ctx/cleanup set, or an error for the note. */
typedef int (*make_case_fn)(bench_case *c, const sc_kernel_info *kernel, const void *arg);

static void add_kernels(bench_set *set, const char *algorithm, const char *family, const bench_case *shape,
                        make_case_fn make, const void *arg)
{
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get(family, i, &info) == SC_OK; i++) {
        bench_case c = *shape;
        c.algorithm = algorithm;
        c.kind = strcmp(info.name, "portable") == 0 ? BENCH_REFERENCE : BENCH_KERNEL;
        snprintf(c.implementation, sizeof c.implementation, "%s", info.name);
        int status = make(&c, &info, arg);
        if (status == SC_ENOKERNEL || (status != SC_OK && !info.runnable))
            missing_features(c.note, sizeof c.note, info.features);
        else if (status != SC_OK)
            snprintf(c.note, sizeof c.note, "cannot set up: %s", sc_strerror(status));
        bench_add(set, &c);
    }
}

/* --- checksums ------------------------------------------------------------ */

static uint64_t run_checksum(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    uint32_t value = (*(sc_checksum_fn *)ctx)((uint32_t)chain, in, n);
    bench_put_u32(out, value);
    return value;
}

static int make_checksum(bench_case *c, const sc_kernel_info *kernel, const void *arg)
{
    (void)arg;
    sc_checksum_fn fn;
    int status = sc_checksum_kernel(kernel->algorithm, kernel->name, &fn);
    if (status != SC_OK) return status;
    sc_checksum_fn *ctx = malloc(sizeof *ctx);
    if (ctx == NULL) return SC_EINVAL;
    *ctx = fn;
    c->ctx = ctx, c->run = run_checksum, c->cleanup = free;
    return SC_OK;
}

/* --- ciphers and MACs ----------------------------------------------------- */

typedef struct cipher_case {
    union {
        sc_cipher_ctx cipher;
        sc_mac_ctx mac;
    } u;
    size_t tag_len; /* MACs: the full tag */
    int reset;      /* ciphers: restart from the IV every call */
} cipher_case;

typedef struct cipher_arg {
    const char *speed_name;
    sc_cipher_info info;
    int decrypt;
} cipher_arg;

static uint64_t run_cipher(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain; /* see the top of this file */
    cipher_case *c = p;
    size_t written;
    if (c->reset) sc_cipher_reset(&c->u.cipher);
    sc_cipher_update(&c->u.cipher, in, n, out, n, &written);
    return bench_cipher_result(out, n);
}

static uint64_t run_mac(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    cipher_case *c = p;
    sc_mac_reset(&c->u.mac);
    sc_mac_update(&c->u.mac, in, n);
    /* A message the MAC refuses (e.g. n = 0, which the harness verifies
     * too) must look the same from every case: a zero tag. */
    if (sc_mac_final(&c->u.mac, out, c->tag_len) != SC_OK) memset(out, 0, c->tag_len);
    return bench_cipher_result(out, c->tag_len);
}

static void free_cipher(void *p)
{
    sc_cipher_wipe(&((cipher_case *)p)->u.cipher);
    free(p);
}

static int make_cipher(bench_case *c, const sc_kernel_info *kernel, const void *arg)
{
    const cipher_arg *a = arg;
    const sc_cipher_info *info = &a->info;
    bench_cipher_params params;
    bench_cipher_params_get(a->speed_name, &params);
    const sc_cipher_opts opts = {.kernel = kernel->name, .sbox = params.sbox};
    cipher_case *ctx = aligned_alloc(SC_CIPHER_CTX_ALIGN, (sizeof *ctx + SC_CIPHER_CTX_ALIGN - 1) /
                                                              SC_CIPHER_CTX_ALIGN * SC_CIPHER_CTX_ALIGN);
    if (ctx == NULL) return SC_EINVAL;
    int status;
    if (info->tag_size) {
        status = sc_mac_init_nonce(&ctx->u.mac, info->name, params.key, info->key_size, params.iv, info->iv_size,
                                   &opts);
        ctx->tag_len = info->tag_size;
        c->run = run_mac;
    } else {
        status = sc_cipher_init_ex(&ctx->u.cipher, info->name, !a->decrypt, params.key, info->key_size, params.iv,
                                   info->iv_size, &opts);
        ctx->reset = info->iv_size != 0 || info->is_stream;
        c->run = run_cipher;
    }
    if (status != SC_OK) {
        free(ctx);
        c->run = NULL;
        return status;
    }
    c->ctx = ctx, c->cleanup = free_cipher;
    return SC_OK;
}

/* Does the MAC take a message of one byte (Magma's CMAC pads it), or only
 * whole blocks (the DSTU 7624 MAC)? Asked of the library, so that the
 * harness times and verifies the lengths the MAC takes. */
static int mac_takes_any_length(const cipher_arg *a)
{
    bench_cipher_params params;
    bench_cipher_params_get(a->speed_name, &params);
    const sc_cipher_opts opts = {.sbox = params.sbox};
    const uint8_t byte = 0;
    uint8_t tag[64]; /* Kalyna-512: the largest block, hence tag */
    sc_mac_ctx *m = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *m);
    int ok = m && a->info.tag_size <= sizeof tag &&
             sc_mac_init_nonce(m, a->info.name, params.key, a->info.key_size, params.iv, a->info.iv_size, &opts) ==
                 SC_OK &&
             sc_mac_update(m, &byte, 1) == SC_OK && sc_mac_final(m, tag, a->info.tag_size) == SC_OK;
    if (m) sc_mac_wipe(m);
    free(m);
    return ok;
}

static void provide_family_kernels(bench_set *set, const char *algorithm)
{
    sc_checksum_fn probe;
    cipher_arg arg = {.speed_name = algorithm};
    if (sc_checksum_kernel(algorithm, "portable", &probe) == SC_OK) {
        add_kernels(set, algorithm, algorithm, &(bench_case){.out_size = 4}, make_checksum, NULL);
    } else if (bench_cipher_parse(algorithm, &arg.info, &arg.decrypt)) {
        const sc_cipher_info *info = &arg.info;
        /* Streams take any length, ECB/CBC whole blocks, a MAC what it
         * takes (the harness also verifies n = 0, which some MACs refuse). */
        const int any_length = info->is_stream || (info->tag_size && mac_takes_any_length(&arg));
        bench_case shape = {.block = any_length ? 0 : info->block_size, .out_size = info->tag_size};
        add_kernels(set, algorithm, info->algorithm, &shape, make_cipher, &arg);
    }
}
BENCH_PROVIDER(provide_family_kernels)
