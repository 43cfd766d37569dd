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
 *  - at the end the vector CRC moves over the last chunk's streams and meets r.
 * The scalar side never waits for the vector side. What is left after the
 * last chunk goes through the plain VPCLMULQDQ body. */
#include "../../checksum/checksum_kernels.h"
#include "crc32c_sse42.h"
#include "crc_fold_vpclmul512.h"

_Static_assert(SC_CRC32C_FUSED_VEC_STEP == 256, "the loop folds four zmm per iteration");
_Static_assert(SC_CRC32C_FUSED_STREAM_STEP % 8 == 0, "streams advance by whole crc32q words");

/* Raw state after the whole chunks at *pp; advances *pp and *len. */
static uint32_t crc32c_fused_chunks(uint32_t state, const uint8_t **pp, size_t *len)
{
    enum { NS = SC_CRC32C_FUSED_STREAMS, STEP = SC_CRC32C_FUSED_STREAM_STEP, ITERS = SC_CRC32C_FUSED_ITERS };
    const struct sc_crc_fold_consts *k = &sc_crc32c_fold_consts;
    const __m512i k256 = crc_pair512(k->fold_256b);
    const __m512i kjump = _mm512_broadcast_i32x4(_mm_set_epi64x(SC_CRC32C_FUSED_JUMP_HI, SC_CRC32C_FUSED_JUMP_LO));
    const uint8_t *p = *pp;
    size_t chunks = *len / SC_CRC32C_FUSED_CHUNK;
    __m512i a0 = _mm512_xor_si512(crc_load512(p), _mm512_zextsi128_si512(crc_state128(state)));
    __m512i a1 = crc_load512(p + 64), a2 = crc_load512(p + 128), a3 = crc_load512(p + 192);
    uint32_t r = 0;
    for (size_t chunk = 0; chunk < chunks; chunk++, p += SC_CRC32C_FUSED_CHUNK) {
        const uint8_t *s = p + 256 * ITERS;
        uint64_t c[NS] = {0};
        if (chunk) {
            a0 = crc_fold512(a0, kjump, crc_load512(p));
            a1 = crc_fold512(a1, kjump, crc_load512(p + 64));
            a2 = crc_fold512(a2, kjump, crc_load512(p + 128));
            a3 = crc_fold512(a3, kjump, crc_load512(p + 192));
        }
        for (int j = 0; j < ITERS; j++) {
            if (j) {
                const uint8_t *v = p + 256 * j;
                a0 = crc_fold512(a0, k256, crc_load512(v));
                a1 = crc_fold512(a1, k256, crc_load512(v + 64));
                a2 = crc_fold512(a2, k256, crc_load512(v + 128));
                a3 = crc_fold512(a3, k256, crc_load512(v + 192));
            }
            /* Fully unrolled so that the stream states live in registers. */
#pragma GCC unroll 16
            for (int w = 0; w < STEP; w += 8)
#pragma GCC unroll 16
                for (int i = 0; i < NS; i++)
                    c[i] = _mm_crc32_u64(c[i], crc32c_load64(s + i * SC_CRC32C_FUSED_STREAM + j * STEP + w));
        }
        uint64_t m = crc32c_clmul32(r, SC_CRC32C_FUSED_SHIFT_CHUNK);
#pragma GCC unroll 16
        for (int i = 0; i < NS - 1; i++) m ^= crc32c_clmul32((uint32_t)c[i], sc_crc32c_fused_stream_shift[i]);
        r = crc32c_reduce64(m) ^ (uint32_t)c[NS - 1];
    }
    const __m512i k128 = crc_pair512(k->fold_128b), k64 = crc_pair512(k->fold_64b);
    __m512i a = crc_fold512(crc_fold512(a0, k128, a2), k64, crc_fold512(a1, k128, a3));
    uint32_t vec = crc32c_reduce128(crc_fold512_to_128(a, k));
    *pp = p;
    *len -= chunks * SC_CRC32C_FUSED_CHUNK;
    return crc32c_shift(vec, SC_CRC32C_FUSED_SHIFT_STREAMS) ^ r;
}

SC_CHECKSUM_KERNEL(sc_crc32c_x86_fused512)
{
    uint32_t s = ~value;
    if (len >= SC_CRC32C_FUSED_CHUNK) s = crc32c_fused_chunks(s, &buf, &len);
    if (len < 16) return ~crc32c_bytes(s, buf, len);
    return ~crc32c_reduce128(crc_fold_vpclmul512_body(s, buf, len, &sc_crc32c_fold_consts));
}
