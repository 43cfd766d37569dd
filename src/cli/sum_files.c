/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum: batched digests of files (see sum_files.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "parallel_sum.h"
#include "sum_files.h"

/* A batch holds at most BUDGET bytes (files and their digests), so memory
 * stays bounded whatever the command line; a file above FILE_MAX gains
 * nothing from the lanes (it would fill a batch alone) and is streamed. */
enum { BUDGET = 64 << 20, FILE_MAX = 8 << 20, MAX_JOBS = 256 };
/* With threads, consecutive files above FILE_MAX that a hash must stream
 * wait (open) in a group of up to min(threads, MAX_BIG), one per thread. */
enum { MAX_BIG = 64 };

typedef struct job {
    size_t index;
    uint8_t *data; /* the whole file (NULL when empty or failed) */
    size_t len;
    int err; /* non-zero: the file failed, reported in its turn */
} job;

typedef struct engine {
    const sum_algo *a;
    size_t out_len;
    char *const *names;
    sum_each_fn fn;
    void *ctx;
    job jobs[MAX_JOBS];
    size_t count, bytes;
    FILE *big[MAX_BIG];
    size_t big_index[MAX_BIG], big_count;
} engine;

const char *sum_err_text(int err) { return err < 0 ? sc_strerror(err) : strerror(err); }

/* Hash the pending files in one sc_hash_many call and hand every pending
 * result out in order. 0, or 1 (stopped or out of memory). */
static int flush(engine *e)
{
    const void *msgs[MAX_JOBS];
    size_t lens[MAX_JOBS], m = 0;
    for (size_t i = 0; i < e->count; i++)
        if (!e->jobs[i].err) msgs[m] = e->jobs[i].data, lens[m++] = e->jobs[i].len;
    uint8_t *out = malloc(m * e->out_len + 1); /* + 1: never malloc(0) */
    int rc = out ? sum_parallel_many(e->a, m, msgs, lens, out, e->out_len) : SC_OK;
    int stop = out == NULL ? cli_error("sum: out of memory") : 0;
    for (size_t i = 0, k = 0; i < e->count; i++) {
        const job *j = &e->jobs[i];
        if (!stop) {
            const uint8_t *digest = j->err || rc ? NULL : out + k * e->out_len;
            stop = e->fn(e->ctx, j->index, e->names[j->index], digest, j->err ? j->err : rc);
        }
        k += !j->err;
        free(j->data);
    }
    free(out);
    e->count = e->bytes = 0;
    return stop;
}

/* Stream the waiting large files, one per thread, and hand their results
 * out in order. 0, or 1 (stopped or out of memory). */
static int flush_big(engine *e)
{
    const size_t n = e->big_count;
    uint8_t *out = malloc(n * e->out_len + 1);
    int errs[MAX_BIG], stop = out == NULL ? cli_error("sum: out of memory") : 0;
    if (out) sum_parallel_streams(e->a, n, e->big, out, e->out_len, errs);
    for (size_t i = 0; i < n; i++) {
        if (!stop)
            stop = e->fn(e->ctx, e->big_index[i], e->names[e->big_index[i]], errs[i] ? NULL : out + i * e->out_len,
                         errs[i]);
        fclose(e->big[i]);
    }
    free(out);
    e->big_count = 0;
    return stop;
}

/* Results leave in command-line order: a batch waits only while no large
 * file does, and the other way round. */
static int flush_all(engine *e) { return e->big_count ? flush_big(e) : flush(e); }

/* Room in the batch for need more bytes (flushing it if full). 0 or 1. */
static int make_room(engine *e, size_t need)
{
    if (e->big_count && flush_big(e)) return 1;
    return e->count == MAX_JOBS || e->bytes + need > BUDGET ? flush(e) : 0;
}

/* A large regular file a hash must stream, with threads: it waits, open,
 * for others like it (the group goes when full). 0 or 1. */
static int defer(engine *e, size_t index, FILE *f)
{
    size_t most = e->a->threads < MAX_BIG ? e->a->threads : MAX_BIG;
    if (e->count && flush(e)) {
        fclose(f);
        return 1;
    }
    e->big[e->big_count] = f, e->big_index[e->big_count++] = index;
    return e->big_count == most ? flush_big(e) : 0;
}

static int queue(engine *e, size_t index, uint8_t *data, size_t len, int err)
{
    if (make_room(e, len + e->out_len)) {
        free(data);
        return 1;
    }
    e->jobs[e->count++] = (job){index, data, len, err};
    e->bytes += len + e->out_len;
    return 0;
}

/* After the pending batch: head[0..head_len) then the rest of f. 0 or 1. */
static int stream(engine *e, size_t index, FILE *f, const uint8_t *head, size_t head_len)
{
    if (flush_all(e)) return 1;
    uint8_t *out = malloc(e->out_len + 1);
    if (out == NULL) return cli_error("sum: out of memory");
    int rc = sum_algo_stream(e->a, head, head_len, f, out, e->out_len);
    int stop = e->fn(e->ctx, index, e->names[index], rc ? NULL : out, rc);
    free(out);
    return stop;
}

/* A checksum of a large regular file, in pieces over the threads, after
 * the pending batch. 0 or 1. */
static int split(engine *e, size_t index, FILE *f, uint64_t size)
{
    if (flush_all(e)) return 1;
    uint8_t *out = malloc(e->out_len + 1);
    if (out == NULL) return cli_error("sum: out of memory");
    int rc = sum_parallel_checksum(e->a, f, size, out, e->out_len), stop;
    if (rc == SUM_PARALLEL_RETRY) /* it shrank: read it to its end on one thread */
        stop = fseek(f, 0, SEEK_SET) ? e->fn(e->ctx, index, e->names[index], NULL, errno) : stream(e, index, f, NULL, 0);
    else
        stop = e->fn(e->ctx, index, e->names[index], rc ? NULL : out, rc);
    free(out);
    return stop;
}

/* A regular file of size bytes (as fstat saw it) into the batch. 0 or 1. */
static int read_whole(engine *e, size_t index, FILE *f, size_t size)
{
    if (make_room(e, size + e->out_len)) return 1;
    uint8_t *data = malloc(size + 1);
    if (data == NULL) return stream(e, index, f, NULL, 0); /* memory is short: the streaming way needs none */
    /* One byte more than expected tells a file that grew since fstat. */
    size_t got = fread(data, 1, size + 1, f);
    if (ferror(f)) {
        int err = errno;
        free(data);
        return queue(e, index, NULL, 0, err);
    }
    if (got > size) {
        int stop = stream(e, index, f, data, got);
        free(data);
        return stop;
    }
    if (got == 0) free(data), data = NULL;
    return queue(e, index, data, got, 0);
}

static int add(engine *e, size_t index)
{
    const char *name = e->names[index];
    int is_stdin = !strcmp(name, "-");
    FILE *f = is_stdin ? stdin : fopen(name, "rb");
    struct stat st;
    if (f == NULL) return queue(e, index, NULL, 0, errno);
    int err = fstat(fileno(f), &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0, stop;
    if (err) stop = queue(e, index, NULL, 0, err);
    else if (!is_stdin && S_ISREG(st.st_mode) && st.st_size <= FILE_MAX) stop = read_whole(e, index, f, (size_t)st.st_size);
    else if (!is_stdin && S_ISREG(st.st_mode) && sum_parallel_wanted(e->a, (uint64_t)st.st_size))
        stop = split(e, index, f, (uint64_t)st.st_size);
    else if (!is_stdin && S_ISREG(st.st_mode) && e->a->threads > 1 && !e->a->checksum)
        return defer(e, index, f); /* it keeps f open */
    else stop = stream(e, index, f, NULL, 0);
    if (!is_stdin) fclose(f);
    return stop;
}

int sum_files(const sum_algo *a, size_t out_len, size_t n, char *const names[], sum_each_fn fn, void *ctx)
{
    engine *e = malloc(sizeof *e);
    if (e == NULL) return cli_error("sum: out of memory");
    e->a = a, e->out_len = out_len, e->names = names, e->fn = fn, e->ctx = ctx, e->count = e->bytes = 0;
    e->big_count = 0;
    int stop = 0;
    for (size_t i = 0; i < n && !stop; i++) stop = add(e, i);
    if (!stop) stop = flush_all(e);
    for (size_t i = 0; i < e->count; i++) free(e->jobs[i].data); /* left by a stop */
    for (size_t i = 0; i < e->big_count; i++) fclose(e->big[i]);
    free(e);
    return stop;
}
