/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum --threads (parallel_sum.h). */
#include <errno.h>
#include <stdlib.h>

#include "parallel.h"
#include "parallel_sum.h"

/* Below this many bytes a batch is hashed on the calling thread: starting
 * threads would cost more than they save. */
enum { MANY_MIN_BYTES = 1 << 20 };

int sum_parallel_wanted(const sum_algo *a, uint64_t size)
{
    return a->checksum != NULL && a->combine != NULL && cli_pieces(size, a->threads, 1) > 1;
}

typedef struct split {
    const sum_algo *a;
    int fd;
    uint64_t size;
    size_t pieces, next;
    uint32_t *values; /* each piece's checksum from a->init */
    int err;          /* first failure: errno, or SUM_PARALLEL_RETRY */
} split;

static void fail(split *s, int err)
{
    int none = 0;
    __atomic_compare_exchange_n(&s->err, &none, err, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/* One piece's checksum, PARALLEL_BUF bytes at a time: 0 or an error. */
static int piece(const split *s, size_t i, uint8_t *buf)
{
    uint64_t at = cli_piece_start(s->size, s->pieces, 1, i), end = cli_piece_start(s->size, s->pieces, 1, i + 1);
    uint32_t v = s->a->init;
    while (at < end) {
        size_t want = end - at < PARALLEL_BUF ? (size_t)(end - at) : PARALLEL_BUF;
        long got = cli_pread_full(s->fd, buf, want, at);
        if (got < 0) return errno ? errno : EIO;
        if ((size_t)got < want) return SUM_PARALLEL_RETRY; /* the file shrank */
        v = s->a->checksum(v, buf, want);
        at += want;
    }
    s->values[i] = v;
    return 0;
}

static void sum_pieces(void *arg, unsigned worker)
{
    split *s = arg;
    (void)worker;
    uint8_t *buf = malloc(PARALLEL_BUF);
    if (buf == NULL) { /* the others may still finish the pieces; if none can, err says so */
        fail(s, ENOMEM);
        return;
    }
    for (size_t i; (i = cli_next_piece(&s->next, s->pieces)) != (size_t)-1;) {
        int err = __atomic_load_n(&s->err, __ATOMIC_RELAXED) ? 0 : piece(s, i, buf);
        if (err) fail(s, err);
    }
    free(buf);
}

int sum_parallel_checksum(const sum_algo *a, FILE *f, uint64_t size, uint8_t *out, size_t out_len)
{
    split s = {a, fileno(f), size, cli_pieces(size, a->threads, 1), 0, NULL, 0};
    s.values = malloc(s.pieces * sizeof *s.values);
    uint8_t *buf = malloc(PARALLEL_BUF);
    if (s.values == NULL || buf == NULL) s.err = ENOMEM;
    else cli_parallel_run(a->threads, s.pieces, sum_pieces, &s);
    uint32_t v = s.err ? 0 : s.values[0];
    for (size_t i = 1; !s.err && i < s.pieces; i++)
        v = a->combine(v, s.values[i], cli_piece_start(size, s.pieces, 1, i + 1) - cli_piece_start(size, s.pieces, 1, i));
    /* bytes appended since fstat: as the one-thread path, up to the end */
    for (uint64_t at = size; !s.err;) {
        long got = cli_pread_full(s.fd, buf, PARALLEL_BUF, at);
        if (got < 0) s.err = errno ? errno : EIO;
        if (got <= 0) break;
        v = a->checksum(v, buf, (size_t)got);
        at += (uint64_t)got;
    }
    if (!s.err) sum_algo_put_value(out, out_len, v);
    free(s.values), free(buf);
    return s.err;
}

typedef struct groups {
    const sum_algo *a;
    const void *const *msgs;
    const size_t *lens;
    uint8_t *out;
    size_t out_len, count, next;
    size_t *first; /* group g: messages first[g] .. first[g + 1] */
    int rc;
} groups;

static void hash_groups(void *arg, unsigned worker)
{
    groups *g = arg;
    (void)worker;
    for (size_t i; (i = cli_next_piece(&g->next, g->count)) != (size_t)-1;) {
        size_t from = g->first[i], n = g->first[i + 1] - from;
        int rc = n == 0 ? 0 : sum_algo_many(g->a, n, g->msgs + from, g->lens + from, g->out + from * g->out_len, g->out_len);
        if (rc) __atomic_store_n(&g->rc, rc, __ATOMIC_RELAXED);
    }
}

typedef struct streams {
    const sum_algo *a;
    FILE *const *files;
    uint8_t *out;
    size_t out_len, count, next;
    int *errs;
} streams;

static void stream_files(void *arg, unsigned worker)
{
    streams *s = arg;
    (void)worker;
    for (size_t i; (i = cli_next_piece(&s->next, s->count)) != (size_t)-1;)
        s->errs[i] = sum_algo_stream(s->a, NULL, 0, s->files[i], s->out + i * s->out_len, s->out_len);
}

void sum_parallel_streams(const sum_algo *a, size_t n, FILE *const files[], uint8_t *out, size_t out_len, int errs[])
{
    streams s = {a, files, out, out_len, n, 0, errs};
    cli_parallel_run(a->threads, n, stream_files, &s);
}

int sum_parallel_many(const sum_algo *a, size_t n, const void *const msgs[], const size_t lens[], uint8_t *out,
                      size_t out_len)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++) total += lens[i];
    size_t count = a->threads < n ? a->threads : n;
    size_t *first = count > 1 && total >= MANY_MIN_BYTES ? malloc((count + 1) * sizeof *first) : NULL;
    if (first == NULL) return sum_algo_many(a, n, msgs, lens, out, out_len);
    /* group g ends where the running total first reaches (g + 1) / count of the bytes */
    size_t g = 0, sum = 0;
    first[0] = 0;
    for (size_t i = 0; i < n && g + 1 < count; i++) {
        sum += lens[i];
        while (g + 1 < count && sum >= total / count * (g + 1)) first[++g] = i + 1;
    }
    while (g < count) first[++g] = n;
    groups gr = {a, msgs, lens, out, out_len, count, 0, first, 0};
    cli_parallel_run((unsigned)count, count, hash_groups, &gr);
    free(first);
    return gr.rc;
}
