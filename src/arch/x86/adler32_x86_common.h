/* SPDX-License-Identifier: Apache-2.0 */
/* Pieces shared by the x86-64 Adler-32 kernels (adler32_x86_template.h and
 * the four adler32_<ext>.c files): byte-weight and byte-mask tables, the
 * scalar path for short inputs and the per-chunk modular update.
 *
 * Nothing here needs a target flag, so the header is safe to include from
 * files built with any of -mssse3 / -mavx2 / -mavx512*. */
#ifndef SC_ADLER32_X86_COMMON_H
#define SC_ADLER32_X86_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "../../checksum/adler32_portable.h"

/* Widest vector, in bytes, any kernel uses. */
#define SC_ADLER_X86_MAX_W 64

/* sc_adler_x86_weights + 64 - n, loaded as a vector, gives the bytes
 * n, n-1, ..., 1 followed by zeros: the b-sum weights of an n-byte block (a
 * byte n places from the end of the block is added into b n times). Every
 * kernel takes its full-vector weights with n = W and the weights of a short
 * head block (1 <= h < W bytes) with n = h, so one table serves all widths.
 * The weights are at most 64, inside the signed-byte range pmaddubsw and
 * vpdpbusd expect for their second operand. */
static const int8_t sc_adler_x86_weights[2 * SC_ADLER_X86_MAX_W] = {
    64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49,
    48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33,
    32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
    16, 15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2,  1,
};

/* sc_adler_x86_keep + 64 - h: 0xff in the first h bytes, then zeros; used to
 * clear the bytes beyond a short head block (kernels without byte masks). */
static const uint8_t sc_adler_x86_keep[2 * SC_ADLER_X86_MAX_W] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* Hide a vector's value from the optimizer at the end of each loop iteration
 * (no instruction is emitted). Without it gcc 12 merges the accumulators'
 * live ranges badly (they all start at zero) and adds a dozen register
 * copies and duplicate loads to every iteration: VNNI kernel 140 instead of
 * ~210 GB/s at 16 KiB. */
#if defined(__GNUC__)
#define SC_ADLER_OPAQUE(x) __asm__("" : "+v"(x))
#else
#define SC_ADLER_OPAQUE(x) ((void)0)
#endif

/* Adler-32 of a short input (len < SC_ADLER_NMAX, so neither sum can wrap
 * before the one modular reduction), one byte at a time. An empty input
 * returns the value unchanged, as the portable reference does. */
static inline uint32_t sc_adler32_x86_short(uint32_t adler, const uint8_t *p, size_t len)
{
    if (len == 0) return adler;
    uint32_t a = adler & 0xffff, b = adler >> 16;
    do {
        a += *p++;
        b += a;
    } while (--len);
    return ((b % SC_ADLER_BASE) << 16) | (a % SC_ADLER_BASE);
}

/* Fold one chunk of n bytes into (a, b), all mod 65521 (RFC 1950 section 9):
 *   a' = a + sum_bytes
 *   b' = b + n*a + sum_i byte_i*(n - i)     (i = 0 .. n-1)
 * The kernel supplies sum_bytes, and the weighted sum split as
 * group_bytes * prefix_sums + weighted: each term fits 32 bits by the chunk
 * bound, the combination is done in 64 bits (n*a alone can exceed 32). */
static inline void sc_adler32_x86_fold(uint32_t *a, uint32_t *b, uint64_t n, uint32_t sum_bytes,
                                       uint64_t group_bytes, uint32_t prefix_sums, uint32_t weighted)
{
    uint64_t nb = *b + n * *a + group_bytes * prefix_sums + weighted;
    *b = (uint32_t)(nb % SC_ADLER_BASE);
    *a = (uint32_t)(((uint64_t)*a + sum_bytes) % SC_ADLER_BASE);
}

/* The same for a chunk of at most SC_ADLER_FOLD32_MAX bytes whose weighted
 * sum is whole (prefix sums folded in): b + n*a + weighted < 2^32 for any
 * input a, b <= 65535 (the assertion), so both remainders are 32-bit ones.
 * gcc divides a 64-bit value by 65521 with a multiply-high and an add-back
 * fix-up (mul, sub, shr, add, shr, imul, sub: ~12 cycles), a 32-bit one
 * with imul, shr, imul, sub (~8); both sit on the critical path after the
 * horizontal sums, which is most of a 1 KiB call's fixed cost. */
#define SC_ADLER_FOLD32_MAX 5500u
_Static_assert(65535ull + 65535ull * SC_ADLER_FOLD32_MAX +
                       255ull * SC_ADLER_FOLD32_MAX * (SC_ADLER_FOLD32_MAX + 1) / 2 <=
                   UINT32_MAX,
               "a 32-bit fold would overflow");
static inline void sc_adler32_x86_fold32(uint32_t *a, uint32_t *b, uint32_t n, uint32_t sum_bytes, uint32_t weighted)
{
    *b = (*b + n * *a + weighted) % SC_ADLER_BASE;
    *a = (*a + sum_bytes) % SC_ADLER_BASE;
}

/* The same for a block of at most 256 bytes, in 32-bit arithmetic: a + sum
 * < 65536 + 255*256 < 2*65521 needs one conditional subtraction, and
 * b + n*a + weighted < 2^16 + 2^8*2^16 + 255*256*257/2 < 2^25. Cheaper than
 * the 64-bit remainder, which matters when a call is only a few vectors. */
static inline uint32_t sc_adler32_x86_fold_short(uint32_t adler, uint32_t n, uint32_t sum_bytes,
                                                 uint32_t weighted)
{
    uint32_t a = adler & 0xffff, b = adler >> 16;
    b = (b + n * a + weighted) % SC_ADLER_BASE;
    a += sum_bytes;
    a = a >= SC_ADLER_BASE ? a - SC_ADLER_BASE : a;
    return (b << 16) | a;
}

#endif
