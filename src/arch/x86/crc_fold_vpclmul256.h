/* SPDX-License-Identifier: Apache-2.0 */
/* CRC folding on ymm registers with VPCLMULQDQ (AVX2, no AVX-512): the body
 * shared by the CRC-32 and CRC-32C "x86-avx2-vpclmul" kernels, and the ymm
 * helpers the zmm code (crc_fold_vpclmul512.h) reuses.
 *
 * Each ymm holds two 128-bit lanes folded independently (the Intel paper's
 * scheme, two lanes per instruction). Zen 3 issues VPCLMULQDQ ymm about every
 * two cycles (latency 4) against ~2.6 cycles for the xmm form, so the ymm
 * form doubles the multiply rate. Four ymm accumulators (128 bytes, eight
 * multiplies = ~16 cycles per step) keep the multiplier busy with every
 * chain (multiply + xor, ~6 cycles) well inside the step.
 *
 * Included by kernel files compiled with at least -mavx2 -mvpclmulqdq
 * -mpclmul. */
#ifndef SC_CRC_FOLD_VPCLMUL256_H
#define SC_CRC_FOLD_VPCLMUL256_H
#include "../../checksum/crc_tables.h"
#include "crc_fold_common.h"

SC_CRC_INLINE __m256i crc_pair256(const uint64_t pair[2]) { return _mm256_broadcastsi128_si256(crc_pair128(pair)); }

/* The same, broadcast from its memory (VBROADCASTI128 is a load): where gcc
 * rebuilt the broadcast from an xmm constant with a lane insert, on Intel a
 * port-5 uop beside every multiply (see crc_pair512). Only where the
 * folding loops run: the address it pins costs the 64-byte path a register. */
SC_CRC_INLINE __m256i crc_pair256_mem(const uint64_t pair[2])
{
    __asm__("" : "+r"(pair)); /* an address, not a constant gcc would rebuild */
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)pair));
}

SC_CRC_INLINE __m256i crc_load256(const uint8_t *p) { return _mm256_loadu_si256((const __m256i *)p); }

/* x folded by the distance of k and xored with data. The data joins one
 * product first (it is ready early), so the chain is a multiply and one xor. */
SC_CRC_INLINE __m256i crc_fold256(__m256i x, __m256i k, __m256i data)
{
    return _mm256_xor_si256(_mm256_clmulepi64_epi128(x, k, 0x00),
                            _mm256_xor_si256(_mm256_clmulepi64_epi128(x, k, 0x11), data));
}

/* Two ymm holding 64 consecutive bytes (the first in lane 0 of a0) to one
 * 128-bit remainder: lanes 0..2 fold 48, 32 and 16 bytes forward, all
 * multiplies side by side (one multiply of latency instead of three chained
 * folds), lane 3 stays, then the lanes are xored together. Lane 2 folds on
 * xmm: a ymm multiply with a zero upper pair would spend a second multiplier
 * slot on nothing (64-byte calls 14.5 -> 13.1 ns on Zen 3). */
SC_CRC_INLINE __m128i crc_fold256x2_to_128(__m256i a0, __m256i a1, const struct sc_crc_fold_consts *k)
{
    const __m256i k0 = _mm256_loadu_si256((const void *)k->fold_lanes_64b); /* 48, 32: no insert */
    __m256i t = _mm256_xor_si256(_mm256_clmulepi64_epi128(a0, k0, 0x00), _mm256_clmulepi64_epi128(a0, k0, 0x11));
    __m128i u = crc_fold16_data(_mm256_castsi256_si128(a1), crc_pair128(k->fold_16b), _mm256_extracti128_si256(a1, 1));
    return _mm_xor_si128(_mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1)), u);
}

/* x, the remainder of everything before p, folded over the last n bytes
 * (at least 16 bytes precede p, for the tail's overlapping load). */
SC_CRC_INLINE __m128i crc_fold_finish128(__m128i x, const uint8_t *p, size_t n, const struct sc_crc_fold_consts *k)
{
    const __m128i k16 = crc_pair128(k->fold_16b);
    for (; n >= 16; p += 16, n -= 16) x = crc_fold16_data(x, k16, crc_load128(p));
    if (n) x = crc_fold_tail128(x, p + n, n, k16);
    return x;
}

/* Four ymm holding 128 consecutive bytes (the first in lane 0 of a[0]) to
 * one 128-bit remainder in one multiply level: lanes 0..6 fold 112..16 bytes
 * forward side by side, lane 7 stays (one level less than 4 -> 2 -> 1). */
SC_CRC_INLINE __m128i crc_fold256x4_to_128(__m256i a0, __m256i a1, __m256i a2, __m256i a3,
                                           const struct sc_crc_fold_consts *k)
{
    const __m256i k0 = _mm256_setr_m128i(crc_pair128(k->fold_112b), crc_pair128(k->fold_96b));
    const __m256i k1 = _mm256_setr_m128i(crc_pair128(k->fold_80b), crc_pair128(k->fold_64b));
    __m256i t = _mm256_xor_si256(_mm256_clmulepi64_epi128(a0, k0, 0x00), _mm256_clmulepi64_epi128(a0, k0, 0x11));
    t = _mm256_xor_si256(
        t, _mm256_xor_si256(_mm256_clmulepi64_epi128(a1, k1, 0x00), _mm256_clmulepi64_epi128(a1, k1, 0x11)));
    __m128i u = crc_fold256x2_to_128(a2, a3, k);
    return _mm_xor_si128(_mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1)), u);
}

/* Folds n >= 16 bytes starting from the raw state; returns the 128-bit
 * remainder x with raw CRC = x*x^32 mod P. */
SC_CRC_INLINE __m128i crc_fold_vpclmul256_body(uint32_t state, const uint8_t *p, size_t n,
                                               const struct sc_crc_fold_consts *k)
{
    if (n < 64) return crc_fold_finish128(_mm_xor_si128(crc_load128(p), crc_state128(state)), p + 16, n - 16, k);
    const __m256i init = _mm256_setr_m128i(crc_state128(state), _mm_setzero_si128());
    __m256i k64, b0, b1;
    if (n >= 128) {
        const __m256i k128 = crc_pair256_mem(k->fold_128b);
        __m256i a0 = _mm256_xor_si256(crc_load256(p), init), a1 = crc_load256(p + 32);
        __m256i a2 = crc_load256(p + 64), a3 = crc_load256(p + 96);
        for (p += 128, n -= 128; n >= 128; p += 128, n -= 128) {
            a0 = crc_fold256(a0, k128, crc_load256(p));
            a1 = crc_fold256(a1, k128, crc_load256(p + 32));
            a2 = crc_fold256(a2, k128, crc_load256(p + 64));
            a3 = crc_fold256(a3, k128, crc_load256(p + 96));
        }
        if (n < 64) return crc_fold_finish128(crc_fold256x4_to_128(a0, a1, a2, a3, k), p, n, k);
        k64 = crc_pair256_mem(k->fold_64b);
        b0 = crc_fold256(a0, k64, a2);
        b1 = crc_fold256(a1, k64, a3);
    } else {
        b0 = _mm256_xor_si256(crc_load256(p), init);
        b1 = crc_load256(p + 32);
        p += 64, n -= 64;
    }
    if (n >= 64) {
        k64 = crc_pair256_mem(k->fold_64b);
        b0 = crc_fold256(b0, k64, crc_load256(p));
        b1 = crc_fold256(b1, k64, crc_load256(p + 32));
        p += 64, n -= 64;
    }
    if (n >= 32) { /* one ymm level instead of two chained xmm folds */
        b0 = crc_fold256(b0, crc_pair256(k->fold_32b), b1);
        b1 = crc_load256(p);
        p += 32, n -= 32;
    }
    return crc_fold_finish128(crc_fold256x2_to_128(b0, b1, k), p, n, k);
}

/* CRC-32 only: v mod P for a 64-bit lane v (bit 63 = x^0). Its low dword w
 * holds the high-degree half, v = w*x^32 + (high dword), and w*x^32 mod P is
 * what a table CRC of w's four bytes from state 0 yields (slice-by-4). Four
 * loads on the integer side instead of Barrett's two chained multiplies: the
 * multiplier is the bottleneck of these kernels, the load ports are idle. */
SC_CRC_INLINE uint32_t crc32_reduce64_table(uint64_t v)
{
    uint32_t w = (uint32_t)v;
    return sc_crc32_table[3][w & 0xff] ^ sc_crc32_table[2][(w >> 8) & 0xff] ^ sc_crc32_table[1][(w >> 16) & 0xff] ^
           sc_crc32_table[0][w >> 24] ^ (uint32_t)(v >> 32);
}

#endif
