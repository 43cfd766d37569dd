/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014) on at most 64 bytes of state at a time, constant
 * time, as a template: kalyna_ssse3_1block.c (SSSE3) and kalyna_avx2_1block.c
 * (AVX2: VEX encoding, and the S-box lookups of two kinds per ymm, below)
 * define KALYNA_1B(name), the exported names' prefix, and include it. These
 * serve the serial modes (CBC encryption, the MAC) and the short
 * ECB calls of the pshufb kernels, whose chunked layout
 * (kalyna_pshufb_template.h) would compute 16..64 blocks for each one.
 *
 * The state sits in up to four xmm registers in memory order (byte i of a
 * block is row i % 8 of column i / 8): one block of 128, 256 or 512 bits, or
 * 64 bytes of whole blocks (four Kalyna-128 blocks, two Kalyna-256 blocks).
 * A round is:
 *   ShiftRows   row r moves r nb / 8 columns right (section 6.2.2): one
 *               pshufb per pair of registers of a block with zeroing
 *               indexes (bit 7), the pieces or-ed; a single pshufb for
 *               128-bit blocks.
 *   SubBytes    byte i goes through pi_(i % 4). A 256-entry lookup is 16
 *               pshufb on the low nibble, one per table row h, each kept
 *               where the high nibble is h by pshufb's own zeroing: the
 *               index (x ^ 16 h) saturating-plus 0x70 has bit 7 clear
 *               exactly there (the trick of the chunked kernels). Every row
 *               of every table is read whatever the data.
 *               Since 16 divides every block size, byte q of any register
 *               uses pi_(q % 4). With two or more registers the bytes are
 *               first gathered by S-box (a pshufb per register puts each
 *               kind in one dword, a 4x4 dword transpose makes one register
 *               per kind), so a pshufb serves 16 bytes of its own S-box:
 *               64 pshufb for 64 bytes instead of 256. One 16-byte register
 *               (Kalyna-128 CBC) has 4 bytes per kind: it computes all four
 *               S-boxes on every byte and keeps each where it belongs.
 *               With AVX2 a ymm holds two kinds (or the one register twice)
 *               against a pair of table rows, each a broadcast load, the
 *               two merged by vpblendd (no shuffle: Zen 3 has two shuffle
 *               pipes and four for the rest): half the pshufb.
 *   MixColumns  out = XOR_d rotr64(v_d * u, 8 d) with v = 01 01 05 01 08
 *               06 07 04 (section 6.2.3): the products by 4, 6, 8 from
 *               16-entry nibble tables (kalyna_gf_nibbles.h, two pshufb
 *               each), 5 = 4 ^ 1 and 7 = 6 ^ 1, every term placed by a
 *               pshufb rotating the bytes inside each column. The inverse:
 *               v^-1 = ad 95 76 a8 2f 49 d7 ca, ca = 1 ^ ad ^ 2f ^ 49.
 *   Round keys  the first and last added modulo 2^64 per column, the
 *               others xored (section 6.2.1).
 * Measured on Zen 5, Kalyna-128/128 CBC encryption through the SSSE3 kernel:
 * see BENCHMARKS.md (the chunked path cost ~17x more per block); the
 * gathered S-boxes on Zen 3: BENCHMARKS.md 8.6. */
#include <immintrin.h>

#include "../../cipher/stack_burn.h"
#include "../../kalyna/kalyna_gf_nibbles.h"
#include "kalyna_ssse3_1block.h"

#ifndef KALYNA_1B
#error "define KALYNA_1B(name), the exported names, before including kalyna_1block_template.h"
#endif

#define AI static inline __attribute__((always_inline))
enum { MAX_REGS = SC_KALYNA_MAX_BLOCK / 16 };

/* ShiftRows (encryption) as pshufb indexes: output register o takes from
 * input register j the bytes whose source is there, 0x80 (zero) elsewhere.
 * Output byte i = 8 c + r comes from byte 8 ((c - r nb / 8) mod nb) + r. */
#define SR_SRC(nb, i) (8 * ((((i) / 8) + (nb) - ((i) % 8) * (nb) / 8) % (nb)) + (i) % 8)
/* The inverse (decryption): from byte 8 ((c + r nb / 8) mod nb) + r. */
#define SRI_SRC(nb, i) (8 * ((((i) / 8) + ((i) % 8) * (nb) / 8) % (nb)) + (i) % 8)
#define SR_IDX(S, nb, o, j, q) (S(nb, 16 * (o) + (q)) / 16 == (j) ? S(nb, 16 * (o) + (q)) % 16 : 0x80)
#define SR_ROW(S, nb, o, j)                                                                                    \
    {SR_IDX(S, nb, o, j, 0),  SR_IDX(S, nb, o, j, 1),  SR_IDX(S, nb, o, j, 2),  SR_IDX(S, nb, o, j, 3),        \
     SR_IDX(S, nb, o, j, 4),  SR_IDX(S, nb, o, j, 5),  SR_IDX(S, nb, o, j, 6),  SR_IDX(S, nb, o, j, 7),        \
     SR_IDX(S, nb, o, j, 8),  SR_IDX(S, nb, o, j, 9),  SR_IDX(S, nb, o, j, 10), SR_IDX(S, nb, o, j, 11),       \
     SR_IDX(S, nb, o, j, 12), SR_IDX(S, nb, o, j, 13), SR_IDX(S, nb, o, j, 14), SR_IDX(S, nb, o, j, 15)}
#define SR_OUT(S, nb, o) {SR_ROW(S, nb, o, 0), SR_ROW(S, nb, o, 1), SR_ROW(S, nb, o, 2), SR_ROW(S, nb, o, 3)}
#define SR_TABLE(S)                                                                                            \
    {                                                                                                          \
        {SR_OUT(S, 2, 0)}, {SR_OUT(S, 4, 0), SR_OUT(S, 4, 1)},                                                 \
            {SR_OUT(S, 8, 0), SR_OUT(S, 8, 1), SR_OUT(S, 8, 2), SR_OUT(S, 8, 3)},                              \
    }
typedef uint8_t shift_table[3][MAX_REGS][MAX_REGS][16];
/* [forward, inverse][nb / 4 = 0, 1, 2 for nb = 2, 4, 8][output register][input register] */
static const shift_table shift_rows_index[2] __attribute__((aligned(16))) = {SR_TABLE(SR_SRC), SR_TABLE(SRI_SRC)};

/* rotr64 by 8 d inside each column: output byte r takes byte (r + d) % 8. */
#define ROT_IDX(d, q) (8 * ((q) / 8) + ((q) % 8 + (d)) % 8)
#define ROT_ROW(d)                                                                                             \
    {ROT_IDX(d, 0), ROT_IDX(d, 1), ROT_IDX(d, 2),  ROT_IDX(d, 3),  ROT_IDX(d, 4),  ROT_IDX(d, 5),              \
     ROT_IDX(d, 6), ROT_IDX(d, 7), ROT_IDX(d, 8),  ROT_IDX(d, 9),  ROT_IDX(d, 10), ROT_IDX(d, 11),             \
     ROT_IDX(d, 12), ROT_IDX(d, 13), ROT_IDX(d, 14), ROT_IDX(d, 15)}
static const uint8_t rotate_index[8][16] __attribute__((aligned(16))) = {
    ROT_ROW(0), ROT_ROW(1), ROT_ROW(2), ROT_ROW(3), ROT_ROW(4), ROT_ROW(5), ROT_ROW(6), ROT_ROW(7)};

/* Byte q of a register to byte 4 (q % 4) + q / 4: each S-box kind into one
 * dword (a 4x4 byte transpose, its own inverse). */
static const uint8_t kind_gather[16] __attribute__((aligned(16))) = {0, 4, 8, 12, 1, 5, 9, 13,
                                                                     2, 6, 10, 14, 3, 7, 11, 15};

AI __m128i load16(const void *p) { return _mm_loadu_si128((const __m128i *)p); }

/* The registers of one block, through ShiftRows (inverse = 1: its inverse). */
AI void shift_rows(__m128i *x, const unsigned nb, const int inverse)
{
    const unsigned regs = nb / 2, t = nb / 4;
    __m128i y[MAX_REGS];
    for (unsigned o = 0; o < regs; o++) {
        y[o] = _mm_setzero_si128();
        for (unsigned j = 0; j < regs; j++)
            y[o] = _mm_or_si128(y[o], _mm_shuffle_epi8(x[j], load16(shift_rows_index[inverse][t][o][j])));
    }
    for (unsigned o = 0; o < regs; o++) x[o] = y[o];
}

/* Row h of box, kept where the high nibble of x is h (zero elsewhere). */
AI __m128i sbox_row(const uint8_t *box, __m128i x, int h)
{
    const __m128i idx = _mm_adds_epu8(_mm_xor_si128(x, _mm_set1_epi8((char)(16 * h))), _mm_set1_epi8(0x70));
    return _mm_shuffle_epi8(load16(box + 16 * h), idx);
}

#ifdef __AVX2__
/* Row h of boxes a (low lane) and b (high lane): two broadcast loads and a
 * vpblendd, none on the shuffle pipes. */
AI __m256i row_pair(const uint8_t *a, const uint8_t *b, int h)
{
    return _mm256_blend_epi32(_mm256_broadcastsi128_si256(load16(a + 16 * h)),
                              _mm256_broadcastsi128_si256(load16(b + 16 * h)), 0xF0);
}

/* Index of row h for the bytes of x (both lanes), as sbox_row's. */
AI __m256i row_index(__m256i x, int h)
{
    return _mm256_adds_epu8(_mm256_xor_si256(x, _mm256_set1_epi8((char)(16 * h))), _mm256_set1_epi8(0x70));
}

/* The one register twice (kinds 0, 1 and 2, 3 against row pairs), four
 * partial sums per pair so that the chain stays short. */
AI __m128i sub_bytes1(__m128i x, const uint8_t (*boxes)[256])
{
    const __m256i p = _mm256_set_m128i(x, x);
    __m256i a01[4], a23[4];
    for (int h = 0; h < 16; h++) {
        const __m256i idx = row_index(p, h);
        const __m256i t01 = _mm256_shuffle_epi8(row_pair(boxes[0], boxes[1], h), idx);
        const __m256i t23 = _mm256_shuffle_epi8(row_pair(boxes[2], boxes[3], h), idx);
        a01[h % 4] = h < 4 ? t01 : _mm256_xor_si256(a01[h % 4], t01);
        a23[h % 4] = h < 4 ? t23 : _mm256_xor_si256(a23[h % 4], t23);
    }
    const __m256i m01 = _mm256_setr_epi32(0xFF, 0xFF, 0xFF, 0xFF, 0xFF00, 0xFF00, 0xFF00, 0xFF00);
    const __m256i m23 = _mm256_setr_epi32(0xFF0000, 0xFF0000, 0xFF0000, 0xFF0000, (int)0xFF000000u, (int)0xFF000000u,
                                          (int)0xFF000000u, (int)0xFF000000u);
    const __m256i s01 = _mm256_xor_si256(_mm256_xor_si256(a01[0], a01[1]), _mm256_xor_si256(a01[2], a01[3]));
    const __m256i s23 = _mm256_xor_si256(_mm256_xor_si256(a23[0], a23[1]), _mm256_xor_si256(a23[2], a23[3]));
    const __m256i u = _mm256_or_si256(_mm256_and_si256(s01, m01), _mm256_and_si256(s23, m23));
    return _mm_or_si128(_mm256_castsi256_si128(u), _mm256_extracti128_si256(u, 1));
}
#else
/* Bytes of a register that use S-box s: i % 4 == s. */
static const uint32_t sbox_lane[4] = {0x000000FFu, 0x0000FF00u, 0x00FF0000u, 0xFF000000u};

/* One register (128-bit blocks): a latency chain, so every row's index
 * comes straight from x and each S-box's 16 lookups are summed by a tree
 * of xors: ~6 operations deep instead of ~30. */
AI __m128i xor_tree16(__m128i *t)
{
    for (int w = 8; w >= 1; w /= 2)
        for (int i = 0; i < w; i++) t[i] = _mm_xor_si128(t[i], t[i + w]);
    return t[0];
}

AI __m128i sub_bytes1(__m128i x, const uint8_t (*boxes)[256])
{
    __m128i u = _mm_setzero_si128();
    for (int s = 0; s < 4; s++) {
        __m128i t[16];
        for (int h = 0; h < 16; h++) t[h] = sbox_row(boxes[s], x, h);
        u = _mm_or_si128(u, _mm_and_si128(xor_tree16(t), _mm_set1_epi32((int)sbox_lane[s])));
    }
    return u;
}

#endif

/* x[0..3] as rows of a 4x4 matrix of dwords, transposed. */
AI void transpose_dwords(__m128i *x)
{
    const __m128i t0 = _mm_unpacklo_epi32(x[0], x[1]), t1 = _mm_unpacklo_epi32(x[2], x[3]);
    const __m128i t2 = _mm_unpackhi_epi32(x[0], x[1]), t3 = _mm_unpackhi_epi32(x[2], x[3]);
    x[0] = _mm_unpacklo_epi64(t0, t1);
    x[1] = _mm_unpackhi_epi64(t0, t1);
    x[2] = _mm_unpacklo_epi64(t2, t3);
    x[3] = _mm_unpackhi_epi64(t2, t3);
}

/* Four registers, gathered by S-box kind (see the top): register d then
 * holds the 16 bytes that go through boxes[d]. Rows in pairs, so each
 * kind's sum is a chain of 8 xors. */
AI void sub_bytes4(__m128i *x, const uint8_t (*boxes)[256])
{
    const __m128i gather = load16(kind_gather);
    for (int i = 0; i < 4; i++) x[i] = _mm_shuffle_epi8(x[i], gather);
    transpose_dwords(x);
#ifdef __AVX2__
    const __m256i p01 = _mm256_set_m128i(x[1], x[0]), p23 = _mm256_set_m128i(x[3], x[2]);
    __m256i a01 = _mm256_setzero_si256(), a23 = _mm256_setzero_si256();
    for (int h = 0; h < 16; h += 2) {
        a01 = _mm256_xor_si256(a01, _mm256_xor_si256(_mm256_shuffle_epi8(row_pair(boxes[0], boxes[1], h), row_index(p01, h)),
                                                     _mm256_shuffle_epi8(row_pair(boxes[0], boxes[1], h + 1),
                                                                         row_index(p01, h + 1))));
        a23 = _mm256_xor_si256(a23, _mm256_xor_si256(_mm256_shuffle_epi8(row_pair(boxes[2], boxes[3], h), row_index(p23, h)),
                                                     _mm256_shuffle_epi8(row_pair(boxes[2], boxes[3], h + 1),
                                                                         row_index(p23, h + 1))));
    }
    __m128i acc[4] = {_mm256_castsi256_si128(a01), _mm256_extracti128_si256(a01, 1), _mm256_castsi256_si128(a23),
                      _mm256_extracti128_si256(a23, 1)};
#else
    __m128i acc[4];
    for (int d = 0; d < 4; d++) acc[d] = _mm_xor_si128(sbox_row(boxes[d], x[d], 0), sbox_row(boxes[d], x[d], 1));
    for (int h = 2; h < 16; h += 2)
        for (int d = 0; d < 4; d++)
            acc[d] = _mm_xor_si128(acc[d], _mm_xor_si128(sbox_row(boxes[d], x[d], h), sbox_row(boxes[d], x[d], h + 1)));
#endif
    transpose_dwords(acc);
    for (int i = 0; i < 4; i++) x[i] = _mm_shuffle_epi8(acc[i], gather);
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

/* The inverse MixColumns of two columns (v^-1 = ad 95 76 a8 2f 49 d7 ca). */
AI __m128i inv_mix_columns(__m128i u)
{
    const __m128i nibble = _mm_set1_epi8(0x0f);
    const __m128i lo = _mm_and_si128(u, nibble), hi = _mm_and_si128(_mm_srli_epi16(u, 4), nibble);
    const __m128i ad = gf_mul(lo, hi, SC_KALYNA_NIB_AD), x2f = gf_mul(lo, hi, SC_KALYNA_NIB_2F);
    const __m128i x49 = gf_mul(lo, hi, SC_KALYNA_NIB_49);
    const __m128i ca = _mm_xor_si128(_mm_xor_si128(u, ad), _mm_xor_si128(x2f, x49));
    __m128i a = _mm_xor_si128(ad, rot(gf_mul(lo, hi, SC_KALYNA_NIB_95), 1));
    __m128i b = _mm_xor_si128(rot(gf_mul(lo, hi, SC_KALYNA_NIB_76), 2), rot(gf_mul(lo, hi, SC_KALYNA_NIB_A8), 3));
    __m128i c = _mm_xor_si128(rot(x2f, 4), rot(x49, 5));
    __m128i d = _mm_xor_si128(rot(gf_mul(lo, hi, SC_KALYNA_NIB_D7), 6), rot(ca, 7));
    return _mm_xor_si128(_mm_xor_si128(a, b), _mm_xor_si128(c, d));
}

/* The round key words of register i of a block of nb columns. */
AI __m128i round_key(const sc_kalyna_key *k, unsigned r, unsigned i, const unsigned nb)
{
    return load16(&k->rk[r][2 * (i % (nb / 2))]);
}

/* SubBytes of `used` registers (1: one Kalyna-128 block; else up to four,
 * padded: the unused ones hold data of no one and are never stored). */
AI void sub_bytes(__m128i *x, const unsigned used, const uint8_t (*boxes)[256])
{
    if (used == 1) x[0] = sub_bytes1(x[0], boxes);
    else sub_bytes4(x, boxes);
}

/* Encrypt x[0..used): whole blocks of nb columns (used a multiple of nb / 2,
 * at most 4). */
AI void encrypt_regs(const sc_kalyna_key *k, __m128i *x, const unsigned nb, const unsigned used)
{
    const unsigned regs = nb / 2, rounds = k->rounds;
    for (unsigned i = 0; i < used; i++) x[i] = _mm_add_epi64(x[i], round_key(k, 0, i, nb));
    for (unsigned r = 1; r <= rounds; r++) {
        for (unsigned b = 0; b < used; b += regs) shift_rows(x + b, nb, 0);
        sub_bytes(x, used, sc_kalyna_sbox);
        for (unsigned i = 0; i < used; i++)
            x[i] = mix_columns_xor(x[i], r < rounds ? round_key(k, r, i, nb) : _mm_setzero_si128());
    }
    for (unsigned i = 0; i < used; i++) x[i] = _mm_add_epi64(x[i], round_key(k, rounds, i, nb));
}

/* Decrypt x[0..used), as encrypt_regs; the rounds of section 6.3 in
 * reverse: InvMixColumns, InvSubBytes, InvShiftRows, then the key. */
AI void decrypt_regs(const sc_kalyna_key *k, __m128i *x, const unsigned nb, const unsigned used)
{
    const unsigned regs = nb / 2, rounds = k->rounds;
    for (unsigned i = 0; i < used; i++) x[i] = _mm_sub_epi64(x[i], round_key(k, rounds, i, nb));
    for (unsigned r = rounds; r-- > 0;) {
        for (unsigned i = 0; i < used; i++) x[i] = inv_mix_columns(x[i]);
        sub_bytes(x, used, sc_kalyna_sbox_inv);
        for (unsigned b = 0; b < used; b += regs) shift_rows(x + b, nb, 1);
        if (r)
            for (unsigned i = 0; i < used; i++) x[i] = _mm_xor_si128(x[i], round_key(k, r, i, nb));
    }
    for (unsigned i = 0; i < used; i++) x[i] = _mm_sub_epi64(x[i], round_key(k, 0, i, nb));
}

/* chain = E(in_i ^ chain) for each block, the chain in registers; out_i =
 * chain when out is not NULL (CBC), nothing written when it is (MAC). */
AI void serial(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n, const unsigned nb)
{
    const unsigned regs = nb / 2;
    const size_t bs = 8 * nb;
    __m128i x[4] = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    for (unsigned i = 0; i < regs; i++) x[i] = load16(chain + 16 * i);
    for (size_t b = 0; b < n; b++) {
        for (unsigned i = 0; i < regs; i++) x[i] = _mm_xor_si128(x[i], load16(in + b * bs + 16 * i));
        encrypt_regs(k, x, nb, regs);
        if (out != NULL)
            for (unsigned i = 0; i < regs; i++) _mm_storeu_si128((__m128i *)(out + b * bs + 16 * i), x[i]);
    }
    for (unsigned i = 0; i < regs; i++) _mm_storeu_si128((__m128i *)(chain + 16 * i), x[i]);
}

/* ECB of nblocks whole blocks, 64 bytes (four registers) at a time: the
 * blocks of a group are independent, their S-box lookups shared. */
AI void few(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks, const unsigned nb,
            const int inverse)
{
    const size_t regs_total = nblocks * nb / 2;
    for (size_t g = 0; g < regs_total; g += 4) {
        const unsigned used = regs_total - g < 4 ? (unsigned)(regs_total - g) : 4;
        __m128i x[4] = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
        for (unsigned i = 0; i < used; i++) x[i] = load16(in + 16 * (g + i));
        if (inverse) decrypt_regs(k, x, nb, used);
        else encrypt_regs(k, x, nb, used);
        for (unsigned i = 0; i < used; i++) _mm_storeu_si128((__m128i *)(out + 16 * (g + i)), x[i]);
    }
}

/* One function per block size, so that nb is a constant inside. */
#define SIZED_FOR(NB)                                                                                         \
    static __attribute__((noinline)) void serial_##NB(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, \
                                                      uint8_t *out, size_t n)                                 \
    {                                                                                                         \
        serial(k, chain, in, out, n, NB);                                                                     \
    }                                                                                                         \
    static __attribute__((noinline)) void few_##NB(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out,   \
                                                   size_t n, int inverse)                                     \
    {                                                                                                         \
        if (inverse) few(k, in, out, n, NB, 1);                                                               \
        else few(k, in, out, n, NB, 0);                                                                       \
    }
SIZED_FOR(2)
SIZED_FOR(4)
SIZED_FOR(8)

/* The workers' frames (a few hundred bytes with their alignment) can hold
 * spilled round keys and states: the AVX2 build's did (test_stack_residue).
 * Burned after each call, as the chunked kernels burn theirs. */
enum { FRAME_BURN = 512 };

void KALYNA_1B(cbc_encrypt)(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                            size_t nblocks)
{
    SC_KALYNA_BY_NB(k, serial, k, chain, in, out, nblocks);
    sc_burn_stack(FRAME_BURN);
}

void KALYNA_1B(mac)(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks)
{
    SC_KALYNA_BY_NB(k, serial, k, chain, in, NULL, nblocks);
    sc_burn_stack(FRAME_BURN);
}

void KALYNA_1B(encrypt_few)(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    SC_KALYNA_BY_NB(k, few, k, in, out, nblocks, 0);
    sc_burn_stack(FRAME_BURN);
}

void KALYNA_1B(decrypt_few)(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    SC_KALYNA_BY_NB(k, few, k, in, out, nblocks, 1);
    sc_burn_stack(FRAME_BURN);
}
