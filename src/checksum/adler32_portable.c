/* SPDX-License-Identifier: Apache-2.0 */
/* Portable Adler-32 reference (the test oracle) and combine. */
#include "adler32_portable.h"

#include "../core/internal.h"

uint32_t sc_adler32_portable(uint32_t adler, const uint8_t *buf, size_t len)
{
    uint32_t a = adler & 0xffff, b = adler >> 16;
    while (len) {
        size_t n = len < SC_ADLER_NMAX ? len : SC_ADLER_NMAX;
        len -= n;
        for (; n >= 8; n -= 8, buf += 8) {
            a += buf[0]; b += a; a += buf[1]; b += a; a += buf[2]; b += a; a += buf[3]; b += a;
            a += buf[4]; b += a; a += buf[5]; b += a; a += buf[6]; b += a; a += buf[7]; b += a;
        }
        while (n--) {
            a += *buf++;
            b += a;
        }
        a %= SC_ADLER_BASE;
        b %= SC_ADLER_BASE;
    }
    return (b << 16) | a;
}

/* For A||B with |B| = n: a = a_A + a_B - 1 and b = b_A + b_B + n*(a_A - 1),
 * both mod 65521 (each byte of B adds a_A - 1 more to every running a). */
uint32_t sc_adler32_combine(uint32_t adler_a, uint32_t adler_b, uint64_t len_b)
{
    const uint64_t base = SC_ADLER_BASE;
    uint64_t a1 = (adler_a & 0xffff) % base, b1 = (adler_a >> 16) % base;
    uint64_t a2 = (adler_b & 0xffff) % base, b2 = (adler_b >> 16) % base;
    uint64_t n = len_b % base;
    uint64_t a = (a1 + a2 + base - 1) % base;
    uint64_t b = (b1 + b2 + n * ((a1 + base - 1) % base)) % base;
    return (uint32_t)((b << 16) | a);
}
