/* SPDX-License-Identifier: Apache-2.0 */
/* Slice-by-8 table CRC shaped for Zba (built with -march=rv64gc_zba), the
 * fallback for RISC-V cores without carry-less multiply.
 *
 * Each of the eight lookups per 8 bytes indexes a 4-byte table entry. Only
 * the first four bytes mix with the 32-bit CRC; the last four index their
 * tables directly, so they are loaded as bytes (lbu) and each lookup is
 * lbu + sh2add (rd = rs2 + (rs1 << 2)) + lw, where rv64gc needs slli + add
 * for the address, or extracts the byte from a 64-bit word with shifts and
 * masks as the portable code does. Zba has no intrinsics: clang selects
 * sh2add for the array indexing. */
#include <string.h>

#include "../../checksum/checksum_kernels.h"
#include "../../checksum/crc_tables.h"

static uint32_t crc_zba(const uint32_t t[8][256], uint32_t c, const uint8_t *p, size_t n)
{
    while (n && ((uintptr_t)p & 3)) {
        c = (c >> 8) ^ t[0][(c ^ *p++) & 0xff];
        n--;
    }
    for (; n >= 8; n -= 8, p += 8) {
        uint32_t x;
        memcpy(&x, __builtin_assume_aligned(p, 4), 4); /* little-endian */
        x ^= c;
        c = t[7][x & 0xff] ^ t[6][(x >> 8) & 0xff] ^ t[5][(x >> 16) & 0xff] ^ t[4][x >> 24] ^
            t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
    }
    while (n--) c = (c >> 8) ^ t[0][(c ^ *p++) & 0xff];
    return c;
}

SC_CHECKSUM_KERNEL(sc_crc32_rv_zba)
{
    return ~crc_zba(sc_crc32_table, ~value, buf, len);
}

SC_CHECKSUM_KERNEL(sc_crc32c_rv_zba)
{
    return ~crc_zba(sc_crc32c_table, ~value, buf, len);
}
