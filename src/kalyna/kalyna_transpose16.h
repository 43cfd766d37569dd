/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna's multi-block kernels keep the state transposed: register k holds
 * byte k of every block of a chunk, so ShiftRows and MixColumns need no
 * cross-block permutes. This is the 16x16 byte transpose both the pshufb
 * template and the VBMI+GFNI kernel use, written against the including
 * file's vec_t, v_unpack{lo,hi}{8,16,32,64}, AI and UNROLL. */
#ifndef SC_KALYNA_TRANSPOSE16_H
#define SC_KALYNA_TRANSPOSE16_H

static const int bitrev4[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};

/* 16x16 byte transpose inside each 128-bit lane: afterwards x[k] holds byte
 * k of every input lane, input register i landing in byte bitrev4(i). Four
 * rounds of unpacks pairing registers i and i + 8. */
AI void transpose16(vec_t *x)
{
    vec_t y[16];
    UNROLL
    for (int i = 0; i < 8; i++) {
        y[2 * i] = v_unpacklo8(x[i], x[i + 8]);
        y[2 * i + 1] = v_unpackhi8(x[i], x[i + 8]);
    }
    UNROLL
    for (int i = 0; i < 8; i++) {
        x[2 * i] = v_unpacklo16(y[i], y[i + 8]);
        x[2 * i + 1] = v_unpackhi16(y[i], y[i + 8]);
    }
    UNROLL
    for (int i = 0; i < 8; i++) {
        y[2 * i] = v_unpacklo32(x[i], x[i + 8]);
        y[2 * i + 1] = v_unpackhi32(x[i], x[i + 8]);
    }
    UNROLL
    for (int i = 0; i < 8; i++) {
        x[2 * i] = v_unpacklo64(y[i], y[i + 8]);
        x[2 * i + 1] = v_unpackhi64(y[i], y[i + 8]);
    }
}

/* The inverse: the same network on bit-reversed registers. */
AI void untranspose16(vec_t *x)
{
    vec_t t[16];
    UNROLL
    for (int a = 0; a < 16; a++) t[a] = x[bitrev4[a]];
    transpose16(t);
    UNROLL
    for (int b = 0; b < 16; b++) x[bitrev4[b]] = t[b];
}
#endif
