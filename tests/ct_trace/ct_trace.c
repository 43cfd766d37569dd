/* SPDX-License-Identifier: Apache-2.0 */
/* test_ct_trace: the differential address/branch trace of the library as
 * shipped (tests/ct_trace/README.md). Self-checks first, then every
 * cipher/MAC/AEAD/hash name on every AVX-512 kernel this CPU runs (the ones
 * valgrind cannot run), or on every runnable kernel with --all.
 *
 *   ct_trace [--all] [--full]
 *   --all   every runnable kernel, not only the AVX-512 ones
 *   --full  every name on every kernel, several lengths, key setup traced in
 *           every case (the default, quick run: a name only when it brings
 *           a mode or a block size its kernel has not had, key setup once per
 *           kernel; the rest is counted as "full only")
 *   SC_CT_TRACE_FILTER=text  only cases whose description contains it
 *   SC_CT_TRACE_SEEDS=n      runs (different secrets) per case, 2..8 (2)
 *   SC_CT_TRACE_SEED=n       the first seed (1)
 *   SC_CT_TRACE_VERBOSE=1    a line per case
 *   SC_CT_TRACE_ENGINE=ptrace  the parent single-steps the runs (slower)
 *   SC_CT_TRACE_PROFILE=1    the hottest instructions of each case
 *
 * Exit: 0 clean, 1 a leak, a missed self-check or a run error, 77 when
 * capstone or ptrace is unavailable (the reason is printed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ct_trace_run.h"

static struct group {
    char name[80];
    unsigned covered, skipped, deferred, failed;
    uint64_t steps;
} groups[96];
static size_t n_groups;
static const char *filter;
static unsigned runs = 2, verbose, all_kernels, full;
static uint64_t seed = 1, total_steps;

static struct group *group_of(const char *name)
{
    for (size_t i = 0; i < n_groups; i++)
        if (strcmp(groups[i].name, name) == 0) return &groups[i];
    if (n_groups == sizeof groups / sizeof *groups) return &groups[n_groups - 1];
    snprintf(groups[n_groups].name, sizeof groups[n_groups].name, "%s", name);
    return &groups[n_groups++];
}

static const char *verdict_name(enum ct_verdict v)
{
    static const char *const names[] = {"clean", "leak", "cannot check", "run error"};
    return names[v];
}

int ct_run(const char *group, const char *what, ct_case_fn fn, const void *arg, enum ct_verdict expect)
{
    int self = strcmp(group, "self-checks") == 0;
    if (filter && !self && !strstr(what, filter)) return 0; /* self-checks always run */
    uint64_t steps = 0;
    if (self) printf("%s (must be %s):\n", what, verdict_name(expect));
    enum ct_verdict v = ct_trace_case(what, fn, arg, runs, seed, &steps, 0);
    seed += 16; /* each case its own secrets */
    struct group *g = group_of(group);
    g->covered++, g->steps += steps, total_steps += steps;
    int failed = v != expect;
    g->failed += (unsigned)failed;
    if (failed)
        printf("FAIL %s: %s, must be %s\n", what, verdict_name(v), verdict_name(expect));
    else if (self || verbose)
        printf("ok   %s: %s, %llu instructions per run\n", what, verdict_name(v), (unsigned long long)steps);
    return failed;
}

void ct_skip(const char *group, unsigned n)
{
    group_of(group)->skipped += n;
}

uint64_t ct_steps_so_far(void)
{
    return total_steps;
}

void ct_defer(const char *group)
{
    group_of(group)->deferred++;
}

int ct_kernel_wanted(const char *kernel)
{
    static const char *const avx512[] = {"avx512", "vaes", "ifma", "vbmi", "gfni"};
    if (all_kernels) return 1;
    for (size_t i = 0; i < sizeof avx512 / sizeof *avx512; i++)
        if (strstr(kernel, avx512[i])) return 1;
    return 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--all") == 0) {
            all_kernels = 1;
        } else if (strcmp(argv[i], "--full") == 0) {
            full = 1;
        } else {
            fprintf(stderr, "usage: %s [--all] [--full]   (environment: tests/ct_trace/README.md)\n", argv[0]);
            return 2;
        }
    }
#if !defined(__x86_64__) || !defined(__linux__)
    puts("skipped: ct_trace single-steps x86-64 code with Linux ptrace");
    return 77;
#else
    const char *why = NULL, *e;
    if (!ct_trace_available(&why)) {
        printf("skipped: %s\n", why);
        return 77;
    }
    filter = getenv("SC_CT_TRACE_FILTER");
    if ((e = getenv("SC_CT_TRACE_SEEDS")) != NULL) runs = (unsigned)strtoul(e, NULL, 10);
    if (runs < 2) runs = 2;
    if (runs > 8) runs = 8;
    if ((e = getenv("SC_CT_TRACE_SEED")) != NULL) seed = strtoull(e, NULL, 10);
    verbose = (e = getenv("SC_CT_TRACE_VERBOSE")) != NULL && strcmp(e, "0") != 0;
    printf("ct_trace: %s run, %s, %u runs per case, kernels: %s%s%s\n", full ? "full" : "quick",
           ct_trace_engine_name(), runs,
           all_kernels ? "every runnable one" : "AVX-512 (avx512, vaes, ifma, vbmi, gfni)",
           filter ? ", filter: " : "", filter ? filter : "");
    double t0 = now();
    int self_failures = ct_selfchecks();
    if (self_failures) printf("FAIL: %d self-check(s) missed: the tracer cannot be trusted\n", self_failures);
    int failures = self_failures + ct_library_cases(full);
    unsigned covered = 0, skipped = 0, deferred = 0;
    printf("\n%-52s %7s %7s %9s %6s %12s\n", "group (algorithm kernel)", "cases", "skipped", "full only", "failed",
           "instructions");
    for (size_t i = 0; i < n_groups; i++) {
        const struct group *g = &groups[i];
        printf("%-52s %7u %7u %9u %6u %12llu\n", g->name, g->covered, g->skipped, g->deferred, g->failed,
               (unsigned long long)g->steps);
        covered += g->covered, skipped += g->skipped, deferred += g->deferred;
    }
    printf("%u cases traced (%u runs each), %u skipped (kernels this CPU lacks), %u name/kernel pairs for --full "
           "only, %llu instructions compared per run, %.1f s\n",
           covered, runs, skipped, deferred, (unsigned long long)total_steps, now() - t0);
    printf("%u passed, %d failed\n", covered - (unsigned)failures, failures);
    return failures ? 1 : 0;
#endif
}
