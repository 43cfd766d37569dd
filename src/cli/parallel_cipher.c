/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt cipher --threads (parallel_cipher.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* [at, end) through ctx, in place in buf, PARALLEL_BUF bytes at a time.
 * end == UINT64_MAX: up to the end of the input. */
static void span(job *j, sc_cipher_ctx *ctx, uint64_t at, uint64_t end, uint8_t *buf)
{
    size_t wrote;
    int rc = j->is_stream ? sc_cipher_seek(ctx, at) : SC_OK;
    while (rc == SC_OK && at < end && !failed(j)) {
        size_t want = end - at < PARALLEL_BUF ? (size_t)(end - at) : PARALLEL_BUF;
        long got = cli_pread_full(j->fd, buf, want, at);
        if (got < 0) {
            first(&j->read_err, errno ? errno : EIO);
            return;
        }
        if (got == 0 && end == UINT64_MAX) return;
        if ((size_t)got < want && end != UINT64_MAX) {
            first(&j->read_err, -1);
            return;
        }
        rc = sc_cipher_update(ctx, buf, (size_t)got, buf, PARALLEL_BUF, &wrote);
        int err = rc == SC_OK ? cli_out_pwrite(j->out, buf, wrote, at) : 0; /* ECB: whole blocks, so wrote == got */
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
    job j = {ctxs, 0, fileno(in), out, regular_size(in), 0, 0, 0, 0, 0, 0};
    j.pieces = cli_pieces(j.size, threads, ALIGN);
    /* the name is in the context; a stream mode is one that seeks */
    j.is_stream = sc_cipher_seek(&ctxs[0], 0) == SC_OK;
    cli_parallel_run(threads, j.pieces, work, &j);
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
