/* SPDX-License-Identifier: Apache-2.0 */
/* --threads: option, pieces and the worker pool (parallel.h). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "parallel.h"

enum { MAX_THREADS = 1024, PIECES_PER_THREAD = 4 };

unsigned cli_threads_default(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (unsigned)n;
}

int cli_threads_arg(const char *who, const char *arg, unsigned *out)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno || end == arg || *end || v < 1 || v > MAX_THREADS)
        return cli_usage_error("%s: --threads takes a number from 1 to %d, not '%s'", who, MAX_THREADS, arg);
    *out = (unsigned)v;
    return 0;
}

size_t cli_pieces(uint64_t size, unsigned threads, size_t align)
{
    if (threads < 2 || size < 2 * (uint64_t)PARALLEL_MIN_PIECE || align == 0 || align > PARALLEL_MIN_PIECE) return 1;
    uint64_t most = size / PARALLEL_MIN_PIECE, want = (uint64_t)threads * PIECES_PER_THREAD;
    return (size_t)(want < most ? want : most);
}

uint64_t cli_piece_start(uint64_t size, size_t pieces, size_t align, size_t i)
{
    if (i >= pieces) return size;
    /* i * (size / pieces) + the share of the remainder: no 128-bit product */
    uint64_t at = i * (size / pieces) + i * (size % pieces) / pieces;
    return at - at % align;
}

size_t cli_next_piece(size_t *counter, size_t pieces)
{
    size_t i = __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
    return i < pieces ? i : (size_t)-1;
}

typedef struct worker {
    void (*work)(void *arg, unsigned worker);
    void *arg;
    unsigned index;
} worker;

static void *start(void *p)
{
    worker *w = p;
    w->work(w->arg, w->index);
    return NULL;
}

void cli_parallel_run(unsigned threads, size_t pieces, void (*work)(void *arg, unsigned worker), void *arg)
{
    if (pieces < threads) threads = pieces ? (unsigned)pieces : 1;
    pthread_t *ids = threads > 1 ? malloc((threads - 1) * sizeof *ids) : NULL;
    worker *ws = threads > 1 ? malloc(threads * sizeof *ws) : NULL;
    unsigned started = 0;
    if (ids && ws)
        for (unsigned i = 1; i < threads; i++) {
            ws[i] = (worker){work, arg, i};
            if (pthread_create(&ids[started], NULL, start, &ws[i]) != 0) break;
            started++;
        }
    work(arg, 0);
    for (unsigned i = 0; i < started; i++) pthread_join(ids[i], NULL);
    free(ids), free(ws);
}

long cli_pread_full(int fd, void *buf, size_t n, uint64_t off)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(fd, (char *)buf + got, n - got, (off_t)(off + got));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -1;
        if (r == 0) break;
        got += (size_t)r;
    }
    return (long)got;
}
