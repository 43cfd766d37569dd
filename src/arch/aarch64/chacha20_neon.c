/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 (RFC 8439 2.3-2.4) with NEON ("arm-neon"), constant time: only
 * additions, xors and fixed rotations, no data-dependent branch or address.
 *
 * Two layouts:
 *   vertical    4 blocks at once, word w of the 4 blocks in one q register
 *               (16 registers of state, 5 temporaries): the quarter rounds
 *               need no shuffles; the keystream is transposed back (trn1/
 *               trn2 on 32- then 64-bit lanes, 8 instructions per 4 words)
 *               before the xor. 14 instructions per quarter round for 4
 *               blocks.
 *   horizontal  one block as 4 q rows (a b c d), the columns as lanes; the
 *               diagonal round rotates rows b c d by ext (6 per double
 *               round). 17 instructions per half round for one block: dearer
 *               per block than vertical (340 against 280 per 10 double
 *               rounds) but no 4-block minimum and no transpose, so 1-3
 *               remaining blocks (and messages of up to 192 bytes) take
 *               it; a last 193..255 bytes go through one more vertical
 *               group.
 * Rotations: by 16 rev32 on halfwords, by 8 a tbl, by 12 and 7 shl + sri.
 * No scalar block interleaved beside the vector ones: the measure here is
 * instructions (qemu), and a scalar block costs 960 instructions where a
 * vector lane costs 280.
 * Guest instructions per byte under qemu (gcc 12 -O3; portable 19.6-20.3):
 * 4.67 at 16 KiB, 5.03 at 1420 B, 4.95 at 255 B, 5.2-5.5 at 64 B (3.6x-4.2x
 * fewer). The vertical rounds are
 * unrolled (UNROLL): the loop's register copies and counter cost more than
 * the few spills gcc then makes around the transposes.
 *
 * A partial last block is xored in whole rows, then in 8/4/2/1-byte pieces
 * (little-endian: the keystream bytes in order). */
#include <arm_neon.h>

#include "../../chacha/chacha_internal.h"
#include "../../core/unroll.h"

#define AI static inline __attribute__((always_inline))

typedef uint32x4_t u32x4;

/* Rotations left of every 32-bit lane. */
AI u32x4 rot16(u32x4 x) { return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x))); }
AI u32x4 rot8(u32x4 x, uint8x16_t idx) { return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), idx)); }
#define ROTN(x, n) vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - (n))

/* The byte permutation of a left rotation by 8 within each 32-bit lane. */
static const uint8_t rot8_table[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

/* Four independent quarter rounds on registers (vertical layout), step by
 * step across the four so that each step's instructions are independent. */
#define QR4(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3)                                       \
    do {                                                                                                          \
        a0 = vaddq_u32(a0, b0), a1 = vaddq_u32(a1, b1), a2 = vaddq_u32(a2, b2), a3 = vaddq_u32(a3, b3);           \
        d0 = rot16(veorq_u32(d0, a0)), d1 = rot16(veorq_u32(d1, a1));                                             \
        d2 = rot16(veorq_u32(d2, a2)), d3 = rot16(veorq_u32(d3, a3));                                             \
        c0 = vaddq_u32(c0, d0), c1 = vaddq_u32(c1, d1), c2 = vaddq_u32(c2, d2), c3 = vaddq_u32(c3, d3);           \
        b0 = veorq_u32(b0, c0), b1 = veorq_u32(b1, c1), b2 = veorq_u32(b2, c2), b3 = veorq_u32(b3, c3);           \
        b0 = ROTN(b0, 12), b1 = ROTN(b1, 12), b2 = ROTN(b2, 12), b3 = ROTN(b3, 12);                               \
        a0 = vaddq_u32(a0, b0), a1 = vaddq_u32(a1, b1), a2 = vaddq_u32(a2, b2), a3 = vaddq_u32(a3, b3);           \
        d0 = rot8(veorq_u32(d0, a0), r8), d1 = rot8(veorq_u32(d1, a1), r8);                                       \
        d2 = rot8(veorq_u32(d2, a2), r8), d3 = rot8(veorq_u32(d3, a3), r8);                                       \
        c0 = vaddq_u32(c0, d0), c1 = vaddq_u32(c1, d1), c2 = vaddq_u32(c2, d2), c3 = vaddq_u32(c3, d3);           \
        b0 = veorq_u32(b0, c0), b1 = veorq_u32(b1, c1), b2 = veorq_u32(b2, c2), b3 = veorq_u32(b3, c3);           \
        b0 = ROTN(b0, 7), b1 = ROTN(b1, 7), b2 = ROTN(b2, 7), b3 = ROTN(b3, 7);                                   \
    } while (0)

/* Transpose the 4x4 words of rows r0..r3 (row i = word i of blocks 0..3)
 * into o0..o3 (o_b = those 4 words of block b). */
#define TRANSPOSE(r0, r1, r2, r3, o0, o1, o2, o3)                                                                 \
    do {                                                                                                          \
        u32x4 t0 = vtrn1q_u32(r0, r1), t1 = vtrn2q_u32(r0, r1);                                                   \
        u32x4 t2 = vtrn1q_u32(r2, r3), t3 = vtrn2q_u32(r2, r3);                                                   \
        o0 = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));             \
        o1 = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));             \
        o2 = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));             \
        o3 = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));             \
    } while (0)

/* out[0..64) = in ^ the keystream rows k0..k3 of one block. */
AI void xor_block(const uint8_t *in, uint8_t *out, u32x4 k0, u32x4 k1, u32x4 k2, u32x4 k3)
{
    uint8x16x4_t m = vld1q_u8_x4(in);
    m.val[0] = veorq_u8(m.val[0], vreinterpretq_u8_u32(k0));
    m.val[1] = veorq_u8(m.val[1], vreinterpretq_u8_u32(k1));
    m.val[2] = veorq_u8(m.val[2], vreinterpretq_u8_u32(k2));
    m.val[3] = veorq_u8(m.val[3], vreinterpretq_u8_u32(k3));
    vst1q_u8_x4(out, m);
}

/* out = in ^ the keystream rows k0..k3 over n (1..63) bytes: whole rows,
 * then 8-, 4-, 2- and 1-byte pieces of the next row from general registers
 * (branches on the public length only; no buffer to wipe, no memcpy call). */
AI void xor_partial(const uint8_t *in, uint8_t *out, size_t n, u32x4 k0, u32x4 k1, u32x4 k2, u32x4 k3)
{
    u32x4 row = k0;
    if (n >= 16) {
        vst1q_u8(out, veorq_u8(vld1q_u8(in), vreinterpretq_u8_u32(k0)));
        row = k1, in += 16, out += 16, n -= 16;
        if (n >= 16) {
            vst1q_u8(out, veorq_u8(vld1q_u8(in), vreinterpretq_u8_u32(k1)));
            row = k2, in += 16, out += 16, n -= 16;
            if (n >= 16) {
                vst1q_u8(out, veorq_u8(vld1q_u8(in), vreinterpretq_u8_u32(k2)));
                row = k3, in += 16, out += 16, n -= 16;
            }
        }
    }
    uint64_t w = vgetq_lane_u64(vreinterpretq_u64_u32(row), 0);
    if (n & 8) {
        uint64_t v;
        memcpy(&v, in, 8), v ^= w, memcpy(out, &v, 8);
        w = vgetq_lane_u64(vreinterpretq_u64_u32(row), 1), in += 8, out += 8;
    }
    if (n & 4) {
        uint32_t v;
        memcpy(&v, in, 4), v ^= (uint32_t)w, memcpy(out, &v, 4);
        w >>= 32, in += 4, out += 4;
    }
    if (n & 2) {
        uint16_t v;
        memcpy(&v, in, 2), v ^= (uint16_t)w, memcpy(out, &v, 2);
        w >>= 16, in += 2, out += 2;
    }
    if (n & 1) out[0] = (uint8_t)(in[0] ^ w);
}

/* Groups of four blocks, counters ctr, ctr + 1, ... (mod 2^32), while more
 * than 3 blocks remain: whole groups, and a last one of 193..255 bytes
 * (its fourth block partial). Returns the bytes done (a multiple of 256,
 * or len). The feed-forward is added after the transpose, when each
 * block's rows are the state's rows (4 registers, the counter word added
 * before), not 16 broadcasts. */
static size_t vertical(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len)
{
    const uint8x16_t r8 = vld1q_u8(rot8_table);
    static const uint32_t lane[4] = {0, 1, 2, 3};
    const u32x4 s0 = vld1q_u32(s), s1 = vld1q_u32(s + 4), s2 = vld1q_u32(s + 8);
    const u32x4 s3 = vsetq_lane_u32(0, vld1q_u32(s + 12), 0); /* the counter word comes from `counters` */
    u32x4 counters = vaddq_u32(vdupq_n_u32(ctr), vld1q_u32(lane));
    const u32x4 four = vdupq_n_u32(4);
    size_t done = 0;
    for (; len - done > 192; done += 256) {
        u32x4 x0 = vdupq_laneq_u32(s0, 0), x1 = vdupq_laneq_u32(s0, 1), x2 = vdupq_laneq_u32(s0, 2);
        u32x4 x3 = vdupq_laneq_u32(s0, 3), x4 = vdupq_laneq_u32(s1, 0), x5 = vdupq_laneq_u32(s1, 1);
        u32x4 x6 = vdupq_laneq_u32(s1, 2), x7 = vdupq_laneq_u32(s1, 3), x8 = vdupq_laneq_u32(s2, 0);
        u32x4 x9 = vdupq_laneq_u32(s2, 1), x10 = vdupq_laneq_u32(s2, 2), x11 = vdupq_laneq_u32(s2, 3);
        u32x4 x12 = counters, x13 = vdupq_laneq_u32(s3, 1), x14 = vdupq_laneq_u32(s3, 2);
        u32x4 x15 = vdupq_laneq_u32(s3, 3);
        UNROLL
        for (int i = 0; i < 10; i++) {
            QR4(x0, x4, x8, x12, x1, x5, x9, x13, x2, x6, x10, x14, x3, x7, x11, x15);
            QR4(x0, x5, x10, x15, x1, x6, x11, x12, x2, x7, x8, x13, x3, x4, x9, x14);
        }
        x12 = vaddq_u32(x12, counters);
        counters = vaddq_u32(counters, four);
        u32x4 a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, d0, d1, d2, d3;
        TRANSPOSE(x0, x1, x2, x3, a0, a1, a2, a3);
        TRANSPOSE(x4, x5, x6, x7, b0, b1, b2, b3);
        TRANSPOSE(x8, x9, x10, x11, c0, c1, c2, c3);
        TRANSPOSE(x12, x13, x14, x15, d0, d1, d2, d3);
        xor_block(in, out, vaddq_u32(a0, s0), vaddq_u32(b0, s1), vaddq_u32(c0, s2), vaddq_u32(d0, s3));
        xor_block(in + 64, out + 64, vaddq_u32(a1, s0), vaddq_u32(b1, s1), vaddq_u32(c1, s2), vaddq_u32(d1, s3));
        xor_block(in + 128, out + 128, vaddq_u32(a2, s0), vaddq_u32(b2, s1), vaddq_u32(c2, s2), vaddq_u32(d2, s3));
        a3 = vaddq_u32(a3, s0), b3 = vaddq_u32(b3, s1), c3 = vaddq_u32(c3, s2), d3 = vaddq_u32(d3, s3);
        if (len - done < 256) {
            xor_partial(in + 192, out + 192, len - done - 192, a3, b3, c3, d3);
            return len;
        }
        xor_block(in + 192, out + 192, a3, b3, c3, d3);
        in += 256, out += 256;
    }
    return done;
}

/* Half a double round on one block's rows; then the rows b c d rotate
 * left by 1 2 3 lanes (diagonals into columns) or back. */
#define HALF_ROUND(a, b, c, d)                                                                                    \
    do {                                                                                                          \
        a = vaddq_u32(a, b), d = rot16(veorq_u32(d, a));                                                          \
        c = vaddq_u32(c, d), b = veorq_u32(b, c), b = ROTN(b, 12);                                                \
        a = vaddq_u32(a, b), d = rot8(veorq_u32(d, a), r8);                                                       \
        c = vaddq_u32(c, d), b = veorq_u32(b, c), b = ROTN(b, 7);                                                 \
    } while (0)

/* The last nblocks (1..3) blocks of len bytes (len > 64 (nblocks - 1)),
 * horizontally, blocks interleaved (independent chains for the pipeline). */
AI void horizontal(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len, const int nb)
{
    const uint8x16_t r8 = vld1q_u8(rot8_table);
    const u32x4 s0 = vld1q_u32(s), s1 = vld1q_u32(s + 4), s2 = vld1q_u32(s + 8);
    const u32x4 s3 = vsetq_lane_u32(ctr, vld1q_u32(s + 12), 0);
    const u32x4 one = vsetq_lane_u32(1, vdupq_n_u32(0), 0);
    u32x4 a[3], b[3], c[3], d[3], d0[3];
    for (int k = 0; k < nb; k++)
        a[k] = s0, b[k] = s1, c[k] = s2, d[k] = d0[k] = k ? vaddq_u32(d0[k - 1], one) : s3;
    for (int i = 0; i < 10; i++) {
        for (int k = 0; k < nb; k++) HALF_ROUND(a[k], b[k], c[k], d[k]);
        for (int k = 0; k < nb; k++)
            b[k] = vextq_u32(b[k], b[k], 1), c[k] = vextq_u32(c[k], c[k], 2), d[k] = vextq_u32(d[k], d[k], 3);
        for (int k = 0; k < nb; k++) HALF_ROUND(a[k], b[k], c[k], d[k]);
        for (int k = 0; k < nb; k++)
            b[k] = vextq_u32(b[k], b[k], 3), c[k] = vextq_u32(c[k], c[k], 2), d[k] = vextq_u32(d[k], d[k], 1);
    }
    for (int k = 0; k < nb; k++) {
        a[k] = vaddq_u32(a[k], s0), b[k] = vaddq_u32(b[k], s1);
        c[k] = vaddq_u32(c[k], s2), d[k] = vaddq_u32(d[k], d0[k]);
        if (k < nb - 1 || len - 64 * k == 64)
            xor_block(in + 64 * k, out + 64 * k, a[k], b[k], c[k], d[k]);
        else
            xor_partial(in + 64 * k, out + 64 * k, len - 64 * k, a[k], b[k], c[k], d[k]);
    }
}

void sc_chacha20_arm_neon(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len)
{
    /* whole groups, and the last 193..255 bytes as one more (cheaper than
     * 3 + 1 horizontal blocks) */
    size_t done = len > 192 ? vertical(state, state[12], in, out, len) : 0;
    uint32_t ctr = state[12] + (uint32_t)(done / 64); /* modulo 2^32 */
    in += done, out += done, len -= done;
    /* 1-3 blocks left (0..192 bytes): horizontally */
    if (len > 128) {
        horizontal(state, ctr, in, out, len, 3);
    } else if (len > 64) {
        horizontal(state, ctr, in, out, len, 2);
    } else if (len) {
        horizontal(state, ctr, in, out, len, 1);
    }
}
