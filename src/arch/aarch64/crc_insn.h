/* SPDX-License-Identifier: Apache-2.0 */
/* The ARMv8 CRC32 instructions (FEAT_CRC32, ACLE <arm_acle.h>) behind one
 * polynomial switch, and the single-stream loop every +crc kernel uses for
 * short inputs and tails. Include only from a kernel file built with +crc.
 *
 * The instructions compute the reflected CRC without pre/post inversion:
 * __crc32d(c, v) = raw CRC of state c over the 8 little-endian bytes of v. */
#ifndef SC_ARCH_AARCH64_CRC_INSN_H
#define SC_ARCH_AARCH64_CRC_INSN_H
#if !defined(__ARM_FEATURE_CRC32)
#error "crc_insn.h needs a translation unit built with -march=...+crc"
#endif
#include <arm_acle.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "crc_kind.h"

SC_ALWAYS_INLINE uint64_t sc_load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v); /* unaligned loads are architectural on AArch64 */
    return v;
}

SC_ALWAYS_INLINE uint32_t sc_crc_insn_u64(sc_crc_kind kind, uint32_t c, uint64_t v)
{
    return kind == SC_CRC_CASTAGNOLI ? __crc32cd(c, v) : __crc32d(c, v);
}

/* One stream: 8 bytes per instruction, then 4, 2, 1. */
SC_ALWAYS_INLINE uint32_t sc_crc_insn_run(sc_crc_kind kind, uint32_t c, const uint8_t *p, size_t n)
{
    const int castagnoli = kind == SC_CRC_CASTAGNOLI;
    for (; n >= 8; n -= 8, p += 8) c = sc_crc_insn_u64(kind, c, sc_load_le64(p));
    if (n & 4) {
        uint32_t w;
        memcpy(&w, p, 4);
        c = castagnoli ? __crc32cw(c, w) : __crc32w(c, w);
        p += 4;
    }
    if (n & 2) {
        uint16_t h;
        memcpy(&h, p, 2);
        c = castagnoli ? __crc32ch(c, h) : __crc32h(c, h);
        p += 2;
    }
    if (n & 1) c = castagnoli ? __crc32cb(c, *p) : __crc32b(c, *p);
    return c;
}
#endif
