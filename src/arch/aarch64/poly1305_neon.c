/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks with NEON ("arm-neon"): radix 2^26, 4 lanes, 8 blocks a
 * step (RFC 8439 2.5), after the vector method of Goll and Gueron
 * ("Vectorization of Poly1305 message authentication code", 2015) as
 * OpenSSL's poly1305-armv8 NEON path also uses it; our own code.
 *
 * Five 26-bit limbs per lane, four lanes (the blocks of a group of 4) in a
 * .4s register; umull/umlal form the products of lanes 0-1 and
 * umull2/umlal2 those of lanes 2-3 in 64-bit columns, 2^130 = 5 modulo p
 * folding the high ones (s_i = 5 r_i). Lane j takes blocks 8g + j and
 * 8g + 4 + j of step g: h_j = (h_j + m_a) r^8 + m_b r^4, both products
 * summed in the columns before one carry (half the carries of a step per
 * 4 blocks; the columns stay below 2^60). The last step multiplies lane j
 * by r^(8-j) and r^(4-j) instead and the lanes are summed. r^8 and r^4 are
 * multiplied by element (umlal v.2d, v.2s, v.s[i]).
 * The message goes into h's limbs by shift-right-and-accumulate (usra: a
 * limb's two pieces added in place, no mask); the carry is one chain
 * 0->1->2->3->4->0(x5)->1 per half with usra, and the limbs are narrowed
 * for the next multiply by one uzp1 per limb for all four lanes, masked
 * there (bic .4s) rather than in 64-bit halves.
 * Guest instructions (qemu, gcc 12): 169 per 8 blocks in the loop (90
 * umull/umlal pairs' halves, 31 carry and narrowing, 27 message), 1.34 a
 * byte at 16 KiB with the powers, against the scalar path's 1.74
 * (poly1305_scalar.h) and the portable code's 2.37.
 *
 * Short inputs and the blocks after the last whole group take the scalar
 * path (mul/umulh), so a short AEAD message never computes the powers.
 * Constant time: no branch or address depends on h, r or the data. */
#include <arm_neon.h>

#include "poly1305_scalar.h"

#if defined(__AARCH64EB__)
#error "the ld4 message split assumes little-endian words"
#endif

#define M26 0x3ffffff
/* pow[0]: set when pow holds this kernel's powers (public, not key material) */
#define POW_MARK UINT64_C(0x706f6c796e656f6e) /* "polyneon" */

/* Where the vector path starts to win over the scalar one (guest
 * instructions under qemu): with no powers yet (compute_pows ~350: 1 KiB
 * on a fresh key 1798 against the scalar path's 1815, 128 bytes 618
 * against 251), and with them cached (a streaming MAC's later
 * calls: 16 blocks 439 a call against the scalar path's ~475; 12 blocks,
 * scalar, 363). */
#define MIN_BLOCKS 64
#define MIN_BLOCKS_CACHED 16
_Static_assert(MIN_BLOCKS_CACHED >= 8 && MIN_BLOCKS >= MIN_BLOCKS_CACHED, "neon_long takes a whole last step of 8");

/* The powers in pow, as 32-bit words from pow[8] (one cache line after the
 * marker): LANES_HI vectors of r8..r5 per multiplier value v (r0..r4, then
 * s1..s4 = 5 r1..5 r4), lanes in block order (r^8, r^7, r^6, r^5), LANES_LO
 * the same of r^4..r^1, then PACKED: the values of r^8 (positions 0-8) and
 * r^4 (9-17) four to a vector, for the by-element multiplies. */
enum { NV = 9, LANES_HI = 0, LANES_LO = 4 * NV, PACKED = 8 * NV, POW_WORDS = PACKED + 20 };
_Static_assert(8 * 8 + 4 * POW_WORDS <= 8 * sizeof(((sc_poly1305 *)0)->pow), "powers fit in pow");

/* The vector of words w..w+3 (w a multiple of 4), read as the 64-bit words
 * pow holds (written as such too: no type punning). */
static inline uint32x4_t pow_vec(const sc_poly1305 *p, size_t w)
{
    return vreinterpretq_u32_u64(vld1q_u64(p->pow + 8 + w / 2));
}

/* Canonical h (h[2] < 8) as five 26-bit limbs, the top one < 2^27. */
static void to_limbs(uint32_t l[5], const uint64_t h[3])
{
    l[0] = (uint32_t)h[0] & M26;
    l[1] = (uint32_t)(h[0] >> 26) & M26;
    l[2] = (uint32_t)((h[0] >> 52) | (h[1] << 12)) & M26;
    l[3] = (uint32_t)(h[1] >> 14) & M26;
    l[4] = (uint32_t)((h[1] >> 40) | (h[2] << 24));
}

/* Column sums (each < 2^62) to canonical h: one carry pass leaves l0 <
 * 2^39 and the others < 2^26, and the packing's 128-bit additions take
 * l0's excess, so h < 2^130 + 2^39 (h[2] <= 4). */
static void from_columns(uint64_t h[3], uint64_t l[5])
{
    for (int i = 0; i < 4; i++) l[i + 1] += l[i] >> 26, l[i] &= M26;
    l[0] += (l[4] >> 26) * 5, l[4] &= M26;
    unsigned __int128 t = (unsigned __int128)l[0] + ((unsigned __int128)l[1] << 26) + ((unsigned __int128)l[2] << 52);
    h[0] = (uint64_t)t;
    t = (t >> 64) + ((unsigned __int128)l[3] << 14) + ((unsigned __int128)l[4] << 40);
    h[1] = (uint64_t)t;
    h[2] = (uint64_t)(t >> 64);
}

/* h += m (the blocks of one group, with 2^128) limb by limb, each limb's
 * pieces shifted into place and added by usra: with a, b, c, d the 32-bit
 * words 0-3 of the four blocks (ld4), limb 1 is a >> 26 plus the low 20
 * bits of b at bit 6, and so on. */
static inline void add_msg(uint32x4_t h[5], uint32x4x4_t m)
{
    h[0] = vsraq_n_u32(h[0], vshlq_n_u32(m.val[0], 6), 6);
    h[1] = vsraq_n_u32(vsraq_n_u32(h[1], m.val[0], 26), vshlq_n_u32(m.val[1], 12), 6);
    h[2] = vsraq_n_u32(vsraq_n_u32(h[2], m.val[1], 20), vshlq_n_u32(m.val[2], 18), 6);
    h[3] = vsraq_n_u32(vsraq_n_u32(h[3], m.val[2], 14), vshlq_n_u32(m.val[3], 24), 6);
    h[4] = vaddq_u32(vsraq_n_u32(h[4], m.val[3], 8), vdupq_n_u32(1u << 24));
}

/* The message of one group alone as limbs (< 2^26, limb 4 with 2^128). */
static inline void msg_limbs(uint32x4_t l[5], uint32x4x4_t m)
{
    const uint32x4_t mask = vdupq_n_u32(M26);
    l[0] = vandq_u32(m.val[0], mask);
    l[1] = vandq_u32(vsliq_n_u32(vshrq_n_u32(m.val[0], 26), m.val[1], 6), mask);
    l[2] = vandq_u32(vsliq_n_u32(vshrq_n_u32(m.val[1], 20), m.val[2], 12), mask);
    l[3] = vandq_u32(vsliq_n_u32(vshrq_n_u32(m.val[2], 14), m.val[3], 18), mask);
    l[4] = vorrq_u32(vshrq_n_u32(m.val[3], 8), vdupq_n_u32(1u << 24));
}

static inline uint32x4x4_t load4(const uint8_t *in) { return vld4q_u32((const uint32_t *)(const void *)in); }

/* Column k of h r, term i: r_(k-i) if i <= k, else s_(k-i+5); as a value
 * index v (r0..r4 = 0..4, s1..s4 = 5..8). */
#define W(i, k) ((i) <= (k) ? (k) - (i) : (k) - (i) + 9)

/* By element: d (lanes 0-1), e (lanes 2-3) of column k (+)= h x the value
 * at position POS of the packed vectors K (r^8 at 0, r^4 at 9). */
#define KV(pos) K[(pos) / 4]
#define KL(pos) ((pos) % 4)
#define E_MUL(k, H, i, o)                                                                                              \
    (d[k] = vmull_laneq_u32(vget_low_u32(H[i]), KV((o) + W(i, k)), KL((o) + W(i, k))),                                 \
     e[k] = vmull_high_laneq_u32(H[i], KV((o) + W(i, k)), KL((o) + W(i, k))))
#define E_MLA(k, H, i, o)                                                                                              \
    (d[k] = vmlal_laneq_u32(d[k], vget_low_u32(H[i]), KV((o) + W(i, k)), KL((o) + W(i, k))),                           \
     e[k] = vmlal_high_laneq_u32(e[k], H[i], KV((o) + W(i, k)), KL((o) + W(i, k))))
#define E_COL(k, H, o, first)                                                                                          \
    (first(k, H, 0, o), E_MLA(k, H, 1, o), E_MLA(k, H, 2, o), E_MLA(k, H, 3, o), E_MLA(k, H, 4, o))
#define E_PROD(H, o, first)                                                                                            \
    (E_COL(0, H, o, first), E_COL(1, H, o, first), E_COL(2, H, o, first), E_COL(3, H, o, first), E_COL(4, H, o, first))

/* Lane by lane: d, e (+)= h x the lane vectors P (value v in P[v]). */
static inline void lane_prod(uint64x2_t d[5], uint64x2_t e[5], const uint32x4_t h[5], const uint32x4_t P[NV], int first)
{
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < 5; i++) {
            const uint32x4_t r = P[W(i, k)];
            if (first && i == 0)
                d[k] = vmull_u32(vget_low_u32(h[i]), vget_low_u32(r)), e[k] = vmull_high_u32(h[i], r);
            else
                d[k] = vmlal_u32(d[k], vget_low_u32(h[i]), vget_low_u32(r)), e[k] = vmlal_high_u32(e[k], h[i], r);
        }
}

/* Carry one half's columns (< 2^60) to limbs: one chain 0->1->2->3->4->0
 * (x5)->1 by usra. Limbs 0, 2, 3, 4 keep their carried-out bits above 26
 * (masked after narrowing, for all four lanes at once); limb 1 ends
 * < 2^26 + 2^11. */
static inline void carry_half(uint64x2_t d[5])
{
    const uint64x2_t mask = vdupq_n_u64(M26);
    d[1] = vsraq_n_u64(d[1], d[0], 26);
    d[0] = vandq_u64(d[0], mask);
    d[2] = vsraq_n_u64(d[2], d[1], 26);
    d[1] = vandq_u64(d[1], mask);
    d[3] = vsraq_n_u64(d[3], d[2], 26);
    d[4] = vsraq_n_u64(d[4], d[3], 26);
    const uint64x2_t c = vshrq_n_u64(d[4], 26);
    d[0] = vaddq_u64(d[0], vaddq_u64(c, vshlq_n_u64(c, 2))); /* 2^130 = 5 */
    d[1] = vsraq_n_u64(d[1], d[0], 26);
}

/* Both halves carried, then narrowed to one .4s per limb (uzp1 takes the
 * low words, in lane order) and masked: the next step's h, limbs < 2^26
 * (limb 1 < 2^26 + 2^11). */
static inline void carry(uint32x4_t h[5], uint64x2_t d[5], uint64x2_t e[5])
{
    carry_half(d);
    carry_half(e);
    const uint32x4_t mask = vdupq_n_u32(M26);
    for (int k = 0; k < 5; k++) {
        h[k] = vuzp1q_u32(vreinterpretq_u32_u64(d[k]), vreinterpretq_u32_u64(e[k]));
        if (k != 1) h[k] = vandq_u32(h[k], mask);
    }
}

static inline void store_vec(sc_poly1305 *p, size_t w, uint32x4_t v)
{
    vst1q_u64(p->pow + 8 + w / 2, vreinterpretq_u64_u32(v));
}

/* The lane vectors of the values s1..s4 = 5 r1..5 r4 from r0..r4. */
static inline void times5(uint32x4_t P[NV])
{
    for (int v = 1; v < 5; v++) P[4 + v] = vaddq_u32(P[v], vshlq_n_u32(P[v], 2));
}

/* r^2..r^4 by three scalar multiplies (the lanes of r^4..r^1), then r^8..r^5
 * by one lane multiply of those by r^4 and a carry (limbs < 2^26 + 2^10,
 * within the loop's bounds), and the packed values by lane moves. */
static __attribute__((noinline)) void compute_pows(sc_poly1305 *p)
{
    static const uint8_t zero[16];
    uint64_t pw[4];         /* sizes multiples of 16 for sc_wipe_small */
    uint32_t l[5][4], t[8]; /* limb v of r^(4-j) in l[v][j] */
    pw[0] = p->r[0], pw[1] = p->r[1], pw[2] = 0;
    for (int i = 0;; i++) {
        to_limbs(t, pw);
        for (int v = 0; v < 5; v++) l[v][3 - i] = t[v];
        if (i == 3) break;
        sc_poly1305_a64_blocks(pw, p->r, zero, 1, 0);
    }
    uint32x4_t lo[NV], hi[NV];
    for (int v = 0; v < 5; v++) lo[v] = vld1q_u32(l[v]);
    times5(lo);
    /* hi = lo r^4 lane by lane: r^4 (lane 0 of lo) as the packed values */
    uint64x2_t d[5], e[5];
    {
        const uint32x4_t K[5] = {
            vcopyq_laneq_u32(vcopyq_laneq_u32(vcopyq_laneq_u32(lo[0], 1, lo[1], 0), 2, lo[2], 0), 3, lo[3], 0),
            vcopyq_laneq_u32(vcopyq_laneq_u32(vcopyq_laneq_u32(lo[4], 1, lo[5], 0), 2, lo[6], 0), 3, lo[7], 0), lo[8],
            vdupq_n_u32(0), vdupq_n_u32(0)};
        E_PROD(lo, 0, E_MUL);
    }
    carry(hi, d, e);
    times5(hi);
    for (int v = 0; v < NV; v++)
        store_vec(p, LANES_HI + 4 * (size_t)v, hi[v]), store_vec(p, LANES_LO + 4 * (size_t)v, lo[v]);
    /* packed: positions 0-8 lane 0 of hi[v], 9-17 lane 0 of lo[v] */
    uint32x4_t k[5];
    for (int q = 0; q < 5; q++) k[q] = vdupq_n_u32(0);
#define PACK(pos, src) (k[(pos) / 4] = vcopyq_laneq_u32(k[(pos) / 4], (pos) % 4, src, 0))
    PACK(0, hi[0]), PACK(1, hi[1]), PACK(2, hi[2]), PACK(3, hi[3]), PACK(4, hi[4]), PACK(5, hi[5]);
    PACK(6, hi[6]), PACK(7, hi[7]), PACK(8, hi[8]), PACK(9, lo[0]), PACK(10, lo[1]), PACK(11, lo[2]);
    PACK(12, lo[3]), PACK(13, lo[4]), PACK(14, lo[5]), PACK(15, lo[6]), PACK(16, lo[7]), PACK(17, lo[8]);
#undef PACK
    for (int q = 0; q < 5; q++) store_vec(p, PACKED + 4 * (size_t)q, k[q]);
    p->pow[0] = POW_MARK;
    sc_wipe_small(l, sizeof l);
    sc_wipe_small(pw, sizeof pw);
    sc_wipe_small(t, sizeof t);
}

static inline void load_lanes(uint32x4_t P[NV], const sc_poly1305 *p, size_t w)
{
    for (int v = 0; v < NV; v++) P[v] = pow_vec(p, w + 4 * (size_t)v);
}

/* The sum of the lanes' columns, then canonical h. */
static inline void finish(uint64_t hc[3], const uint64x2_t d[5], const uint64x2_t e[5])
{
    uint64_t l[5];
    for (int k = 0; k < 5; k++) l[k] = vaddvq_u64(vaddq_u64(d[k], e[k]));
    from_columns(hc, l);
}

/* h (canonical) into lane 0, the other lanes 0. */
static inline void lane0(uint32x4_t h[5], const uint64_t hc[3])
{
    uint32_t l[5];
    to_limbs(l, hc);
    for (int k = 0; k < 5; k++) h[k] = vsetq_lane_u32(l[k], vdupq_n_u32(0), 0);
}

/* The vector path in a frame of its own, so the short calls skip its
 * prologue. */
static __attribute__((noinline)) void neon_long(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (p->pow[0] != POW_MARK) compute_pows(p);
    uint32x4_t h[5], mb[5], P[NV];
    uint64x2_t d[5], e[5];
    lane0(h, p->h);
    {
        const uint32x4_t K[5] = {pow_vec(p, PACKED), pow_vec(p, PACKED + 4), pow_vec(p, PACKED + 8),
                                 pow_vec(p, PACKED + 12), pow_vec(p, PACKED + 16)};
        /* steps while 16 or more blocks remain (the last whole step below) */
        const size_t steps = (nblocks - 8) / 8;
        const uint8_t *const stop = in + 128 * steps;
        nblocks -= 8 * steps;
        for (; in != stop; in += 128) {
            const uint32x4x4_t a = load4(in), b = load4(in + 64);
            add_msg(h, a);
            msg_limbs(mb, b);
            E_PROD(h, 0, E_MUL);
            E_PROD(mb, 9, E_MLA);
            carry(h, d, e);
        }
    }
    /* the last whole step: lane j by r^(8-j) and r^(4-j) */
    add_msg(h, load4(in));
    msg_limbs(mb, load4(in + 64));
    nblocks -= 8, in += 128;
    load_lanes(P, p, LANES_HI);
    lane_prod(d, e, h, P, 1);
    load_lanes(P, p, LANES_LO);
    lane_prod(d, e, mb, P, 0);
    finish(p->h, d, e);
    if (nblocks >= 4) { /* one more group of 4: lane j by r^(4-j) */
        lane0(h, p->h);
        add_msg(h, load4(in));
        nblocks -= 4, in += 64;
        lane_prod(d, e, h, P, 1);
        finish(p->h, d, e);
    }
    sc_poly1305_a64_blocks(p->h, p->r, in, nblocks, 1);
}

void sc_poly1305_arm_neon(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    if (nblocks < (p->pow[0] == POW_MARK ? MIN_BLOCKS_CACHED : MIN_BLOCKS))
        sc_poly1305_a64_blocks(p->h, p->r, in, nblocks, 1);
    else
        neon_long(p, in, nblocks);
}
