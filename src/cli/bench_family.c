/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: the library's own cases, for every family of the
 * registry, from its public information alone (no family is named here).
 *
 *   checksums  every kernel sc_kernel_get lists, fetched by name with
 *              sc_checksum_kernel (not through dispatch)
 *   ciphers    every speed name (bench.h "cipher, MAC and AEAD names") x
 *   and MACs   every kernel of its family, through the generic API with the
 *              kernel named (sc_cipher_opts.kernel), keyed with the name's
 *              fixed key/IV/S-box (bench_params.c)
 *   AEADs      the same for every AEAD speed name (seal, and open with the
 *              tag bench_aead.c computes), plus a "dispatched (public API)"
 *              case: the context initialised without a kernel, as a user
 *              does. Inputs: bench.h "AEAD cases" (name's key, its nonce of
 *              the recommended length, no AAD, the full tag)
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
 * sc_mac_message (reset + update + final in one call) for MACs, one sc_aead_seal per AEAD message and
 * one sc_aead_open_detached per opened one (the tag apart, as the peers
 * take it).
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

void bench_add_kernels(bench_set *set, const char *algorithm, const char *family, const bench_case *shape,
                       const char *prefix, bench_make_case_fn make, const void *arg)
{
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get(family, i, &info) == SC_OK; i++) {
        bench_case c = *shape;
        c.algorithm = algorithm;
        c.kind = shape->kind != BENCH_REFERENCE      ? shape->kind
                 : strcmp(info.name, "portable") == 0 ? BENCH_REFERENCE
                                                      : BENCH_KERNEL;
        snprintf(c.implementation, sizeof c.implementation, "%s%s", prefix, info.name);
        int status = make(&c, &info, arg);
        if (status == SC_ENOKERNEL || (status != SC_OK && !info.runnable))
            missing_features(c.note, sizeof c.note, info.features);
        else if (status != SC_OK)
            snprintf(c.note, sizeof c.note, "cannot set up: %s", sc_strerror(status));
        bench_add(set, &c);
    }
}

void bench_add_dispatched(bench_set *set, const char *algorithm, const bench_case *shape, const char *label,
                          bench_make_case_fn make, const void *arg)
{
    bench_case c = *shape;
    c.algorithm = algorithm;
    c.kind = shape->kind != BENCH_REFERENCE ? shape->kind : BENCH_KERNEL;
    snprintf(c.implementation, sizeof c.implementation, "%s", label);
    int status = make(&c, NULL, arg);
    if (status != SC_OK) snprintf(c.note, sizeof c.note, "cannot set up: %s", sc_strerror(status));
    bench_add(set, &c);
}

/* Case state holding a library context: aligned as the contexts want. */
static void *ctx_alloc(size_t size)
{
    return aligned_alloc(SC_CIPHER_CTX_ALIGN, (size + SC_CIPHER_CTX_ALIGN - 1) / SC_CIPHER_CTX_ALIGN * SC_CIPHER_CTX_ALIGN);
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
    /* XTS keeps its last block for final (ciphertext stealing); a message
     * it refuses (under a block) must look the same from every case */
    if (written < n && sc_cipher_final(&c->u.cipher, out + written, n - written, &written) != SC_OK)
        memset(out, 0, n);
    return bench_cipher_result(out, n);
}

static uint64_t run_mac(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    cipher_case *c = p;
    /* A message the MAC refuses (e.g. n = 0, which the harness verifies
     * too) must look the same from every case: a zero tag. */
    if (sc_mac_message(&c->u.mac, in, n, out, c->tag_len) != SC_OK) memset(out, 0, c->tag_len);
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
    cipher_case *ctx = ctx_alloc(sizeof *ctx);
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

/* --- AEADs ---------------------------------------------------------------- */

typedef struct aead_case {
    bench_aead_tag t; /* first: bench_aead_prepare's (open cases) */
    sc_aead_ctx aead;
    const uint8_t *nonce;
    size_t nonce_len, tag_len;
} aead_case;

typedef struct aead_arg {
    const char *speed_name;
    sc_aead_info info;
    int open;
} aead_arg;

static uint64_t run_seal(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    aead_case *c = p;
    size_t written;
    /* a message the mode refuses (Kalyna GCM's empty one) leaves zeros, the same on every kernel */
    if (sc_aead_seal(&c->aead, c->nonce, c->nonce_len, NULL, 0, in, n, out, n + c->tag_len, &written, c->tag_len))
        memset(out, 0, n + c->tag_len);
    return bench_cipher_result(out, n + c->tag_len);
}

/* One opened message: sc_aead_open_detached, the one-shot open with the tag
 * apart, as the peers' decrypt calls take it (so it reaches the family's
 * whole-message kernel, as sc_aead_open does). */
static uint64_t run_open(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    aead_case *c = p;
    size_t written;
    int rc = sc_aead_open_detached(&c->aead, c->nonce, c->nonce_len, NULL, 0, in, n, c->t.tag, c->tag_len, out, n,
                                   &written);
    return bench_open_result(out, n, rc == SC_OK);
}

static void free_aead(void *p)
{
    sc_aead_wipe(&((aead_case *)p)->aead);
    free(p);
}

/* kernel NULL: the dispatched case. */
static int make_aead(bench_case *c, const sc_kernel_info *kernel, const void *arg)
{
    const aead_arg *a = arg;
    bench_cipher_params params;
    bench_cipher_params_get(a->speed_name, &params);
    const sc_cipher_opts opts = {.kernel = kernel ? kernel->name : NULL};
    aead_case *ctx = ctx_alloc(sizeof *ctx);
    if (ctx == NULL) return SC_EINVAL;
    int status = sc_aead_init(&ctx->aead, a->info.name, params.key, a->info.key_size, &opts);
    if (status != SC_OK) {
        free(ctx);
        return status;
    }
    ctx->t.speed_name = a->speed_name;
    ctx->nonce = params.iv, ctx->nonce_len = a->info.nonce_size, ctx->tag_len = a->info.tag_size;
    c->ctx = ctx, c->cleanup = free_aead;
    c->run = a->open ? run_open : run_seal;
    c->prepare = a->open ? bench_aead_prepare : NULL;
    return SC_OK;
}

static void provide_aead_cases(bench_set *set, const char *algorithm, const aead_arg *arg)
{
    /* Open writes the n bytes of plaintext, seal n + the tag. */
    const bench_case shape = {.out_extra = arg->open ? 0 : arg->info.tag_size};
    bench_add_kernels(set, algorithm, arg->info.algorithm, &shape, "", make_aead, arg);
    bench_add_dispatched(set, algorithm, &shape, "dispatched (public API)", make_aead, arg);
}

static void provide_family_kernels(bench_set *set, const char *algorithm)
{
    sc_checksum_fn probe;
    cipher_arg arg = {.speed_name = algorithm};
    aead_arg aead = {.speed_name = algorithm};
    if (sc_checksum_kernel(algorithm, "portable", &probe) == SC_OK) {
        bench_add_kernels(set, algorithm, algorithm, &(bench_case){.out_size = 4}, "", make_checksum, NULL);
    } else if (bench_cipher_parse(algorithm, &arg.info, &arg.decrypt)) {
        const sc_cipher_info *info = &arg.info;
        /* Streams take any length, ECB/CBC whole blocks, a MAC what it
         * takes (the harness also verifies n = 0, which some MACs refuse). */
        const int any_length = info->is_stream || (info->tag_size && mac_takes_any_length(&arg));
        bench_case shape = {.block = any_length ? 0 : info->block_size, .out_size = info->tag_size};
        bench_add_kernels(set, algorithm, info->algorithm, &shape, "", make_cipher, &arg);
    } else if (bench_aead_parse(algorithm, &aead.info, &aead.open)) {
        provide_aead_cases(set, algorithm, &aead);
    }
}
BENCH_PROVIDER(provide_family_kernels)
