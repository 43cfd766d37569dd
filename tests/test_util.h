/* SPDX-License-Identifier: Apache-2.0 */
/* Minimal test harness: CHECK macros, counters and the closing
 * "N passed, N failed" line that ctest logs and CI read. */
#ifndef SC_TEST_UTIL_H
#define SC_TEST_UTIL_H
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long test_passed, test_failed;

#define CHECK(cond, ...)                                                 \
    do {                                                                 \
        if (cond) {                                                      \
            test_passed++;                                               \
        } else {                                                         \
            test_failed++;                                               \
            if (test_failed <= 50) {                                     \
                fprintf(stdout, "FAIL %s:%d: ", __FILE__, __LINE__);    \
                fprintf(stdout, __VA_ARGS__);                            \
                fputc('\n', stdout);                                     \
            }                                                            \
        }                                                                \
    } while (0)

#define CHECK_EQ_U32(got, want, ...)                                                   \
    do {                                                                               \
        uint32_t g_ = (got), w_ = (want);                                              \
        CHECK(g_ == w_, __VA_ARGS__);                                                  \
        if (g_ != w_ && test_failed <= 50)                                             \
            printf("     got %08" PRIx32 ", want %08" PRIx32 "\n", g_, w_);           \
    } while (0)

static inline int test_finish(void)
{
    printf("%ld passed, %ld failed\n", test_passed, test_failed);
    return test_failed ? 1 : 0;
}

/* Deterministic xorshift64* stream for reproducible random inputs. */
static inline uint64_t test_rand(uint64_t *s)
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

static inline void test_fill(uint8_t *p, size_t n, uint64_t seed)
{
    uint64_t s = seed | 1;
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(test_rand(&s) >> 56);
}

/* The whole file at path, NUL-terminated, in malloc'd memory; NULL if it
 * cannot be opened. *len: its size. */
static inline char *test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *data = malloc(size > 0 ? (size_t)size + 1 : 1);
    size_t got = size > 0 ? fread(data, 1, (size_t)size, f) : 0;
    fclose(f);
    data[got] = '\0';
    if (len) *len = got;
    return data;
}

/* Parse hex into out (at most cap bytes); returns bytes or -1. */
static inline long test_unhex(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return (long)(n / 2);
}
/* SC_TEST_QUICK=1 (set for the qemu runs, tests/CMakeLists.txt): tests
 * whose reference costs thousands of guest instructions a byte there take
 * fewer lengths. */
static inline int test_quick(void)
{
    const char *q = getenv("SC_TEST_QUICK");
    return q != NULL && q[0] == '1';
}

/* SC_TEST_KERNELS=word[,word...] (set for the emu512 runs on the emulated
 * AVX-512 CPU, tools/x86emu; tests/CMakeLists.txt): test only the runnable
 * kernels whose names contain one of the words. The emulator runs a few
 * hundred times slower than the host, which tests every other kernel
 * natively; references (the portable kernel) are still computed. */
static int test_kernels_matched; /* a kernel of SC_TEST_KERNELS was selected */

/* At exit, with SC_TEST_KERNELS set: a run that selected none of its kernels
 * (e.g. the emulated CPU's features not detected) tested nothing, so it
 * fails instead of passing vacuously. */
static inline void test_kernels_check(void)
{
    if (!test_kernels_matched) {
        fprintf(stderr, "FAIL: SC_TEST_KERNELS=%s selected no runnable kernel: nothing was tested\n",
                getenv("SC_TEST_KERNELS"));
        fflush(stderr);
        _Exit(1);
    }
}

static inline int test_kernel_selected(int runnable, const char *name)
{
    static int registered;
    const char *w = getenv("SC_TEST_KERNELS");
    if (w == NULL || *w == '\0') return runnable;
    if (!registered) registered = 1, atexit(test_kernels_check);
    if (!runnable) return 0;
    while (*w) {
        size_t n = strcspn(w, ",");
        for (const char *p = name; n && *p; p++)
            if (strncmp(p, w, n) == 0) return test_kernels_matched = 1;
        w += n + (w[n] == ',');
    }
    return 0;
}

#endif
