/* SPDX-License-Identifier: Apache-2.0 */
/* The scalar half of the fused CRC-32C kernels (crc32c_fused512.c on zmm,
 * crc32c_fused256.c on ymm): the chunk geometry of crc_fold_constants.h and
 * the crc32q streams. Both vector halves fold 256 bytes per step (four zmm or
 * eight ymm accumulators, the same 16 lanes), so one set of constants serves
 * both. */
#ifndef SC_CRC32C_FUSED_H
#define SC_CRC32C_FUSED_H
#include "crc32c_sse42.h"

_Static_assert(SC_CRC32C_FUSED_STREAM_STEP % 8 == 0, "streams advance by whole crc32q words");

struct crc32c_fused_geometry {
    size_t chunk, stream;
    int iters;
    const uint32_t *shift; /* streams 0..STREAMS-2, then the chunk */
    const uint64_t (*window)[2];
    uint32_t jump_lo, jump_hi;
};

#define CRC32C_FUSED_GEOMETRY(c)                                                                                       \
    {                                                                                                                  \
        c, SC_CRC32C_FUSED##c##_STREAM, SC_CRC32C_FUSED##c##_ITERS, sc_crc32c_fused##c##_shift,                        \
            sc_crc32c_fused##c##_window, SC_CRC32C_FUSED##c##_JUMP_LO, SC_CRC32C_FUSED##c##_JUMP_HI                    \
    }

/* One crc32q on every stream i, the word at s + i * stream: STREAMS
 * independent chains, enough to cover crc32q's latency of 3. */
SC_CRC_INLINE void crc32c_fused_word(uint64_t c[SC_CRC32C_FUSED_STREAMS], const uint8_t *s, size_t stream)
{
#pragma GCC unroll 16
    for (int i = 0; i < SC_CRC32C_FUSED_STREAMS; i++) c[i] = _mm_crc32_u64(c[i], crc32c_load64(s + (size_t)i * stream));
}

/* Advances every stream i (at s + i * stream) by STREAM_STEP bytes; inlined
 * with a constant geometry, the loops unroll with each state in a register. */
SC_CRC_INLINE void crc32c_fused_streams(uint64_t c[SC_CRC32C_FUSED_STREAMS], const uint8_t *s, size_t stream)
{
#pragma GCC unroll 16
    for (int w = 0; w < SC_CRC32C_FUSED_STREAM_STEP; w += 8) crc32c_fused_word(c, s + (size_t)w, stream);
}

/* The out-of-line driver of a fused kernel: chunks of `big` bytes (16320,
 * the AVX2 kernel's seven-ymm chunks, then 8 KiB; or 4096), then the
 * smaller ones down to 1 KiB, through `chunks` (a crc32c_fused*_chunks
 * function), the rest through the plain folding body `body`. Kept out of
 * line: its stream registers would otherwise make every short call pay for
 * saving and restoring them. */
#define CRC32C_FUSED_LONG(name, chunks, body, big)                                                                     \
    __attribute__((noinline)) static uint32_t name(uint32_t s, const uint8_t *buf, size_t len)                         \
    {                                                                                                                  \
        _Static_assert((big) == 16320 || (big) == 4096, "chunk sizes of crc_fold_constants.h");                        \
        static const struct crc32c_fused_geometry g16320 = CRC32C_FUSED_GEOMETRY(16320);                               \
        static const struct crc32c_fused_geometry g8192 = CRC32C_FUSED_GEOMETRY(8192);                                 \
        static const struct crc32c_fused_geometry g4096 = CRC32C_FUSED_GEOMETRY(4096);                                 \
        static const struct crc32c_fused_geometry g2048 = CRC32C_FUSED_GEOMETRY(2048);                                 \
        static const struct crc32c_fused_geometry g1024 = CRC32C_FUSED_GEOMETRY(1024);                                 \
        if ((big) == 16320 && len >= 16320) s = chunks(s, &buf, &len, g16320);                                         \
        if ((big) == 16320 && len >= 8192) s = chunks(s, &buf, &len, g8192);                                           \
        if (len >= 4096) s = chunks(s, &buf, &len, g4096);                                                             \
        if (len >= 2048) s = chunks(s, &buf, &len, g2048);                                                             \
        if (len >= 1024) s = chunks(s, &buf, &len, g1024);                                                             \
        if (len < 16) return crc32c_bytes(s, buf, len);                                                                \
        return crc32c_reduce128(body(s, buf, len, &sc_crc32c_fold_consts));                                            \
    }

#endif
