/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: wall clock and core-clock calibration.
 *
 * cycles/byte must count CORE cycles. The TSC (and clock_gettime, which reads
 * it) ticks at a fixed rate unrelated to the core clock under turbo/boost (on
 * the Zen 5 reference machine 2.6 GHz vs ~3.7 GHz), so the core clock is
 * measured instead: a chain of dependent integer adds retires one add per
 * cycle on every core we target (x86-64, AArch64, RISC-V), so adds/second is
 * the core frequency. Portable C: an empty asm statement between the adds
 * keeps the compiler from folding the chain.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"

uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* x += step, with x and step opaque to the compiler so every add stays a
 * separate 1-cycle instruction of one dependency chain. The step is a
 * register, not an immediate: some cores execute add-immediate chains at
 * rename (zero latency), which would overstate the frequency. */
#define DEP_ADD(x, step) \
    do {                                \
        (x) += (step);                  \
        __asm__ volatile("" : "+r"(x)); \
    } while (0)
#define DEP_ADD8(x, step) \
    DEP_ADD(x, step); DEP_ADD(x, step); DEP_ADD(x, step); DEP_ADD(x, step); \
    DEP_ADD(x, step); DEP_ADD(x, step); DEP_ADD(x, step); DEP_ADD(x, step)
enum { ADDS_PER_ROUND = 32 };

static uint64_t dependent_adds(uint64_t rounds)
{
    uint64_t x = 0, step = 1;
    __asm__ volatile("" : "+r"(step));
    for (uint64_t r = 0; r < rounds; r++) {
        DEP_ADD8(x, step);
        DEP_ADD8(x, step);
        DEP_ADD8(x, step);
        DEP_ADD8(x, step);
    }
    return x;
}

double bench_calibrate_core_ghz(void)
{
    volatile uint64_t sink;
    /* Warm up ~30 ms so the core leaves any idle clock state first. */
    uint64_t t0 = bench_now_ns();
    while (bench_now_ns() - t0 < 30000000u) sink = dependent_adds(10000);
    /* Then the best of many short (~0.25 ms) runs: a run the scheduler
     * interrupts (other processes, other vCPUs) only comes out slower, and
     * with two busy cores long runs are rarely left alone. */
    const uint64_t rounds = 32768; /* 1M adds */
    double best = 0;
    t0 = bench_now_ns();
    for (int i = 0; i < 400 && (i < 40 || bench_now_ns() - t0 < 100000000u); i++) {
        uint64_t start = bench_now_ns();
        sink = dependent_adds(rounds);
        uint64_t ns = bench_now_ns() - start;
        double ghz = (double)(rounds * ADDS_PER_ROUND) / (double)(ns ? ns : 1);
        if (ghz > best) best = ghz;
    }
    (void)sink;
    return best;
}

void bench_cpu_model(char *buf, size_t len)
{
    if (len == 0) return;
    buf[0] = '\0';
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL) return;
    char line[256];
    /* "model name" on x86, "uarch"/"model name" on RISC-V, "CPU part" only on
     * AArch64 (left out: a bare part number explains nothing). */
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) && strncmp(line, "uarch", 5)) continue;
        const char *value = strchr(line, ':');
        if (value == NULL) continue;
        value++;
        while (*value == ' ' || *value == '\t') value++;
        snprintf(buf, len, "%s", value);
        buf[strcspn(buf, "\n")] = '\0';
        break;
    }
    fclose(f);
}
