/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: the library's own cases of every hash and XOF name
 * (bench.h, "hash and XOF names"), from the registry alone like
 * bench_family.c:
 *
 *   single stream  one case per kernel of the name's family ("md5",
 *                  "keccak"): one-shot sc_hash_ex of the n bytes with the
 *                  kernel named (sc_hash_opts.kernel); plus "dispatched
 *                  (public API)": sc_hash without options, as a user calls
 *                  it. "portable" is the reference.
 *   --batch N      kind BENCH_BATCH, one case per kernel and one through
 *                  the dispatcher: N messages of n bytes each through one
 *                  sc_hash_many call; GB/s and cpb count all N x n bytes
 *                  (bench_case.messages), so the rows read as the aggregate
 *                  beside the single-stream ones ("MD5 x16 vs one stream").
 *
 * A batch case hashes N copies of in[0..n) that it holds itself, made by
 * its prepare() outside the timing: N distinct buffers, as N files would be
 * (the same pointer N times would let every lane share one set of cache
 * lines). They are spaced by a cache line more than n rounded up to one, so
 * that N streams do not start on the same cache set (4 KiB aliasing at
 * power-of-two sizes). prepare() also hashes them once and checks that all
 * N digests are equal, so when run()'s first digest then matches the
 * reference's the whole batch was right; a disagreement zeroes run()'s
 * output, which the harness reports as a mismatch. run() itself only calls
 * sc_hash_many and copies the first digest out. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

typedef struct hash_arg {
    const char *name;
    size_t out_len;
    size_t batch;
} hash_arg;

/* --- one message per call ----------------------------------------------------- */

typedef struct hash_case {
    const char *name;
    sc_hash_opts opts;
    int dispatched; /* sc_hash: no options at all */
    size_t out_len;
} hash_case;

static uint64_t run_hash(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    const hash_case *c = p;
    if (c->dispatched) sc_hash(c->name, in, n, out, c->out_len);
    else sc_hash_ex(c->name, &c->opts, in, n, out, c->out_len);
    return bench_cipher_result(out, c->out_len);
}

/* The kernel's name, kept by the case (opts.kernel points at it). */
typedef struct hash_kernel_case {
    hash_case h;
    char kernel[BENCH_NAME_MAX];
} hash_kernel_case;

/* Set up *h for `kernel` (NULL: dispatched); SC_OK when the library takes
 * the name and kernel (one message tried). */
static int hash_setup(hash_case *h, char kernel_buf[BENCH_NAME_MAX], const sc_kernel_info *kernel,
                      const hash_arg *a)
{
    h->name = a->name, h->out_len = a->out_len, h->dispatched = kernel == NULL;
    if (kernel) {
        snprintf(kernel_buf, BENCH_NAME_MAX, "%s", kernel->name);
        h->opts.kernel = kernel_buf;
    }
    uint8_t probe[64];
    return h->dispatched ? sc_hash(h->name, "", 0, probe, h->out_len)
                         : sc_hash_ex(h->name, &h->opts, "", 0, probe, h->out_len);
}

static int make_hash(bench_case *c, const sc_kernel_info *kernel, const void *arg)
{
    hash_kernel_case *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL) return SC_EINVAL;
    int status = hash_setup(&ctx->h, ctx->kernel, kernel, arg);
    if (status != SC_OK) {
        free(ctx);
        return status;
    }
    c->ctx = ctx, c->run = run_hash, c->cleanup = free;
    return SC_OK;
}

/* --- N messages per call (--batch) ----------------------------------------------- */

typedef struct batch_case {
    hash_kernel_case k;
    size_t count;         /* N */
    const void **msgs;    /* N pointers into copies */
    size_t *lens;         /* N times n */
    uint8_t *copies;      /* N copies of the last prepared message */
    size_t copies_size;
    uint8_t *digests;     /* N x out_len */
    int lanes_agree;      /* the last prepare's N digests were equal */
} batch_case;

static void free_batch(void *p)
{
    batch_case *b = p;
    free(b->msgs);
    free(b->lens);
    free(b->copies);
    free(b->digests);
    free(b);
}

static int batch_hash(batch_case *b)
{
    const hash_case *h = &b->k.h;
    return sc_hash_many(h->name, h->dispatched ? NULL : &h->opts, b->count, b->msgs, b->lens, b->digests, h->out_len);
}

static void prepare_batch(void *p, const uint8_t *in, size_t n)
{
    batch_case *b = p;
    const size_t out_len = b->k.h.out_len, stride = (n + 63) / 64 * 64 + 64;
    b->lanes_agree = 0;
    if (stride * b->count > b->copies_size) {
        free(b->copies);
        b->copies_size = stride * b->count;
        if (posix_memalign((void **)&b->copies, 64, b->copies_size) != 0) b->copies = NULL, b->copies_size = 0;
    }
    if (b->copies == NULL) return; /* lanes_agree 0: a loud mismatch, not a wrong figure */
    for (size_t i = 0; i < b->count; i++) {
        if (n) memcpy(b->copies + i * stride, in, n);
        b->msgs[i] = b->copies + i * stride;
        b->lens[i] = n;
    }
    if (batch_hash(b) != SC_OK) return;
    b->lanes_agree = 1;
    for (size_t i = 1; i < b->count; i++)
        b->lanes_agree &= memcmp(b->digests, b->digests + i * out_len, out_len) == 0;
}

static uint64_t run_batch(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)in, (void)n, (void)chain; /* the copies prepare_batch made of in[0..n) */
    batch_case *b = p;
    batch_hash(b);
    memcpy(out, b->digests, b->k.h.out_len);
    return bench_open_result(out, b->k.h.out_len, b->lanes_agree);
}

static int make_batch(bench_case *c, const sc_kernel_info *kernel, const void *arg)
{
    const hash_arg *a = arg;
    batch_case *b = calloc(1, sizeof *b);
    if (b == NULL) return SC_EINVAL;
    b->count = a->batch;
    b->msgs = calloc(a->batch, sizeof *b->msgs);
    b->lens = calloc(a->batch, sizeof *b->lens);
    b->digests = calloc(a->batch, a->out_len);
    int status = b->msgs && b->lens && b->digests ? hash_setup(&b->k.h, b->k.kernel, kernel, a) : SC_EINVAL;
    if (status != SC_OK) {
        free_batch(b);
        return status;
    }
    c->ctx = b, c->run = run_batch, c->cleanup = free_batch, c->prepare = prepare_batch;
    return SC_OK;
}

static void provide_hash(bench_set *set, const char *algorithm)
{
    sc_hash_info info;
    if (sc_hash_info_get(algorithm, &info) != SC_OK) return;
    const hash_arg arg = {.name = info.name, .out_len = bench_hash_out_len(&info), .batch = bench_batch(set)};
    const bench_case shape = {.out_size = arg.out_len};
    bench_add_kernels(set, algorithm, info.algorithm, &shape, "", make_hash, &arg);
    bench_add_dispatched(set, algorithm, &shape, "dispatched (public API)", make_hash, &arg);
    if (arg.batch == 0) return;
    /* Not "dispatched (...)": that prefix marks the single-stream figure. */
    char prefix[BENCH_NAME_MAX], label[BENCH_NAME_MAX];
    snprintf(prefix, sizeof prefix, "batch x%zu ", arg.batch);
    snprintf(label, sizeof label, "batch x%zu sc_hash_many", arg.batch);
    const bench_case batch = {.out_size = arg.out_len, .kind = BENCH_BATCH, .messages = arg.batch,
                              .flags = BENCH_IGNORES_CHAIN};
    bench_add_kernels(set, algorithm, info.algorithm, &batch, prefix, make_batch, &arg);
    bench_add_dispatched(set, algorithm, &batch, label, make_batch, &arg);
}
BENCH_PROVIDER(provide_hash)
