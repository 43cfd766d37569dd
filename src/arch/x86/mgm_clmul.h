/* SPDX-License-Identifier: Apache-2.0 */
/* MGM's GF sums with PCLMULQDQ on xmm registers (mgm_pclmul.c, and the
 * tails of mgm_avx512.c), included by files built with -mpclmul -msse4.1.
 * Blocks are big-endian integers (RFC 9058): a byte swap per 64-bit word
 * (n = 64) or per 128-bit block makes them the words PCLMULQDQ multiplies;
 * products are accumulated unreduced and reduced once (sc_mgm_reduce*). */
#ifndef SC_MGM_CLMUL_H
#define SC_MGM_CLMUL_H

#include <immintrin.h>

#include "../../mgm/mgm.h"

/* pshufb masks: swap the bytes of each 64-bit word / of the whole block */
static inline __m128i mgm_bswap64_mask(void) { return _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7); }
static inline __m128i mgm_bswap128_mask(void) { return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }

/* The unreduced 128-bit sum of n 64-bit products, xored into *acc. */
static inline __m128i mgm_clmul_sum64(__m128i acc, const uint8_t *h, const uint8_t *x, size_t n)
{
    const __m128i bs = mgm_bswap64_mask();
    for (; n >= 2; n -= 2, h += 16, x += 16) {
        __m128i a = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)h), bs);
        __m128i b = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)x), bs);
        acc = _mm_xor_si128(acc, _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x00), _mm_clmulepi64_si128(a, b, 0x11)));
    }
    if (n) {
        __m128i a = _mm_cvtsi64_si128((long long)sc_mgm_load64(h));
        __m128i b = _mm_cvtsi64_si128((long long)sc_mgm_load64(x));
        acc = _mm_xor_si128(acc, _mm_clmulepi64_si128(a, b, 0x00));
    }
    return acc;
}

static inline uint64_t mgm_clmul_reduce64(__m128i acc)
{
    return sc_mgm_reduce64((uint64_t)_mm_extract_epi64(acc, 1), (uint64_t)_mm_cvtsi128_si64(acc));
}

/* The unreduced 256-bit sum of n 128-bit products as (lo, mid, hi)
 * partial products (schoolbook: mid is the two cross products). */
typedef struct mgm_acc256 {
    __m128i lo, mid, hi;
} mgm_acc256;

static inline void mgm_clmul_sum128(mgm_acc256 *s, const uint8_t *h, const uint8_t *x, size_t n)
{
    const __m128i bs = mgm_bswap128_mask();
    for (size_t i = 0; i < n; i++) {
        __m128i a = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(h + 16 * i)), bs);
        __m128i b = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(x + 16 * i)), bs);
        s->lo = _mm_xor_si128(s->lo, _mm_clmulepi64_si128(a, b, 0x00));
        s->hi = _mm_xor_si128(s->hi, _mm_clmulepi64_si128(a, b, 0x11));
        s->mid = _mm_xor_si128(s->mid, _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01), _mm_clmulepi64_si128(a, b, 0x10)));
    }
}

/* acc (acc[0] high) ^= the reduced sum. */
static inline void mgm_clmul_reduce128(uint64_t acc[2], const mgm_acc256 *s)
{
    uint64_t w0 = (uint64_t)_mm_cvtsi128_si64(s->lo), w1 = (uint64_t)_mm_extract_epi64(s->lo, 1);
    uint64_t w2 = (uint64_t)_mm_cvtsi128_si64(s->hi), w3 = (uint64_t)_mm_extract_epi64(s->hi, 1);
    w1 ^= (uint64_t)_mm_cvtsi128_si64(s->mid) ^ acc[0];
    w2 ^= (uint64_t)_mm_extract_epi64(s->mid, 1);
    w0 ^= acc[1];
    sc_mgm_reduce128(acc, w3, w2, w1, w0);
}

#endif
