/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt selftest: the library's sc_selftest (include/simdcrypt/
 * selftest.h): every family's known answers on every kernel this CPU runs,
 * and each vector's key on longer inputs against the portable kernel. One
 * line per family and kernel, then the counts. */
#include <getopt.h>
#include <string.h>

#include "cli.h"

typedef struct counts {
    int passed, failed, skipped;
} counts;

static void report(void *arg, const char *family, const char *kernel, int status, const char *detail,
                   size_t vectors)
{
    counts *c = arg;
    if (status == SC_ENOKERNEL) {
        printf("skip %-8s %s (CPU lacks a feature)\n", family, kernel);
        c->skipped++;
    } else if (status == SC_OK) {
        printf("ok   %-8s %s (%zu vectors)\n", family, kernel, vectors);
        c->passed++;
    } else {
        printf("FAIL %-8s %s: %s (%s)\n", family, kernel, detail ? detail : "?",
               status == SC_EAUTH ? "wrong output" : sc_strerror(status));
        c->failed++;
    }
}

int cmd_selftest(int argc, char **argv)
{
    static const struct option longopts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if (o != 'h') return cli_bad_option("selftest", argv, optind);
        puts("usage: simdcrypt selftest\n  Known answers of every algorithm on every kernel this CPU runs, and\n"
             "  longer inputs against the portable kernel. Exit status 0 when all pass.");
        return 0;
    }
    if (optind < argc) return cli_usage_error("selftest: unexpected argument '%s'", argv[optind]);
    counts c = {0, 0, 0};
    int failed = sc_selftest(report, &c);
    if (failed < 0) return cli_error("selftest: out of memory");
    printf("%d passed, %d failed, %d skipped\n", c.passed, c.failed, c.skipped);
    return failed ? 1 : 0;
}
