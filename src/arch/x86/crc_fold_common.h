/* SPDX-License-Identifier: Apache-2.0 */
/* 128-bit carry-less folding primitives shared by the x86 CRC-32 / CRC-32C
 * kernels (PCLMULQDQ + SSE4.1). The bit order and the derivation of every
 * constant are in tools/gen_crc_fold_constants.py; the technique is Intel's
 * "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ" (2009).
 *
 * Included by kernel files compiled with at least -msse4.1 -mpclmul. Every
 * function is static inline and takes the polynomial's constants, so one copy
 * of the code serves both polynomials. */
#ifndef SC_CRC_FOLD_COMMON_H
#define SC_CRC_FOLD_COMMON_H
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "crc_fold_constants.h"

#define SC_CRC_INLINE static inline __attribute__((always_inline))

/* A fold pair as a vector: lane 0 = k_lo, lane 1 = k_hi. */
SC_CRC_INLINE __m128i crc_pair128(const uint64_t pair[2])
{
    return _mm_set_epi64x((long long)pair[1], (long long)pair[0]);
}

SC_CRC_INLINE __m128i crc_load128(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)p); }

/* x moved forward by the distance its pair k encodes (not yet xored with the
 * data there). */
SC_CRC_INLINE __m128i crc_fold128(__m128i x, __m128i k)
{
    return _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11));
}

/* The 128-bit register holding x folded 16 bytes forward and xored with the
 * next 16 data bytes. */
SC_CRC_INLINE __m128i crc_fold16_data(__m128i x, __m128i k16, __m128i data)
{
    return _mm_xor_si128(crc_fold128(x, k16), data);
}

/* The initial state enters as an xor into the first four message bytes: for
 * a reflected CRC, starting from state s equals starting from 0 with s added
 * to the first 32 message bits. */
SC_CRC_INLINE __m128i crc_state128(uint32_t state) { return _mm_cvtsi32_si128((int)state); }

/* pshufb controls for the last 1..15 bytes: 16 x 0x80, 0..15, 16 x 0x80.
 * A window at +16+r shifts a register down by r bytes (zero fill); a window
 * at +r shifts it up by 16-r bytes. */
static const uint8_t sc_crc_shuffle_window[48] __attribute__((aligned(16))) = {
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};

/* Appends the last r (1..15) message bytes to x, which covers everything up
 * to `end - r`; `end - 16` must be readable (the caller consumed >= 16 bytes).
 * x*x^(8r) splits into the bytes that leave the register (x shifted up by
 * 16-r bytes, one 16-byte fold away) and those that stay (x shifted down by
 * r bytes); the r new bytes fill the top of the latter, taken from an
 * overlapping load of the last 16 bytes (the Intel paper's "partial block"). */
SC_CRC_INLINE __m128i crc_fold_tail128(__m128i x, const uint8_t *end, size_t r, __m128i k16)
{
    __m128i down = _mm_loadu_si128((const __m128i *)(sc_crc_shuffle_window + 16 + r));
    __m128i up = _mm_loadu_si128((const __m128i *)(sc_crc_shuffle_window + r));
    __m128i stay = _mm_shuffle_epi8(x, down);
    __m128i leave = _mm_shuffle_epi8(x, up);
    /* `up` has its top bit set exactly in bytes 0..15-r: there keep `stay`. */
    __m128i data = _mm_blendv_epi8(crc_load128(end - 16), stay, up);
    return _mm_xor_si128(crc_fold128(leave, k16), data);
}

/* Barrett reduction of the low lane v (bit 63 = x^0): v mod P, in bits
 * 32..63 of the result. q = floor(v_hi * mu / x^32) lands in bits 0..31, the
 * low half of q*P on bits 32..63 (derivation in the generator's docstring). */
SC_CRC_INLINE uint32_t crc_barrett_lane(__m128i v, const struct sc_crc_fold_consts *k)
{
    const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
    const __m128i barrett = _mm_set_epi64x((long long)k->barrett_poly, (long long)k->barrett_mu);
    __m128i q = _mm_clmulepi64_si128(_mm_and_si128(v, mask32), barrett, 0x00);
    __m128i qp = _mm_clmulepi64_si128(_mm_and_si128(q, mask32), barrett, 0x10);
    return (uint32_t)_mm_extract_epi32(_mm_xor_si128(v, qp), 1);
}

/* The 64-bit lane V (lane 0, bit 63 = x^0) with V mod P = x*x^32 mod P for a
 * 128-bit x. The three high dwords are multiplied by x^128, x^96, x^64 mod P
 * side by side (one multiply of latency instead of two chained folds), the
 * lowest-degree dword moves down by x^32. */
SC_CRC_INLINE __m128i crc_reduce128_lane(__m128i x, const struct sc_crc_fold_consts *k)
{
    const __m128i kh = _mm_set_epi64x((long long)k->reduce_x95, (long long)k->reduce_x127);
    const __m128i kl = _mm_cvtsi64_si128((long long)k->reduce_x63);
    __m128i h = _mm_cvtepu32_epi64(x);                    /* H1, H0 in their own lanes */
    __m128i l = _mm_cvtepu32_epi64(_mm_srli_si128(x, 8)); /* L1 in lane 0 */
    __m128i v = _mm_xor_si128(_mm_clmulepi64_si128(h, kh, 0x00), _mm_clmulepi64_si128(h, kh, 0x11));
    return _mm_xor_si128(v, _mm_xor_si128(_mm_clmulepi64_si128(l, kl, 0x00), _mm_srli_si128(x, 12)));
}

/* crc = x*x^32 mod P for a 128-bit x; returns the raw state: the lane above,
 * Barrett-reduced. */
SC_CRC_INLINE uint32_t crc_reduce128_barrett(__m128i x, const struct sc_crc_fold_consts *k)
{
    return crc_barrett_lane(crc_reduce128_lane(x, k), k);
}

#endif
