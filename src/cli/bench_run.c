/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: provider registry, verification and timing of cases.
 * Knows nothing about what a case computes (see bench.h). */
#include <stdlib.h>
#include <string.h>

#include "bench_harness.h"
#include "cli.h"

/* --- registry ----------------------------------------------------------------- */

enum { MAX_PROVIDERS = 64 };
static bench_provider_fn providers[MAX_PROVIDERS];
static size_t provider_count;

void bench_register_provider(bench_provider_fn provider)
{
    /* Runs before main(): nowhere to report an overflow but stderr. */
    if (provider_count < MAX_PROVIDERS) providers[provider_count++] = provider;
    else fputs("simdcrypt: too many benchmark providers, raise MAX_PROVIDERS\n", stderr);
}

void bench_add(bench_set *set, const bench_case *c)
{
    if (set->count == set->capacity) {
        size_t cap = set->capacity ? 2 * set->capacity : 16;
        bench_case *grown = realloc(set->cases, cap * sizeof *grown);
        if (grown == NULL) {
            fputs("simdcrypt: out of memory\n", stderr);
            exit(1);
        }
        set->cases = grown;
        set->capacity = cap;
    }
    set->cases[set->count++] = *c;
}

int bench_want_peers(const bench_set *set) { return set->want_peers; }

size_t bench_batch(const bench_set *set) { return set->batch; }

void bench_collect(bench_set *set, const char *algorithm, int want_peers)
{
    bench_collect_batch(set, algorithm, want_peers, 0);
}

void bench_collect_batch(bench_set *set, const char *algorithm, int want_peers, size_t batch)
{
    memset(set, 0, sizeof *set);
    set->algorithm = algorithm;
    set->want_peers = want_peers;
    set->batch = batch;
    for (size_t i = 0; i < provider_count; i++) providers[i](set, algorithm);
    /* Stable insertion sort by kind: providers register in link order, the
     * tables want reference, kernels, peers, batches, limit. */
    for (size_t i = 1; i < set->count; i++) {
        bench_case c = set->cases[i];
        size_t j = i;
        for (; j > 0 && set->cases[j - 1].kind > c.kind; j--) set->cases[j] = set->cases[j - 1];
        set->cases[j] = c;
    }
}

void bench_set_free(bench_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (set->cases[i].cleanup) set->cases[i].cleanup(set->cases[i].ctx);
    free(set->cases);
    memset(set, 0, sizeof *set);
}

void bench_fill(uint8_t *buf, size_t len, uint64_t seed)
{
    uint64_t x = seed | 1; /* xorshift64 (Marsaglia 2003) */
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        buf[i] = (uint8_t)(x >> 32);
    }
}

/* --- verification ------------------------------------------------------------------ */

static const bench_case *find_reference(const bench_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (set->cases[i].kind == BENCH_REFERENCE && set->cases[i].run) return &set->cases[i];
    return NULL;
}

/* Lengths that reach main loops and every tail, plus the largest size timed. */
static const size_t verify_lengths[] = {0, 1, 3, 7, 8, 15, 16, 31, 32, 48, 63, 64, 65, 127, 128, 200,
                                        255, 256, 511, 512, 1000, 1024, 4095, 4096, 5555, 16384};

static int verify_case(bench_case *c, const bench_case *ref, const uint8_t *buf, uint8_t *got, uint8_t *want,
                       size_t max_len)
{
    static const uint64_t chains[] = {0, 0x9e3779b9u};
    static const size_t offsets[] = {0, 3};
    size_t nlen = sizeof verify_lengths / sizeof verify_lengths[0];
    for (size_t li = 0; li <= nlen; li++) {
        size_t n = li < nlen ? verify_lengths[li] : max_len;
        if (n > max_len || (c->block > 1 && n % c->block) || (ref->block > 1 && n % ref->block)) continue;
        for (size_t oi = 0; oi < 2; oi++) {
            if (c->prepare) c->prepare(c->ctx, buf + offsets[oi], n);
            if (ref->prepare) ref->prepare(ref->ctx, buf + offsets[oi], n);
            for (size_t ci = 0; ci < 2; ci++) {
                uint64_t chain = chains[ci];
                if (chain && ((c->flags | ref->flags) & BENCH_IGNORES_CHAIN)) continue;
                size_t out_len = c->out_size ? c->out_size : n + c->out_extra;
                memset(got, 0xa5, out_len);
                memset(want, 0x5a, out_len);
                uint64_t r_got = c->run(c->ctx, buf + offsets[oi], got, n, chain);
                uint64_t r_want = ref->run(ref->ctx, buf + offsets[oi], want, n, chain);
                if (r_got == r_want && memcmp(got, want, out_len) == 0) continue;
                snprintf(c->note, sizeof c->note,
                         "MISMATCH vs %s: n=%zu offset=%zu chain=%#llx returned %#llx, want %#llx", ref->implementation,
                         n, offsets[oi], (unsigned long long)chain, (unsigned long long)r_got,
                         (unsigned long long)r_want);
                return -1;
            }
        }
    }
    return 0;
}

int bench_verify(bench_set *set, size_t max_len)
{
    const bench_case *ref = find_reference(set);
    if (max_len < 16384) max_len = 16384;
    uint8_t *buf = malloc(max_len + 64), *got = malloc(max_len + 64), *want = malloc(max_len + 64);
    if (buf == NULL || got == NULL || want == NULL) {
        fputs("simdcrypt: out of memory\n", stderr);
        exit(1);
    }
    bench_fill(buf, max_len + 64, 0x5eed);
    int mismatches = 0;
    for (size_t i = 0; i < set->count; i++) {
        bench_case *c = &set->cases[i];
        if (c->run == NULL || c == ref || c->kind == BENCH_LIMIT) continue;
        if (ref == NULL) {
            cli_error("speed: warning: %s %s is unverified (the algorithm has no reference case)", set->algorithm,
                      c->implementation);
            continue;
        }
        if (verify_case(c, ref, buf, got, want, max_len) == 0) continue;
        cli_error("speed: *** %s %s: %s: not timed ***", set->algorithm, c->implementation, c->note);
        c->run = NULL;
        mismatches++;
    }
    free(buf);
    free(got);
    free(want);
    return mismatches;
}

/* --- timing -------------------------------------------------------------------------- */

static uint64_t time_calls(const bench_case *c, const uint8_t *in, uint8_t *out, size_t n, uint64_t calls,
                           int latency, uint64_t *sink)
{
    bench_run_fn run = c->run;
    void *ctx = c->ctx;
    uint64_t acc = 0, start = bench_now_ns();
    if (latency) {
        /* `in + (chain & zero)` is `in`, but the CPU cannot know that: every
         * load of the next call waits for the previous result. */
        uint64_t zero = 0;
        __asm__ volatile("" : "+r"(zero));
        for (uint64_t i = 0; i < calls; i++) acc = run(ctx, in + (acc & zero), out, n, acc);
    } else {
        for (uint64_t i = 0; i < calls; i++) acc ^= run(ctx, in, out, n, 0);
    }
    uint64_t ns = bench_now_ns() - start;
    *sink ^= acc;
    return ns;
}

void bench_measure(const bench_case *c, const uint8_t *in, uint8_t *out, size_t n, const bench_options *opt,
                   bench_result *r)
{
    uint64_t sink = 0;
    if (c->prepare) c->prepare(c->ctx, in, n);
    /* Grow the call count until one batch lasts a trial; this also warms
     * caches, predictors and the clock. */
    uint64_t calls = 1;
    for (;;) {
        uint64_t ns = time_calls(c, in, out, n, calls, opt->latency, &sink);
        if (ns >= opt->trial_ns) break;
        uint64_t grow = ns ? (uint64_t)((double)opt->trial_ns * 1.2 / (double)ns * (double)calls) : calls * 64;
        if (grow < 2 * calls) grow = 2 * calls;
        if (grow > 64 * calls) grow = 64 * calls;
        calls = grow;
    }
    /* Time budget: `trials` trials of trial_ns each. A case whose single
     * call already outlasts a trial (the portable ciphers at 256 KiB: tens
     * of ms) gets fewer, at least BENCH_MIN_TRIALS: such a call averages its
     * own noise, and 20 of them would take most of a full run. */
    uint64_t batch_ns = time_calls(c, in, out, n, calls, opt->latency, &sink);
    uint64_t budget_ns = (uint64_t)opt->trials * opt->trial_ns;
    int trials = opt->trials;
    if (calls == 1 && (uint64_t)trials * batch_ns > budget_ns) {
        uint64_t fit = budget_ns / batch_ns;
        trials = fit < BENCH_MIN_TRIALS ? BENCH_MIN_TRIALS : (int)fit;
        if (trials > opt->trials) trials = opt->trials;
    }
    double best = (double)batch_ns / (double)calls;
    for (int t = 1; t < trials; t++) {
        double per_call = (double)time_calls(c, in, out, n, calls, opt->latency, &sink) / (double)calls;
        if (per_call < best) best = per_call;
    }
    __asm__ volatile("" : : "r"(sink)); /* the results are used */
    r->c = c;
    r->size = n;
    r->ns_per_call = best;
    const double bytes = (double)n * (double)(c->messages ? c->messages : 1);
    r->gbps = bytes / best;
    r->cpb = best * opt->core_ghz / bytes;
}
