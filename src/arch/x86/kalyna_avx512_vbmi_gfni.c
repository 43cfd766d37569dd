/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014) with AVX-512 VBMI + GFNI, constant time.
 *
 * Two layouts.
 *
 * Bulk (64 blocks at a time, "sliced"): the 64 blocks are transposed so that
 * register p holds byte p of every block (row p % 8 of column p / 8). Then
 *   SubBytes    every byte of a register goes through the same S-box
 *               pi_(p % 4): two vpermi2b + one blend per 64 bytes;
 *   ShiftRows   is free: it only renames registers;
 *   MixColumns  row r of the output is sum_d v_d * row (r + d): also only
 *               register renaming, plus vgf2p8affineqb for the products. With
 *               v = 01 01 05 01 08 06 07 04 and 5 = 4 ^ 1, 7 = 6 ^ 1, three
 *               affines per register (x4, x6, x8) and ternlog xors;
 *   InvMixColumns w = ad 95 76 a8 2f 49 d7 ca, written in powers of (1 + X)
 *               in the ring of circulants: five affines per register, one
 *               stage (see inv_mix_column_unscaled).
 * So a round costs 5 (encryption) or 7 (decryption) permute/affine
 * operations per 64 bytes, the budget Zen 5 runs 2 per cycle. The round keys
 * are xored as one broadcast byte per register; the first and last keys are
 * added modulo 2^64 before/after the transposition, in the memory layout.
 *
 * Small inputs and tails (fewer than 64 blocks), "natural": blocks as they
 * lie in memory, 64 bytes per zmm (4 blocks of 128 bits, 2 of 256 or 1 of
 * 512), up to IN_FLIGHT registers at a time, through the rounds of the
 * one-block path (kalyna_avx512_vbmi_gfni_1block.c: S-boxes by vpermi2b with the
 * tables in registers, MixColumns by vgf2p8affineqb, ShiftRows folded into
 * the term placement), which act on every block of a register alike. Those
 * rounds are built for latency, what a call of a few blocks waits for; on 8
 * registers they also matched the older throughput-built natural rounds
 * (measured on Zen 5: 1.8 vs 1.8 GB/s at 63 blocks, 0.73 vs 0.45 GB/s at
 * 4 blocks), so there is one implementation.
 */
#include <string.h>

#include "../../kalyna/kalyna_gf_matrices.h"
#include "../../kalyna/kalyna_internal.h"
#include "kalyna_avx512_vbmi_gfni_1block.h"
#include "vec512.h"

/* zmm registers of the natural layout per pass (sc_kalyna_x86_avx512_vbmi_gfni_regs
 * takes 1 to 8) */
enum { IN_FLIGHT = 8 };

#define AI static inline __attribute__((always_inline))
/* Every loop over registers must unroll fully: constant indices keep the
 * state in registers instead of an addressed array on the stack. */
#if defined(__clang__)
/* clang unrolls all but one of them and warns about that one (the 64-way
 * copy for 512-bit blocks, a plain loop of moves either way). */
#pragma clang diagnostic ignored "-Wpass-failed"
#define UNROLL _Pragma("unroll")
#else
#define UNROLL _Pragma("GCC unroll 64")
#endif

typedef struct round_consts {
    __m512i rk[SC_KALYNA_MAX_ROUNDS + 1]; /* first and last round keys repeated over the register */
    __m512i box[4][4];                    /* S-box j bytes 64q..64q+63 (or inverse) */
    __m512i box_scaled[4][4];             /* sliced decryption: LAMBDA * inverse S-box */
} round_consts;


static inline __m512i gf_mul(__m512i x, long long matrix)
{
    return _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64(matrix), 0);
}

static void prepare(const sc_kalyna_key *k, round_consts *rc, int inverse)
{
    for (unsigned r = 0; r <= k->rounds; r += k->rounds) { /* the first and last keys: added, not xored */
        const uint64_t *w = k->rk[r];
        switch (k->nb) {
        case 2: rc->rk[r] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)w)); break;
        case 4: rc->rk[r] = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)w)); break;
        default: rc->rk[r] = _mm512_loadu_si512(w); break;
        }
    }
    const uint8_t(*tables)[256] = inverse ? sc_kalyna_sbox_inv : sc_kalyna_sbox;
    for (int j = 0; j < 4; j++)
        for (int q = 0; q < 4; q++) rc->box[j][q] = _mm512_loadu_si512(tables[j] + 64 * q);
}


/* ---- modes in registers (CTR counters, CBC chaining) -------------------- */

/* What a call does: the two ECB directions and the two parallel modes. */
enum kmode { K_ENC, K_DEC, K_CTR, K_CBC_DEC };
static inline int is_inverse(enum kmode m) { return m == K_DEC || m == K_CBC_DEC; }

/* CTR counters in the memory layout (8 / nb blocks of nb 64-bit words per
 * register). Block j of a batch is s + j (j = 1, 2, ...) over the whole
 * block, little-endian: word 0 is s_0 + j, which carries out iff the sum is
 * below j; the carry then moves into word w iff words 1 .. w - 1 of s are all
 * ones, the same for every block of the batch. So per register: one vpaddq,
 * one unsigned compare into a mask, one masked vpaddq. No branch on s (it is
 * E(IV), secret): the "all ones" prefix is computed with masks. */
typedef struct ctr_gen {
    __m512i base;  /* s in every block */
    __m512i carry; /* lane (block, w): 1 if a carry out of word 0 reaches word w */
    __mmask8 low;  /* word 0 of each block */
} ctr_gen;

static inline void ctr_setup(ctr_gen *g, const uint8_t *s, unsigned nb)
{
    uint64_t w[8], reach[8], all_ones = 1;
    for (unsigned c = 0; c < nb; c++) w[c] = sc_kalyna_load64(s + 8 * c);
    reach[0] = 0;
    for (unsigned c = 1; c < nb; c++) {
        reach[c] = all_ones;
        all_ones &= (uint64_t)(w[c] == UINT64_MAX);
    }
    __m512i base = _mm512_maskz_loadu_epi64((__mmask8)((1u << nb) - 1), w);
    __m512i carry = _mm512_maskz_loadu_epi64((__mmask8)((1u << nb) - 1), reach);
    const __m512i repeat = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    const __m512i lane_in_block = _mm512_and_si512(repeat, _mm512_set1_epi64((long long)nb - 1));
    g->base = _mm512_permutexvar_epi64(lane_in_block, base);
    g->carry = _mm512_permutexvar_epi64(lane_in_block, carry);
    g->low = (__mmask8)(nb == 2 ? 0x55 : nb == 4 ? 0x11 : 0x01);
    sc_wipe(w, sizeof w);
    sc_wipe(reach, sizeof reach);
}

/* Counters s + 1 + first .. for the blocks of one register; `first` counts
 * the blocks before it in the batch. */
static inline __m512i ctr_counters(const ctr_gen *g, unsigned nb, uint64_t first)
{
    /* j = first + 1 + (block index in the register), in word 0 of each block */
    __m512i j = _mm512_maskz_add_epi64(
        g->low, _mm512_set1_epi64((long long)(first + 1)),
        _mm512_srli_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), nb == 2 ? 1 : nb == 4 ? 2 : 3));
    __m512i x = _mm512_add_epi64(g->base, j);
    unsigned out = (unsigned)_mm512_mask_cmplt_epu64_mask(g->low, x, j);
    /* a carry bit at word 0 of a block spreads to its words 1 .. nb - 1 */
    __mmask8 spread = (__mmask8)((out * ((1u << nb) - 2)) & 0xff);
    return _mm512_mask_add_epi64(x, spread, x, g->carry);
}

/* The ciphertext block preceding each block of `cur` (CBC): its own lower
 * blocks shifted up by one, the first taking the last block of `before`
 * (the previous register, or the chain in its top nb words). */
static inline __m512i previous_blocks(__m512i cur, __m512i before, unsigned nb)
{
    switch (nb) {
    case 2: return _mm512_alignr_epi64(cur, before, 6);
    case 4: return _mm512_alignr_epi64(cur, before, 4);
    default: return before;
    }
}

/* A block at p (nb words) in the top nb words of a register, and back. */
static inline __m512i block_to_top(const uint8_t *p, unsigned nb)
{
    __m512i low = _mm512_maskz_loadu_epi64((__mmask8)((1u << nb) - 1), p);
    switch (nb) {
    case 2: return _mm512_alignr_epi64(low, _mm512_setzero_si512(), 2);
    case 4: return _mm512_alignr_epi64(low, _mm512_setzero_si512(), 4);
    default: return low;
    }
}
static inline void block_from_top(uint8_t *p, __m512i top, unsigned nb)
{
    __m512i low;
    switch (nb) {
    case 2: low = _mm512_alignr_epi64(_mm512_setzero_si512(), top, 6); break;
    case 4: low = _mm512_alignr_epi64(_mm512_setzero_si512(), top, 4); break;
    default: low = top; break;
    }
    _mm512_mask_storeu_epi64(p, (__mmask8)((1u << nb) - 1), low);
}

/* The rounds on whole registers of blocks (kalyna_avx512_vbmi_gfni_1block.c):
 * sc_kalyna_x86_avx512_vbmi_gfni_regs or its p5 variant, the kernel's. */
typedef void regs_fn(const sc_kalyna_key *k, __m512i *x, int count, int inverse);

/* The natural layout on up to IN_FLIGHT registers at a time: small calls and
 * the tails of the sliced path. `state`: the CTR counter or CBC chain. */
static void run(const sc_kalyna_key *k, uint8_t *state, const uint8_t *in, uint8_t *out, size_t nblocks,
                enum kmode mode, regs_fn *rounds_on_regs)
{
    const int inverse = is_inverse(mode);
    const unsigned nb = k->nb, bs = k->block_size;
    size_t bytes = nblocks * bs;
    __m512i x[IN_FLIGHT], chain = _mm512_setzero_si512();
    ctr_gen g;
    if (mode == K_CBC_DEC) chain = block_to_top(state, nb);
    while (bytes) {
        const size_t now = bytes < 64 * IN_FLIGHT ? bytes : 64 * IN_FLIGHT;
        const int regs = (int)((now + 63) / 64);
        const __mmask64 last = now % 64 ? _cvtu64_mask64((UINT64_C(1) << (now % 64)) - 1) : ~(__mmask64)0;
#define MASK_OF(i) ((i) == regs - 1 ? last : ~(__mmask64)0)
        if (mode == K_CTR) {
            ctr_setup(&g, state, nb);
            for (int i = 0; i < regs; i++) x[i] = ctr_counters(&g, nb, (uint64_t)i * (8 / nb));
            sc_kalyna_counter_add(state, bs, now / bs);
        } else {
            for (int i = 0; i < regs; i++) x[i] = _mm512_maskz_loadu_epi8(MASK_OF(i), in + 64 * i);
        }
        rounds_on_regs(k, x, regs, inverse);
        if (mode == K_CBC_DEC) {
            /* backwards, so that with in == out every ciphertext is read
             * before its place is written */
            const __m512i next_chain = block_to_top(in + now - bs, nb);
            for (int i = regs - 1; i >= 0; i--) {
                __m512i cur = _mm512_maskz_loadu_epi8(MASK_OF(i), in + 64 * i);
                __m512i before = i ? _mm512_loadu_si512(in + 64 * (i - 1)) : chain;
                x[i] = _mm512_xor_si512(x[i], previous_blocks(cur, before, nb));
                _mm512_mask_storeu_epi8(out + 64 * i, MASK_OF(i), x[i]);
            }
            chain = next_chain;
        } else {
            for (int i = 0; i < regs; i++) {
                if (mode == K_CTR) x[i] = _mm512_xor_si512(x[i], _mm512_maskz_loadu_epi8(MASK_OF(i), in + 64 * i));
                _mm512_mask_storeu_epi8(out + 64 * i, MASK_OF(i), x[i]);
            }
        }
#undef MASK_OF
        in += now, out += now, bytes -= now;
    }
    if (mode == K_CBC_DEC) block_from_top(state, chain, nb);
    if (mode == K_CTR) sc_wipe(&g, sizeof g);
    sc_wipe(x, sizeof x);
}

/* ---- bulk path: 64 blocks sliced by byte position ------------------------ */

enum { SLICED_BLOCKS = 64 };
/* The state buffers must stay memory, pass by pass: otherwise the compiler
 * turns the whole unrolled state into values, interleaves the passes and
 * spills at random. STATE_IN_MEMORY lets the buffers' address escape; then
 * PASS_BARRIER, a memory clobber, makes every pass (an S-box group, a
 * column) finish its stores before the next starts. */
#define STATE_IN_MEMORY(p) __asm__ volatile("" : : "r"(p) : "memory")
#define PASS_BARRIER() __asm__ volatile("" ::: "memory")

/* One 256-entry S-box on every byte of x. */
AI __m512i sbox1(__m512i x, const __m512i box[4])
{
    __m512i lo = _mm512_permutex2var_epi8(box[0], x, box[1]);
    __m512i hi = _mm512_permutex2var_epi8(box[2], x, box[3]);
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), lo, hi);
}

#include "../../kalyna/kalyna_transpose16.h"

/* Memory registers (64 bytes each, 8 nb of them) <-> sliced registers
 * (T[p] = byte p of the 64 blocks). Per group of 16 registers transpose16
 * leaves 128-bit lane l holding bytes 16 l .. 16 l + 15 of a block, so for
 * 256- and 512-bit blocks the lanes are regrouped across registers. */
AI void to_sliced(__m512i *x, unsigned nb)
{
    UNROLL
    for (unsigned g = 0; g < nb / 2; g++) transpose16(x + 16 * g);
    if (nb == 4) {
        const __m512i even = _mm512_setr_epi64(0, 1, 4, 5, 8, 9, 12, 13);
        const __m512i odd = _mm512_setr_epi64(2, 3, 6, 7, 10, 11, 14, 15);
        __m512i t[32];
        UNROLL
        for (int k = 0; k < 16; k++) {
            t[k] = _mm512_permutex2var_epi64(x[k], even, x[16 + k]);
            t[16 + k] = _mm512_permutex2var_epi64(x[k], odd, x[16 + k]);
        }
        UNROLL
        for (int k = 0; k < 32; k++) x[k] = t[k];
    } else if (nb == 8) {
        const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
        const __m512i hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
        __m512i t[64];
        UNROLL
        for (int k = 0; k < 16; k++) { /* 4x4 transpose of 128-bit lanes */
            __m512i u0 = _mm512_permutex2var_epi64(x[k], lo, x[16 + k]);
            __m512i u1 = _mm512_permutex2var_epi64(x[k], hi, x[16 + k]);
            __m512i v0 = _mm512_permutex2var_epi64(x[32 + k], lo, x[48 + k]);
            __m512i v1 = _mm512_permutex2var_epi64(x[32 + k], hi, x[48 + k]);
            t[k] = _mm512_shuffle_i64x2(u0, v0, 0x44);
            t[32 + k] = _mm512_shuffle_i64x2(u0, v0, 0xee);
            t[16 + k] = _mm512_shuffle_i64x2(u1, v1, 0x44);
            t[48 + k] = _mm512_shuffle_i64x2(u1, v1, 0xee);
        }
        UNROLL
        for (int k = 0; k < 64; k++) x[k] = t[k];
    }
}

AI void from_sliced(__m512i *x, unsigned nb)
{
    if (nb == 4) {
        const __m512i first = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
        const __m512i second = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
        __m512i t[32];
        UNROLL
        for (int k = 0; k < 16; k++) {
            t[k] = _mm512_permutex2var_epi64(x[k], first, x[16 + k]);
            t[16 + k] = _mm512_permutex2var_epi64(x[k], second, x[16 + k]);
        }
        UNROLL
        for (int k = 0; k < 32; k++) x[k] = t[k];
    } else if (nb == 8) {
        /* the 4x4 transpose of 128-bit lanes is its own inverse */
        const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
        const __m512i hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
        __m512i t[64];
        UNROLL
        for (int k = 0; k < 16; k++) {
            __m512i u0 = _mm512_permutex2var_epi64(x[k], lo, x[16 + k]);
            __m512i u1 = _mm512_permutex2var_epi64(x[k], hi, x[16 + k]);
            __m512i v0 = _mm512_permutex2var_epi64(x[32 + k], lo, x[48 + k]);
            __m512i v1 = _mm512_permutex2var_epi64(x[32 + k], hi, x[48 + k]);
            t[k] = _mm512_shuffle_i64x2(u0, v0, 0x44);
            t[32 + k] = _mm512_shuffle_i64x2(u0, v0, 0xee);
            t[16 + k] = _mm512_shuffle_i64x2(u1, v1, 0x44);
            t[48 + k] = _mm512_shuffle_i64x2(u1, v1, 0xee);
        }
        UNROLL
        for (int k = 0; k < 64; k++) x[k] = t[k];
    }
    UNROLL
    for (unsigned g = 0; g < nb / 2; g++) untranspose16(x + 16 * g);
}

/* Round key bytes, each repeated over 32 bits: _mm512_set1_epi32 of one is
 * a plain broadcast load (no shuffle). */
typedef struct sliced_keys {
    uint32_t b[SC_KALYNA_MAX_ROUNDS + 1][64];
} sliced_keys;

/* The sliced rounds xor keys 1 .. rounds - 1; the key of the last round
 * (rounds when encrypting, 0 when decrypting) is added mod 2^64 outside, so
 * its slot stays zero. Decrypting, the keys 1 .. rounds - 1 are xored just
 * before an InvMixColumns, so they carry its scalar factor (see
 * sliced_inv_round). */
static void slice_keys(const sc_kalyna_key *k, sliced_keys *sk, int inverse)
{
    /* byte p of a round key -> four copies at b[r][p]: one vpermb per 16
     * bytes (this runs once per call; scalar, it cost ~10% at 16 KiB) */
    const __m512i spread = _mm512_set_epi8(15, 15, 15, 15, 14, 14, 14, 14, 13, 13, 13, 13, 12, 12, 12, 12, 11, 11,
                                           11, 11, 10, 10, 10, 10, 9, 9, 9, 9, 8, 8, 8, 8, 7, 7, 7, 7, 6, 6, 6, 6, 5,
                                           5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0);
    const unsigned quarters = (8 * k->nb + 15) / 16;
    memset(sk->b[0], 0, sizeof sk->b[0]);
    memset(sk->b[k->rounds], 0, sizeof sk->b[0]);
    for (unsigned r = 1; r < k->rounds; r++) {
        const __m512i bytes = _mm512_loadu_si512(k->rk[r]);
        for (unsigned q = 0; q < quarters; q++) {
            __m512i idx = _mm512_add_epi8(spread, _mm512_set1_epi8((char)(16 * q)));
            __m512i spread_bytes = _mm512_permutexvar_epi8(idx, bytes);
            if (inverse) spread_bytes = gf_mul(spread_bytes, SC_KALYNA_INVMC_LAMBDA);
            _mm512_storeu_si512(&sk->b[r][16 * q], spread_bytes);
        }
    }
}

AI __m512i key_byte(const uint32_t *b) { return _mm512_set1_epi32((int)*b); }

/* An encryption round in the sliced layout is two passes over the state.
 * Fused, SubBytes would need all sixteen table registers live beside the
 * MixColumns accumulators: more than 32 registers, and since vpermt2b
 * overwrites a table, gcc reloaded and spilled about ten vectors per register
 * and round. Apart:
 *   SubBytes   one S-box at a time (its four tables stay in registers), in
 *              place;
 *   MixColumns one column at a time, eight loads, eight stores.
 * (Measured: 128/128 ECB 0.92 -> 0.75 cpb.) Decryption stays fused, which
 * measured no slower. */

/* SubBytes in place on the sliced state, rows j and j + 4 of every column
 * through S-box j; decrypting, the round key follows (key != NULL). */
AI void sliced_sub_bytes(__m512i *T, unsigned nb, const __m512i box[4][4], const uint32_t *key)
{
    UNROLL
    for (unsigned j = 0; j < 4; j++) {
        UNROLL
        for (unsigned c = 0; c < nb; c++) {
            UNROLL
            for (unsigned r = j; r < 8; r += 4) {
                __m512i y = sbox1(T[8 * c + r], box[j]);
                T[8 * c + r] = key ? _mm512_xor_si512(y, key_byte(&key[8 * c + r])) : y;
            }
        }
        PASS_BARRIER();
    }
}

/* ShiftRows and MixColumns from T into N, then the round key (zeros for the
 * last round, whose key is added after the transposition). Input row b
 * contributes v_d * (row b) to output row b - d (mod 8). Rows are taken two
 * at a time so that each ternlog adds two terms and only 8 accumulators stay
 * live. */
AI void sliced_mix(const __m512i *T, __m512i *N, unsigned nb, const uint32_t *key)
{
    UNROLL
    for (unsigned c = 0; c < nb; c++) {
        __m512i o[8];
        UNROLL
        for (unsigned r = 0; r < 8; r++) o[r] = key_byte(&key[8 * c + r]);
        UNROLL
        for (unsigned b = 0; b < 8; b += 2) {
            __m512i x[2], m4[2], m6[2], m8[2];
            UNROLL
            for (unsigned i = 0; i < 2; i++) {
                unsigned r = b + i, from = (c + nb - r * nb / 8) % nb; /* ShiftRows */
                x[i] = T[8 * from + r];
                m4[i] = gf_mul(x[i], SC_KALYNA_GF_04);
                m6[i] = gf_mul(x[i], SC_KALYNA_GF_06);
                m8[i] = gf_mul(x[i], SC_KALYNA_GF_08);
            }
#define OUT(i, d) ((b + (i) + 8 - (d)) & 7)
            /* v = 01 01 05 01 08 06 07 04, with 5x = 4x ^ x and 7x = 6x ^ x */
            o[OUT(0, 0)] = v_xor3(o[OUT(0, 0)], x[0], x[1]); /* rows b, b + 1 -> out b (d = 0, 1) */
            o[OUT(1, 0)] = _mm512_xor_si512(o[OUT(1, 0)], x[1]);
            o[OUT(0, 1)] = _mm512_xor_si512(o[OUT(0, 1)], x[0]);
            UNROLL
            for (unsigned i = 0; i < 2; i++) {
                o[OUT(i, 2)] = v_xor3(o[OUT(i, 2)], x[i], m4[i]);
                o[OUT(i, 3)] = _mm512_xor_si512(o[OUT(i, 3)], x[i]);
                o[OUT(i, 4)] = _mm512_xor_si512(o[OUT(i, 4)], m8[i]);
                o[OUT(i, 5)] = _mm512_xor_si512(o[OUT(i, 5)], m6[i]);
                o[OUT(i, 6)] = v_xor3(o[OUT(i, 6)], x[i], m6[i]);
                o[OUT(i, 7)] = _mm512_xor_si512(o[OUT(i, 7)], m4[i]);
            }
#undef OUT
        }
        UNROLL
        for (unsigned r = 0; r < 8; r++) N[8 * c + r] = o[r];
        PASS_BARRIER();
    }
}

/* One encryption round from T into N (T is clobbered). */
AI void sliced_round(__m512i *T, __m512i *N, unsigned nb, const __m512i box[4][4], const uint32_t *key)
{
    sliced_sub_bytes(T, nb, box, NULL);
    sliced_mix(T, N, nb, key);
}

/* InvMixColumns on the eight rows of one column, without its scalar factor
 * LAMBDA. The circulant matrices over GF(2^8) are the ring GF(2^8)[X]/(X^8 +
 * 1), X moving row r + 1 to row r, and X^8 + 1 = (X + 1)^8 in characteristic
 * 2. Written in powers of (1 + X) (tools/gen_kalyna_tables.py derives and
 * checks it), the inverse row w = ad 95 76 a8 2f 49 d7 ca is
 *   LAMBDA (1 + H1 (1 + X) + (1 + X^2)(H2 + H3 X) + (1 + X^4)(G0 + .. G3 X^3)):
 * one multiplication per row for H1, two for H2/H3 and two for the G terms,
 * since row i ^ row i + 4 serves both rows i and i + 4. Five affines per row
 * instead of seven, all from the input rows (one stage: short latency).
 * LAMBDA goes into the previous round's S-box table and key, for free. */
AI void inv_mix_column_unscaled(__m512i t[8])
{
    __m512i n1[8], n2[8], n4[4], o[8];
    UNROLL
    for (unsigned r = 0; r < 8; r++) {
        n1[r] = _mm512_xor_si512(t[r], t[(r + 1) & 7]);
        n2[r] = _mm512_xor_si512(t[r], t[(r + 2) & 7]);
    }
    UNROLL
    for (unsigned i = 0; i < 4; i++) n4[i] = _mm512_xor_si512(t[i], t[i + 4]);
    UNROLL
    for (unsigned i = 0; i < 4; i++) {
        __m512i q = v_xor3(gf_mul(n4[i], SC_KALYNA_INVMC_G0), gf_mul(n4[(i + 1) & 3], SC_KALYNA_INVMC_G1),
                         gf_mul(n4[(i + 2) & 3], SC_KALYNA_INVMC_G2));
        q = _mm512_xor_si512(q, gf_mul(n4[(i + 3) & 3], SC_KALYNA_INVMC_G3));
        o[i] = q;
        o[i + 4] = q;
    }
    UNROLL
    for (unsigned r = 0; r < 8; r++) {
        __m512i h = v_xor3(gf_mul(n1[r], SC_KALYNA_INVMC_H1), gf_mul(n2[r], SC_KALYNA_INVMC_H2),
                         gf_mul(n2[(r + 1) & 7], SC_KALYNA_INVMC_H3));
        t[r] = v_xor3(t[r], o[r], h);
    }
}

/* One decryption round from T into N: InvMixColumns, InvShiftRows,
 * InvSubBytes, then the key (zeros for the last: key 0 is subtracted after
 * the transposition). T holds the state times LAMBDA (the scalar of
 * InvMixColumns): `box` and `key` are the inverse S-boxes and round key
 * times LAMBDA when another round follows, plain for the last one. */
AI void sliced_inv_round(__m512i *T, __m512i *N, unsigned nb, const __m512i box[4][4], const uint32_t *key)
{
    /* Fused, unlike encryption: each column's InvMixColumns outputs go
     * through the S-boxes at once (measured a little faster than two passes
     * here). */
    UNROLL
    for (unsigned c = 0; c < nb; c++) {
        __m512i o[8];
        UNROLL
        for (unsigned r = 0; r < 8; r++) o[r] = T[8 * c + r];
        inv_mix_column_unscaled(o);
        UNROLL
        for (unsigned r = 0; r < 8; r++) {
            unsigned to = (c + nb - r * nb / 8) % nb;
            N[8 * to + r] = _mm512_xor_si512(sbox1(o[r], box[r & 3]), key_byte(&key[8 * to + r]));
        }
        PASS_BARRIER();
    }
}

AI void sliced_chunk(const round_consts *rc, const sliced_keys *sk, unsigned nb, unsigned rounds, const uint8_t *in,
                     uint8_t *out, enum kmode mode, const ctr_gen *g, __m512i *chain)
{
    const int inverse = is_inverse(mode);
    /* Two state buffers used in turn, 65 registers apart so that a store to
     * one and a load from the other never share their low 12 address bits
     * (4K aliasing stalls the loads). */
    __m512i S[2 * 64 + 1], *A = S, *B = S + 65;
    /* 512-bit blocks: 128 state registers; left to itself gcc spilled them
     * at random (2.1-5 cpb from run to run) */
    if (nb == 8) STATE_IN_MEMORY(S);
    UNROLL
    for (unsigned i = 0; i < 8 * nb; i++) {
        __m512i v = mode == K_CTR ? ctr_counters(g, nb, i * (8 / nb)) : _mm512_loadu_si512(in + 64 * i);
        A[i] = inverse ? gf_mul(_mm512_sub_epi64(v, rc->rk[rounds]), SC_KALYNA_INVMC_LAMBDA)
                       : _mm512_add_epi64(v, rc->rk[0]);
    }
    to_sliced(A, nb);
    /* rounds is even: A -> B -> A in pairs */
    if (!inverse) {
        for (unsigned r = 1; r < rounds; r += 2) {
            sliced_round(A, B, nb, rc->box, sk->b[r]);
            sliced_round(B, A, nb, rc->box, sk->b[r + 1]);
        }
    } else {
        for (unsigned r = rounds - 1; r < rounds; r -= 2) {
            sliced_inv_round(A, B, nb, rc->box_scaled, sk->b[r]);
            /* round 0 is the last: no InvMixColumns after it */
            sliced_inv_round(B, A, nb, r > 1 ? rc->box_scaled : rc->box, sk->b[r - 1]);
        }
    }
    from_sliced(A, nb);
    if (mode == K_CBC_DEC) {
        /* backwards, so that with in == out every ciphertext is read before
         * its place is written; the last block chains into the next chunk */
        const __m512i next_chain = _mm512_loadu_si512(in + 64 * (8 * nb - 1));
        UNROLL
        for (unsigned i = 8 * nb; i-- > 0;) {
            __m512i before = i ? _mm512_loadu_si512(in + 64 * (i - 1)) : *chain;
            __m512i prev = previous_blocks(_mm512_loadu_si512(in + 64 * i), before, nb);
            _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(_mm512_sub_epi64(A[i], rc->rk[0]), prev));
        }
        *chain = next_chain;
        return;
    }
    UNROLL
    for (unsigned i = 0; i < 8 * nb; i++) {
        __m512i v = inverse ? _mm512_sub_epi64(A[i], rc->rk[0]) : _mm512_add_epi64(A[i], rc->rk[rounds]);
        if (mode == K_CTR) v = _mm512_xor_si512(v, _mm512_loadu_si512(in + 64 * i));
        _mm512_storeu_si512(out + 64 * i, v);
    }
}

/* One function per block size so that every loop above unrolls and the
 * state can live in registers. `state`: the CTR counter (advanced here) or
 * the CBC chain (in the top words of *chain). */
#define SLICED_FOR(NB)                                                                                           \
    static __attribute__((noinline)) void sliced_##NB(const round_consts *rc, const sliced_keys *sk, unsigned rounds, uint8_t *state,     \
                            const uint8_t *in, uint8_t *out, size_t chunks, enum kmode mode, __m512i *chain)     \
    {                                                                                                           \
        ctr_gen g;                                                                                              \
        for (size_t i = 0; i < chunks; i++, in += 64 * 8 * NB, out += 64 * 8 * NB) {                            \
            if (mode == K_CTR) ctr_setup(&g, state, NB);                                                        \
            sliced_chunk(rc, sk, NB, rounds, in, out, mode, &g, chain);                                         \
            if (mode == K_CTR) sc_kalyna_counter_add(state, 8 * NB, SLICED_BLOCKS);                             \
        }                                                                                                       \
        if (mode == K_CTR) sc_wipe(&g, sizeof g);                                                               \
    }
SLICED_FOR(2)
SLICED_FOR(4)
SLICED_FOR(8)

/* A tail of at least PAD_MIN_BLOCKS blocks runs faster as one sliced chunk
 * padded with zero blocks in a stack buffer (their outputs discarded) than
 * through the natural path: e.g. XTS, holding back its last block, hands the
 * kernel 1023 blocks of a 16 KiB update. The branch is on lengths only. */
enum { PAD_MIN_BLOCKS = 16 };

/* The last n (< SLICED_BLOCKS) blocks as one padded chunk. CTR runs on a
 * copy of the counter (the chunk advances it by 64), then adds n; CBC
 * chains from the last real ciphertext block, saved before in == out
 * overwrites it. */
static void padded_tail(const sc_kalyna_key *k, const round_consts *rc, const sliced_keys *sk, uint8_t *state,
                        const uint8_t *in, uint8_t *out, size_t n, enum kmode mode, __m512i *chain)
{
    const size_t bs = k->block_size, bytes = n * bs;
    _Alignas(64) uint8_t buf[SLICED_BLOCKS * SC_KALYNA_MAX_BLOCK];
    uint8_t ctr[SC_KALYNA_MAX_BLOCK];
    memcpy(buf, in, bytes);
    memset(buf + bytes, 0, SLICED_BLOCKS * bs - bytes);
    if (mode == K_CTR) memcpy(ctr, state, bs);
    if (mode == K_CBC_DEC) memcpy(ctr, in + bytes - bs, bs);
    SC_KALYNA_BY_NB(k, sliced, rc, sk, k->rounds, ctr, buf, buf, 1, mode, chain);
    memcpy(out, buf, bytes);
    if (mode == K_CTR) sc_kalyna_counter_add(state, bs, n);
    if (mode == K_CBC_DEC) *chain = block_to_top(ctr, k->nb);
    sc_wipe(buf, SLICED_BLOCKS * bs);
    sc_wipe(ctr, sizeof ctr);
}

static void dispatch(const sc_kalyna_key *k, uint8_t *state, const uint8_t *in, uint8_t *out, size_t n,
                     enum kmode mode, regs_fn *rounds_on_regs)
{
    size_t chunks = n / SLICED_BLOCKS;
    const size_t tail = n % SLICED_BLOCKS;
    const int pad = tail >= PAD_MIN_BLOCKS;
    if (chunks || pad) {
        round_consts rc;
        sliced_keys sk;
        __m512i chain = mode == K_CBC_DEC ? block_to_top(state, k->nb) : _mm512_setzero_si512();
        prepare(k, &rc, is_inverse(mode));
        if (is_inverse(mode)) {
            UNROLL
            for (int j = 0; j < 4; j++) {
                UNROLL
                for (int q = 0; q < 4; q++) rc.box_scaled[j][q] = gf_mul(rc.box[j][q], SC_KALYNA_INVMC_LAMBDA);
            }
        }
        slice_keys(k, &sk, is_inverse(mode));
        if (chunks) SC_KALYNA_BY_NB(k, sliced, &rc, &sk, k->rounds, state, in, out, chunks, mode, &chain);
        size_t done = chunks * SLICED_BLOCKS * k->block_size;
        in += done, out += done, n -= chunks * SLICED_BLOCKS;
        if (pad) {
            padded_tail(k, &rc, &sk, state, in, out, n, mode, &chain);
            n = 0;
        }
        if (mode == K_CBC_DEC) block_from_top(state, chain, k->nb);
        sc_wipe(&rc, sizeof rc);
        sc_wipe(&sk, sizeof sk);
    }
    if (n) run(k, state, in, out, n, mode, rounds_on_regs);
}

/* A single block (E(IV) of CTR, the MAC's E(0), a short message) goes
 * through the one-register path of kalyna_avx512_vbmi_gfni_1block.c (`one`,
 * of the kernel's variant): no tables of round keys to prepare, and its
 * latency is what the caller waits for. */
typedef void one_block_fn(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
static inline void ecb_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n, enum kmode mode,
                              one_block_fn *one, regs_fn *rounds_on_regs)
{
    if (n == 1) one(k, in, out);
    else dispatch(k, NULL, in, out, n, mode, rounds_on_regs);
}
/* A kernel's operations: PREFIX's single-block and serial paths (the
 * one-block file) and REGS's rounds for short calls and tails, around the
 * shared bulk path. */
#define KALYNA_KERNEL_OPS(OPS, PREFIX, REGS)                                                                     \
    static void OPS##_encrypt(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)                 \
    {                                                                                                            \
        ecb_blocks(k, in, out, n, K_ENC, PREFIX##_encrypt1, REGS);                                               \
    }                                                                                                            \
    static void OPS##_decrypt(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)                 \
    {                                                                                                            \
        ecb_blocks(k, in, out, n, K_DEC, PREFIX##_decrypt1, REGS);                                               \
    }                                                                                                            \
    static void OPS##_ctr(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out, size_t n)  \
    {                                                                                                            \
        dispatch(k, counter, in, out, n, K_CTR, REGS);                                                           \
    }                                                                                                            \
    static void OPS##_cbc_decrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,      \
                                  size_t n)                                                                      \
    {                                                                                                            \
        dispatch(k, chain, in, out, n, K_CBC_DEC, REGS);                                                         \
    }                                                                                                            \
    const struct sc_kalyna_ops OPS = {OPS##_encrypt,     OPS##_decrypt,        OPS##_ctr,                        \
                                      OPS##_cbc_decrypt, PREFIX##_cbc_encrypt, PREFIX##_mac};

KALYNA_KERNEL_OPS(sc_kalyna_x86_avx512_vbmi_gfni, sc_kalyna_x86_avx512_vbmi_gfni, sc_kalyna_x86_avx512_vbmi_gfni_regs)

/* Kernel x86-avx512-vbmi-gfni-p5: the same bulk (sliced) paths; the serial
 * ones (single blocks: CFB, OFB, E(IV); CBC encryption; the MAC) through the
 * one-block path's variant for Intel's port layout, and so do short calls
 * and tails that fill one register (sc_kalyna_x86_avx512_vbmi_gfni_p5_regs). */
KALYNA_KERNEL_OPS(sc_kalyna_x86_avx512_vbmi_gfni_p5, sc_kalyna_x86_avx512_vbmi_gfni_p5,
                  sc_kalyna_x86_avx512_vbmi_gfni_p5_regs)
