/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt cipher --threads (parallel_cipher.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "parallel.h"
#include "parallel_cipher.h"

/* Pieces start on a page (every block size divides it). */
enum { ALIGN = 4096 };

static uint64_t regular_size(FILE *in)
{
    struct stat st;
    return in && in != stdin && fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
}

unsigned cipher_parallel_threads(unsigned threads, const sc_cipher_info *info, int padding, int key_meshing,
                                 FILE *in, const cli_out *out, sc_cipher_ctx *probe)
{
    if (threads < 2 || padding || !out->is_temp || info->one_shot) return 1;
    if (!strcmp(info->name, "gost89-cnt") && key_meshing != SC_KEY_MESHING_NONE) return 1;
    int independent = info->is_stream ? sc_cipher_seek(probe, 0) == SC_OK : !strcmp(info->mode, "ecb");
    return independent && cli_pieces(regular_size(in), threads, ALIGN) > 1 ? threads : 1;
}

typedef struct job {
    sc_cipher_ctx *ctxs;
    int is_stream, fd;
    cli_out *out;
    uint8_t *map; /* the output's first `size` bytes, mapped (NULL: pwrite) */
    uint64_t size;
    size_t pieces, next;
    int rc, read_err, write_err; /* the first of each (read_err -1: the input shrank) */
    int nomem;
} job;

static void first(int *slot, int err)
{
    int none = 0;
    __atomic_compare_exchange_n(slot, &none, err, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

static int failed(job *j)
{
    return __atomic_load_n(&j->rc, __ATOMIC_RELAXED) || __atomic_load_n(&j->read_err, __ATOMIC_RELAXED) ||
           __atomic_load_n(&j->write_err, __ATOMIC_RELAXED) || __atomic_load_n(&j->nomem, __ATOMIC_RELAXED);
}

/* The output file's pages are allocated (and on tmpfs zeroed) as it is
 * written; through pwrite the file's lock makes that one thread's work, so
 * the threads read and encrypt in place in a shared mapping of the output
 * instead (the file extended to its size first, still sparse). Each piece's
 * blocks are reserved before it is written (reserve_piece): a full disk is
 * an error to report, never a SIGBUS while writing through the mapping, and
 * the reservations of one thread overlap the other threads' work. Nothing
 * mapped (the pwrite path) when the file cannot be. */
static void map_output(job *j)
{
    const int fd = fileno(j->out->f);
    if (j->size == 0 || j->size > SIZE_MAX || fflush(j->out->f) != 0 || ftruncate(fd, (off_t)j->size) != 0) return;
    void *m = mmap(NULL, (size_t)j->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (m != MAP_FAILED) j->map = m;
}

/* 0, or the errno of a failed reservation (ENOSPC...). */
static int reserve_piece(job *j, uint64_t at, uint64_t end)
{
    return j->map && end != UINT64_MAX ? posix_fallocate(fileno(j->out->f), (off_t)at, (off_t)(end - at)) : 0;
}

/* [at, end) through ctx, in place in buf, PARALLEL_BUF bytes at a time.
 * end == UINT64_MAX: up to the end of the input. */
static void span(job *j, sc_cipher_ctx *ctx, uint64_t at, uint64_t end, uint8_t *buf)
{
    size_t wrote;
    int rc = j->is_stream ? sc_cipher_seek(ctx, at) : SC_OK, reserved = reserve_piece(j, at, end);
    if (reserved) {
        first(&j->write_err, reserved);
        return;
    }
    while (rc == SC_OK && at < end && !failed(j)) {
        size_t want = end - at < PARALLEL_BUF ? (size_t)(end - at) : PARALLEL_BUF;
        uint8_t *to = j->map && end != UINT64_MAX ? j->map + at : buf;
        long got = cli_pread_full(j->fd, to, want, at);
        if (got < 0) {
            first(&j->read_err, errno ? errno : EIO);
            return;
        }
        if (got == 0 && end == UINT64_MAX) return;
        if ((size_t)got < want && end != UINT64_MAX) {
            first(&j->read_err, -1);
            return;
        }
        rc = sc_cipher_update(ctx, to, (size_t)got, to, PARALLEL_BUF, &wrote);
        /* ECB: whole blocks, so wrote == got */
        int err = rc == SC_OK && to == buf ? cli_out_pwrite(j->out, buf, wrote, at) : 0;
        if (err) {
            first(&j->write_err, err);
            return;
        }
        at += (uint64_t)got;
    }
    if (rc != SC_OK) first(&j->rc, rc);
}

static void work(void *arg, unsigned worker)
{
    job *j = arg;
    uint8_t *buf = malloc(PARALLEL_BUF);
    if (buf == NULL) {
        first(&j->nomem, 1);
        return;
    }
    for (size_t i; (i = cli_next_piece(&j->next, j->pieces)) != (size_t)-1;)
        span(j, &j->ctxs[worker], cli_piece_start(j->size, j->pieces, ALIGN, i),
             cli_piece_start(j->size, j->pieces, ALIGN, i + 1), buf);
    sc_wipe(buf, PARALLEL_BUF);
    free(buf);
}

int cipher_parallel_run(sc_cipher_ctx *ctxs, unsigned threads, FILE *in, const char *in_name, cli_out *out)
{
    job j = {.ctxs = ctxs, .fd = fileno(in), .out = out, .size = regular_size(in)};
    j.pieces = cli_pieces(j.size, threads, ALIGN);
    /* the name is in the context; a stream mode is one that seeks */
    j.is_stream = sc_cipher_seek(&ctxs[0], 0) == SC_OK;
    map_output(&j);
    cli_parallel_run(threads, j.pieces, work, &j);
    if (j.map) munmap(j.map, (size_t)j.size);
    uint8_t *buf = failed(&j) ? NULL : malloc(PARALLEL_BUF);
    if (buf == NULL && !failed(&j)) j.nomem = 1;
    if (buf) { /* appended since fstat (as one thread would read it): ctxs[0], then final */
        span(&j, &ctxs[0], j.size, UINT64_MAX, buf);
        size_t wrote = 0;
        int rc = failed(&j) ? SC_OK : sc_cipher_final(&ctxs[0], buf, PARALLEL_BUF, &wrote);
        if (rc != SC_OK) j.rc = rc;
        sc_wipe(buf, PARALLEL_BUF);
        free(buf);
    }
    if (j.nomem) return cli_error("cipher: out of memory");
    if (j.read_err) return cli_error("cipher: cannot read %s: %s", in_name,
                                     j.read_err > 0 ? strerror(j.read_err) : "it shrank while being read");
    if (j.write_err) return cli_error("cipher: cannot write %s: %s", out->name, strerror(j.write_err));
    return j.rc;
}
