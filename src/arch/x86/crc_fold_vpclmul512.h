/* SPDX-License-Identifier: Apache-2.0 */
/* CRC folding on zmm registers with VPCLMULQDQ (AVX-512F/BW/VL): the body
 * shared by the CRC-32 and CRC-32C "x86-avx512-vpclmul" kernels and by the
 * fused CRC-32C kernel, which differ only in their constants.
 *
 * Each zmm holds four 128-bit lanes folded independently (the Intel paper's
 * scheme, four lanes per instruction). Zen 5 issues VPCLMULQDQ at 0.5/cycle
 * with latency 5 and VPTERNLOGQ with latency 2: four zmm accumulators (256
 * bytes, eight multiplies = 16 cycles per step) keep the multiplier busy with
 * every chain 7 cycles long, well inside the 16. */
#ifndef SC_CRC_FOLD_VPCLMUL512_H
#define SC_CRC_FOLD_VPCLMUL512_H
#include "crc_fold_vpclmul256.h"

/* A fold pair in every lane, broadcast from its memory (VBROADCASTI32X4 is
 * a load): from an xmm constant gcc spent a lane shuffle per use
 * (VSHUFI32X4), on Intel on port 5 beside every VPCLMULQDQ. With the
 * lane-order constants of crc_fold512_to_128, 1 KiB calls 1.07x on Emerald
 * Rapids (BENCHMARKS.md 7.6). */
SC_CRC_INLINE __m512i crc_pair512(const uint64_t pair[2])
{
    __asm__("" : "+r"(pair)); /* an address, not a constant gcc would rebuild */
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)pair));
}

SC_CRC_INLINE __m512i crc_load512(const uint8_t *p) { return _mm512_loadu_si512((const void *)p); }

/* x folded by the distance of k and xored with data: one VPTERNLOGQ for the
 * three-way xor (0x96 = a ^ b ^ c). */
SC_CRC_INLINE __m512i crc_fold512(__m512i x, __m512i k, __m512i data)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, k, 0x00),
                                     _mm512_clmulepi64_epi128(x, k, 0x11), data, 0x96);
}

/* The four lanes of t xored into one. */
SC_CRC_INLINE __m128i crc_xor_lanes512(__m512i t)
{
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(t), _mm512_extracti64x4_epi64(t, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* Four lanes of one zmm (the first message bytes in lane 0) to one 128-bit
 * remainder: lanes 0..2 fold 48, 32 and 16 bytes forward in one multiply
 * pair, lane 3 stays, then the lanes are xored together. */
SC_CRC_INLINE __m128i crc_fold512_to_128(__m512i x, const struct sc_crc_fold_consts *k)
{
    const __m512i kl = _mm512_loadu_si512((const void *)k->fold_lanes_64b); /* no lane inserts */
    return crc_xor_lanes512(_mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, kl, 0x00),
                                                      _mm512_clmulepi64_epi128(x, kl, 0x11),
                                                      _mm512_maskz_mov_epi64(0xc0, x), 0x96));
}

/* a, a zmm holding the last 64 bytes before p with everything earlier
 * folded in, carried over the last n bytes to one 128-bit remainder. */
SC_CRC_INLINE __m128i crc_fold_vpclmul512_finish(__m512i a, const uint8_t *p, size_t n,
                                                 const struct sc_crc_fold_consts *k)
{
    const __m512i k64 = crc_pair512(k->fold_64b);
    for (; n >= 64; p += 64, n -= 64) a = crc_fold512(a, k64, crc_load512(p));
    return crc_fold_finish128(crc_fold512_to_128(a, k), p, n, k);
}

/* Folds n >= 16 bytes starting from the raw state; returns the 128-bit
 * remainder x with raw CRC = x*x^32 mod P. */
SC_CRC_INLINE __m128i crc_fold_vpclmul512_body(uint32_t state, const uint8_t *p, size_t n,
                                               const struct sc_crc_fold_consts *k)
{
    const __m512i k64 = crc_pair512(k->fold_64b);
    const __m512i init = _mm512_zextsi128_si512(crc_state128(state));
    if (n >= 64) {
        __m512i a;
        if (n >= 256) {
            const __m512i k256 = crc_pair512(k->fold_256b);
            __m512i a0 = _mm512_xor_si512(crc_load512(p), init), a1 = crc_load512(p + 64);
            __m512i a2 = crc_load512(p + 128), a3 = crc_load512(p + 192);
            for (p += 256, n -= 256; n >= 256; p += 256, n -= 256) {
                a0 = crc_fold512(a0, k256, crc_load512(p));
                a1 = crc_fold512(a1, k256, crc_load512(p + 64));
                a2 = crc_fold512(a2, k256, crc_load512(p + 128));
                a3 = crc_fold512(a3, k256, crc_load512(p + 192));
            }
            const __m512i k128 = crc_pair512(k->fold_128b);
            a = crc_fold512(crc_fold512(a0, k128, a2), k64, crc_fold512(a1, k128, a3));
        } else {
            a = _mm512_xor_si512(crc_load512(p), init);
            p += 64, n -= 64;
        }
        return crc_fold_vpclmul512_finish(a, p, n, k);
    }
    return crc_fold_finish128(_mm_xor_si128(crc_load128(p), crc_state128(state)), p + 16, n - 16, k);
}

/* The 64-bit lane V (bit 63 = x^0) with V mod P = x*x^32 mod P, for a
 * 128-bit x: its four dwords times x^128, x^96, x^64 and x^32 mod P (the
 * generator's reduce_x127..x31), all four products from one pair of ymm
 * multiplies. On Zen 5 a multiply costs the same at any width, so this is two
 * multiplies where crc_reduce128_barrett's first step spends three. */
SC_CRC_INLINE uint64_t crc_reduce128_to_64(__m128i x, const struct sc_crc_fold_consts *k)
{
    const __m256i kd = _mm256_setr_epi64x((long long)k->reduce_x127, (long long)k->reduce_x95,
                                          (long long)k->reduce_x63, (long long)k->reduce_x31);
    __m256i d = _mm256_cvtepu32_epi64(x);
    __m256i v = _mm256_xor_si256(_mm256_clmulepi64_epi128(d, kd, 0x00), _mm256_clmulepi64_epi128(d, kd, 0x11));
    return (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
}

/* Messages of 4..15 bytes for polynomials without a scalar instruction: the
 * bytes and the state in one register, as a 128-bit remainder to reduce. A
 * masked load reads only the message (AVX-512BW: masked-off bytes are never
 * accessed); the register is then shifted up so the message ends at byte 15,
 * the state xored onto its first four bytes as usual. */
SC_CRC_INLINE __m128i crc_small_vpclmul512(uint32_t state, const uint8_t *p, size_t n)
{
    __m128i d = _mm_maskz_loadu_epi8((__mmask16)((1u << n) - 1), p);
    __m128i up = _mm_loadu_si128((const __m128i *)(sc_crc_shuffle_window + n));
    return _mm_shuffle_epi8(_mm_xor_si128(d, crc_state128(state)), up);
}

#endif
