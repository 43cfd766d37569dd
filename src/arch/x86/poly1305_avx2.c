/* Poly1305 blocks, AVX2: radix 2^26, 4 blocks in parallel (RFC 8439 2.5).
 *
 * Lane j of the accumulator holds the blocks 4g + j: each group of four
 * blocks is added in and the lanes multiplied by r^4, except the last group,
 * whose lanes are multiplied by r^4, r^3, r^2, r^1 (the power left for each
 * block to reach the end) and summed horizontally. Five 26-bit limbs per
 * lane in 64-bit elements so vpmuludq (32x32->64) forms the 25 partial
 * products, 2^130 = 5 modulo p folding the high ones (s_i = 5 r_i).
 *
 * Short inputs (under SC_AVX2_MIN_BLOCKS) and the 0-3 blocks after the last
 * whole group take the scalar radix-2^64 path, so a 64-byte AEAD message
 * never computes r^2..r^4. */
#include <immintrin.h>

#include "poly1305_x86.h"

#define SC_AVX2_MIN_BLOCKS 16
#define M26 0x3ffffff

/* pow[8..]: R[i] then S[i] = 5 R[i] (i < 5; S[0] unused), 4 lanes each,
 * limb i of the power of each lane. The lane order follows the message load
 * (load4): blocks 0, 2, 1, 3 of a group, so the lanes take r^4, r^2, r^3,
 * r^1, and lane 0 holds r^4 for the loop. */

static void limbs26(uint64_t l[5], const uint64_t h[3])
{
    l[0] = h[0] & M26;
    l[1] = (h[0] >> 26) & M26;
    l[2] = ((h[0] >> 52) | (h[1] << 12)) & M26;
    l[3] = (h[1] >> 14) & M26;
    l[4] = (h[1] >> 40) | (h[2] << 24);
}

static void compute_pows(sc_poly1305 *p)
{
    uint64_t pw[4][3], l[4][5];
    sc_poly1305_x86_powers(pw, p->r, 4);
    static const int lane_power[4] = {4, 2, 3, 1};
    for (int j = 0; j < 4; j++) limbs26(l[j], pw[lane_power[j] - 1]);
    uint64_t *t = p->pow + 8;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 4; j++) t[4 * i + j] = l[j][i], t[20 + 4 * i + j] = 5 * l[j][i];
    p->pow[0] = SC_POLY_POW_MARK_AVX2;
    sc_wipe(pw, sizeof pw);
    sc_wipe(l, sizeof l);
}

/* Blocks b, b + 1, b + 2, b + 3 as 26-bit limbs with 2^128 added, lanes in
 * the order b, b + 2, b + 1, b + 3 (what unpack within 128-bit halves gives). */
static inline void load4(__m256i m[5], const uint8_t *in)
{
    const __m256i a = _mm256_loadu_si256((const __m256i *)in);
    const __m256i b = _mm256_loadu_si256((const __m256i *)(in + 32));
    const __m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
    const __m256i mask = _mm256_set1_epi64x(M26);
    m[0] = _mm256_and_si256(lo, mask);
    m[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
    m[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask);
    m[3] = _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask);
    m[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40), _mm256_set1_epi64x(1 << 24));
}

#define MUL(a, b) _mm256_mul_epu32(a, b)
#define ADD(a, b) _mm256_add_epi64(a, b)

/* d = h r (unreduced 64-bit column sums), h limbs < 2^28, r limbs < 2^27:
 * each column < 5 * 2^28 * 5 * 2^27 < 2^61. */
static inline void mul(__m256i d[5], const __m256i h[5], const __m256i r[5], const __m256i s[5])
{
    d[0] = ADD(ADD(MUL(h[0], r[0]), MUL(h[1], s[4])), ADD(MUL(h[2], s[3]), ADD(MUL(h[3], s[2]), MUL(h[4], s[1]))));
    d[1] = ADD(ADD(MUL(h[0], r[1]), MUL(h[1], r[0])), ADD(MUL(h[2], s[4]), ADD(MUL(h[3], s[3]), MUL(h[4], s[2]))));
    d[2] = ADD(ADD(MUL(h[0], r[2]), MUL(h[1], r[1])), ADD(MUL(h[2], r[0]), ADD(MUL(h[3], s[4]), MUL(h[4], s[3]))));
    d[3] = ADD(ADD(MUL(h[0], r[3]), MUL(h[1], r[2])), ADD(MUL(h[2], r[1]), ADD(MUL(h[3], r[0]), MUL(h[4], s[4]))));
    d[4] = ADD(ADD(MUL(h[0], r[4]), MUL(h[1], r[3])), ADD(MUL(h[2], r[2]), ADD(MUL(h[3], r[1]), MUL(h[4], r[0]))));
}

/* Carry the columns back to limbs < 2^26 (+ a small excess in limbs 1 and
 * 4), two chains interleaved: 0->1->2->3->4 and 3->4->0(x5)->1. */
static inline void carry(__m256i h[5], const __m256i d[5])
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    __m256i c0 = _mm256_srli_epi64(d[0], 26), c3 = _mm256_srli_epi64(d[3], 26);
    h[0] = _mm256_and_si256(d[0], mask), h[3] = _mm256_and_si256(d[3], mask);
    h[1] = ADD(d[1], c0), h[4] = ADD(d[4], c3);
    c0 = _mm256_srli_epi64(h[1], 26), c3 = _mm256_srli_epi64(h[4], 26);
    h[1] = _mm256_and_si256(h[1], mask), h[4] = _mm256_and_si256(h[4], mask);
    h[2] = ADD(d[2], c0), h[0] = ADD(h[0], ADD(c3, _mm256_slli_epi64(c3, 2)));
    c0 = _mm256_srli_epi64(h[2], 26), c3 = _mm256_srli_epi64(h[0], 26);
    h[2] = _mm256_and_si256(h[2], mask), h[0] = _mm256_and_si256(h[0], mask);
    h[3] = ADD(h[3], c0), h[1] = ADD(h[1], c3);
    c3 = _mm256_srli_epi64(h[3], 26);
    h[3] = _mm256_and_si256(h[3], mask), h[4] = ADD(h[4], c3);
}

static inline uint64_t hsum(__m256i v)
{
    __m128i x = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(x, _mm_unpackhi_epi64(x, x)));
}

/* The lanes' column sums (each < 2^63) to canonical h: carry in radix 2^26
 * twice around (the first pass leaves limbs < 2^26 but limb 0 up to 2^40
 * from the fold), then pack into 64-bit words, word 2 < 8. */
static void to_canonical(uint64_t h[3], const __m256i d[5])
{
    uint64_t l[5];
    for (int i = 0; i < 5; i++) l[i] = hsum(d[i]);
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < 4; i++) l[i + 1] += l[i] >> 26, l[i] &= M26;
        l[0] += (l[4] >> 26) * 5, l[4] &= M26;
    }
    l[1] += l[0] >> 26, l[0] &= M26; /* l[0] + 5c above may just reach 2^26 */
    sc_u128 t = (sc_u128)l[0] + ((sc_u128)l[1] << 26) + ((sc_u128)l[2] << 52);
    h[0] = (uint64_t)t;
    t = (t >> 64) + ((sc_u128)l[3] << 14) + ((sc_u128)l[4] << 40);
    h[1] = (uint64_t)t;
    h[2] = (uint64_t)(t >> 64);
}

void sc_poly1305_x86_avx2(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (nblocks < SC_AVX2_MIN_BLOCKS) {
        sc_poly1305_mulx_blocks(p->h, p->r, in, nblocks);
        return;
    }
    if (p->pow[0] != SC_POLY_POW_MARK_AVX2) compute_pows(p);
    const __m256i *R = (const __m256i *)(p->pow + 8), *S = R + 5;
    __m256i r4[5], s4[5], h[5], m[5], d[5];
    for (int i = 0; i < 5; i++) r4[i] = _mm256_permute4x64_epi64(R[i], 0), s4[i] = _mm256_permute4x64_epi64(S[i], 0);
    uint64_t l[5];
    limbs26(l, p->h);
    for (int i = 0; i < 5; i++) h[i] = _mm256_set_epi64x(0, 0, 0, (long long)l[i]);
    size_t groups = nblocks / 4;
    for (; groups > 1; groups--, in += 64) {
        load4(m, in);
        for (int i = 0; i < 5; i++) h[i] = ADD(h[i], m[i]);
        mul(d, h, r4, s4);
        carry(h, d);
    }
    load4(m, in);
    in += 64;
    for (int i = 0; i < 5; i++) h[i] = ADD(h[i], m[i]);
    mul(d, h, R, S);
    to_canonical(p->h, d);
    sc_poly1305_mulx_blocks(p->h, p->r, in, nblocks % 4);
}
