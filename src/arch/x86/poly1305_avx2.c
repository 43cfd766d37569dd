/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks, AVX2: radix 2^26, 4 blocks per ymm, two ymm
 * accumulators (RFC 8439 2.5).
 *
 * Five 26-bit limbs per lane in 64-bit elements, so vpmuludq (32x32->64)
 * forms the 25 partial products, 2^130 = 5 modulo p folding the high ones
 * (s_i = 5 r_i). Blocks go 8 per step: accumulator A takes blocks
 * 8g..8g+3, B 8g+4..8g+7, both multiplied by r^8 per step; the last step
 * multiplies each lane by the power that brings its block to the end (A:
 * r^8..r^5, B: r^4..r^1) and the lanes are summed. Two independent
 * accumulators hide the multiply/carry latency (one: 0.56 cycles/byte on
 * Zen 4). A group of 4 left over uses r^4..r^1 alone.
 *
 * Short inputs (under SC_AVX2_MIN_BLOCKS with no powers yet) and the 0-3
 * blocks after the last whole group take the scalar MULX path, so a
 * 64-byte AEAD message never computes the powers. */
#include <immintrin.h>

#include "poly1305_x86.h"

/* Where the vector path starts to win over the MULX one: with no powers
 * yet (their cost included; 40 blocks measured on Zen 3 once the powers
 * took ~400 instead of ~600 cycles: 640 bytes tie at ~655 cycles, 768
 * bytes 717 against MULX's 770) and with them cached (Zen 4). */
#define SC_AVX2_MIN_BLOCKS 40
#define SC_AVX2_MIN_BLOCKS_CACHED 16
#define M26 0x3ffffff

/* A multiplier: limb i of each lane's power, and 5 times it (s[0] unused). */
typedef struct {
    __m256i r[5], s[5];
} avx2_mul;

/* pow + 8: hi = r^8..r^5, lo = r^4..r^1. The lane order follows the
 * message load (load4): blocks 0, 2, 1, 3 of a group, so lo's lanes take
 * r^4, r^2, r^3, r^1, hi's r^8, r^6, r^7, r^5 (lane 0: r^8, the loop's). */
typedef struct {
    avx2_mul hi, lo;
} avx2_pows;

/* Four numbers below 2^131, one per lane (words lo, hi, top < 8), as 26-bit
 * limbs, limb 4 < 2^27 (within mul's bounds). */
static inline void limbs26_v(__m256i m[5], __m256i lo, __m256i hi, __m256i top)
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    m[0] = _mm256_and_si256(lo, mask);
    m[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask);
    m[2] = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)), mask);
    m[3] = _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask);
    m[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40), _mm256_slli_epi64(top, 24));
}

/* Blocks b, b + 1, b + 2, b + 3 as 26-bit limbs with 2^128 added, lanes in
 * the order b, b + 2, b + 1, b + 3 (what unpack within 128-bit halves gives). */
static inline void load4(__m256i m[5], const uint8_t *in)
{
    const __m256i a = _mm256_loadu_si256((const __m256i *)in);
    const __m256i b = _mm256_loadu_si256((const __m256i *)(in + 32));
    limbs26_v(m, _mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b), _mm256_set1_epi64x(1));
}

#if defined(__clang__)
/* clang drops the 32-bit masks of vpmuludq's inputs it believes are
 * redundant, then loses that knowledge across the loop (spilled values) and
 * emulates full 64x64 multiplies (3 vpmuludq + shifts each: 0.65 against
 * gcc's 0.40 cycles/byte); the instruction itself keeps it honest. */
static inline __m256i mul_epu32(__m256i a, __m256i b)
{
    __m256i r;
    __asm__("vpmuludq %2, %1, %0" : "=x"(r) : "x"(a), "xm"(b));
    return r;
}
#define MUL(a, b) mul_epu32(a, b)
#else
#define MUL(a, b) _mm256_mul_epu32(a, b)
#endif
#define ADD(a, b) _mm256_add_epi64(a, b)

/* d = h r (unreduced 64-bit column sums), h limbs < 2^27 (carried limbs
 * plus a message), r limbs < 2^27: each column < 5 * 2^27 * 5 * 2^27 <
 * 2^59, so two products summed over four lanes still fit in 64 bits. */
static inline void mul(__m256i d[5], const __m256i h[5], const avx2_mul *m)
{
    const __m256i *r = m->r, *s = m->s;
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

static void limbs26(uint64_t l[5], const uint64_t h[3])
{
    l[0] = h[0] & M26;
    l[1] = (h[0] >> 26) & M26;
    l[2] = ((h[0] >> 52) | (h[1] << 12)) & M26;
    l[3] = (h[1] >> 14) & M26;
    l[4] = (h[1] >> 40) | (h[2] << 24);
}

static inline void lane0(__m256i h[5], const uint64_t hc[3])
{
    uint64_t l[5];
    limbs26(l, hc);
    for (int i = 0; i < 5; i++) h[i] = _mm256_set_epi64x(0, 0, 0, (long long)l[i]);
}

/* The powers live in pow from pow[8] on (pow[0] the marker), read and
 * written with unaligned accesses (a context the caller malloc'ed may not
 * be 64-byte aligned), each vector straight into a register: no stack
 * copy of the 640 bytes (gcc made both copies REP MOVSQ, whose start-up
 * with the scalar build of all 40 limbs was most of the ~600 cycles the
 * vector path paid per message on Zen 3 before its first block). */
#define POW_VECS (sizeof(avx2_pows) / sizeof(__m256i))
_Static_assert(8 * sizeof(uint64_t) + sizeof(avx2_pows) <= sizeof(((sc_poly1305 *)0)->pow), "powers fit in pow");

static inline __m256i pow_vec(const sc_poly1305 *p, size_t k)
{
    return _mm256_loadu_si256((const __m256i *)(p->pow + 8) + k);
}

static inline void load_mul(avx2_mul *m, const sc_poly1305 *p, size_t first)
{
    for (int i = 0; i < 5; i++) m->r[i] = pow_vec(p, first + (size_t)i), m->s[i] = pow_vec(p, first + 5 + (size_t)i);
}

static inline void store_mul(sc_poly1305 *p, size_t first, const avx2_mul *m)
{
    for (int i = 0; i < 5; i++) {
        _mm256_storeu_si256((__m256i *)(p->pow + 8) + first + i, m->r[i]);
        _mm256_storeu_si256((__m256i *)(p->pow + 8) + first + 5 + i, m->s[i]);
    }
}

static inline void times5(avx2_mul *m)
{
    for (int i = 0; i < 5; i++) m->s[i] = _mm256_add_epi64(m->r[i], _mm256_slli_epi64(m->r[i], 2));
}

/* r^1..r^4 by three scalar MULX steps (a chain of 3, not 7), packed as lo's
 * lanes; hi = lo r^4 lane by lane (r^8, r^6, r^7, r^5) with one vector
 * multiply and carry (limbs < 2^27 afterwards, within mul's bounds as a
 * multiplier). */
/* Not inlined: inlined into avx2_long it made the cached-powers path (a
 * streaming MAC's later calls) ~60 cycles slower per call (Zen 3, speed
 * poly1305 1 KiB, one key: 4.32 -> 4.91-4.98 GB/s out of line; a new key
 * per message pays one call more on ~400 cycles of powers). */
static __attribute__((noinline)) void compute_pows(sc_poly1305 *p, avx2_pows *w)
{
    uint64_t pw[4][3];
    sc_poly1305_x86_powers(pw, p->r, 4);
    /* lanes r^4, r^2, r^3, r^1 (h-form: word 2 < 8) */
    const __m256i lo =
        _mm256_set_epi64x((long long)pw[0][0], (long long)pw[2][0], (long long)pw[1][0], (long long)pw[3][0]);
    const __m256i hi =
        _mm256_set_epi64x((long long)pw[0][1], (long long)pw[2][1], (long long)pw[1][1], (long long)pw[3][1]);
    const __m256i top =
        _mm256_set_epi64x((long long)pw[0][2], (long long)pw[2][2], (long long)pw[1][2], (long long)pw[3][2]);
    limbs26_v(w->lo.r, lo, hi, top);
    avx2_mul r4; /* lane 0's r^4 in every lane */
    for (int i = 0; i < 5; i++) r4.r[i] = _mm256_permute4x64_epi64(w->lo.r[i], 0);
    times5(&w->lo);
    times5(&r4);
    __m256i d[5];
    mul(d, w->lo.r, &r4);
    carry(w->hi.r, d);
    times5(&w->hi);
    store_mul(p, 0, &w->hi);
    store_mul(p, POW_VECS / 2, &w->lo);
    p->pow[0] = SC_POLY_POW_MARK_AVX2;
    sc_wipe_small(pw, sizeof pw);
}

/* The vector path in a frame of its own: the short calls (most calls of
 * a streaming MAC or an AEAD's tails) then skip its prologue and its
 * powers' stack copy (measured: a 64-byte MAC spent a quarter of its time
 * in this function's entry before the split). */
static __attribute__((noinline)) void avx2_long(sc_poly1305 *p, const uint8_t *in, size_t nblocks);

void sc_poly1305_x86_avx2(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (!sc_poly1305_x86_short(p, in, nblocks, SC_POLY_POW_MARK_AVX2, SC_AVX2_MIN_BLOCKS, SC_AVX2_MIN_BLOCKS_CACHED))
        avx2_long(p, in, nblocks);
}

static void avx2_long(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    avx2_pows pows;
    if (p->pow[0] != SC_POLY_POW_MARK_AVX2)
        compute_pows(p, &pows);
    else
        load_mul(&pows.hi, p, 0), load_mul(&pows.lo, p, POW_VECS / 2);
    const avx2_pows *pw = &pows;
    __m256i a[5], b[5], m[5], d[5], e[5];
    lane0(a, p->h);
    avx2_mul r8;
    for (int i = 0; i < 5; i++)
        r8.r[i] = _mm256_permute4x64_epi64(pw->hi.r[i], 0), r8.s[i] = _mm256_permute4x64_epi64(pw->hi.s[i], 0);
    for (int i = 0; i < 5; i++) b[i] = _mm256_setzero_si256();
    for (; nblocks >= 16; nblocks -= 8, in += 128) {
        load4(m, in);
        for (int i = 0; i < 5; i++) a[i] = ADD(a[i], m[i]);
        load4(m, in + 64);
        for (int i = 0; i < 5; i++) b[i] = ADD(b[i], m[i]);
        mul(d, a, &r8);
        mul(e, b, &r8);
        carry(a, d);
        carry(b, e);
    }
    load4(m, in);
    for (int i = 0; i < 5; i++) a[i] = ADD(a[i], m[i]);
    load4(m, in + 64);
    for (int i = 0; i < 5; i++) b[i] = ADD(b[i], m[i]);
    nblocks -= 8, in += 128;
    mul(d, a, &pw->hi);
    mul(e, b, &pw->lo);
    for (int i = 0; i < 5; i++) d[i] = ADD(d[i], e[i]);
    to_canonical(p->h, d);
    if (nblocks >= 4) { /* one more group of 4 */
        lane0(a, p->h);
        load4(m, in);
        for (int i = 0; i < 5; i++) a[i] = ADD(a[i], m[i]);
        nblocks -= 4, in += 64;
        mul(d, a, &pw->lo);
        to_canonical(p->h, d);
    }
    sc_poly1305_mulx_blocks(p->h, p->r, in, nblocks, 1);
}
