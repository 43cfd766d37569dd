/* SPDX-License-Identifier: Apache-2.0 */
/* Portable Adler-32 (RFC 1950 section 9) and the constants kernels share. */
#ifndef SC_ADLER32_PORTABLE_H
#define SC_ADLER32_PORTABLE_H
#include <stddef.h>
#include <stdint.h>

#define SC_ADLER_BASE 65521u
/* Largest n with 255*n*(n+1)/2 + (n+1)*(BASE-1) < 2^32: bytes that can be
 * summed before the 32-bit sums must be reduced (RFC 1950, zlib's NMAX). */
#define SC_ADLER_NMAX 5552u

uint32_t sc_adler32_portable(uint32_t adler, const uint8_t *buf, size_t len);
#endif
