/* SPDX-License-Identifier: Apache-2.0 */
/* Portable CRC reference (the test oracle) and combine. */
#include "crc_portable.h"

#include "../core/internal.h"
#include "crc_slice8.h"
#include "crc_tables.h"

uint32_t sc_crc32_raw_portable(uint32_t state, const uint8_t *buf, size_t len)
{
    return sc_crc_slice8(sc_crc32_table, state, buf, len);
}

uint32_t sc_crc32c_raw_portable(uint32_t state, const uint8_t *buf, size_t len)
{
    return sc_crc_slice8(sc_crc32c_table, state, buf, len);
}

uint32_t sc_crc32_portable(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~sc_crc_slice8(sc_crc32_table, ~crc, buf, len);
}

uint32_t sc_crc32c_portable(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~sc_crc_slice8(sc_crc32c_table, ~crc, buf, len);
}

uint32_t sc_crc_mulmod(uint32_t a, uint32_t b, uint32_t poly)
{
    /* Walk a's coefficients from x^0 (bit 31) upward while b is multiplied
     * by x (a right shift in reflected order, reduced by poly). */
    uint32_t product = 0;
    for (uint32_t m = 0x80000000u; m; m >>= 1) {
        if (a & m) product ^= b;
        b = (b & 1) ? (b >> 1) ^ poly : b >> 1;
    }
    return product;
}

uint32_t sc_crc_xpow8n(uint64_t nbytes, uint32_t poly)
{
    uint32_t result = 0x80000000u;     /* x^0 */
    uint32_t power = 0x80000000u >> 8; /* x^8: one byte */
    for (; nbytes; nbytes >>= 1) {
        if (nbytes & 1) result = sc_crc_mulmod(result, power, poly);
        power = sc_crc_mulmod(power, power, poly);
    }
    return result;
}

uint32_t sc_crc_shift(uint32_t state, uint64_t nbytes, uint32_t poly)
{
    return sc_crc_mulmod(sc_crc_xpow8n(nbytes, poly), state, poly);
}

/* crc(A||B) = crc(A)*x^(8|B|) + crc(B): the inversions of the zlib convention
 * cancel because both crc(B) and the shifted crc(A) carry the same ~0 term. */
uint32_t sc_crc32_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b)
{
    return sc_crc_shift(crc_a, len_b, SC_CRC32_POLY) ^ crc_b;
}

uint32_t sc_crc32c_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b)
{
    return sc_crc_shift(crc_a, len_b, SC_CRC32C_POLY) ^ crc_b;
}
