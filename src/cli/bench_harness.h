/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: the harness's own interfaces (case sets, timing, output).
 * Providers of cases only need bench.h. */
#ifndef SC_CLI_BENCH_HARNESS_H
#define SC_CLI_BENCH_HARNESS_H

#include <stdio.h>

#include "bench.h"

struct bench_set {
    const char *algorithm;
    int want_peers;
    size_t batch; /* --batch N, 0 without */
    bench_case *cases; /* ordered by kind after bench_collect */
    size_t count, capacity;
};

enum { BENCH_MIN_TRIALS = 5 };

typedef struct bench_options {
    const size_t *sizes; /* bytes per call, ascending as given */
    size_t nsizes;
    int latency;         /* 0: throughput, 1: each result feeds the next call */
    int trials;          /* timed trials per case and size; the minimum counts (a
                          * case whose one call outlasts trial_ns: within the
                          * same total time, at least BENCH_MIN_TRIALS) */
    uint64_t trial_ns;   /* minimum duration of one trial */
    double core_ghz;     /* calibrated core clock, for cycles/byte */
} bench_options;

typedef struct bench_result {
    const bench_case *c;
    size_t size;
    double ns_per_call; /* minimum over the trials */
    double gbps;        /* 10^9 bytes per second (batch cases: of all messages) */
    double cpb;         /* core cycles per byte (the same bytes) */
} bench_result;

/* bench_run.c ------------------------------------------------------------- */

/* Ask every registered provider for the cases of `algorithm`, then order
 * them reference, kernels, peers, limit (stable within a kind). */
void bench_collect(bench_set *set, const char *algorithm, int want_peers);
/* The same with --batch N (batch: N, or 0 for no batch cases). */
void bench_collect_batch(bench_set *set, const char *algorithm, int want_peers, size_t batch);
/* peers_load.c: load the peers plug-in (simdcrypt-peers.so) and register
 * its providers, once; call before bench_collect with want_peers. 0 when
 * there is none: bench_peers_load_error() says why (no file, dlopen error). */
int bench_peers_load(void);
const char *bench_peers_load_error(void);
/* Run cleanup on every case and free the set's storage. */
void bench_set_free(bench_set *set);
/* Compare every measurable case with the set's reference on test buffers of
 * up to max_len bytes. A case that disagrees gets run = NULL and a
 * "MISMATCH ..." note, and is reported on stderr. Returns the mismatches. */
int bench_verify(bench_set *set, size_t max_len);
/* Time one case at one size on the hot buffer in (out: scratch of n + 64
 * bytes). Fills *r. */
void bench_measure(const bench_case *c, const uint8_t *in, uint8_t *out, size_t n,
                   const bench_options *opt, bench_result *r);
/* Deterministic pseudo-random bytes (the same every run). */
void bench_fill(uint8_t *buf, size_t len, uint64_t seed);

/* bench_output.c ----------------------------------------------------------- */

const char *bench_kind_name(enum bench_kind kind);
/* "64 B", "16 KiB", "1 MiB". */
void bench_format_size(char *buf, size_t len, size_t bytes);
/* Markdown tables for one algorithm: one per size, a row per measured case,
 * then the cases that were not measured and why. results[] holds this
 * algorithm's results only. */
void bench_print_algorithm(FILE *f, const bench_set *set, const bench_result *results, size_t count,
                           const bench_options *opt);
/* Is c the kernel the dispatcher runs for its algorithm at `size` bytes (or
 * the "dispatched" public-API case)? */
int bench_is_dispatched(const bench_case *c, size_t size);
/* {"meta": machine, build and dispatch, "results": every result as a JSON array of {"algorithm", "family", "implementation",
 * "kind", "size", "gbps", "cpb", "mode", "core_ghz", "dispatched"}]}. 0 on success. */
int bench_write_json(FILE *f, const bench_result *results, size_t count, const bench_options *opt);

#endif
