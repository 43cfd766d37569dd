/* Portable CRC reference (the test oracle) and combine. */
#include "crc_portable.h"

#include "../core/internal.h"
#include "crc_tables.h"

static uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

/* Slice-by-8: eight table lookups consume eight bytes per step. */
static uint32_t crc_slice8(const uint32_t t[8][256], uint32_t c, const uint8_t *p, size_t n)
{
    while (n && ((uintptr_t)p & 7)) {
        c = (c >> 8) ^ t[0][(c ^ *p++) & 0xff];
        n--;
    }
    for (; n >= 8; n -= 8, p += 8) {
        uint64_t w = load_le64(p) ^ c;
        c = t[7][w & 0xff] ^ t[6][(w >> 8) & 0xff] ^ t[5][(w >> 16) & 0xff] ^
            t[4][(w >> 24) & 0xff] ^ t[3][(w >> 32) & 0xff] ^ t[2][(w >> 40) & 0xff] ^
            t[1][(w >> 48) & 0xff] ^ t[0][w >> 56];
    }
    while (n--) c = (c >> 8) ^ t[0][(c ^ *p++) & 0xff];
    return c;
}

uint32_t sc_crc32_raw_portable(uint32_t state, const uint8_t *buf, size_t len)
{
    return crc_slice8(sc_crc32_table, state, buf, len);
}

uint32_t sc_crc32c_raw_portable(uint32_t state, const uint8_t *buf, size_t len)
{
    return crc_slice8(sc_crc32c_table, state, buf, len);
}

uint32_t sc_crc32_portable(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~crc_slice8(sc_crc32_table, ~crc, buf, len);
}

uint32_t sc_crc32c_portable(uint32_t crc, const uint8_t *buf, size_t len)
{
    return ~crc_slice8(sc_crc32c_table, ~crc, buf, len);
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
