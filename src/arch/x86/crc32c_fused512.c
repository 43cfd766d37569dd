/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32C with VPCLMULQDQ folding and scalar crc32q streams running at once.
 *
 * The carry-less multiplier and the crc32 unit are separate resources: on
 * Zen 5 folding alone tops out at 16 bytes/cycle (VPCLMULQDQ 0.5/cycle) and
 * crc32q alone at 16 bytes/cycle (2/cycle, latency 3, so >= 6 chains), and
 * the two together go well past either (the fusion idea of corsix/fast-crc32;
 * own implementation). The buffer is cut into chunks of fixed geometry
 * (crc_fold_constants.h):
 *   [ITERS x 256 vector bytes][stream 0]...[stream STREAMS-1]
 * and one loop advances the four zmm accumulators by 256 bytes and every
 * stream by STREAM_STEP bytes per iteration. Everything is merged by
 * linearity with constant shifts:
 *  - the accumulators jump over the streams with a fold of 256 + STREAMS *
 *    STREAM bytes into the next chunk's first vector bytes;
 *  - the streams (from state 0) are shifted to the chunk end and xored into
 *    r, the scalar side's running CRC, itself shifted by a chunk each time;
 *    the eight shifts are the eight 64-bit lanes of one zmm multiply pair;
 *  - after the last chunk the accumulators fold in one level (the chunk's
 *    window table) onto the chunk's last lane, the multiplied streams join
 *    that lane's low-degree half and two crc32q reduce it all.
 * The scalar side never waits for the vector side. Chunks come in 4 KiB,
 * 2 KiB and 1 KiB so that messages from 1 KiB up fuse (2 KiB: 90 vs 64 GB/s
 * for plain folding on Zen 5); what is left, and anything shorter, goes
 * through the plain VPCLMULQDQ body. */
#include "../../checksum/checksum_kernels.h"
#include "crc32c_fused.h"
#include "crc32c_vpclmul512.h"

_Static_assert(SC_CRC32C_FUSED_VEC_STEP == 256, "the loop folds four zmm per iteration");
_Static_assert(SC_CRC32C_FUSED_STREAMS == 8, "the stream shifts fill one zmm");

/* Lanes i of c times lanes i of k, xored into one 64-bit lane. */
SC_CRC_INLINE uint64_t crc32c_shift8(__m512i c, __m512i k)
{
    __m512i t = _mm512_xor_si512(_mm512_clmulepi64_epi128(c, k, 0x00), _mm512_clmulepi64_epi128(c, k, 0x11));
    __m128i x = crc_xor_lanes512(t);
    return (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(x, _mm_unpackhi_epi64(x, x)));
}

/* Raw state after the whole chunks at *pp; advances *pp and *len. Inlined
 * with a constant geometry, so the stream loops unroll with every stream
 * state in a register. */
SC_CRC_INLINE uint32_t crc32c_fused_chunks(uint32_t state, const uint8_t **pp, size_t *len,
                                           const struct crc32c_fused_geometry g)
{
    enum { NS = SC_CRC32C_FUSED_STREAMS };
    const struct sc_crc_fold_consts *k = &sc_crc32c_fold_consts;
    const __m512i k256 = crc_pair512(k->fold_256b);
    const __m512i kjump = _mm512_broadcast_i32x4(_mm_set_epi64x(g.jump_hi, g.jump_lo));
    /* Lanes 0..6 move streams 0..6 to the chunk end (the last stream ends
     * there), lane 7 moves r over the chunk. */
    const __m512i kshift = _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)g.shift));
    const uint8_t *p = *pp;
    size_t chunks = *len / g.chunk;
    __m512i a0 = _mm512_xor_si512(crc_load512(p), _mm512_zextsi128_si512(crc_state128(state)));
    __m512i a1 = crc_load512(p + 64), a2 = crc_load512(p + 128), a3 = crc_load512(p + 192);
    uint64_t r = 0, m = 0;
    for (size_t chunk = 0; chunk < chunks; chunk++, p += g.chunk) {
        const uint8_t *s = p + 256 * g.iters;
        uint64_t c[NS] = {0};
        if (chunk) {
            a0 = crc_fold512(a0, kjump, crc_load512(p));
            a1 = crc_fold512(a1, kjump, crc_load512(p + 64));
            a2 = crc_fold512(a2, kjump, crc_load512(p + 128));
            a3 = crc_fold512(a3, kjump, crc_load512(p + 192));
        }
        for (int j = 0; j < g.iters; j++) {
            if (j) {
                const uint8_t *v = p + 256 * j;
                a0 = crc_fold512(a0, k256, crc_load512(v));
                a1 = crc_fold512(a1, k256, crc_load512(v + 64));
                a2 = crc_fold512(a2, k256, crc_load512(v + 128));
                a3 = crc_fold512(a3, k256, crc_load512(v + 192));
            }
            crc32c_fused_streams(c, s + (size_t)j * SC_CRC32C_FUSED_STREAM_STEP, g.stream);
        }
        m = crc32c_shift8(_mm512_setr_epi64((long long)c[0], (long long)c[1], (long long)c[2], (long long)c[3],
                                            (long long)c[4], (long long)c[5], (long long)c[6], (long long)r),
                          kshift);
        r = c[NS - 1];
        if (chunk + 1 < chunks) r ^= crc32c_reduce64(m);
    }
    /* The last chunk: accumulators straight to its end, the streams' lane
     * into the low-degree half, r (the last stream) added after. */
    const __m512i k0 = _mm512_loadu_si512((const void *)g.window[0]);
    const __m512i k1 = _mm512_loadu_si512((const void *)g.window[4]);
    const __m512i k2 = _mm512_loadu_si512((const void *)g.window[8]);
    const __m512i k3 = _mm512_loadu_si512((const void *)g.window[12]);
    __m512i u = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(a0, k0, 0x00),
                                          _mm512_clmulepi64_epi128(a0, k0, 0x11),
                                          _mm512_clmulepi64_epi128(a1, k1, 0x00), 0x96);
    __m512i v = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(a1, k1, 0x11),
                                          _mm512_clmulepi64_epi128(a2, k2, 0x00),
                                          _mm512_clmulepi64_epi128(a2, k2, 0x11), 0x96);
    u = _mm512_ternarylogic_epi64(u, _mm512_clmulepi64_epi128(a3, k3, 0x00), _mm512_clmulepi64_epi128(a3, k3, 0x11),
                                  0x96);
    __m128i x = crc_xor_lanes512(_mm512_xor_si512(u, v));
    x = _mm_xor_si128(x, _mm_insert_epi64(_mm_setzero_si128(), (long long)m, 1));
    *pp = p;
    *len -= chunks * g.chunk;
    return crc32c_reduce128(x) ^ (uint32_t)r;
}

CRC32C_FUSED_LONG(crc32c_fused_long, crc32c_fused_chunks, crc_fold_vpclmul512_body, 4096)

/* Under 1 KiB the plain kernel is the faster one (inlined here). */
#define SC_CRC32C_FUSED_MIN 1024
SC_CHECKSUM_KERNEL(sc_crc32c_x86_fused512)
{
    if (len < SC_CRC32C_FUSED_MIN) return crc32c_vpclmul512(value, buf, len);
    return ~crc32c_fused_long(~value, buf, len);
}
