/* SPDX-License-Identifier: Apache-2.0 */
/* MGM's GF kernel with VPCLMULQDQ on zmm registers (x86-avx512-vpclmul):
 * eight Magma blocks (two instructions) or four 128-bit blocks per step,
 * folded to xmm once per call; tails through mgm_clmul.h. */
#include "mgm_clmul.h"

static __m512i bswap_mask(__m128i m) { return _mm512_broadcast_i32x4(m); }

static __m128i fold(__m512i v)
{
    __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
}

static void sum64(uint64_t *acc, const uint8_t *h, const uint8_t *x, size_t n)
{
    const __m512i bs = bswap_mask(mgm_bswap64_mask());
    __m512i s = _mm512_setzero_si512();
    for (; n >= 8; n -= 8, h += 64, x += 64) {
        __m512i a = _mm512_shuffle_epi8(_mm512_loadu_si512(h), bs);
        __m512i b = _mm512_shuffle_epi8(_mm512_loadu_si512(x), bs);
        s = _mm512_ternarylogic_epi64(s, _mm512_clmulepi64_epi128(a, b, 0x00), _mm512_clmulepi64_epi128(a, b, 0x11),
                                      0x96);
    }
    __m128i t = _mm_xor_si128(fold(s), _mm_cvtsi64_si128((long long)*acc));
    *acc = mgm_clmul_reduce64(mgm_clmul_sum64(t, h, x, n));
}

static void sum128(uint64_t acc[2], const uint8_t *h, const uint8_t *x, size_t n)
{
    const __m512i bs = bswap_mask(mgm_bswap128_mask());
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    for (; n >= 4; n -= 4, h += 64, x += 64) {
        __m512i a = _mm512_shuffle_epi8(_mm512_loadu_si512(h), bs);
        __m512i b = _mm512_shuffle_epi8(_mm512_loadu_si512(x), bs);
        lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(a, b, 0x00));
        hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(a, b, 0x11));
        mid = _mm512_ternarylogic_epi64(mid, _mm512_clmulepi64_epi128(a, b, 0x01),
                                        _mm512_clmulepi64_epi128(a, b, 0x10), 0x96);
    }
    mgm_acc256 s = {fold(lo), fold(mid), fold(hi)};
    mgm_clmul_sum128(&s, h, x, n);
    mgm_clmul_reduce128(acc, &s);
}

const sc_mgm_gf_ops sc_mgm_x86_avx512 = {sum64, sum128};
