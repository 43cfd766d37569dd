/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: memory-read loops for the "limit" case, one per ISA, each
 * in a file built with only its own target flags (src/cli/CMakeLists.txt).
 * Each returns the xor of every 64-bit word of p[0..n) (a trailing partial
 * word zero-padded), so the loads cannot be optimised away. */
#ifndef SC_CLI_BENCH_LIMIT_H
#define SC_CLI_BENCH_LIMIT_H
#include <stddef.h>
#include <stdint.h>

uint64_t bench_read_portable(const uint8_t *p, size_t n);
#if defined(__x86_64__)
uint64_t bench_read_avx2(const uint8_t *p, size_t n);     /* bench_limit_avx2.c: -mavx2 */
uint64_t bench_read_avx512(const uint8_t *p, size_t n);   /* bench_limit_avx512.c: -mavx512f -mavx512bw */
#endif
#endif
