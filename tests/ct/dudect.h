/* SPDX-License-Identifier: Apache-2.0 */
/* A dudect-style timing test (Reparaz, Balasch, Verbauwhede, "Dude, is my
 * code constant time?", DATE 2017): measure an operation on inputs of two
 * classes, fixed and random, interleaved at random; crop the slow tail at a
 * few percentiles; Welch's t-test between the classes; |t| > 4.5 with a
 * difference of at least DD_MIN_EFFECT of the time is a leak.
 *
 * A test provides prepare() (untimed: fill input slot `slot` for class 0,
 * fixed, or 1, random) and measure() (time one operation on that slot with
 * dd_start/dd_stop and return the cycles). The engine runs batches of
 * DD_SLOTS: classes drawn at random, every slot prepared, then every slot
 * measured, so both classes see the same memory traffic from preparation.
 * x86-64 only (rdtsc). */
#ifndef SC_DUDECT_H
#define SC_DUDECT_H

#include <stddef.h>
#include <stdint.h>
#include <x86intrin.h>

enum { DD_SLOTS = 64 };
#define DD_THRESHOLD 4.5
/* A leak must also be large enough to matter: a mean difference of at
 * least DD_MIN_EFFECT of the median time (and 1 cycle). One L3 hit (~50
 * cycles) in an operation of 20,000 cycles is 0.25%; a secret branch
 * mispredicted half the time costs ~7 cycles on average, 0.25% of the
 * 2,800-cycle operations most cases here time. Without a floor, the tight
 * timing of a quiet run makes |t| > 4.5 out of a 1-3 cycle difference: seen
 * at 0.04% (clang-14 magma-cmac portable, fixed vs random key), and on
 * loaded CI machines, twice each with a fresh fixed key, at 0.12%
 * (magma-cmac portable key, 9.9 of 8,060 cycles) and 0.18% (poly1305
 * x86-avx2 key, 2.5 of 1,378): code valgrind and DataFlowSanitizer find no
 * secret branch or address in, and which passes when run alone. */
#define DD_MIN_EFFECT 0.0025

/* splitmix64: fast, and good enough to make "random" inputs. */
typedef struct dd_rng {
    uint64_t s;
} dd_rng;
uint64_t dd_rand(dd_rng *r);
void dd_fill(dd_rng *r, void *p, size_t n);
/* Uniform in 0..n-1 (n > 0; the bias of a 64-bit modulo is negligible). */
static inline uint32_t dd_below(dd_rng *r, uint32_t n) { return (uint32_t)(dd_rand(r) % n); }

/* Serialised cycle counter: the lfence before rdtsc keeps earlier work out
 * of the interval; rdtscp waits for the operation, the lfence after it keeps
 * later work out. */
static inline uint64_t dd_start(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}
static inline uint64_t dd_stop(void)
{
    unsigned aux;
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}

/* Results must look used, or the compiler could drop a timed call. */
extern volatile uint64_t dd_sink;

typedef struct dd_test {
    char name[96];
    void *arg;
    void (*prepare)(void *arg, size_t slot, int cls, dd_rng *rng);
    uint64_t (*measure)(void *arg, size_t slot);
    /* Optional: free what prepare() allocated (prepare allocates again
     * when called after this). */
    void (*release)(void *arg);
    /* Optional: where the test records a failed call (non-zero). */
    const int *status;
} dd_test;

typedef struct dd_result {
    double t;          /* the largest |t| over the crops (of the run that decided) */
    double diff;       /* |mean difference| in cycles where |t| is largest */
    double leak_t;     /* the largest |t| among crops whose difference is large enough */
    double mde;        /* smallest mean difference in cycles that would count as a leak */
    size_t samples;    /* measurements in the run that decided */
    double median;     /* cycles per operation */
    int runs;          /* 2 when |t| > 4.5 made the engine test again */
} dd_result;

/* Run one test for `seconds` (at least DD_MIN_BATCHES batches after a
 * warm-up batch, at most DD_MAX_SAMPLES measurements); when it looks like
 * a leak, run it once more with fresh inputs. Returns 1 for a leak (both
 * runs), 0 otherwise. */
enum { DD_MAX_SAMPLES = 60000, DD_MIN_BATCHES = 4 };
int dd_check(const dd_test *t, double seconds, dd_rng *rng, dd_result *res);

/* Seconds of wall time since an arbitrary start (CLOCK_MONOTONIC). */
double dd_now(void);

#endif
