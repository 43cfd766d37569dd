/* SPDX-License-Identifier: Apache-2.0 */
/* The forced-tier tests (tests/CMakeLists.txt): SIMDCRYPT_DISABLE switches
 * features off and an environment variable names the kernel the dispatcher
 * must then pick, as a preference list "a|b|c": the first of them runnable on
 * this CPU (its features present and not disabled) is the one expected. So
 * the same test holds on a CPU without AVX-512 (Zen 3), where "x86-vaes-avx512"
 * is not runnable and the next entry is expected, while an AVX-512 CPU still
 * must get the first. */
#ifndef SC_TEST_EXPECT_KERNEL_H
#define SC_TEST_EXPECT_KERNEL_H
#include <simdcrypt/kernels.h>
#include "test_util.h"

/* 1 when `kernel` of `alg` is built and runnable (after SIMDCRYPT_DISABLE). */
static inline int test_kernel_runnable(const char *alg, const char *kernel, size_t len)
{
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get(alg, i, &info) == SC_OK; i++)
        if (strlen(info.name) == len && memcmp(info.name, kernel, len) == 0) return info.runnable;
    return 0;
}

/* Checks the dispatched kernel of `alg` against the preference list in the
 * environment variable `var`; returns 0 when the variable is unset. */
static inline int test_expect_dispatched(const char *alg, const char *var)
{
    const char *list = getenv(var), *active = sc_kernel_active(alg);
    if (!list) return 0;
    printf("%s dispatched: %s (expected: first runnable of %s)\n", alg, active ? active : "(none)", list);
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, "|");
        if (test_kernel_runnable(alg, p, n)) {
            CHECK(active && strlen(active) == n && memcmp(active, p, n) == 0, "%s dispatched %s, expected %.*s",
                  alg, active ? active : "(none)", (int)n, p);
            return 1;
        }
        p += n + (p[n] == '|');
    }
    CHECK(0, "%s: no kernel of \"%s\" is runnable on this CPU", alg, list);
    return 1;
}
#endif
