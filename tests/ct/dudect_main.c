/* SPDX-License-Identifier: Apache-2.0 */
/* Timing test of the library as built (tests/ct/dudect.h for the method):
 * every cipher and MAC name on every kernel (dudect_cipher.c), sc_memeq,
 * the S-box parser and check, hex decoders (dudect_misc.c), and two leaky
 * self-checks that must be caught (dudect_selfcheck.c).
 *
 * Time: SC_DUDECT_SECONDS in total (default 30), shared out as it goes: the
 * tests run from the cheapest operation to the dearest, each gets its floor
 * (DD_MIN_BATCHES batches) plus the spare time divided by the tests left,
 * and the cheap ones stop early at DD_MAX_SAMPLES measurements, which
 * leaves more for the slow ones. Preemption by other processes makes the
 * floors longer than calibrated: on a loaded machine the run overshoots.
 * SC_DUDECT_FILTER=text runs only the tests whose name contains it;
 * SC_DUDECT_VERBOSE=1 prints every test; SC_DUDECT_SEED picks the inputs.
 *
 * Output: one line per kernel (and group): tests covered and skipped, the
 * largest |t| and where, the fewest samples, and the largest "detectable"
 * difference among its tests (cycles: 4.5 standard errors, at least
 * DD_MIN_EFFECT of the time). Exit 1 on a
 * leak, a failed call, or a self-check not caught; 0 otherwise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dudect_cases.h"

typedef struct ct_case {
    dd_test t;
    char group[96];
    int expect_leak, leak, filtered;
    size_t index;
    double cost;
    dd_result r;
} ct_case;

typedef struct ct_group {
    char name[96];
    size_t covered, skipped, min_samples;
    double max_t, max_mde;
    const char *max_t_test;
} ct_group;

static ct_case *cases;
static size_t n_cases, cap_cases;
static ct_group groups[64];
static size_t n_groups;

static ct_group *group_of(const char *name)
{
    for (size_t i = 0; i < n_groups; i++)
        if (strcmp(groups[i].name, name) == 0) return &groups[i];
    if (n_groups == sizeof groups / sizeof groups[0]) abort();
    ct_group *g = &groups[n_groups++];
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "%s", name);
    g->min_samples = (size_t)-1;
    return g;
}

void ct_add(const char *group, const dd_test *t, int expect_leak)
{
    if (n_cases == cap_cases) {
        cap_cases = cap_cases ? 2 * cap_cases : 256;
        cases = realloc(cases, cap_cases * sizeof *cases);
        if (cases == NULL) abort();
    }
    ct_case *c = &cases[n_cases];
    memset(c, 0, sizeof *c);
    c->t = *t, c->expect_leak = expect_leak, c->index = n_cases++;
    snprintf(c->group, sizeof c->group, "%s", group);
    group_of(group);
}

void ct_skip(const char *group, size_t n) { group_of(group)->skipped += n; }

/* Cycles of one sample, preparation and untimed setup included (the least
 * of a few), to order the tests. */
static double calibrate(ct_case *c, dd_rng *rng)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 3; i++) {
        uint64_t t0 = dd_start();
        c->t.prepare(c->t.arg, 0, 1, rng);
        c->t.measure(c->t.arg, 0);
        uint64_t t = dd_stop() - t0;
        if (t < best) best = t;
    }
    if (c->t.release) c->t.release(c->t.arg);
    return (double)best;
}

/* Self-checks first (a run that cannot catch them proves nothing), then
 * the cheapest first. */
static int by_cost(const void *a, const void *b)
{
    const ct_case *x = a, *y = b;
    if (x->expect_leak != y->expect_leak) return y->expect_leak - x->expect_leak;
    if (x->cost != y->cost) return x->cost < y->cost ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

static double env_double(const char *name, double dflt)
{
    const char *v = getenv(name);
    return v && *v ? atof(v) : dflt;
}

static void print_case(const ct_case *c, const char *verdict)
{
    printf("  %-8s %-52s |t| %6.2f (diff %5.1f)  n %6zu  %8.0f cycles  detectable >= %.1f%s\n", verdict,
           c->t.name, c->r.t, c->r.diff, c->r.samples, c->r.median, c->r.mde, c->r.runs > 1 ? "  (retested)" : "");
}

/* Cycles per second of the time-stamp counter. */
static double tsc_hz(void)
{
    double t0 = dd_now(), t;
    uint64_t c0 = dd_start();
    while ((t = dd_now()) - t0 < 0.02) continue;
    return (double)(dd_stop() - c0) / (t - t0);
}

/* Run every selected test within the time budget; returns the failures.
 * A test runs at least its floor (DD_MIN_BATCHES), whatever its share: the
 * floors of the tests still to run are set aside from the time left, and the
 * rest is shared out equally. */
static int run_all(double seconds, dd_rng *rng, int verbose)
{
    double start = dd_now(), hz = tsc_hz(), floors = 0;
    size_t todo = 0;
    for (size_t i = 0; i < n_cases; i++) {
        if (cases[i].filtered) continue;
        cases[i].cost = calibrate(&cases[i], rng);
        floors += cases[i].cost * (DD_MIN_BATCHES + 1) * DD_SLOTS / hz;
        todo++;
    }
    const size_t run = todo;
    qsort(cases, n_cases, sizeof *cases, by_cost);
    int failures = 0;
    for (size_t i = 0; i < n_cases; i++) {
        ct_case *c = &cases[i];
        if (c->filtered) continue;
        floors -= c->cost * (DD_MIN_BATCHES + 1) * DD_SLOTS / hz;
        double spare = seconds - (dd_now() - start) - floors;
        c->leak = dd_check(&c->t, spare > 0 ? spare / (double)todo : 0, rng, &c->r);
        todo--;
        if (c->t.release) c->t.release(c->t.arg);
        int error = c->t.status && *c->t.status;
        int bad = error || c->leak != c->expect_leak;
        failures += bad;
        const char *verdict = error ? "ERROR" : c->leak ? (c->expect_leak ? "caught" : "LEAK") : c->expect_leak ? "MISSED" : "ok";
        if (verbose || bad || c->r.runs > 1 || c->expect_leak) print_case(c, verdict);
        ct_group *g = group_of(c->group);
        g->covered++;
        if (c->r.samples < g->min_samples) g->min_samples = c->r.samples;
        if (c->r.mde > g->max_mde) g->max_mde = c->r.mde;
        if (c->r.t >= g->max_t) g->max_t = c->r.t, g->max_t_test = c->t.name;
    }
    printf("%zu tests in %.1f s\n", run, dd_now() - start);
    return failures;
}

int main(void)
{
    const char *filter = getenv("SC_DUDECT_FILTER");
    int verbose = env_double("SC_DUDECT_VERBOSE", 0) != 0;
    double seconds = env_double("SC_DUDECT_SECONDS", 30);
    dd_rng rng = {(uint64_t)env_double("SC_DUDECT_SEED", 20170327)};

    ct_add_selfcheck_tests();
    ct_add_misc_tests();
    ct_add_cipher_tests();
    ct_add_aead_tests();
    for (size_t i = 0; i < n_cases; i++)
        cases[i].filtered = filter && *filter && !cases[i].expect_leak && !strstr(cases[i].t.name, filter);
    printf("dudect: fixed vs random inputs, Welch t-test; |t| > %.1f with a difference >= %.2f%% of the time, twice"
           " = leak; %.0f s budget\n",
           DD_THRESHOLD, 100 * DD_MIN_EFFECT, seconds);
    int failures = run_all(seconds, &rng, verbose);

    size_t covered = 0, skipped = 0;
    for (size_t i = 0; i < n_groups; i++) {
        const ct_group *g = &groups[i];
        if (g->covered + g->skipped == 0) continue; /* filtered out */
        covered += g->covered, skipped += g->skipped;
        printf("%-34s %3zu covered, %2zu skipped", g->name, g->covered, g->skipped);
        if (g->covered)
            printf(", max |t| %5.2f (%s), min n %zu, detectable >= %.0f cycles", g->max_t, g->max_t_test,
                   g->min_samples, g->max_mde);
        putchar('\n');
    }
    for (size_t i = 0; i < n_cases; i++) free(cases[i].t.arg);
    free(cases);
    printf("%zu covered, %zu skipped (kernels this CPU lacks); %zu passed, %d failed\n", covered, skipped,
           covered - (size_t)failures, failures);
    return failures ? 1 : 0;
}
