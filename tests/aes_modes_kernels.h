/* SPDX-License-Identifier: Apache-2.0 */
/* The AES kernels this CPU runs, for the tests of AES's modes (each suite
 * runs on every one of them through opts.kernel). */
#ifndef SC_TEST_AES_MODES_KERNELS_H
#define SC_TEST_AES_MODES_KERNELS_H

#include <simdcrypt/kernels.h>

#include "test_util.h"

enum { AES_MAX_KERNELS = 16 };

/* Fills names[0 .. n) (AES_MAX_KERNELS slots), prints and checks n > 0. */
static inline size_t aes_kernels(const char **names)
{
    size_t n = 0;
    for (size_t i = 0; i < sc_kernel_count("aes") && n < AES_MAX_KERNELS; i++) {
        sc_kernel_info ki;
        if (sc_kernel_get("aes", i, &ki) == SC_OK && ki.runnable) names[n++] = ki.name;
    }
    printf("aes kernels: %zu runnable, dispatched: %s\n", n, sc_kernel_active("aes"));
    CHECK(n > 0, "no runnable aes kernel");
    return n;
}

#endif
