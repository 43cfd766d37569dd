/* SPDX-License-Identifier: Apache-2.0 */
/* The dudect run's proof that it can fail: two deliberately leaky functions,
 * measured exactly like the real tests, must be reported as leaks (the run
 * fails otherwise). Their leaks are of the two kinds constant-time code
 * avoids, and of about the size a careless kernel would have:
 *   - an early-exit comparison (memcmp-style) of 64 bytes, under the same
 *     classes as sc_memeq: equal vs one byte different at a random place;
 *   - 8 lookups indexed by 16-bit secrets in a 4 MiB table (larger than L2):
 *     a fixed secret hits the same 8 lines, a random one misses. */
#include <stdlib.h>
#include <string.h>

#include "dudect_cases.h"

__attribute__((noinline)) static int leaky_compare(const void *a, const void *b, size_t n)
{
    const volatile uint8_t *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i]) return 0;
    return 1;
}

enum { LOOKUPS = 8, LINE = 64, TABLE = 65536 * LINE };

typedef struct table_arg {
    uint8_t *table;
    uint8_t fixed[2 * LOOKUPS], secret[DD_SLOTS][2 * LOOKUPS];
} table_arg;

__attribute__((noinline)) static uint64_t leaky_lookup(const uint8_t *table, const uint8_t *s)
{
    uint64_t acc = 0;
    /* Each address also depends on the previous load, so the misses do not
     * overlap. */
    for (int i = 0; i < LOOKUPS; i++)
        acc += table[(size_t)(s[2 * i] | s[2 * i + 1] << 8) * LINE + (acc & (LINE - 1))];
    return acc;
}

static void table_prepare(void *p, size_t i, int cls, dd_rng *rng)
{
    table_arg *a = p;
    if (a->table == NULL) {
        a->table = malloc(TABLE);
        if (a->table == NULL) abort();
        dd_fill(rng, a->table, TABLE); /* written: real pages, not the shared zero page */
        dd_fill(rng, a->fixed, sizeof a->fixed);
    }
    if (cls == 0) memcpy(a->secret[i], a->fixed, sizeof a->fixed);
    else dd_fill(rng, a->secret[i], sizeof a->secret[i]);
}

static uint64_t table_measure(void *p, size_t i)
{
    table_arg *a = p;
    uint64_t t0 = dd_start();
    uint64_t r = leaky_lookup(a->table, a->secret[i]);
    uint64_t t = dd_stop() - t0;
    dd_sink += r;
    return t;
}

static void table_release(void *p)
{
    table_arg *a = p;
    free(a->table);
    a->table = NULL;
}

void ct_add_selfcheck_tests(void)
{
    ct_add_compare_test("self-check (must leak)", "early-exit compare", leaky_compare, 1);
    table_arg *a = calloc(1, sizeof *a);
    if (a == NULL) abort();
    dd_test t = {"secret-indexed 4 MiB table", a, table_prepare, table_measure, table_release, NULL};
    ct_add("self-check (must leak)", &t, 1);
}
