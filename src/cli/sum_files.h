/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum: digests of many files, in command-line order, through the
 * batch API. Regular files up to FILE_MAX bytes are read whole into a batch
 * (at most BUDGET bytes of files and digests, at most MAX_JOBS files) that
 * sc_hash_many hashes over the SIMD lanes; larger files, stdin ("-"), pipes
 * and devices are streamed through sc_hash_init/update/final after the
 * pending batch. With a->threads above 1, batches are hashed in groups on
 * the threads, consecutive large regular files of a hash one per thread,
 * and a checksum of a large regular file in pieces (parallel_sum.h). Every file's result reaches the caller in order. */
#ifndef SC_CLI_SUM_FILES_H
#define SC_CLI_SUM_FILES_H
#include <stddef.h>
#include <stdint.h>

#include "sum_algo.h"

/* One file's result: digest (out_len bytes) and err 0, or digest NULL and
 * err a positive errno (cannot open or read name) or a negative SC_E* code.
 * Non-zero stops the run (output lost). */
typedef int (*sum_each_fn)(void *ctx, size_t index, const char *name, const uint8_t *digest, int err);

/* names[0..n) in order, out_len digest bytes each. 0 after every file, or 1
 * when fn stopped the run or memory ran out (message printed). */
int sum_files(const sum_algo *a, size_t out_len, size_t n, char *const names[], sum_each_fn fn, void *ctx);

/* The message for a result's err. */
const char *sum_err_text(int err);
#endif
