/* SPDX-License-Identifier: Apache-2.0 */
/* CRC folding on xmm registers with PCLMULQDQ: the body shared by the CRC-32
 * and CRC-32C "x86-pclmul" kernels (crc32_pclmul.c, crc32c_pclmul.c), which
 * differ only in their constants.
 *
 * Eight 128-bit accumulators each fold 128 bytes per step. PCLMULQDQ has a
 * latency of 5-7 cycles and a throughput of 0.5-1 per cycle on current cores,
 * so four accumulators would cover it; eight halve the loop overhead. */
#ifndef SC_CRC_FOLD_PCLMUL_H
#define SC_CRC_FOLD_PCLMUL_H
#include "crc_fold_common.h"

/* Folds n >= 16 bytes starting from the raw state; returns the 128-bit
 * remainder x with raw CRC = x*x^32 mod P (reduce with
 * crc_reduce128_barrett). */
SC_CRC_INLINE __m128i crc_fold_pclmul_body(uint32_t state, const uint8_t *p, size_t n,
                                           const struct sc_crc_fold_consts *k)
{
    const __m128i k16 = crc_pair128(k->fold_16b);
    __m128i x;
    if (n >= 128) {
        const __m128i k128 = crc_pair128(k->fold_128b);
        __m128i a[8];
        for (int i = 0; i < 8; i++) a[i] = crc_load128(p + 16 * i);
        a[0] = _mm_xor_si128(a[0], crc_state128(state));
        p += 128, n -= 128;
        for (; n >= 128; p += 128, n -= 128)
            for (int i = 0; i < 8; i++) a[i] = crc_fold16_data(a[i], k128, crc_load128(p + 16 * i));
        /* 8 -> 1 as a tree (three fold latencies instead of seven). */
        const __m128i k64 = crc_pair128(k->fold_64b), k32 = crc_pair128(k->fold_32b);
        for (int i = 0; i < 4; i++) a[i + 4] = crc_fold16_data(a[i], k64, a[i + 4]);
        for (int i = 4; i < 6; i++) a[i + 2] = crc_fold16_data(a[i], k32, a[i + 2]);
        x = crc_fold16_data(a[6], k16, a[7]);
    } else {
        x = _mm_xor_si128(crc_load128(p), crc_state128(state));
        p += 16, n -= 16;
    }
    for (; n >= 16; p += 16, n -= 16) x = crc_fold16_data(x, k16, crc_load128(p));
    if (n) x = crc_fold_tail128(x, p + n, n, k16);
    return x;
}

#endif
