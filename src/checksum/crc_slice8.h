/* SPDX-License-Identifier: Apache-2.0 */
/* Slice-by-8 table CRC (Kounavis and Berry, "A Systematic Approach to
 * Building High Performance Software-Based CRC Generators", 2005): eight
 * table lookups consume eight bytes per step. Reflected CRCs, raw state. */
#ifndef SC_CRC_SLICE8_H
#define SC_CRC_SLICE8_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A little-endian word at an 8-byte-aligned p. Saying so matters on
 * RISC-V: without a guarantee of fast misaligned access clang otherwise
 * assembles the word from eight byte loads. */
static inline uint64_t sc_crc_load_le64_aligned(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, __builtin_assume_aligned(p, 8), 8);
    return v;
#else
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
#endif
}

static inline uint32_t sc_crc_slice8(const uint32_t t[8][256], uint32_t c, const uint8_t *p, size_t n)
{
    while (n && ((uintptr_t)p & 7)) {
        c = (c >> 8) ^ t[0][(c ^ *p++) & 0xff];
        n--;
    }
    for (; n >= 8; n -= 8, p += 8) {
        uint64_t w = sc_crc_load_le64_aligned(p) ^ c;
        c = t[7][w & 0xff] ^ t[6][(w >> 8) & 0xff] ^ t[5][(w >> 16) & 0xff] ^
            t[4][(w >> 24) & 0xff] ^ t[3][(w >> 32) & 0xff] ^ t[2][(w >> 40) & 0xff] ^
            t[1][(w >> 48) & 0xff] ^ t[0][w >> 56];
    }
    while (n--) c = (c >> 8) ^ t[0][(c ^ *p++) & 0xff];
    return c;
}
#endif
