/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014) one block at a time with NEON, for the serial
 * modes of the arm-neon kernel (kalyna_neon.c): CBC encryption, the MAC, and
 * calls of a few blocks (E(IV) of CTR, the MAC's E(0), short messages, the
 * tails of the parallel modes), where a zero-padded 16-block chunk costs
 * five to seven times as much. Decryption runs the steps backwards with
 * the inverse tables.
 *
 * The block stays in memory order in nb / 2 registers: register g holds
 * bytes 16 g .. 16 g + 15, so lane i is row i % 8 of column 2 g + i / 8.
 * A round (section 6.2), constant time like the sliced kernel:
 *   ShiftRows   a fixed byte permutation of the block: one TBL over its
 *               registers per register. It keeps every byte in its row, so
 *               it commutes with SubBytes and goes first;
 *   SubBytes    lane i takes pi_(i % 4): each S-box is looked up on the
 *               whole register (TBL + 3 TBX over the whole table, as in the
 *               sliced kernel) and a BSL keeps it in its own lanes;
 *   MixColumns  output row r of a column is XOR_d v_d * row (r + d): the
 *               products 4x, 6x, 8x from the nibble tables (5x = 4x ^ x,
 *               7x = 6x ^ x), each rotated down d bytes within its 64-bit
 *               column by a TBL with constant indices. */
#include "kalyna_neon_common.h"

/* ShiftRows: lane i of output register g reads block byte
 * 8 ((c - r nb / 8) mod nb) + r, c = (16 g + i) / 8, r = i % 8; the
 * inverse 8 ((c + r nb / 8) mod nb) + r. */
static const uint8_t shift_index_2[1][16] = {{0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7}};
static const uint8_t shift_index_4[2][16] = {{0, 1, 26, 27, 20, 21, 14, 15, 8, 9, 2, 3, 28, 29, 22, 23},
                                             {16, 17, 10, 11, 4, 5, 30, 31, 24, 25, 18, 19, 12, 13, 6, 7}};
static const uint8_t shift_index_8[4][16] = {{0, 57, 50, 43, 36, 29, 22, 15, 8, 1, 58, 51, 44, 37, 30, 23},
                                             {16, 9, 2, 59, 52, 45, 38, 31, 24, 17, 10, 3, 60, 53, 46, 39},
                                             {32, 25, 18, 11, 4, 61, 54, 47, 40, 33, 26, 19, 12, 5, 62, 55},
                                             {48, 41, 34, 27, 20, 13, 6, 63, 56, 49, 42, 35, 28, 21, 14, 7}};
static const uint8_t unshift_index_4[2][16] = {{0, 1, 10, 11, 20, 21, 30, 31, 8, 9, 18, 19, 28, 29, 6, 7},
                                               {16, 17, 26, 27, 4, 5, 14, 15, 24, 25, 2, 3, 12, 13, 22, 23}};
static const uint8_t unshift_index_8[4][16] = {{0, 9, 18, 27, 36, 45, 54, 63, 8, 17, 26, 35, 44, 53, 62, 7},
                                               {16, 25, 34, 43, 52, 61, 6, 15, 24, 33, 42, 51, 60, 5, 14, 23},
                                               {32, 41, 50, 59, 4, 13, 22, 31, 40, 49, 58, 3, 12, 21, 30, 39},
                                               {48, 57, 2, 11, 20, 29, 38, 47, 56, 1, 10, 19, 28, 37, 46, 55}};

/* rotate_index[d - 1]: lane i reads lane (i & 8) + ((i + d) & 7), row r + d
 * of the same column. */
static const uint8_t rotate_index[7][16] = {
    {1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8}, {2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9},
    {3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10}, {4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11},
    {5, 6, 7, 0, 1, 2, 3, 4, 13, 14, 15, 8, 9, 10, 11, 12}, {6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13},
    {7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14}};

/* box_lanes[j - 1]: the lanes of S-box j, i % 4 == j. */
static const uint8_t box_lanes[3][16] = {{0, 0xff, 0, 0, 0, 0xff, 0, 0, 0, 0xff, 0, 0, 0, 0xff, 0, 0},
                                         {0, 0, 0xff, 0, 0, 0, 0xff, 0, 0, 0, 0xff, 0, 0, 0, 0xff, 0},
                                         {0, 0, 0, 0xff, 0, 0, 0, 0xff, 0, 0, 0, 0xff, 0, 0, 0, 0xff}};

/* (Inverse) ShiftRows; with 128-bit blocks the shift is 0 or 1 column of
 * two: its own inverse. */
AI void shift_rows(vec_t *s, unsigned regs, int inverse)
{
    if (regs == 1) {
        s[0] = vqtbl1q_u8(s[0], vld1q_u8(shift_index_2[0]));
    } else if (regs == 2) {
        const uint8x16x2_t block = {{s[0], s[1]}};
        for (unsigned g = 0; g < 2; g++)
            s[g] = vqtbl2q_u8(block, vld1q_u8(inverse ? unshift_index_4[g] : shift_index_4[g]));
    } else {
        const uint8x16x4_t block = {{s[0], s[1], s[2], s[3]}};
        for (unsigned g = 0; g < 4; g++)
            s[g] = vqtbl4q_u8(block, vld1q_u8(inverse ? unshift_index_8[g] : shift_index_8[g]));
    }
}

/* (Inverse) SubBytes with the boxes sc_kalyna_sbox or sc_kalyna_sbox_inv. */
AI void sub_bytes(vec_t *s, unsigned regs, const uint8_t (*boxes)[256])
{
    vec_t y[4];
    UNROLL
    for (unsigned j = 0; j < 4; j++) {
        const uint8_t *box = boxes[j];
        const uint8x16x4_t part0 = vld1q_u8_x4(box), part1 = vld1q_u8_x4(box + 64), part2 = vld1q_u8_x4(box + 128),
                           part3 = vld1q_u8_x4(box + 192);
        for (unsigned g = 0; g < regs; g++) {
            const vec_t v = sbox_apply(part0, part1, part2, part3, s[g]);
            y[g] = j == 0 ? v : vbslq_u8(vld1q_u8(box_lanes[j - 1]), v, y[g]);
        }
    }
    for (unsigned g = 0; g < regs; g++) s[g] = y[g];
}

AI vec_t rotate(vec_t v, unsigned d) { return vqtbl1q_u8(v, vld1q_u8(rotate_index[d - 1])); }

/* MixColumns on the two columns of a register, v = 01 01 05 01 08 06 07 04:
 * with pair = x ^ rot_1(x), pair ^ rot_2(pair ^ 4x) holds the terms of
 * d = 0 .. 3 (5 = 4 ^ 1). */
AI vec_t mix_columns(vec_t x)
{
    const nibbles n = split(x);
    const vec_t m4 = gf_mul(n, gf_table_load(SC_KALYNA_NIB_04)), m6 = gf_mul(n, gf_table_load(SC_KALYNA_NIB_06)),
                m8 = gf_mul(n, gf_table_load(SC_KALYNA_NIB_08));
    const vec_t pair = veorq_u8(x, rotate(x, 1));
    vec_t o = veorq_u8(pair, rotate(veorq_u8(pair, m4), 2));
    o = veorq_u8(o, rotate(m8, 4));
    o = veorq_u8(o, rotate(m6, 5));
    o = veorq_u8(o, rotate(veorq_u8(x, m6), 6));
    return veorq_u8(o, rotate(m4, 7));
}

/* InvMixColumns on the two columns of a register, w = ad 95 76 a8 2f 49 d7
 * ca, and ca = 1 ^ ad ^ 2f ^ 49 costs xors only. */
AI vec_t inv_mix_columns(vec_t x)
{
    const nibbles n = split(x);
    const vec_t ad = gf_mul(n, gf_table_load(SC_KALYNA_NIB_AD)), x2f = gf_mul(n, gf_table_load(SC_KALYNA_NIB_2F)),
                x49 = gf_mul(n, gf_table_load(SC_KALYNA_NIB_49));
    vec_t o = veorq_u8(ad, rotate(gf_mul(n, gf_table_load(SC_KALYNA_NIB_95)), 1));
    o = veorq_u8(o, rotate(gf_mul(n, gf_table_load(SC_KALYNA_NIB_76)), 2));
    o = veorq_u8(o, rotate(gf_mul(n, gf_table_load(SC_KALYNA_NIB_A8)), 3));
    o = veorq_u8(o, rotate(x2f, 4));
    o = veorq_u8(o, rotate(x49, 5));
    o = veorq_u8(o, rotate(gf_mul(n, gf_table_load(SC_KALYNA_NIB_D7)), 6));
    return veorq_u8(o, rotate(veorq_u8(veorq_u8(x, ad), veorq_u8(x2f, x49)), 7));
}

AI void round_without_key(vec_t *s, unsigned regs)
{
    shift_rows(s, regs, 0);
    sub_bytes(s, regs, sc_kalyna_sbox);
    for (unsigned g = 0; g < regs; g++) s[g] = mix_columns(s[g]);
}

/* The inverse round: InvMixColumns, then InvShiftRows and InvSubBytes. */
AI void inverse_round_without_key(vec_t *s, unsigned regs)
{
    for (unsigned g = 0; g < regs; g++) s[g] = inv_mix_columns(s[g]);
    shift_rows(s, regs, 1);
    sub_bytes(s, regs, sc_kalyna_sbox_inv);
}

AI vec_t add64(vec_t v, const uint64_t *key)
{
    return vreinterpretq_u8_u64(vaddq_u64(vreinterpretq_u64_u8(v), vld1q_u64(key)));
}

AI vec_t sub64(vec_t v, const uint64_t *key)
{
    return vreinterpretq_u8_u64(vsubq_u64(vreinterpretq_u64_u8(v), vld1q_u64(key)));
}

/* The block in s (nb / 2 registers) -> E(block): the first and last round
 * keys added modulo 2^64 per column, the others xored. */
AI void encrypt_state(const sc_kalyna_key *k, unsigned nb, vec_t *s)
{
    const unsigned regs = nb / 2;
    for (unsigned g = 0; g < regs; g++) s[g] = add64(s[g], k->rk[0] + 2 * g);
    for (unsigned r = 1; r < k->rounds; r++) {
        round_without_key(s, regs);
        for (unsigned g = 0; g < regs; g++) s[g] = veorq_u8(s[g], vld1q_u8((const uint8_t *)(k->rk[r] + 2 * g)));
    }
    round_without_key(s, regs);
    for (unsigned g = 0; g < regs; g++) s[g] = add64(s[g], k->rk[k->rounds] + 2 * g);
}

/* The block in s -> D(block), the steps of encrypt_state backwards. */
AI void decrypt_state(const sc_kalyna_key *k, unsigned nb, vec_t *s)
{
    const unsigned regs = nb / 2;
    for (unsigned g = 0; g < regs; g++) s[g] = sub64(s[g], k->rk[k->rounds] + 2 * g);
    inverse_round_without_key(s, regs);
    for (unsigned r = k->rounds - 1; r >= 1; r--) {
        for (unsigned g = 0; g < regs; g++) s[g] = veorq_u8(s[g], vld1q_u8((const uint8_t *)(k->rk[r] + 2 * g)));
        inverse_round_without_key(s, regs);
    }
    for (unsigned g = 0; g < regs; g++) s[g] = sub64(s[g], k->rk[0] + 2 * g);
}

/* c = E(c ^ in_i) for each block, c starting at chain (zero if NULL) and
 * left there; each c also to out_i unless out is NULL. So: one block
 * (chain NULL), CBC encryption, the MAC chain (out NULL). */
AI void chain_blocks(const sc_kalyna_key *k, unsigned nb, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    const unsigned regs = nb / 2, bs = 8 * nb;
    vec_t c[4];
    for (unsigned g = 0; g < regs; g++) c[g] = chain ? vld1q_u8(chain + 16 * g) : vdupq_n_u8(0);
    for (size_t i = 0; i < n; i++) {
        for (unsigned g = 0; g < regs; g++) c[g] = veorq_u8(c[g], vld1q_u8(in + i * bs + 16 * g));
        encrypt_state(k, nb, c);
        if (out)
            for (unsigned g = 0; g < regs; g++) vst1q_u8(out + i * bs + 16 * g, c[g]);
    }
    if (chain)
        for (unsigned g = 0; g < regs; g++) vst1q_u8(chain + 16 * g, c[g]);
}

/* One function per block size: the register count is a constant. */
#define CHAIN_FOR(NB)                                                                                       \
    static __attribute__((noinline)) void chain_##NB(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, \
                                                     uint8_t *out, size_t n)                                \
    {                                                                                                       \
        chain_blocks(k, NB, chain, in, out, n);                                                             \
    }                                                                                                       \
    static __attribute__((noinline)) void decrypt1_##NB(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out) \
    {                                                                                                       \
        vec_t s[NB / 2];                                                                                    \
        for (unsigned g = 0; g < NB / 2; g++) s[g] = vld1q_u8(in + 16 * g);                                 \
        decrypt_state(k, NB, s);                                                                            \
        for (unsigned g = 0; g < NB / 2; g++) vst1q_u8(out + 16 * g, s[g]);                                 \
    }
CHAIN_FOR(2)
CHAIN_FOR(4)
CHAIN_FOR(8)

static void chain_any(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    SC_KALYNA_BY_NB(k, chain, k, chain, in, out, n);
}

void sc_kalyna_arm_neon_encrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)
{
    chain_any(k, NULL, in, out, 1);
}

void sc_kalyna_arm_neon_decrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)
{
    SC_KALYNA_BY_NB(k, decrypt1, k, in, out);
}

void sc_kalyna_arm_neon_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                    size_t nblocks)
{
    chain_any(k, chain, in, out, nblocks);
}

void sc_kalyna_arm_neon_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks)
{
    chain_any(k, chain, in, NULL, nblocks);
}
