/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C with SSE4.2's crc32 instruction on three interleaved streams.
 *
 * crc32q has a latency of 3 cycles but issues every cycle (twice per cycle on
 * Zen 5), so one dependency chain runs at a third of the unit's speed. A block
 * is split into three equal streams a, b, c computed side by side (a from the
 * incoming state, b and c from zero) and merged by linearity:
 *   crc(s, a|b|c) = a*x^(8*2n) + b*x^(8n) + c  (mod P)
 * with the shifts done by one carry-less multiply each and a single crc32q
 * reduction (crc32c_sse42.h). Same scheme as Intel's "Fast CRC Computation
 * for iSCSI Polynomial Using CRC32 Instruction" (2011). Block sizes are
 * fixed so the shift constants come from crc_fold_constants.h. */
#include "../../checksum/checksum_kernels.h"
#include "crc32c_sse42.h"

/* Consumes as many blocks of three n-byte streams as fit. */
SC_CRC_INLINE uint32_t crc32c_3way_blocks(uint32_t state, const uint8_t **pp, size_t *len, size_t n,
                                          uint32_t shift_2n, uint32_t shift_n)
{
    const uint8_t *p = *pp;
    for (; *len >= 3 * n; *len -= 3 * n, p += 3 * n) {
        uint64_t a = state, b = 0, c = 0;
        for (size_t i = 0; i < n; i += 8) {
            a = _mm_crc32_u64(a, crc32c_load64(p + i));
            b = _mm_crc32_u64(b, crc32c_load64(p + n + i));
            c = _mm_crc32_u64(c, crc32c_load64(p + 2 * n + i));
        }
        state = crc32c_reduce64(crc32c_clmul32((uint32_t)a, shift_2n) ^ crc32c_clmul32((uint32_t)b, shift_n)) ^
                (uint32_t)c;
    }
    *pp = p;
    return state;
}

SC_CHECKSUM_KERNEL(sc_crc32c_x86_sse42_3way)
{
    uint32_t s = ~value;
    s = crc32c_3way_blocks(s, &buf, &len, SC_CRC32C_3WAY_2048, SC_CRC32C_SHIFT_4096, SC_CRC32C_SHIFT_2048);
    s = crc32c_3way_blocks(s, &buf, &len, SC_CRC32C_3WAY_256, SC_CRC32C_SHIFT_512, SC_CRC32C_SHIFT_256);
    s = crc32c_3way_blocks(s, &buf, &len, SC_CRC32C_3WAY_32, SC_CRC32C_SHIFT_64, SC_CRC32C_SHIFT_32);
    return ~crc32c_bytes(s, buf, len);
}
