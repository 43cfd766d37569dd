/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014), one block at a time, AVX-512 VBMI + GFNI,
 * constant time.
 *
 * CBC encryption and the MAC (section 9.1) are chains: block i + 1 starts
 * from the output of block i, so what counts is the latency of one block, not
 * the throughput of many (kalyna_avx512_vbmi_gfni.c). Here the block sits in
 * one register, bytes in memory order (byte i is row i % 8 of column i / 8),
 * and every step of a round is a few instructions on that register:
 *   ShiftRows   row r moves r * nb / 8 columns. It keeps every byte in its
 *               row, so it commutes with SubBytes. 128-bit blocks: it swaps
 *               dwords 1 and 3, inside a 128-bit lane, so it rides in the
 *               vpshufb that places the MixColumns terms (free); wider
 *               blocks: one vpermb with a constant index before SubBytes.
 *   SubBytes    byte i goes through pi_(i % 4). Each 256-entry S-box is two
 *               128-entry halves for vpermi2b (which ignores bit 7), so eight
 *               vpermi2b read all of the state at once: the minimum, each
 *               reaches 128 of the 1024 entries. Bit 7 then picks a half per
 *               byte; a mask register for that costs ~6 cycles on Zen 5
 *               (vector to mask), so the pick is arithmetic instead: S(x) =
 *               lo(x) ^ (sign(x) & dif(x)), dif = hi ^ lo, sign(x) a VEX
 *               compare (2 cycles) or a bit-7 affine (3). Each permute zeroes
 *               the bytes of the other three S-boxes (a constant mask), so
 *               the eight results xor together.
 *   MixColumns  out = XOR_d rotr64(v_d * u, 8 d) over v = 01 01 05 01 08 06
 *               07 04 (section 6.2.3, the circulant row: byte r + d feeds
 *               row r). One vgf2p8affineqb per constant other than 1, all in
 *               parallel, then each term placed by a byte rotation.
 *   Round keys  the first and last added modulo 2^64 per column, the others
 *               xored (section 6.2.1), as the reference does.
 * No memory access depends on data: the S-boxes sit in registers. The
 * decryption mirrors it (InvMixColumns with eight affines, w = ad 95 76 a8
 * 2f 49 d7 ca), for single blocks only: CBC decryption is parallel and the
 * bulk kernel does it.
 *
 * Measured on Zen 5 (4.0 GHz): a round of a 128-bit block ~28 cycles (S-box
 * stage ~14, MixColumns ~13), against ~21 from the latencies alone
 * (vpermi2b 5, affine 3, every simple op 2): the permutes, affines and
 * vpshufb share one two-a-cycle budget.
 *
 * Intel (Golden Cove class, Emerald Rapids model 207, measured with
 * dependent chains / independent streams): vpermi2b zmm is 2 uops on port 5
 * (one every 2 cycles, latency 5), and a byte-masked form ({z} or merge) has
 * latency 7; vpshufb zmm and vpermb run on port 5 too, the affines (latency
 * 3) and vprorq on port 0 only, ternlog on 0 or 5. So the eight permutes
 * fill port 5 for 16 cycles a round, and MixColumns is bound by port 0: five
 * affines plus five vprorq placements. The `p5` variant (kernel
 * x86-avx512-vbmi-gfni-p5, the serial modes and single blocks) leaves the
 * two permutes that finish last unmasked (their S-box bytes picked by a
 * ternlog with a constant mask instead), and runs MixColumns on three
 * affines with the placements split between vprorq and vpshufb
 * (mix_columns_xor_p5); decryption's placements are all vpshufb. An affine
 * also costs 2 cycles more when its input or output is another unit's
 * (chain affine, ternlog: 6 cycles a link, not 4). Kalyna-128 CBC: ~3-5%
 * fewer cycles a block; 256- and 512-bit blocks: ~11-16% (BENCHMARKS.md 7.2).
 * The plain variant stays as tuned on Zen 5.
 *
 * Registers are 512 bits for every block size: 128- and 256-bit blocks
 * leave the upper bytes as don't-care (loads and stores are masked), since
 * the 128-entry vpermi2b needs 512-bit tables anyway.
 */
#include <immintrin.h>

#include "../../cipher/stack_burn.h"
#include "../../kalyna/kalyna_gf_matrices.h"
#include "kalyna_avx512_vbmi_gfni_1block.h"

#define AI static inline __attribute__((always_inline))

/* Bytes of a register that use S-box j: byte i uses pi_(i % 4). */
#define SBOX_MASK(j) ((__mmask64)(UINT64_C(0x1111111111111111) << (j)))

/* vpermb indexes of ShiftRows (encrypting) and InvShiftRows for one block of
 * nb = 4 and nb = 8 columns: byte i = 8 c + r takes byte 8 ((c -/+ s) mod nb)
 * + r, s = r nb / 8 (section 6.2.2: row r moves s columns right when
 * encrypting, left when decrypting). Generated with that formula; the tests
 * check the kernel against the reference. */
static const uint8_t shift_rows_256[2][32] __attribute__((aligned(32))) = {
    {0, 1, 26, 27, 20, 21, 14, 15, 8, 9, 2, 3, 28, 29, 22, 23,
     16, 17, 10, 11, 4, 5, 30, 31, 24, 25, 18, 19, 12, 13, 6, 7},
    {0, 1, 10, 11, 20, 21, 30, 31, 8, 9, 18, 19, 28, 29, 6, 7,
     16, 17, 26, 27, 4, 5, 14, 15, 24, 25, 2, 3, 12, 13, 22, 23},
};
static const uint8_t shift_rows_512[2][64] __attribute__((aligned(64))) = {
    {0, 57, 50, 43, 36, 29, 22, 15, 8, 1, 58, 51, 44, 37, 30, 23,
     16, 9, 2, 59, 52, 45, 38, 31, 24, 17, 10, 3, 60, 53, 46, 39,
     32, 25, 18, 11, 4, 61, 54, 47, 40, 33, 26, 19, 12, 5, 62, 55,
     48, 41, 34, 27, 20, 13, 6, 63, 56, 49, 42, 35, 28, 21, 14, 7},
    {0, 9, 18, 27, 36, 45, 54, 63, 8, 17, 26, 35, 44, 53, 62, 7,
     16, 25, 34, 43, 52, 61, 6, 15, 24, 33, 42, 51, 60, 5, 14, 23,
     32, 41, 50, 59, 4, 13, 22, 31, 40, 49, 58, 3, 12, 21, 30, 39,
     48, 57, 2, 11, 20, 29, 38, 47, 56, 1, 10, 19, 28, 37, 46, 55},
};

/* (Inv)ShiftRows of one block of nb = 4 or 8 columns (nb = 2: see
 * placement_index); wide: of the two 256-bit blocks of a full register. */
AI __m512i shift_rows(__m512i x, const unsigned nb, const int inverse, const int wide)
{
    switch (nb) {
    case 4: {
        const __m256i idx = _mm256_load_si256((const __m256i *)shift_rows_256[inverse]);
        if (wide) { /* the same index in each half, offset by 32 in the upper one */
            const __m512i idx2 = _mm512_add_epi8(_mm512_broadcast_i64x4(idx),
                                                 _mm512_maskz_set1_epi8((__mmask64)0xFFFFFFFF00000000ULL, 32));
            return _mm512_permutexvar_epi8(idx2, x);
        }
        /* a 256-bit vpermb: one cycle less latency than the 512-bit one */
        return _mm512_castsi256_si512(_mm256_permutexvar_epi8(idx, _mm512_castsi512_si256(x)));
    }
    default: return _mm512_permutexvar_epi8(_mm512_load_si512(shift_rows_512[inverse]), x);
    }
}

/* Each S-box (or inverse) j as two 128-entry tables for vpermi2b: lo[j],
 * its entries 0..127, and dif[j], entries 128..255 xor entries 0..127. */
typedef struct sboxes {
    __m512i lo[4][2], dif[4][2];
} sboxes;

AI void load_sboxes(sboxes *s, const int inverse)
{
    const uint8_t(*tables)[256] = inverse ? sc_kalyna_sbox_inv : sc_kalyna_sbox;
    for (int j = 0; j < 4; j++)
        for (int q = 0; q < 2; q++) {
            s->lo[j][q] = _mm512_loadu_si512(tables[j] + 64 * q);
            s->dif[j][q] = _mm512_xor_si512(s->lo[j][q], _mm512_loadu_si512(tables[j] + 128 + 64 * q));
        }
}

/* 0xff in the bytes of x with bit 7 set, 0 elsewhere, as a vector: a mask
 * register would cost ~6 cycles to move from the vector unit (vpmovb2m, Zen
 * 5), a VEX compare 2, the affine "every output bit = input bit 7" 3. */
AI __m512i sign_bytes(__m512i x, unsigned nb, const int wide)
{
    if (wide) nb = 8; /* every byte of the register is live */
    switch (nb) {
    case 2: return _mm512_castsi128_si512(_mm_cmpgt_epi8(_mm_setzero_si128(), _mm512_castsi512_si128(x)));
    case 4: return _mm512_castsi256_si512(_mm256_cmpgt_epi8(_mm256_setzero_si256(), _mm512_castsi512_si256(x)));
    default: return _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64((long long)0x8080808080808080ULL), 0);
    }
}

AI __m512i xor3(__m512i a, __m512i b, __m512i c) { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
/* m & (a ^ b) */
AI __m512i and_xor(__m512i m, __m512i a, __m512i b) { return _mm512_ternarylogic_epi64(m, a, b, 0x60); }

/* acc ^ (mask & l). For p5 (Intel), where a byte-masked vpermi2b takes 7
 * cycles and an unmasked one 5: the two lo permutes issued last (port 5
 * starts one every 2 cycles) are unmasked, and this ternlog, the mask a
 * vector, keeps their own S-box's bytes: they finish 2 cycles sooner and
 * the sum needs no extra level. The earlier permutes keep their zeroing
 * mask, hidden behind the later ones. */
AI __m512i xor_masked(__m512i acc, __m512i mask, __m512i l) { return _mm512_ternarylogic_epi64(acc, mask, l, 0x78); }

/* SubBytes: S_j(x) = lo_j(x mod 128) ^ (m & dif_j(x mod 128)), m the sign
 * of the byte. Every permute zeroes the bytes of the other S-boxes (a
 * constant mask: no latency of its own), so the eight results have disjoint
 * bytes and add with xors; the dif ones are issued first, since they wait
 * for one more operation (the and with m). The xors follow the order the
 * permutes finish in (two a cycle): three dif terms, then the last with
 * the and, while the lo terms gather; measured 2-4% faster on Zen 5 than
 * pairing by S-box, and better than folding the ShiftRows vpshufb into
 * one place or using 5 = 4 + 1, 7 = 6 + 1 to save two affines (both lose
 * 5-15%: their extra level of latency costs more than the port time saved). */
AI __m512i sub_bytes(__m512i x, __m512i m, const sboxes *s, const int p5)
{
    __m512i d[4], l[4];
    for (int j = 0; j < 4; j++)
        d[j] = _mm512_maskz_permutex2var_epi8(SBOX_MASK(j), s->dif[j][0], x, s->dif[j][1]);
    if (p5) {
        for (int j = 0; j < 2; j++)
            l[j] = _mm512_maskz_permutex2var_epi8(SBOX_MASK(j), s->lo[j][0], x, s->lo[j][1]);
        for (int j = 2; j < 4; j++) l[j] = _mm512_permutex2var_epi8(s->lo[j][0], x, s->lo[j][1]);
        __m512i acc = xor3(and_xor(m, xor3(d[0], d[1], d[2]), d[3]), l[0], l[1]);
        acc = xor_masked(acc, _mm512_movm_epi8(SBOX_MASK(2)), l[2]);
        return xor_masked(acc, _mm512_movm_epi8(SBOX_MASK(3)), l[3]);
    }
    for (int j = 0; j < 4; j++) l[j] = _mm512_maskz_permutex2var_epi8(SBOX_MASK(j), s->lo[j][0], x, s->lo[j][1]);
    __m512i D = xor3(d[0], d[1], d[2]);
    __m512i L = xor3(l[0], l[1], l[2]);
    return xor3(and_xor(m, D, d[3]), L, l[3]);
}

/* Moving the bytes of MixColumns: term d of out = XOR_d rotr64(v_d * u, 8 d)
 * is a byte rotation inside each column, so one vpshufb (in-lane, 2 cycles
 * like vprorq) with a constant index; for 128-bit blocks the same vpshufb
 * also does ShiftRows (a swap of dwords 1 and 3, inside the lane), which
 * then costs nothing. Indexes per 128-bit lane, output byte i taking byte
 *   ROT      rot(i, d) = 8 (i / 8) + (i % 8 + d) % 8    (rotr64 by 8 d)
 *   ENC_128  sr(rot(i, d)): rotr64 after ShiftRows, sr(i) = i ^ 8 for i in
 *            dwords 1 and 3
 *   DEC_128  rot(sr(i), d): InvShiftRows (= ShiftRows for nb = 2) after
 *            the rotation of InvMixColumns. */
#define ROT_BYTE(i, d) (8 * ((i) / 8) + ((i) % 8 + (d)) % 8)
#define SR128_BYTE(i) ((i) / 4 % 2 ? (i) ^ 8 : (i))
#define ROT_INDEX(i, d) ROT_BYTE(i, d)
#define ENC_128_INDEX(i, d) SR128_BYTE(ROT_BYTE(i, d))
#define DEC_128_INDEX(i, d) ROT_BYTE(SR128_BYTE(i), d)
#define LANE_INDEX(F, d)                                                                                   \
    {F(0, d), F(1, d), F(2, d),  F(3, d),  F(4, d),  F(5, d),  F(6, d),  F(7, d),                          \
     F(8, d), F(9, d), F(10, d), F(11, d), F(12, d), F(13, d), F(14, d), F(15, d)}
#define TERM_INDEXES(F)                                                                                    \
    {LANE_INDEX(F, 0), LANE_INDEX(F, 1), LANE_INDEX(F, 2), LANE_INDEX(F, 3),                               \
     LANE_INDEX(F, 4), LANE_INDEX(F, 5), LANE_INDEX(F, 6), LANE_INDEX(F, 7)}
enum placement_kind { PLACE_ROT, PLACE_ENC_128, PLACE_DEC_128 };
static const uint8_t placement_index[3][8][16] __attribute__((aligned(16))) = {
    TERM_INDEXES(ROT_INDEX), TERM_INDEXES(ENC_128_INDEX), TERM_INDEXES(DEC_128_INDEX)};

typedef struct placement {
    __m512i term[8];
    __m512i sr; /* ShiftRows alone, nb = 2 (the p5 MixColumns) */
} placement;

AI void load_placement(placement *p, enum placement_kind kind)
{
    for (int d = 0; d < 8; d++)
        p->term[d] = _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)placement_index[kind][d]));
    p->sr = _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)placement_index[PLACE_ENC_128][0]));
}

/* vpshufb shares the permute/affine budget (two a cycle on Zen 5) with the
 * S-box permutes and the affines, vprorq does not: measured, the vpshufb
 * pays only where it also does ShiftRows (nb = 2). On Intel (p5) it is the
 * other way round: vprorq shares port 0 with the affines, while port 5 is
 * idle after the permutes, so p5's InvMixColumns places by vpshufb only. */
#define place(v, p, d)                                                                                         \
    (nb != 2 && (d) == 0 ? (v)                                                                                 \
     : nb == 2 || p5     ? _mm512_shuffle_epi8((v), (p)->term[d])                                              \
                         : _mm512_ror_epi64((v), 8 * (d)))

AI __m512i gf_mul(__m512i x, long long matrix)
{
    return _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64(matrix), 0);
}

/* p5 (Intel) MixColumns, placements by PLACE_ROT: there an affine costs 3
 * cycles among affines but 5 between other operations (measured: a chain
 * affine, ternlog takes 6 a link), and port 0 issues one a cycle, so the
 * tail after SubBytes is the affines' issue plus their placements. Three
 * affines (4, 6, 8; 5 = 4 ^ 1 and 7 = 6 ^ 1, the 1s joining the other
 * coefficient-1 terms) on w, the shifted rows (one vpshufb for 128-bit
 * blocks, so that every placement is a plain rotation), and each affine's
 * two placements split between vprorq (port 0, free once the affines are
 * issued) and vpshufb (port 5); the terms of w are vpshufb, issued while
 * the affines run. The xors take the terms in the order they arrive, the
 * last two in the last ternlog. */
AI __m512i mix_columns_xor_p5(__m512i u, __m512i key, const placement *p, const unsigned nb)
{
    const __m512i w = nb == 2 ? _mm512_shuffle_epi8(u, p->sr) : u;
    const __m512i m4 = gf_mul(w, SC_KALYNA_GF_04), m8 = gf_mul(w, SC_KALYNA_GF_08), m6 = gf_mul(w, SC_KALYNA_GF_06);
    const __m512i e1 = xor3(key, w, _mm512_shuffle_epi8(w, p->term[1]));
    const __m512i e2 = xor3(_mm512_shuffle_epi8(w, p->term[2]), _mm512_shuffle_epi8(w, p->term[3]),
                            _mm512_shuffle_epi8(w, p->term[6]));
    const __m512i a = xor3(e1, e2, _mm512_ror_epi64(m4, 16));
    const __m512i b = xor3(a, _mm512_shuffle_epi8(m4, p->term[7]), _mm512_ror_epi64(m8, 32));
    return xor3(b, _mm512_ror_epi64(m6, 40), _mm512_shuffle_epi8(m6, p->term[6]));
}

/* MixColumns (and ShiftRows before it for 128-bit blocks), then xor `key`.
 * Five affines, one per constant other than 1 (4, 5, 6, 7, 8 directly: 5 =
 * 4 ^ 1 would put an xor behind the affine), each placed by one vpshufb or
 * vprorq. The terms of coefficient 1 and the key are xored while the
 * affines run; their rotations are vprorq on the shifted rows w (one vpshufb
 * for 128-bit blocks), leaving the permute budget to the affines. So the
 * round ends affine, place, and two levels of ternlog. */
AI __m512i mix_columns_xor(__m512i u, __m512i key, const placement *p, const unsigned nb, const int p5)
{
    if (p5) return mix_columns_xor_p5(u, key, p, nb);
    __m512i m5 = gf_mul(u, SC_KALYNA_GF_05), m8 = gf_mul(u, SC_KALYNA_GF_08), m6 = gf_mul(u, SC_KALYNA_GF_06);
    __m512i m7 = gf_mul(u, SC_KALYNA_GF_07), m4 = gf_mul(u, SC_KALYNA_GF_04);
    __m512i w = nb == 2 ? place(u, p, 0) : u;
    __m512i early = xor3(key, w, _mm512_ror_epi64(w, 8));
    __m512i a = xor3(_mm512_ror_epi64(w, 24), place(m5, p, 2), place(m8, p, 4));
    __m512i b = xor3(place(m6, p, 5), place(m7, p, 6), place(m4, p, 7));
    return xor3(early, a, b);
}

/* InvMixColumns (and InvShiftRows after it for 128-bit blocks), w = ad 95
 * 76 a8 2f 49 d7 ca: eight affines in parallel. */
AI __m512i inv_mix_columns(__m512i x, const placement *p, const unsigned nb, const int p5)
{
    __m512i a = xor3(place(gf_mul(x, SC_KALYNA_GF_AD), p, 0), place(gf_mul(x, SC_KALYNA_GF_95), p, 1),
                     place(gf_mul(x, SC_KALYNA_GF_76), p, 2));
    __m512i b = xor3(place(gf_mul(x, SC_KALYNA_GF_A8), p, 3), place(gf_mul(x, SC_KALYNA_GF_2F), p, 4),
                     place(gf_mul(x, SC_KALYNA_GF_49), p, 5));
    __m512i c = _mm512_xor_si512(place(gf_mul(x, SC_KALYNA_GF_D7), p, 6), place(gf_mul(x, SC_KALYNA_GF_CA), p, 7));
    return xor3(a, b, c);
}

/* Round key r repeated over the register, one copy per block of nb
 * columns (a single block only reads the first). */
AI __m512i round_key(const sc_kalyna_key *k, unsigned r, const unsigned nb)
{
    switch (nb) {
    case 2: return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)k->rk[r]));
    case 4: return _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)k->rk[r]));
    default: return _mm512_loadu_si512(k->rk[r]);
    }
}

/* The cipher on `count` registers (1 to 8, constant after inlining) of one
 * block each, or, `wide`, of 64 / (8 nb) blocks each (the natural layout of
 * a few parallel blocks: every step above acts on each block of a register
 * alike). The registers' rounds interleave, so a second register costs
 * throughput, not latency. With 128-bit blocks ShiftRows rides in the
 * MixColumns vpshufb; wider blocks cross 128-bit lanes, so a vpermb first. */
AI void encrypt_regs(const sc_kalyna_key *k, __m512i *x, const int count, const sboxes *s, const placement *p,
                     const unsigned nb, const int wide, const int p5)
{
    const unsigned rounds = k->rounds;
    for (int i = 0; i < count; i++) x[i] = _mm512_add_epi64(x[i], round_key(k, 0, nb));
    for (unsigned r = 1; r <= rounds; r++) {
        const __m512i key = r < rounds ? round_key(k, r, nb) : _mm512_setzero_si512();
        for (int i = 0; i < count; i++) {
            if (nb != 2) x[i] = shift_rows(x[i], nb, 0, wide);
            __m512i u = sub_bytes(x[i], sign_bytes(x[i], nb, wide), s, p5);
            x[i] = mix_columns_xor(u, key, p, nb, p5);
        }
    }
    for (int i = 0; i < count; i++) x[i] = _mm512_add_epi64(x[i], round_key(k, rounds, nb));
}

AI void decrypt_regs(const sc_kalyna_key *k, __m512i *x, const int count, const sboxes *s, const placement *p,
                     const unsigned nb, const int wide, const int p5)
{
    for (int i = 0; i < count; i++) x[i] = _mm512_sub_epi64(x[i], round_key(k, k->rounds, nb));
    for (unsigned r = k->rounds; r-- > 0;) {
        const __m512i key = round_key(k, r, nb);
        for (int i = 0; i < count; i++) {
            __m512i y = inv_mix_columns(x[i], p, nb, p5);
            if (nb != 2) y = shift_rows(y, nb, 1, wide);
            y = sub_bytes(y, sign_bytes(y, nb, wide), s, p5);
            x[i] = r > 0 ? _mm512_xor_si512(y, key) : _mm512_sub_epi64(y, key);
        }
    }
}

AI __m512i encrypt_reg(const sc_kalyna_key *k, __m512i x, const sboxes *s, const placement *p, const unsigned nb,
                      const int p5)
{
    encrypt_regs(k, &x, 1, s, p, nb, 0, p5);
    return x;
}

AI __m512i decrypt_reg(const sc_kalyna_key *k, __m512i x, const sboxes *s, const placement *p, const unsigned nb,
                      const int p5)
{
    decrypt_regs(k, &x, 1, s, p, nb, 0, p5);
    return x;
}

/* The words of one block of nb columns. */
AI __mmask8 block_words(const unsigned nb) { return (__mmask8)((1u << nb) - 1); }

/* What a call does with its blocks. */
enum serial_mode { ONE_ENCRYPT, ONE_DECRYPT, CBC_ENCRYPT, MAC };

/* ONE_*: the block at in to out (chain unused, n = 1). CBC_ENCRYPT: out_i =
 * E(in_i ^ chain), chain = out_i. MAC: chain = E(in_i ^ chain). The chain
 * stays in a register from block to block. */
AI void serial(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n,
               const unsigned nb, const enum serial_mode mode, const int p5)
{
    const __mmask8 words = block_words(nb);
    const size_t bs = 8 * nb;
    sboxes s;
    placement p;
    load_sboxes(&s, mode == ONE_DECRYPT);
    load_placement(&p, nb != 2 || (p5 && mode != ONE_DECRYPT) ? PLACE_ROT
                        : mode == ONE_DECRYPT                   ? PLACE_DEC_128
                                                                : PLACE_ENC_128);
    if (mode == ONE_ENCRYPT || mode == ONE_DECRYPT) {
        __m512i x = _mm512_maskz_loadu_epi64(words, in);
        x = mode == ONE_ENCRYPT ? encrypt_reg(k, x, &s, &p, nb, p5) : decrypt_reg(k, x, &s, &p, nb, p5);
        _mm512_mask_storeu_epi64(out, words, x);
        return;
    }
    __m512i x = _mm512_maskz_loadu_epi64(words, chain);
    for (size_t i = 0; i < n; i++) {
        x = encrypt_reg(k, _mm512_xor_si512(x, _mm512_maskz_loadu_epi64(words, in + i * bs)), &s, &p, nb, p5);
        if (mode == CBC_ENCRYPT) _mm512_mask_storeu_epi64(out + i * bs, words, x);
    }
    _mm512_mask_storeu_epi64(chain, words, x);
}

/* One function per block size, mode and variant (p5: the Intel one, see
 * the top), so that nb and p5 are constants inside: NAME_NB. */
#define SERIAL_FOR(NAME, NB, P5)                                                                              \
    static __attribute__((noinline)) void NAME##_##NB(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, \
                                                      uint8_t *out, size_t n, enum serial_mode mode)           \
    {                                                                                                         \
        switch (mode) {                                                                                       \
        case ONE_ENCRYPT: serial(k, chain, in, out, n, NB, ONE_ENCRYPT, P5); break;                           \
        case ONE_DECRYPT: serial(k, chain, in, out, n, NB, ONE_DECRYPT, P5); break;                           \
        case CBC_ENCRYPT: serial(k, chain, in, out, n, NB, CBC_ENCRYPT, P5); break;                           \
        default: serial(k, chain, in, out, n, NB, MAC, P5); break;                                            \
        }                                                                                                     \
    }
SERIAL_FOR(serial, 2, 0)
SERIAL_FOR(serial, 4, 0)
SERIAL_FOR(serial, 8, 0)
SERIAL_FOR(serial_p5, 2, 1)
SERIAL_FOR(serial_p5, 4, 1)
SERIAL_FOR(serial_p5, 8, 1)

/* serial_N spills round keys (its frame: 0x3c8-0x408 bytes under gcc): the
 * stack it used is burned (src/cipher/stack_burn.h). */
enum { SERIAL_BURN = 1280 };

static void run(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n,
                enum serial_mode mode, int p5)
{
    if (p5) SC_KALYNA_BY_NB(k, serial_p5, k, chain, in, out, n, mode);
    else SC_KALYNA_BY_NB(k, serial, k, chain, in, out, n, mode);
    sc_burn_stack(SERIAL_BURN);
}

/* Whole registers of blocks in the natural layout, both directions: the
 * short calls and tails of the bulk kernel (kalyna_avx512_vbmi_gfni.c's
 * run). */
#define REGS_CASE(NB, N, P5)                                                                                  \
    case N:                                                                                                   \
        if (inverse) decrypt_regs(k, x, N, &s, &p, NB, 1, P5);                                                \
        else encrypt_regs(k, x, N, &s, &p, NB, 1, P5);                                                        \
        break;
#define REGS_ALL(NB)                                                                                          \
    REGS_CASE(NB, 1, 0) REGS_CASE(NB, 2, 0) REGS_CASE(NB, 3, 0) REGS_CASE(NB, 4, 0) REGS_CASE(NB, 5, 0)       \
    REGS_CASE(NB, 6, 0) REGS_CASE(NB, 7, 0) REGS_CASE(NB, 8, 0)
#define REGS_FOR(NAME, NB, P5, CASES)                                                                         \
    static __attribute__((noinline)) void NAME##_##NB(const sc_kalyna_key *k, __m512i *x, int count, int inverse) \
    {                                                                                                         \
        sboxes s;                                                                                             \
        placement p;                                                                                          \
        load_sboxes(&s, inverse);                                                                             \
        load_placement(&p, NB != 2 || (P5 && !inverse) ? PLACE_ROT                                            \
                           : inverse                   ? PLACE_DEC_128                                        \
                                                       : PLACE_ENC_128);                                      \
        switch (count) {                                                                                      \
            CASES                                                                                             \
        default: break;                                                                                       \
        }                                                                                                     \
    }
REGS_FOR(regs, 2, 0, REGS_ALL(2))
REGS_FOR(regs, 4, 0, REGS_ALL(4))
REGS_FOR(regs, 8, 0, REGS_ALL(8))
REGS_FOR(regs_p5, 2, 1, REGS_CASE(2, 1, 1))
REGS_FOR(regs_p5, 4, 1, REGS_CASE(4, 1, 1))
REGS_FOR(regs_p5, 8, 1, REGS_CASE(8, 1, 1))

void sc_kalyna_x86_avx512_vbmi_gfni_regs(const sc_kalyna_key *k, __m512i *x, int count, int inverse)
{
    SC_KALYNA_BY_NB(k, regs, k, x, count, inverse);
}

/* Kernel x86-avx512-vbmi-gfni-p5 (Intel): one register in flight is a
 * latency chain like the single block's, which the p5 rounds shorten; with
 * two or more the plain rounds' throughput wins. Emerald Rapids (family 6
 * model 207), ECB kernel calls, TSC cycles plain / p5: one register 1.01-1.02x
 * for 128-bit blocks, 1.11-1.14x for 256-bit blocks (2 blocks: 469 -> 413
 * encrypting, 534 -> 480 decrypting, Kalyna-256/256); 2-8 registers
 * 0.93-0.96x (BENCHMARKS.md 7.7). */
void sc_kalyna_x86_avx512_vbmi_gfni_p5_regs(const sc_kalyna_key *k, __m512i *x, int count, int inverse)
{
    if (count == 1) SC_KALYNA_BY_NB(k, regs_p5, k, x, 1, inverse);
    else sc_kalyna_x86_avx512_vbmi_gfni_regs(k, x, count, inverse);
}

#define EXPORTS(PREFIX, P5)                                                                                   \
    void PREFIX##_encrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)                          \
    {                                                                                                         \
        run(k, NULL, in, out, 1, ONE_ENCRYPT, P5);                                                            \
    }                                                                                                         \
    void PREFIX##_decrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)                          \
    {                                                                                                         \
        run(k, NULL, in, out, 1, ONE_DECRYPT, P5);                                                            \
    }                                                                                                         \
    void PREFIX##_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,       \
                              size_t nblocks)                                                                 \
    {                                                                                                         \
        run(k, chain, in, out, nblocks, CBC_ENCRYPT, P5);                                                     \
    }                                                                                                         \
    void PREFIX##_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks)             \
    {                                                                                                         \
        run(k, chain, in, NULL, nblocks, MAC, P5);                                                            \
    }
EXPORTS(sc_kalyna_x86_avx512_vbmi_gfni, 0)
EXPORTS(sc_kalyna_x86_avx512_vbmi_gfni_p5, 1)
