/* SPDX-License-Identifier: Apache-2.0 */
/* --threads N for the commands that split one large input (sum, cipher):
 * the option's value, how a file is cut into pieces, and a pool of workers
 * that take the pieces in turn. The pieces are independent (checksums are
 * joined with *_combine, counter modes seek), so the output does not depend
 * on the thread count. */
#ifndef SC_CLI_PARALLEL_H
#define SC_CLI_PARALLEL_H
#include <stddef.h>
#include <stdint.h>

/* A piece is at least PARALLEL_MIN_PIECE bytes, so a file is split only when
 * every thread gets a large piece (thread start-up and the page cache's
 * read-ahead cost nothing beside it); smaller files stay on one thread. */
#define PARALLEL_MIN_PIECE (8u << 20)
/* Each piece is read and processed PARALLEL_BUF bytes at a time. */
#define PARALLEL_BUF (1u << 20)

/* The default: the online cores (1 if unknown). */
unsigned cli_threads_default(void);
/* --threads N: 1 .. 1024 into *out. 0, or 2 after a usage error. */
int cli_threads_arg(const char *who, const char *arg, unsigned *out);

/* How many pieces `size` bytes make for `threads` threads: 1 when the file
 * is too small to share (size < 2 PARALLEL_MIN_PIECE) or threads is 1, else
 * about four per thread (so a slow thread delays the end by a small piece)
 * and none below PARALLEL_MIN_PIECE. Piece i is [i * size / n aligned down
 * to `align`, the next one's start). */
size_t cli_pieces(uint64_t size, unsigned threads, size_t align);
uint64_t cli_piece_start(uint64_t size, size_t pieces, size_t align, size_t i);

/* Run work(arg, worker) on min(threads, pieces) workers (worker 0 on the
 * calling thread; no more threads than pieces) and wait for them all; a thread that cannot be started leaves its share to
 * the others (work must take pieces from a shared counter: cli_next_piece). */
void cli_parallel_run(unsigned threads, size_t pieces, void (*work)(void *arg, unsigned worker), void *arg);
/* The next piece index from *counter (atomic), or (size_t)-1 past `pieces`. */
size_t cli_next_piece(size_t *counter, size_t pieces);

/* pread exactly n bytes at off, retrying short reads and EINTR: the bytes
 * read (fewer only at the end of the file), or -1 with errno set. */
long cli_pread_full(int fd, void *buf, size_t n, uint64_t off);
#endif
