/* SPDX-License-Identifier: Apache-2.0 */
/* Memory-read limit with 64-byte AVX-512 loads (built with -mavx512f
 * -mavx512bw only). Eight accumulators keep two loads per cycle in flight
 * despite vpxorq's 2-cycle latency (Zen 5); a masked byte load takes the
 * tail, so a 64-byte call is exactly one load. */
#include <immintrin.h>

#include "bench_limit.h"

uint64_t bench_read_avx512(const uint8_t *p, size_t n)
{
    __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
    size_t i = 0;
    for (; i + 512 <= n; i += 512) {
        const uint8_t *q = p + i;
        a0 = _mm512_xor_si512(a0, _mm512_loadu_si512(q + 0));
        a1 = _mm512_xor_si512(a1, _mm512_loadu_si512(q + 64));
        a2 = _mm512_xor_si512(a2, _mm512_loadu_si512(q + 128));
        a3 = _mm512_xor_si512(a3, _mm512_loadu_si512(q + 192));
        a4 = _mm512_xor_si512(a4, _mm512_loadu_si512(q + 256));
        a5 = _mm512_xor_si512(a5, _mm512_loadu_si512(q + 320));
        a6 = _mm512_xor_si512(a6, _mm512_loadu_si512(q + 384));
        a7 = _mm512_xor_si512(a7, _mm512_loadu_si512(q + 448));
    }
    for (; i + 64 <= n; i += 64) a0 = _mm512_xor_si512(a0, _mm512_loadu_si512(p + i));
    if (i < n) {
        __mmask64 tail = (__mmask64)(~UINT64_C(0) >> (64 - (n - i)));
        a1 = _mm512_xor_si512(a1, _mm512_maskz_loadu_epi8(tail, p + i));
    }
    a0 = _mm512_xor_si512(_mm512_xor_si512(_mm512_xor_si512(a0, a1), _mm512_xor_si512(a2, a3)),
                          _mm512_xor_si512(_mm512_xor_si512(a4, a5), _mm512_xor_si512(a6, a7)));
    __m256i folded = _mm256_xor_si256(_mm512_castsi512_si256(a0), _mm512_extracti64x4_epi64(a0, 1));
    __m128i half = _mm_xor_si128(_mm256_castsi256_si128(folded), _mm256_extracti128_si256(folded, 1));
    return (uint64_t)_mm_cvtsi128_si64(half) ^ (uint64_t)_mm_extract_epi64(half, 1);
}
