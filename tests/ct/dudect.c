/* SPDX-License-Identifier: Apache-2.0 */
/* The statistics of tests/ct/dudect.h: measurement batches, cropping,
 * Welch's t-test, one retest before a verdict of "leak". */
#include "dudect.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

volatile uint64_t dd_sink;

uint64_t dd_rand(dd_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void dd_fill(dd_rng *r, void *p, size_t n)
{
    uint8_t *b = p;
    for (; n >= 8; n -= 8, b += 8) {
        uint64_t v = dd_rand(r);
        memcpy(b, &v, 8);
    }
    if (n) {
        uint64_t v = dd_rand(r);
        memcpy(b, &v, n);
    }
}

double dd_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Timing noise on a shared machine is one-sided (interrupts, preemption,
 * the other tenant's cache traffic): measurements above a percentile of
 * the pooled distribution are dropped, for several percentiles, and the
 * largest |t| counts (as dudect does). No uncropped test: a single 10^6
 * cycle preemption dominates its variance. */
static const double crops[] = {0.50, 0.75, 0.90, 0.95, 0.99};
enum { N_CROPS = sizeof crops / sizeof crops[0], SUBSAMPLE = 8192 };

/* Welford's running mean and variance per class. */
typedef struct welch {
    double mean[2], m2[2];
    size_t n[2];
} welch;

static void welch_add(welch *w, int c, double x)
{
    double d = x - w->mean[c];
    w->n[c]++;
    w->mean[c] += d / (double)w->n[c];
    w->m2[c] += d * (x - w->mean[c]);
}

/* |t| and the standard error of the difference of the means (0 when a class
 * has fewer than two measurements: no evidence either way). */
static double welch_t(const welch *w, double *se)
{
    *se = 0;
    if (w->n[0] < 2 || w->n[1] < 2) return 0;
    double v0 = w->m2[0] / (double)(w->n[0] - 1), v1 = w->m2[1] / (double)(w->n[1] - 1);
    *se = sqrt(v0 / (double)w->n[0] + v1 / (double)w->n[1]);
    double diff = fabs(w->mean[0] - w->mean[1]);
    if (*se == 0) return diff == 0 ? 0 : INFINITY;
    return diff / *se;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Thresholds at the crop percentiles, from an evenly spaced subsample. */
static void thresholds(const uint64_t *cycles, size_t n, uint64_t th[N_CROPS], double *median)
{
    size_t step = n / SUBSAMPLE + 1, m = 0;
    uint64_t *s = malloc(sizeof *s * (n / step + 1));
    if (s == NULL) abort();
    for (size_t i = 0; i < n; i += step) s[m++] = cycles[i];
    qsort(s, m, sizeof *s, cmp_u64);
    for (int k = 0; k < N_CROPS; k++) th[k] = s[(size_t)(crops[k] * (double)(m - 1))];
    *median = (double)s[m / 2];
    free(s);
}

static void run_once(const dd_test *t, double seconds, dd_rng *rng, dd_result *res)
{
    uint64_t *cycles = malloc(sizeof *cycles * DD_MAX_SAMPLES);
    uint8_t *cls = malloc(DD_MAX_SAMPLES), batch[DD_SLOTS];
    if (cycles == NULL || cls == NULL) abort();
    size_t n = 0;
    double end = dd_now() + seconds;
    /* Batch 0 warms caches and predictors and is not counted; then batches
     * until the time is up (at least DD_MIN_BATCHES) or the buffer is full. */
    for (int b = 0; n + DD_SLOTS <= DD_MAX_SAMPLES; b++) {
        for (size_t i = 0; i < DD_SLOTS; i++) {
            batch[i] = (uint8_t)(dd_rand(rng) & 1);
            t->prepare(t->arg, i, batch[i], rng);
        }
        for (size_t i = 0; i < DD_SLOTS; i++) {
            uint64_t c = t->measure(t->arg, i);
            if (b == 0) continue;
            cycles[n] = c, cls[n] = batch[i], n++;
        }
        if (b >= DD_MIN_BATCHES && dd_now() >= end) break;
    }
    uint64_t th[N_CROPS];
    thresholds(cycles, n, th, &res->median);
    welch w[N_CROPS];
    memset(w, 0, sizeof w);
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < N_CROPS; k++)
            if (cycles[i] <= th[k]) welch_add(&w[k], cls[i], (double)cycles[i]);
    double floor = fmax(1.0, DD_MIN_EFFECT * res->median);
    res->t = res->leak_t = res->diff = 0, res->mde = INFINITY, res->samples = n;
    for (int k = 0; k < N_CROPS; k++) {
        double se, tk = welch_t(&w[k], &se), diff = fabs(w[k].mean[0] - w[k].mean[1]);
        if (tk > res->t) res->t = tk, res->diff = diff;
        if (diff >= floor && tk > res->leak_t) res->leak_t = tk;
        if (se > 0 && DD_THRESHOLD * se < res->mde) res->mde = DD_THRESHOLD * se;
    }
    if (res->mde < floor) res->mde = floor;
    free(cycles);
    free(cls);
}

int dd_check(const dd_test *t, double seconds, dd_rng *rng, dd_result *res)
{
    run_once(t, seconds, rng, res);
    res->runs = 1;
    if (res->leak_t <= DD_THRESHOLD) return 0;
    /* One look over the threshold can be noise (another tenant, a frequency
     * change, or one fixed value that happens to meet a microarchitectural
     * coincidence): a leak must show again on fresh inputs, so the test's
     * state is released and its fixed class drawn anew. */
    if (t->release) t->release(t->arg);
    run_once(t, seconds, rng, res);
    res->runs = 2;
    return res->leak_t > DD_THRESHOLD;
}
