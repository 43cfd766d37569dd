/* SPDX-License-Identifier: Apache-2.0 */
/* Memory-read limit with 32-byte AVX2 loads (built with -mavx2 only).
 * Eight accumulators: vpxor's latency times the two loads per cycle would
 * otherwise cap the loop below the load ports' rate. */
#include <immintrin.h>
#include <string.h>

#include "bench_limit.h"

uint64_t bench_read_avx2(const uint8_t *p, size_t n)
{
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
    size_t i = 0;
    for (; i + 256 <= n; i += 256) {
        const __m256i *v = (const __m256i *)(const void *)(p + i);
        a0 = _mm256_xor_si256(a0, _mm256_loadu_si256(v + 0));
        a1 = _mm256_xor_si256(a1, _mm256_loadu_si256(v + 1));
        a2 = _mm256_xor_si256(a2, _mm256_loadu_si256(v + 2));
        a3 = _mm256_xor_si256(a3, _mm256_loadu_si256(v + 3));
        a4 = _mm256_xor_si256(a4, _mm256_loadu_si256(v + 4));
        a5 = _mm256_xor_si256(a5, _mm256_loadu_si256(v + 5));
        a6 = _mm256_xor_si256(a6, _mm256_loadu_si256(v + 6));
        a7 = _mm256_xor_si256(a7, _mm256_loadu_si256(v + 7));
    }
    for (; i + 32 <= n; i += 32) a0 = _mm256_xor_si256(a0, _mm256_loadu_si256((const __m256i *)(const void *)(p + i)));
    a0 = _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(a0, a1), _mm256_xor_si256(a2, a3)),
                          _mm256_xor_si256(_mm256_xor_si256(a4, a5), _mm256_xor_si256(a6, a7)));
    uint64_t lanes[4];
    _mm256_storeu_si256((__m256i *)(void *)lanes, a0);
    return lanes[0] ^ lanes[1] ^ lanes[2] ^ lanes[3] ^ bench_read_portable(p + i, n - i);
}
