/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014), one block at a time with SSSE3, constant time:
 * CBC encryption and the MAC of the pshufb kernels, whose chunked layout
 * (kalyna_pshufb_template.h) would compute 16..64 blocks for each one.
 *
 * The block sits in nb / 2 xmm registers in memory order (byte i is row
 * i % 8 of column i / 8), and a round is:
 *   ShiftRows   row r moves r nb / 8 columns right (section 6.2.2): one
 *               pshufb per pair of registers with zeroing indexes (bit 7),
 *               the pieces or-ed; a single pshufb for 128-bit blocks.
 *   SubBytes    byte i goes through pi_(i % 4). A 256-entry lookup is 16
 *               pshufb on the low nibble, one per table row h, each kept
 *               where the high nibble is h by pshufb's own zeroing: the
 *               index (x - 16 h) saturating-plus 0x70 has bit 7 clear
 *               exactly there (the trick of the chunked kernels). The
 *               indexes are shared by the four S-boxes; the S-box of each
 *               byte is picked by masks at the end. Every row of every
 *               table is read whatever the data.
 *   MixColumns  out = XOR_d rotr64(v_d * u, 8 d) with v = 01 01 05 01 08
 *               06 07 04 (section 6.2.3): the products by 4, 6, 8 from
 *               16-entry nibble tables (kalyna_gf_nibbles.h, two pshufb
 *               each), 5 = 4 ^ 1 and 7 = 6 ^ 1, every term placed by a
 *               pshufb rotating the bytes inside each column.
 *   Round keys  the first and last added modulo 2^64 per column, the
 *               others xored (section 6.2.1).
 * Measured on Zen 5, Kalyna-128/128 CBC encryption through the SSSE3 kernel:
 * see BENCHMARKS.md (the chunked path cost ~17x more per block). */
#include <tmmintrin.h>

#include "../../kalyna/kalyna_gf_nibbles.h"
#include "kalyna_ssse3_1block.h"

#define AI static inline __attribute__((always_inline))
enum { MAX_REGS = SC_KALYNA_MAX_BLOCK / 16 };

/* ShiftRows (encryption) as pshufb indexes: output register o takes from
 * input register j the bytes whose source is there, 0x80 (zero) elsewhere.
 * Output byte i = 8 c + r comes from byte 8 ((c - r nb / 8) mod nb) + r. */
#define SR_SRC(nb, i) (8 * ((((i) / 8) + (nb) - ((i) % 8) * (nb) / 8) % (nb)) + (i) % 8)
#define SR_IDX(nb, o, j, q) (SR_SRC(nb, 16 * (o) + (q)) / 16 == (j) ? SR_SRC(nb, 16 * (o) + (q)) % 16 : 0x80)
#define SR_ROW(nb, o, j)                                                                                       \
    {SR_IDX(nb, o, j, 0),  SR_IDX(nb, o, j, 1),  SR_IDX(nb, o, j, 2),  SR_IDX(nb, o, j, 3),                    \
     SR_IDX(nb, o, j, 4),  SR_IDX(nb, o, j, 5),  SR_IDX(nb, o, j, 6),  SR_IDX(nb, o, j, 7),                    \
     SR_IDX(nb, o, j, 8),  SR_IDX(nb, o, j, 9),  SR_IDX(nb, o, j, 10), SR_IDX(nb, o, j, 11),                   \
     SR_IDX(nb, o, j, 12), SR_IDX(nb, o, j, 13), SR_IDX(nb, o, j, 14), SR_IDX(nb, o, j, 15)}
#define SR_OUT(nb, o) {SR_ROW(nb, o, 0), SR_ROW(nb, o, 1), SR_ROW(nb, o, 2), SR_ROW(nb, o, 3)}
/* [nb / 4 = 0, 1, 2 for nb = 2, 4, 8][output register][input register] */
static const uint8_t shift_rows_index[3][MAX_REGS][MAX_REGS][16] __attribute__((aligned(16))) = {
    {SR_OUT(2, 0)},
    {SR_OUT(4, 0), SR_OUT(4, 1)},
    {SR_OUT(8, 0), SR_OUT(8, 1), SR_OUT(8, 2), SR_OUT(8, 3)},
};

/* rotr64 by 8 d inside each column: output byte r takes byte (r + d) % 8. */
#define ROT_IDX(d, q) (8 * ((q) / 8) + ((q) % 8 + (d)) % 8)
#define ROT_ROW(d)                                                                                             \
    {ROT_IDX(d, 0), ROT_IDX(d, 1), ROT_IDX(d, 2),  ROT_IDX(d, 3),  ROT_IDX(d, 4),  ROT_IDX(d, 5),              \
     ROT_IDX(d, 6), ROT_IDX(d, 7), ROT_IDX(d, 8),  ROT_IDX(d, 9),  ROT_IDX(d, 10), ROT_IDX(d, 11),             \
     ROT_IDX(d, 12), ROT_IDX(d, 13), ROT_IDX(d, 14), ROT_IDX(d, 15)}
static const uint8_t rotate_index[8][16] __attribute__((aligned(16))) = {
    ROT_ROW(0), ROT_ROW(1), ROT_ROW(2), ROT_ROW(3), ROT_ROW(4), ROT_ROW(5), ROT_ROW(6), ROT_ROW(7)};

/* Bytes of a register that use S-box s: i % 4 == s. */
static const uint32_t sbox_lane[4] = {0x000000FFu, 0x0000FF00u, 0x00FF0000u, 0xFF000000u};

AI __m128i load16(const void *p) { return _mm_loadu_si128((const __m128i *)p); }

AI void shift_rows(__m128i *x, const unsigned nb)
{
    const unsigned regs = nb / 2, t = nb / 4;
    __m128i y[MAX_REGS];
    for (unsigned o = 0; o < regs; o++) {
        y[o] = _mm_setzero_si128();
        for (unsigned j = 0; j < regs; j++)
            y[o] = _mm_or_si128(y[o], _mm_shuffle_epi8(x[j], load16(shift_rows_index[t][o][j])));
    }
    for (unsigned o = 0; o < regs; o++) x[o] = y[o];
}

/* One register (128-bit blocks): a latency chain, so every row's index
 * comes straight from x (x - 16 h, not a running decrement) and each
 * S-box's 16 lookups are summed by a tree of xors: ~6 operations deep
 * instead of ~30. Several registers: their chains interleave, and the rows
 * are loaded once for all of them into running sums (fewer live registers
 * than 16 indexes per register, which would spill). */
AI __m128i xor_tree16(__m128i *t)
{
    for (int w = 8; w >= 1; w /= 2)
        for (int i = 0; i < w; i++) t[i] = _mm_xor_si128(t[i], t[i + w]);
    return t[0];
}

AI void sub_bytes(__m128i *x, const unsigned regs)
{
    const __m128i bias = _mm_set1_epi8(0x70);
    if (regs == 1) {
        __m128i idx[16];
        for (int h = 0; h < 16; h++) /* bit 7 clear iff the high nibble is h */
            idx[h] = _mm_adds_epu8(_mm_sub_epi8(x[0], _mm_set1_epi8((char)(16 * h))), bias);
        __m128i u = _mm_setzero_si128();
        for (int s = 0; s < 4; s++) {
            __m128i t[16];
            for (int h = 0; h < 16; h++) t[h] = _mm_shuffle_epi8(load16(sc_kalyna_sbox[s] + 16 * h), idx[h]);
            u = _mm_or_si128(u, _mm_and_si128(xor_tree16(t), _mm_set1_epi32((int)sbox_lane[s])));
        }
        x[0] = u;
        return;
    }
    const __m128i step = _mm_set1_epi8(0x10);
    __m128i acc[MAX_REGS][4];
    for (unsigned i = 0; i < regs; i++)
        for (int s = 0; s < 4; s++) acc[i][s] = _mm_setzero_si128();
    for (int h = 0; h < 16; h++) {
        __m128i idx[MAX_REGS];
        for (unsigned i = 0; i < regs; i++) {
            if (h) x[i] = _mm_sub_epi8(x[i], step); /* x - 16 h: below 16 iff the high nibble is h */
            idx[i] = _mm_adds_epu8(x[i], bias);
        }
        for (int s = 0; s < 4; s++) {
            const __m128i row = load16(sc_kalyna_sbox[s] + 16 * h);
            for (unsigned i = 0; i < regs; i++) acc[i][s] = _mm_xor_si128(acc[i][s], _mm_shuffle_epi8(row, idx[i]));
        }
    }
    for (unsigned i = 0; i < regs; i++) {
        __m128i u = _mm_setzero_si128();
        for (int s = 0; s < 4; s++) u = _mm_or_si128(u, _mm_and_si128(acc[i][s], _mm_set1_epi32((int)sbox_lane[s])));
        x[i] = u;
    }
}

AI __m128i gf_mul(__m128i lo, __m128i hi, int c)
{
    return _mm_xor_si128(_mm_shuffle_epi8(load16(sc_kalyna_gf_nibbles[c][0]), lo),
                         _mm_shuffle_epi8(load16(sc_kalyna_gf_nibbles[c][1]), hi));
}

AI __m128i rot(__m128i x, int d) { return _mm_shuffle_epi8(x, load16(rotate_index[d])); }

/* MixColumns of two columns, then xor key. */
AI __m128i mix_columns_xor(__m128i u, __m128i key)
{
    const __m128i nibble = _mm_set1_epi8(0x0f);
    const __m128i lo = _mm_and_si128(u, nibble), hi = _mm_and_si128(_mm_srli_epi16(u, 4), nibble);
    const __m128i m4 = gf_mul(lo, hi, SC_KALYNA_NIB_04), m6 = gf_mul(lo, hi, SC_KALYNA_NIB_06);
    const __m128i m8 = gf_mul(lo, hi, SC_KALYNA_NIB_08);
    __m128i a = _mm_xor_si128(_mm_xor_si128(u, key), _mm_xor_si128(rot(u, 1), rot(u, 3)));
    __m128i b = _mm_xor_si128(rot(_mm_xor_si128(m4, u), 2), rot(m8, 4));
    __m128i c = _mm_xor_si128(rot(m6, 5), _mm_xor_si128(rot(_mm_xor_si128(m6, u), 6), rot(m4, 7)));
    return _mm_xor_si128(a, _mm_xor_si128(b, c));
}

AI void encrypt_regs(const sc_kalyna_key *k, __m128i *x, const unsigned nb)
{
    const unsigned regs = nb / 2, rounds = k->rounds;
    for (unsigned i = 0; i < regs; i++) x[i] = _mm_add_epi64(x[i], load16(&k->rk[0][2 * i]));
    for (unsigned r = 1; r <= rounds; r++) {
        shift_rows(x, nb);
        sub_bytes(x, regs);
        for (unsigned i = 0; i < regs; i++)
            x[i] = mix_columns_xor(x[i], r < rounds ? load16(&k->rk[r][2 * i]) : _mm_setzero_si128());
    }
    for (unsigned i = 0; i < regs; i++) x[i] = _mm_add_epi64(x[i], load16(&k->rk[rounds][2 * i]));
}

/* chain = E(in_i ^ chain) for each block, the chain in registers; out_i =
 * chain when out is not NULL (CBC), nothing written when it is (MAC).
 * independent: out_i = E(in_i) (ECB of a few blocks; chain unused): no
 * dependency between blocks, so the core overlaps them. */
AI void serial(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n, const unsigned nb,
               const int independent)
{
    const unsigned regs = nb / 2;
    const size_t bs = 8 * nb;
    __m128i x[MAX_REGS];
    if (!independent)
        for (unsigned i = 0; i < regs; i++) x[i] = load16(chain + 16 * i);
    for (size_t b = 0; b < n; b++) {
        for (unsigned i = 0; i < regs; i++)
            x[i] = independent ? load16(in + b * bs + 16 * i) : _mm_xor_si128(x[i], load16(in + b * bs + 16 * i));
        encrypt_regs(k, x, nb);
        if (out != NULL)
            for (unsigned i = 0; i < regs; i++) _mm_storeu_si128((__m128i *)(out + b * bs + 16 * i), x[i]);
    }
    if (!independent)
        for (unsigned i = 0; i < regs; i++) _mm_storeu_si128((__m128i *)(chain + 16 * i), x[i]);
}

/* One function per block size, so that nb is a constant inside. */
#define SERIAL_FOR(NB)                                                                                        \
    static __attribute__((noinline)) void serial_##NB(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, \
                                                      uint8_t *out, size_t n, int independent)               \
    {                                                                                                         \
        if (independent) serial(k, chain, in, out, n, NB, 1);                                                 \
        else serial(k, chain, in, out, n, NB, 0);                                                             \
    }
SERIAL_FOR(2)
SERIAL_FOR(4)
SERIAL_FOR(8)

static void run(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n, int independent)
{
    SC_KALYNA_BY_NB(k, serial, k, chain, in, out, n, independent);
}

void sc_kalyna_x86_ssse3_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                     size_t nblocks)
{
    run(k, chain, in, out, nblocks, 0);
}

void sc_kalyna_x86_ssse3_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks)
{
    run(k, chain, in, NULL, nblocks, 0);
}

void sc_kalyna_x86_ssse3_encrypt_few(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    run(k, NULL, in, out, nblocks, 1);
}
