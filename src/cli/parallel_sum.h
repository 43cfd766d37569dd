/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum --threads: a checksum of one large regular file in pieces
 * on several threads, joined with sc_*_combine; a batch of files for
 * sc_hash_many split into groups, one sc_hash_many call per thread. (A hash
 * cannot be split inside a message: one large file is one thread's.) */
#ifndef SC_CLI_PARALLEL_SUM_H
#define SC_CLI_PARALLEL_SUM_H
#include <stdio.h>

#include "sum_algo.h"

/* Returned when the file shrank under the threads: sum it again from the
 * start on one thread (that reads to its end, whatever it is now). */
#define SUM_PARALLEL_RETRY (-1000)

/* Does the checksum of a regular file of `size` bytes go to
 * sum_parallel_checksum? (a checksum, --threads above 1, a file large
 * enough to give every thread a large piece: parallel.h) */
int sum_parallel_wanted(const sum_algo *a, uint64_t size);
/* The checksum of f (a regular file of at least `size` bytes when fstat
 * looked; bytes appended since are summed too, on this thread) as an
 * out_len-byte digest: 0, a positive errno, or SUM_PARALLEL_RETRY. */
int sum_parallel_checksum(const sum_algo *a, FILE *f, uint64_t size, uint8_t *out, size_t out_len);
/* sum_algo_many over the threads: the messages in contiguous groups of
 * about equal bytes, one call each (same results, same order). */
int sum_parallel_many(const sum_algo *a, size_t n, const void *const msgs[], const size_t lens[], uint8_t *out,
                      size_t out_len);
/* Whole files too large for a batch, one per thread: sum_algo_stream of
 * files[i] (read to its end) into out + i * out_len, its result in errs[i]
 * (0, a positive errno or a negative SC_E* code). */
void sum_parallel_streams(const sum_algo *a, size_t n, FILE *const files[], uint8_t *out, size_t out_len, int errs[]);
#endif
