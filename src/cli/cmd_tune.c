/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt tune: measure every runnable kernel of every algorithm on this
 * machine and say how far the dispatch is from the best, with the
 * SIMDCRYPT_KERNEL line and the policy-table row (src/core/policy_<arch>.c)
 * that would fix it. A CPU without a rule is one command away from one.
 *
 *   simdcrypt tune [-a ALG[,ALG...]] [--trials N]
 *
 * Checksums get a size class: where the best kernel for short messages
 * differs from the best for long ones, the crossover is found by bisection
 * between the measured sizes. Ciphers choose their kernel at key setup, so
 * they get one kernel (the best at the long sizes). */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_harness.h"
#include "cli.h"

enum { MAX_KERNELS = 16, NSIZES = 4, DEFAULT_TRIALS = 15 };
static const size_t sizes[NSIZES] = {64, 1024, 16384, 262144};
#define GOOD_ENOUGH 0.97 /* the bar: dispatched within 0.97x of the best */

typedef struct tune_alg {
    const char *algorithm, *speed_name;
    const bench_case *k[MAX_KERNELS];
    double gbps[MAX_KERNELS][NSIZES];
    size_t nk;
    int checksum;
} tune_alg;

static int usage(FILE *f)
{
    fputs("usage: simdcrypt tune [-a ALG[,ALG...]] [--trials N]\n"
          "  Measures every runnable kernel of each algorithm (default: all) at 64 B, 1 KiB,\n"
          "  16 KiB and 256 KiB per call, prints the ranking, the crossover sizes, how far the\n"
          "  dispatched kernel is from the best, the SIMDCRYPT_KERNEL line and the policy-table\n"
          "  row (src/core/policy_<arch>.c) that would fix it.\n",
          f);
    return f == stdout ? 0 : 2;
}

/* The speed name measured for a registry algorithm: a checksum itself, a
 * cipher family its first ECB encryption name ("kalyna-128-128-ecb"). */
static const char *speed_name_of(const char *algorithm, int *checksum)
{
    sc_checksum_fn probe;
    *checksum = sc_checksum_kernel(algorithm, "portable", &probe) == SC_OK;
    if (*checksum) return algorithm;
    for (size_t i = 0; bench_cipher_name_at(i); i++) {
        sc_cipher_info info;
        int decrypt;
        if (bench_cipher_parse(bench_cipher_name_at(i), &info, &decrypt) && !decrypt &&
            !strcmp(info.algorithm, algorithm) && !strcmp(info.mode, "ecb"))
            return bench_cipher_name_at(i);
    }
    return NULL;
}

static int is_kernel_name(const char *algorithm, const char *name)
{
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get(algorithm, i, &info) == SC_OK; i++)
        if (!strcmp(info.name, name)) return 1;
    return 0;
}

static double measure(const bench_case *c, uint8_t *in, uint8_t *out, size_t n, const bench_options *opt)
{
    bench_result r;
    if (c->block > 1) n -= n % c->block;
    bench_measure(c, in, out, n, opt, &r);
    return r.gbps;
}

static int kernel_index(const tune_alg *t, const char *name)
{
    for (size_t i = 0; i < t->nk; i++)
        if (!strcmp(t->k[i]->implementation, name)) return (int)i;
    return -1;
}

/* Smallest length (multiple of 64) at which `lng` is at least as fast as
 * `shrt`, between lo (shrt wins) and hi (lng wins): bisection on a log
 * scale, then on a linear one. */
static size_t find_crossover(const bench_case *shrt, const bench_case *lng, size_t lo, size_t hi, uint8_t *in,
                             uint8_t *out, const bench_options *opt)
{
    while (hi - lo > 64 && hi > lo * 9 / 8) {
        size_t mid = hi / lo >= 4 ? (size_t)sqrt((double)lo * (double)hi) : (lo + hi) / 2;
        mid -= mid % 64;
        if (mid <= lo || mid >= hi) break;
        if (measure(lng, in, out, mid, opt) >= measure(shrt, in, out, mid, opt)) hi = mid;
        else lo = mid;
    }
    return hi;
}

static void print_rule(const tune_alg *t, const char *lng, const char *shrt, size_t crossover, double best16,
                       double disp16)
{
    const sc_cpu_id *id = sc_cpu_identity();
    char model[128];
    bench_cpu_model(model, sizeof model);
    unsigned family = id->family, part = id->model;
    if (!strcmp(id->arch, "aarch64")) family = id->midr_implementer, part = id->midr_part;
    if (!strcmp(id->arch, "riscv64")) family = (unsigned)id->mvendorid, part = (unsigned)id->marchid;
    printf("  policy row:  {\"%s\", \"%s\", \"%s\", 0x%x, 0x%x, 0x%x, \"%s\", ", t->algorithm, model, id->vendor,
           family, part, part, lng);
    if (shrt) printf("\"%s\", %zu,", shrt, crossover);
    else printf("NULL, 0,");
    printf("\n               \"BENCHMARKS.md (%s): 16 KiB %s %.1f vs dispatched %.1f GB/s\"},\n", model, lng, best16,
           disp16);
}

static void report(const tune_alg *t, uint8_t *in, uint8_t *out, const bench_options *opt)
{
    sc_dispatch_info d;
    sc_dispatch_get(t->algorithm, &d);
    int best[NSIZES], disp[NSIZES];
    printf("\n%s (measured as %s)\n  %-26s", t->algorithm, t->speed_name, "kernel \\ GB/s");
    for (int s = 0; s < NSIZES; s++) {
        char text[16];
        bench_format_size(text, sizeof text, sizes[s]);
        printf(" %10s", text);
    }
    printf("\n");
    for (int s = 0; s < NSIZES; s++) {
        best[s] = 0;
        for (size_t i = 1; i < t->nk; i++)
            if (t->gbps[i][s] > t->gbps[best[s]][s]) best[s] = (int)i;
        disp[s] = kernel_index(t, sizes[s] < d.crossover ? d.short_kernel : d.kernel);
    }
    for (size_t i = 0; i < t->nk; i++) {
        printf("  %-26s", t->k[i]->implementation);
        for (int s = 0; s < NSIZES; s++)
            printf(" %8.2f%c%c", t->gbps[i][s], best[s] == (int)i ? '*' : ' ', disp[s] == (int)i ? '<' : ' ');
        printf("\n");
    }
    printf("  (* best, < dispatched: %s%s%s)\n  dispatched / best:", d.kernel,
           d.crossover ? ", short messages " : "", d.crossover ? d.short_kernel : "");
    int ok = 1;
    for (int s = 0; s < NSIZES; s++) {
        double r = disp[s] >= 0 ? t->gbps[disp[s]][s] / t->gbps[best[s]][s] : 0;
        ok &= r >= GOOD_ENOUGH;
        printf(" %.2fx", r);
    }
    /* Recommendation: the best at the long sizes; for a checksum, below a
     * crossover found by bisection, the best at the largest size where
     * another kernel wins (one compare on the hot path: two classes). */
    const bench_case *lng = t->k[best[NSIZES - 1]];
    if (t->gbps[best[NSIZES - 2]][NSIZES - 2] > t->gbps[best[NSIZES - 1]][NSIZES - 2] / GOOD_ENOUGH)
        lng = t->k[best[NSIZES - 2]]; /* 16 KiB's winner when the 256 KiB one loses there */
    int li = kernel_index(t, lng->implementation);
    const bench_case *shrt = NULL;
    size_t crossover = 0;
    for (int s = NSIZES - 2; t->checksum && s >= 0 && shrt == NULL; s--)
        if (best[s] != li && best[s + 1] == li) {
            shrt = t->k[best[s]];
            crossover = find_crossover(shrt, lng, sizes[s], sizes[s + 1], in, out, opt);
        }
    printf("  -> %s\n", ok ? "dispatch is within 0.97x of the best at every size" : "dispatch can improve");
    printf("  best: %s", lng->implementation);
    if (shrt) printf(", below %zu B %s", crossover, shrt->implementation);
    printf("\n");
    if (!ok) {
        printf("  SIMDCRYPT_KERNEL=%s:%s\n", t->algorithm, lng->implementation);
        int d16 = disp[NSIZES - 2];
        print_rule(t, lng->implementation, shrt ? shrt->implementation : NULL, crossover, t->gbps[li][NSIZES - 2],
                   d16 >= 0 ? t->gbps[d16][NSIZES - 2] : 0);
    }
}

static int tune_one(const char *algorithm, uint8_t *in, uint8_t *out, const bench_options *opt)
{
    tune_alg t = {.algorithm = algorithm};
    t.speed_name = speed_name_of(algorithm, &t.checksum);
    if (t.speed_name == NULL) return 0;
    bench_set set = {0};
    bench_collect(&set, t.speed_name, 0);
    int bad = bench_verify(&set, 4096);
    for (size_t i = 0; i < set.count && t.nk < MAX_KERNELS; i++)
        if (set.cases[i].run && is_kernel_name(algorithm, set.cases[i].implementation)) t.k[t.nk++] = &set.cases[i];
    for (size_t i = 0; i < t.nk; i++)
        for (int s = 0; s < NSIZES; s++) t.gbps[i][s] = measure(t.k[i], in, out, sizes[s], opt);
    if (t.nk) report(&t, in, out, opt);
    bench_set_free(&set);
    return bad;
}

int cmd_tune(int argc, char **argv)
{
    char *list = NULL;
    int trials = DEFAULT_TRIALS;
    static const struct option longopts[] = {{"algorithm", required_argument, NULL, 'a'},
                                             {"trials", required_argument, NULL, 't'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, ":a:h", longopts, NULL)) != -1) {
        long v;
        switch (o) {
        case 'a':
            list = optarg;
            break;
        case 't':
            if (!cli_long_in(optarg, BENCH_MIN_TRIALS, 1000, &v))
                return cli_usage_error("tune: bad --trials '%s' (%d..1000)", optarg, BENCH_MIN_TRIALS);
            trials = (int)v;
            break;
        case 'h':
            return usage(stdout);
        default: /* '?' or ':' */
            return cli_bad_option("tune", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("tune: unexpected argument '%s'", argv[optind]);
    bench_options opt = {.sizes = sizes, .nsizes = NSIZES, .trials = trials, .trial_ns = 2000000};
    opt.core_ghz = bench_calibrate_core_ghz();
    uint8_t *in = malloc(sizes[NSIZES - 1] + 64), *out = malloc(sizes[NSIZES - 1] + 64);
    if (in == NULL || out == NULL) return cli_error("tune: out of memory");
    bench_fill(in, sizes[NSIZES - 1], 1);
    char model[128];
    bench_cpu_model(model, sizeof model);
    const sc_cpu_id *id = sc_cpu_identity();
    printf("simdcrypt %s tune on %s (%s family 0x%x model 0x%x; midr %x/%x; marchid 0x%llx), %d trials\n",
           sc_version(), model, id->vendor, id->family, id->model, id->midr_implementer, id->midr_part,
           (unsigned long long)id->marchid, trials);
    int bad = 0;
    for (const char *const *a = sc_algorithms(); *a; a++) {
        if (list && !strstr(list, *a)) continue;
        bad += tune_one(*a, in, out, &opt);
    }
    free(in);
    free(out);
    if (fflush(stdout) != 0 || ferror(stdout)) return cli_error("tune: cannot write the report");
    return bad ? 1 : 0;
}
