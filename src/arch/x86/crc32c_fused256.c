/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C with VPCLMULQDQ folding on ymm and scalar crc32q streams running
 * at once: the scheme of crc32c_fused512.c (see there) on AVX2 CPUs.
 *
 * On Zen 3 each half alone tops out near 8 bytes/cycle: VPCLMULQDQ ymm
 * issues about every two cycles (32 bytes per two multiplies), crc32q once
 * per cycle (8 bytes, latency 3, so >= 3 chains). The chunk geometry of
 * crc_fold_constants.h gives the two halves equal shares, a 256-byte vector
 * step (eight ymm accumulators, 16 multiplies) against eight streams of 32
 * bytes (32 crc32q), so both units stay busy. Eight ymm cover the same 16
 * lanes as the four zmm of the AVX-512 kernel, so the jump, shift and window
 * constants are the same.
 *
 * Together, though, the two kinds slow each other down on Zen 3: a loop of
 * 32 crc32q and eight ymm folds (16 multiplies) takes ~36 cycles where
 * either half alone takes 32, one of 32 crc32q and seven folds ~33 (14.6
 * against 14.3 bytes/cycle; 28 or 40 crc32q per eight folds: 36 and 40).
 * So messages from 16320 bytes go in chunks of seven ymm (224 vector bytes
 * per step) and the same eight streams (SC_CRC32C_FUSED16320_*): 16 KiB 1191
 * against 1207 core cycles in one eight-ymm 16 KiB chunk, 64 KiB 4670
 * against 4770; then 8 KiB and the smaller chunks of eight ymm. With the
 * grouped steps below and 16 KiB chunks the kernel went from 1478 to 1207
 * core cycles at 16 KiB (Zen 3, the kernel alone, minimum of 2000 calls).
 * Measured on Zen 3 (EPYC 7003, interleaved runs) before these changes:
 * 16 KiB 35.9 GB/s against 25.6 for plain ymm folding and 24.7 for isa-l,
 * 4 KiB 33.9 against 25.8, 1 KiB 26.3 against 25.5. */
#include "../../checksum/checksum_kernels.h"
#include "crc32c_fused.h"
#include "crc32c_vpclmul256.h"

_Static_assert(SC_CRC32C_FUSED_VEC_STEP == 256 && SC_CRC32C_FUSED7_VEC_STEP == 224, "eight or seven ymm per step");
_Static_assert(SC_CRC32C_FUSED_STREAMS == 8, "the stream shifts fill two ymm");
_Static_assert(SC_CRC32C_FUSED_STREAM_STEP == 8 * 4, "a step is four groups of one crc32q per stream");

enum { NV = 8 }; /* ymm accumulators, at most (seven in the 16320-byte chunks) */

/* Lanes i of c0|c1 times lanes i of k0|k1, xored into one 64-bit lane. */
SC_CRC_INLINE uint64_t crc32c_shift8_256(__m256i c0, __m256i c1, __m256i k0, __m256i k1)
{
    __m256i t = _mm256_xor_si256(
        _mm256_xor_si256(_mm256_clmulepi64_epi128(c0, k0, 0x00), _mm256_clmulepi64_epi128(c0, k0, 0x11)),
        _mm256_xor_si256(_mm256_clmulepi64_epi128(c1, k1, 0x00), _mm256_clmulepi64_epi128(c1, k1, 0x11)));
    __m128i x = _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(x, _mm_unpackhi_epi64(x, x)));
}

/* One iteration: the nv (7 or 8) accumulators folded by k over the 32 * nv
 * bytes at v (or, with fold == 0, left as they are) and STREAM_STEP bytes of
 * every stream at s, as four groups of two folds (one in the last group of
 * seven) then one crc32q per stream.
 * Issued as two blocks (all 16 multiplies, then all 32 crc32q) the same
 * work took ~18% longer on Zen 3 (16 KiB: 1478 against 1207 core cycles,
 * both in 16 KiB chunks: 1421 against 1207): with a block of one kind at the
 * head of the window the other unit idles. A loop of 16 crc32q and 8 ymm
 * folds measured 38 cycles as blocks, 36 in such groups against 32 for
 * either kind alone. The empty asm statements keep gcc's post-reload
 * scheduler from regrouping the kinds (without them: 1328); groups of one
 * fold and four crc32q measured 1438, crc32q before the folds 1239. */
SC_CRC_INLINE void crc32c_fused256_step(__m256i a[NV], int nv, __m256i k, const uint8_t *v, int fold,
                                        uint64_t c[SC_CRC32C_FUSED_STREAMS], const uint8_t *s, size_t stream)
{
#pragma GCC unroll 4
    for (int q = 0; q < NV / 2; q++) {
        if (fold) {
            a[2 * q] = crc_fold256(a[2 * q], k, crc_load256(v + 64 * q));
            if (2 * q + 1 < nv) a[2 * q + 1] = crc_fold256(a[2 * q + 1], k, crc_load256(v + 64 * q + 32));
        }
        __asm__ volatile("");
        crc32c_fused_word(c, s + 8 * q, stream);
        __asm__ volatile("");
    }
}

/* Raw state after the whole chunks at *pp; advances *pp and *len. */
SC_CRC_INLINE uint32_t crc32c_fused256_chunks(uint32_t state, const uint8_t **pp, size_t *len,
                                              const struct crc32c_fused_geometry g)
{
    enum { NS = SC_CRC32C_FUSED_STREAMS };
    /* nv ymm accumulators: seven in the 16320-byte chunks, else eight. */
    const int nv = g.chunk % 256 ? 7 : 8, vec = 32 * nv;
    const __m256i k256 =
        nv == 8
            ? crc_pair256(sc_crc32c_fold_consts.fold_256b)
            : _mm256_broadcastsi128_si256(_mm_set_epi64x(SC_CRC32C_FUSED16320_STEP_HI, SC_CRC32C_FUSED16320_STEP_LO));
    const __m256i kjump = _mm256_broadcastsi128_si256(_mm_set_epi64x(g.jump_hi, g.jump_lo));
    /* Lanes 0..6 move streams 0..6 to the chunk end, lane 7 moves r over
     * the chunk. */
    const __m256i kshift0 = _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)g.shift));
    const __m256i kshift1 = _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(g.shift + 4)));
    const uint8_t *p = *pp;
    size_t chunks = *len / g.chunk;
    __m256i a[NV];
#pragma GCC unroll 8
    for (int i = 0; i < NV; i++) a[i] = i < nv ? crc_load256(p + 32 * i) : _mm256_setzero_si256();
    a[0] = _mm256_xor_si256(a[0], _mm256_setr_m128i(crc_state128(state), _mm_setzero_si128()));
    uint64_t r = 0, m = 0;
    for (size_t chunk = 0; chunk < chunks; chunk++, p += g.chunk) {
        const uint8_t *s = p + (size_t)vec * g.iters;
        uint64_t c[NS] = {0};
        /* The first step jumps the accumulators over the previous chunk's
         * streams; the first chunk's vector bytes are already loaded. Two
         * copies, so that the steps themselves have no branch. */
        if (chunk)
            crc32c_fused256_step(a, nv, kjump, p, 1, c, s, g.stream);
        else
            crc32c_fused256_step(a, nv, kjump, p, 0, c, s, g.stream);
        for (int j = 1; j < g.iters; j++)
            crc32c_fused256_step(a, nv, k256, p + (size_t)vec * j, 1, c, s + (size_t)j * SC_CRC32C_FUSED_STREAM_STEP,
                                 g.stream);
        m = crc32c_shift8_256(_mm256_setr_epi64x((long long)c[0], (long long)c[1], (long long)c[2], (long long)c[3]),
                              _mm256_setr_epi64x((long long)c[4], (long long)c[5], (long long)c[6], (long long)r),
                              kshift0, kshift1);
        r = c[NS - 1];
        if (chunk + 1 < chunks) r ^= crc32c_reduce64(m);
    }
    /* The last chunk: each accumulator straight to its end (window pairs
     * 2i, 2i+1 for ymm i), the streams' lane into the low-degree half, r
     * (the last stream) added after. */
    __m256i u = _mm256_setzero_si256(), v = _mm256_setzero_si256();
#pragma GCC unroll 8
    for (int i = 0; i < nv; i++) {
        const __m256i kw = _mm256_loadu_si256((const __m256i *)g.window[2 * i]);
        u = _mm256_xor_si256(u, _mm256_clmulepi64_epi128(a[i], kw, 0x00));
        v = _mm256_xor_si256(v, _mm256_clmulepi64_epi128(a[i], kw, 0x11));
    }
    u = _mm256_xor_si256(u, v);
    __m128i x = _mm_xor_si128(_mm256_castsi256_si128(u), _mm256_extracti128_si256(u, 1));
    x = _mm_xor_si128(x, _mm_insert_epi64(_mm_setzero_si128(), (long long)m, 1));
    *pp = p;
    *len -= chunks * g.chunk;
    return crc32c_reduce128(x) ^ (uint32_t)r;
}

CRC32C_FUSED_LONG(crc32c_fused256_long, crc32c_fused256_chunks, crc_fold_vpclmul256_body, 16320)

/* Under 1 KiB the plain kernel (inlined here), laid out as the fall-through:
 * with the long path as fall-through the short one took one more taken
 * branch per call, which at 64 B (~12 cycles a call in throughput) measured
 * 14.8 against x86-avx2-vpclmul's 17.3 GB/s on the same code; with the hint
 * both 17.3 (Zen 3, 3 alternating rounds, 300 trials; BENCHMARKS.md 8.4). */
#ifndef SC_CRC32C_FUSED256_MIN
#define SC_CRC32C_FUSED256_MIN 1024
#endif
SC_CHECKSUM_KERNEL(sc_crc32c_x86_fused256)
{
    if (__builtin_expect(len < SC_CRC32C_FUSED256_MIN, 1)) return crc32c_vpclmul256(value, buf, len);
    return ~crc32c_fused256_long(~value, buf, len);
}
