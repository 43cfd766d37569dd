/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 (RFC 8439 2.3-2.4) for x86 vectors of any width: shared by the
 * SSSE3, AVX2 and AVX-512 kernels, each of which includes vec128.h, vec256.h
 * or vec512.h (vec_t, V_BYTES, the v_* operations), then defines
 *   CC_FN                the sc_chacha20_fn symbol
 *   cc_lanes(t)          t[0..3] hold rows 0..3 (16 bytes each) of one block
 *                        per 128-bit lane (block l in lane l): rearrange them
 *                        so that t[0] || t[1] || t[2] || t[3] is those blocks'
 *                        bytes in order (a 4x4 transpose of 128-bit lanes;
 *                        nothing for xmm)
 *   cc_lo128(v), cc_next_lane(v)   lane 0 of v; v with its lanes rotated
 *                        down by one (lane 1 to lane 0)
 *   CC_VPROLD            (optional) rotate with v_rol32 (vprold) only; else
 *                        the rotations by 16 and 8 are byte shuffles (pshufb)
 *   cc128_xr16, cc128_xr12, cc128_xr8, cc128_xr7   (optional) xrN(x, y) =
 *                        (x ^ y) <<< N on xmm, for the one-block path
 *   CC_FUSE_SETS         0, 1 or 2: row sets run together with the last
 *                        vertical group (cc_fused); 0 without the registers
 *   CC_VERTICAL_FROM     tails of more blocks than this take the vertical
 *                        path; shorter ones the horizontal one
 *   cc_v_rounds(x)       (optional) the 10 double rounds of a vertical
 *                        group on x[16]; else cc_v_double_round in C
 * and includes this file once (without CC_FN: the pieces alone, for a fused
 * AEAD that runs them its own way).
 *
 * Two layouts, both only additions, xors and fixed rotations or shuffles, so
 * constant time by construction; the only branches are on the length.
 *   vertical    (cc_vertical) register i holds word i of N = V_BYTES / 4
 *               consecutive blocks (counters lane-added, wrapping mod 2^32),
 *               so a round is 8 plain quarter rounds on 16 registers; the
 *               keystream is then transposed back, 4x4 dwords inside each
 *               lane (unpacks) and 4x4 lanes (cc_lanes). The bulk loop: N
 *               blocks per iteration, throughput-bound.
 *   horizontal  (cc_horizontal) one block per 128-bit lane, rows a, b, c, d
 *               of the state in four registers; the diagonal round rotates
 *               rows a, c, d with pshufd. Its transpose is only cc_lanes, so
 *               it is the short path: up to CC_SETS independent row sets
 *               (4 L blocks, L = lanes per register) interleaved for ILP,
 *               for what the bulk loop leaves (below N blocks, unless more
 *               than CC_VERTICAL_FROM remain); latency-bound.
 * Hence, by length: up to 64 bytes one xmm row set (cc_one_block: one
 * dependency chain, the narrowest registers have the lowest latency); then
 * vertical groups, and the tail in row sets, which run together with the
 * last vertical group where the registers allow (cc_fused: latency-bound
 * work in the throughput-bound group's idle slots).
 * A partial last vector goes through a zeroed stack copy of the input that is
 * wiped afterwards: the keystream itself is only ever in registers (besides
 * what the compiler spills with 16 registers, which the callers' stack burn
 * covers). in == out works because every vector is loaded from and stored
 * to the same offset. */
#include <string.h>

#include "../../chacha/chacha_internal.h"

#define CC_AI static inline __attribute__((always_inline))
/* Loops over registers must unroll whole, or their arrays live in memory. */
#define CC_UNROLL _Pragma("GCC unroll 16")
#define CC_L (V_BYTES / 16) /* 128-bit lanes: blocks per horizontal row set */
#define CC_N (V_BYTES / 4)  /* blocks per vertical group */
#define CC_SETS 4           /* most horizontal row sets at once */

_Static_assert(CC_VERTICAL_FROM <= CC_SETS * CC_L, "tails up to CC_VERTICAL_FROM blocks fit the row sets");

_Alignas(64) static const uint32_t cc_iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
/* +l in word 0 of lane l: the counters of a horizontal row set */
_Alignas(64) static const uint32_t cc_lane_step[16] = {0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0};
_Alignas(64) static const uint32_t cc_word0[16] = {~0u, 0, 0, 0, ~0u, 0, 0, 0, ~0u, 0, 0, 0, ~0u, 0, 0, 0};

/* The input words are added again after the rounds: read them again from
 * memory (a broadcast folded into the addition) rather than let the compiler
 * keep copies, which it spills, key words included, to the stack. */
#define cc_reload() __asm__ volatile("" ::: "memory")

/* An aligned table as a vector (a memory operand even for legacy SSE). */
#define cc_const(t) (*(const vec_t *)(const void *)(t))

#ifdef CC_VPROLD
#define cc_rol16(x) v_rol32((x), 16)
#define cc_rol8(x) v_rol32((x), 8)
#else
/* Little-endian dwords: rotating left by 16 swaps the halves, by 8 moves
 * byte k to k + 1 (mod 4). */
#define CC_ROT_IDX(a, b, c, d)                                                                                        \
    a, b, c, d, a + 4, b + 4, c + 4, d + 4, a + 8, b + 8, c + 8, d + 8, a + 12, b + 12, c + 12, d + 12
_Alignas(64) static const uint8_t cc_rot16_idx[64] = {CC_ROT_IDX(2, 3, 0, 1), CC_ROT_IDX(2, 3, 0, 1),
                                                      CC_ROT_IDX(2, 3, 0, 1), CC_ROT_IDX(2, 3, 0, 1)};
_Alignas(64) static const uint8_t cc_rot8_idx[64] = {CC_ROT_IDX(3, 0, 1, 2), CC_ROT_IDX(3, 0, 1, 2),
                                                     CC_ROT_IDX(3, 0, 1, 2), CC_ROT_IDX(3, 0, 1, 2)};
#define cc_rol16(x) v_shuffle8((x), cc_const(cc_rot16_idx))
#define cc_rol8(x) v_shuffle8((x), cc_const(cc_rot8_idx))
#endif

/* The quarter round (2.1) on four vectors of words, given the addition and
 * xrN(x, y) = (x ^ y) <<< N: an expression, so that rounds read as lists. */
#define CC_QR_WITH(add, xr16, xr12, xr8, xr7, a, b, c, d)                                                             \
    (a = add(a, b), d = xr16(d, a), c = add(c, d), b = xr12(b, c), a = add(a, b), d = xr8(d, a), c = add(c, d),       \
     b = xr7(b, c))
#define cc_xr16(x, y) cc_rol16(v_xor((x), (y)))
#define cc_xr12(x, y) v_rol32(v_xor((x), (y)), 12)
#define cc_xr8(x, y) cc_rol8(v_xor((x), (y)))
#define cc_xr7(x, y) v_rol32(v_xor((x), (y)), 7)
#define CC_QR(a, b, c, d) CC_QR_WITH(v_add32, cc_xr16, cc_xr12, cc_xr8, cc_xr7, a, b, c, d)

/* The same on xmm rows for the one-block path, unless the includer has its
 * own (cc128_xr16 etc.): pshufb for 16 and 8, shifts for 12 and 7. */
#ifndef cc128_xr16
#define CC_ONE_BLOCK_DUP 1 /* the one-block path of 64-bit lanes (below) */
#define cc128_rol(x, n) _mm_or_si128(_mm_slli_epi32((x), (n)), _mm_srli_epi32((x), 32 - (n)))
#define cc128_xr16(x, y) _mm_shuffle_epi8(_mm_xor_si128((x), (y)), *(const __m128i *)(const void *)cc_rot16_idx)
#define cc128_xr12(x, y) cc128_rol(_mm_xor_si128((x), (y)), 12)
#define cc128_xr8(x, y) _mm_shuffle_epi8(_mm_xor_si128((x), (y)), *(const __m128i *)(const void *)cc_rot8_idx)
#define cc128_xr7(x, y) cc128_rol(_mm_xor_si128((x), (y)), 7)
#endif
#define CC_QR128(a, b, c, d) CC_QR_WITH(_mm_add_epi32, cc128_xr16, cc128_xr12, cc128_xr8, cc128_xr7, a, b, c, d)

/* A partial vector or xmm row goes through cc_xor_partial's stack copy,
 * unless the includer has masked forms: cc_xor_tail(in, out, ks, n) on
 * vec_t and cc_xor_tail128 on __m128i, n below the width (AVX-512's masked
 * loads and stores, chacha20_avx512.h). */
#ifndef cc_xor_tail128
/* out[0..n) = in[0..n) ^ ks[0..n), n < 16: through a zeroed stack copy of
 * the input, wiped afterwards, so the keystream is never stored. Out of
 * line: inlined, its buffer gave the one-block path (a 64-byte call) a
 * stack frame to align and registers to save. */
static __attribute__((noinline)) void cc_xor_partial(const uint8_t *in, uint8_t *out, __m128i ks, size_t n)
{
    _Alignas(16) uint8_t buf[16] = {0};
    n &= 15; /* a no-op that shows the bound to gcc's overflow warnings */
    memcpy(buf, in, n);
    _mm_store_si128((__m128i *)(void *)buf, _mm_xor_si128(_mm_load_si128((const __m128i *)(void *)buf), ks));
    memcpy(out, buf, n);
    sc_wipe(buf, sizeof buf);
}
#define cc_xor_tail128 cc_xor_partial
#endif

/* The 16 keystream bytes for [o, o + 16) of a run of len bytes: whole, the
 * first len - o of them, or none past the end. */
CC_AI void cc_emit128(const uint8_t *in, uint8_t *out, __m128i ks, size_t o, size_t len)
{
    if (o + 16 <= len)
        _mm_storeu_si128((__m128i *)(void *)(out + o),
                         _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(in + o)), ks));
    else if (o < len)
        cc_xor_tail128(in + o, out + o, ks, len - o);
}

#ifdef cc_xor_tail
#define cc_emit_partial cc_xor_tail
#else
/* The first n < V_BYTES bytes of a vector, lane by lane: once per call, so
 * kept out of line (not inlined at each of the vector positions). */
__attribute__((noinline)) static void cc_emit_partial(const uint8_t *in, uint8_t *out, vec_t ks, size_t n)
{
    for (int l = 0; l < CC_L; l++, ks = cc_next_lane(ks)) cc_emit128(in, out, cc_lo128(ks), 16 * (size_t)l, n);
}
#endif

/* The keystream vector for [o, o + V_BYTES) of a run of len bytes: whole,
 * its first len - o bytes, or nothing past the end. */
CC_AI void cc_emit(const uint8_t *in, uint8_t *out, vec_t ks, size_t o, size_t len)
{
    if (o + V_BYTES <= len)
        v_store(out + o, v_xor(v_load(in + o), ks));
    else if (o < len)
        cc_emit_partial(in + o, out + o, ks, len - o);
}

/* cc_emit, or with k0 (the fused AEAD's short path): the run starts one
 * block early, at block 0, whose keystream (the Poly1305 key) goes to
 * k0[o / V_BYTES] in registers instead of to memory; the data starts with
 * the next block. */
CC_AI void cc_emit_k0(const uint8_t *in, uint8_t *out, vec_t ks, size_t o, size_t len, vec_t *k0)
{
    if (!k0)
        cc_emit(in, out, ks, o, len);
    else if (o < 64)
        k0[o / V_BYTES] = ks;
    else
        cc_emit(in, out, ks, o - 64, len);
}

/* 4x4 dword transpose inside each lane: word j of r[k] becomes word k of
 * t[j] (four words of one block per lane). */
CC_AI void cc_transpose4(vec_t t[4], vec_t r0, vec_t r1, vec_t r2, vec_t r3)
{
    const vec_t lo01 = v_unpacklo32(r0, r1), lo23 = v_unpacklo32(r2, r3);
    const vec_t hi01 = v_unpackhi32(r0, r1), hi23 = v_unpackhi32(r2, r3);
    t[0] = v_unpacklo64(lo01, lo23), t[1] = v_unpackhi64(lo01, lo23);
    t[2] = v_unpacklo64(hi01, hi23), t[3] = v_unpackhi64(hi01, hi23);
}

/* The vertical group of blocks ctr .. ctr + N - 1 (mod 2^32; the other
 * words from s): x[i] holds word i of every block. */
CC_AI void cc_v_init(vec_t x[16], const uint32_t s[16], uint32_t ctr)
{
    CC_UNROLL for (int i = 0; i < 16; i++) x[i] = v_set1_32((int)s[i]);
    x[12] = v_add32(v_set1_32((int)ctr), cc_const(cc_iota));
}

CC_AI void cc_v_double_round(vec_t x[16])
{
    CC_QR(x[0], x[4], x[8], x[12]), CC_QR(x[1], x[5], x[9], x[13]);
    CC_QR(x[2], x[6], x[10], x[14]), CC_QR(x[3], x[7], x[11], x[15]);
    CC_QR(x[0], x[5], x[10], x[15]), CC_QR(x[1], x[6], x[11], x[12]);
    CC_QR(x[2], x[7], x[8], x[13]), CC_QR(x[3], x[4], x[9], x[14]);
}

/* After the rounds (and cc_reload): add the input words, transpose, xor
 * into the first len bytes (len <= 64 N) of in/out (k0: see cc_emit_k0,
 * len <= 64 N - 64). */
CC_AI void cc_v_out(vec_t x[16], const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len,
                    vec_t *k0)
{
    vec_t init[16];
    cc_v_init(init, s, ctr);
    CC_UNROLL for (int i = 0; i < 16; i++) x[i] = v_add32(x[i], init[i]);
    /* t[k][b]: in lane l, words 4k .. 4k + 3 of block b + 4 l */
    vec_t t[4][4];
    CC_UNROLL for (int k = 0; k < 4; k++) cc_transpose4(t[k], x[4 * k], x[4 * k + 1], x[4 * k + 2], x[4 * k + 3]);
    CC_UNROLL for (int b = 0; b < 4; b++) {
        vec_t r[4] = {t[0][b], t[1][b], t[2][b], t[3][b]};
        cc_lanes(r);
        /* r[0] || .. || r[3]: blocks b, b + 4, .. (one per lane) */
        CC_UNROLL for (int i = 0; i < 4; i++) {
            const size_t o = (size_t)i * V_BYTES;
            cc_emit_k0(in, out, r[i], 64 * (size_t)b + 256 * (o / 64) + o % 64, len, k0);
        }
    }
}

/* The 20 rounds of a vertical group, unless the includer has its own
 * (cc_v_rounds: e.g. a fixed register schedule where 16 registers are too
 * few for the compiler's). */
#ifndef cc_v_rounds
#define cc_v_rounds(x)                                                                                                \
    do {                                                                                                              \
        for (int cc_i_ = 0; cc_i_ < 10; cc_i_++) cc_v_double_round(x);                                                \
    } while (0)
#endif

/* Blocks ctr .. ctr + N - 1 xored into the first len bytes (len <= 64 N;
 * k0: see cc_emit_k0). */
CC_AI void cc_vertical(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len, vec_t *k0)
{
    vec_t x[16];
    cc_v_init(x, s, ctr);
    cc_v_rounds(x);
    cc_reload();
    cc_v_out(x, s, ctr, in, out, len, k0);
}

/* Columns to diagonals and back: column j must meet a[j], b[j + 1],
 * c[j + 2], d[j + 3], i.e. (one word further) a[j - 1], b[j], c[j + 1],
 * d[j + 2]. Rotating a, c, d rather than b, c, d keeps the shuffles off the
 * critical path: b is the last row a quarter round writes and the first the
 * next reads (a += b), while a, c and d are ready earlier or read later. */
#define cc_rot_rows(a, c, d, ka, kc)                                                                                  \
    (a = V_OP(shuffle_epi32)(a, ka), c = V_OP(shuffle_epi32)(c, kc), d = V_OP(shuffle_epi32)(d, 0x4e))
#define cc_diagonalize(a, c, d) cc_rot_rows(a, c, d, 0x93, 0x39)
#define cc_undiagonalize(a, c, d) cc_rot_rows(a, c, d, 0x39, 0x93)

/* A double round of one block per 128-bit lane in four rows, given the
 * quarter round and pshufd: on xmm for cc_one_block (and the fused AEAD's
 * block 0, and on ymm its two-block path). */
#define CC_DOUBLE_ROUND_WITH(qr, shuffle, a, b, c, d)                                                                 \
    (qr(a, b, c, d), a = shuffle(a, 0x93), c = shuffle(c, 0x39), d = shuffle(d, 0x4e), qr(a, b, c, d),               \
     a = shuffle(a, 0x39), c = shuffle(c, 0x93), d = shuffle(d, 0x4e))
#define CC_DOUBLE_ROUND128(a, b, c, d) CC_DOUBLE_ROUND_WITH(CC_QR128, _mm_shuffle_epi32, a, b, c, d)

/* Row d of set j: s[12 .. 15] with word 0 of lane l = ctr + j L + l. */
CC_AI vec_t cc_row_d(const uint32_t s[16], uint32_t ctr, int j)
{
    const vec_t d = v_add32(v_bcast128(s + 12), cc_const(cc_lane_step));
    return v_add32(d, v_and(v_set1_32((int)(ctr - s[12] + (uint32_t)(j * CC_L))), cc_const(cc_word0)));
}

#if defined(CC_ONE_BLOCK_DUP) && defined(__AVX2__)
/* One block (len <= 64) is one dependency chain, so latency is all. In xmm
 * rows a rotation by 12 or 7 is two operations deep without AVX-512 (shift,
 * shift, or): 14 cycles a half round, 280 for the 20 rounds. Here each word
 * w sits in a 64-bit lane as w || w, so that one 64-bit shift right by
 * 32 - n leaves w <<< n in the lane's low half: every step of the quarter
 * round is one operation, 12 cycles a half round. (Scalar registers get the
 * same depth, but their 48 operations a half round saturate Zen 3's four
 * integer ALUs, and rotations issue on two of them: measured 338 cycles.)
 * Whole lanes (both halves) are needed only where a shift reads them: b
 * before its rotation (b ^= c: b's copy bd made whole by a pshufd during
 * the four steps between, off the critical path) and c (c += d, with d
 * whole: the pshufb of the rotations by 16 and 8 writes both halves from
 * the low one). a and the rotated b are exact in their low halves only,
 * which is all their readers use (a += b, and d ^= a before d's pshufb).
 * A row is one ymm register, its words in the order 0, 2 | 1, 3 (lanes), so
 * that rotating a row by two words stays inside the lanes (pshufd); by one
 * word it crosses them (vpermq). Rows a and c take those (they are final 5
 * cycles before the next half round reads them; d, with 4, takes the
 * rotation by two; b, read first, stays), but on Zen 3 a lane-crossing
 * shuffle feeding an integer operation measured about 7 cycles, so they
 * still cost about 1.5 cycles a half round (taking them earlier by
 * linearity, a's as that of a + b plus that of the next b, measured slower:
 * more shuffles on Zen 3's two shuffle pipes). Zen 3, a 64-byte call
 * chained on its output (rdtsc, min of trials): 314 core cycles, the xmm
 * rows 338 (in a loop of independent calls: 273 and 296). */
#define CC_DUP_IDX(a, b, c, d) a, b, c, d, a, b, c, d, a + 8, b + 8, c + 8, d + 8, a + 8, b + 8, c + 8, d + 8
_Alignas(32) static const uint8_t cc_dup_idx[2][32] = {
    {CC_DUP_IDX(2, 3, 0, 1), CC_DUP_IDX(2, 3, 0, 1)}, /* w <<< 16, both halves */
    {CC_DUP_IDX(3, 0, 1, 2), CC_DUP_IDX(3, 0, 1, 2)}, /* w <<< 8 */
};
/* row words 0-3 (xmm, broadcast) to 0, 0, 2, 2 | 1, 1, 3, 3 */
_Alignas(32) static const uint8_t cc_dup_load_idx[32] = {0, 1, 2, 3, 0, 1, 2, 3, 8, 9, 10, 11, 8, 9, 10, 11,
                                                         4, 5, 6, 7, 4, 5, 6, 7, 12, 13, 14, 15, 12, 13, 14, 15};
#define cc_dup_const(i) (*(const __m256i *)(const void *)cc_dup_idx[i])
/* the output's pshufb per rotation r (below): dwords 0, 2 (D02) or 2, 0
 * (D20) of each lane to its dwords 0, 1 */
#define CC_D02 0, 1, 2, 3, 8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11
#define CC_D20 8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11, 0, 1, 2, 3
_Alignas(32) static const uint8_t cc_dup_out_idx[4][32] = {
    {CC_D02, CC_D02}, /* r = 0: lanes low, high */
    {CC_D02, CC_D20}, /* r = 1: high, low */
    {CC_D20, CC_D20}, /* r = 2: low, high */
    {CC_D20, CC_D02}, /* r = 3: high, low */
};
#define cc_dup_out(r) (*(const __m256i *)(const void *)cc_dup_out_idx[r])
#define CC_DUP_LOW(x) _mm256_shuffle_epi32((x), 0xa0) /* dwords 0, 0, 2, 2 */
/* a half round: a, b (low halves), bd (b whole), c, d (whole) */
#define CC_DUP_HALF(a, b, bd, c, d)                                                                                   \
    (a = _mm256_add_epi32(a, b), d = _mm256_shuffle_epi8(_mm256_xor_si256(d, a), cc_dup_const(0)),                    \
     c = _mm256_add_epi32(c, d), b = _mm256_srli_epi64(_mm256_xor_si256(bd, c), 20), bd = CC_DUP_LOW(b),              \
     a = _mm256_add_epi32(a, b), d = _mm256_shuffle_epi8(_mm256_xor_si256(d, a), cc_dup_const(1)),                    \
     c = _mm256_add_epi32(c, d), b = _mm256_srli_epi64(_mm256_xor_si256(bd, c), 25), bd = CC_DUP_LOW(b))
/* A row rotated by one word, up (x'[j] = x[j - 1]: 64-bit lanes 3, 2, 0, 1
 * of words 0, 2 | 1, 3) or down (x'[j] = x[j + 1]: lanes 2, 3, 1, 0): one
 * vpermq (a lane swap and a pshufb measured the same, in two operations). */
#define CC_DUP_UP(x) _mm256_permute4x64_epi64((x), 0x4b)
#define CC_DUP_DOWN(x) _mm256_permute4x64_epi64((x), 0x1e)
#define CC_DUP_ROT2(x) _mm256_shuffle_epi32((x), 0x4e)

CC_AI void cc_one_block(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len)
{
#define CC_ROW(i) _mm_loadu_si128((const __m128i *)(const void *)(s + 4 * (i)))
#define CC_DUP_LOAD(x)                                                                                                \
    _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(x), *(const __m256i *)(const void *)cc_dup_load_idx)
    const __m128i step = _mm_cvtsi32_si128((int)(ctr - s[12]));
    __m256i a = CC_DUP_LOAD(CC_ROW(0)), b = CC_DUP_LOAD(CC_ROW(1)), bd = b, c = CC_DUP_LOAD(CC_ROW(2));
    __m256i d = CC_DUP_LOAD(_mm_add_epi32(CC_ROW(3), step));
    /* columns to diagonals (cc_rot_rows): a up, c down, d by two; back:
     * a down, c up. Written out per pair of half rounds, without the last
     * rotations back (those are the output's, below): a loop of double
     * rounds that leaves them out of its last iteration measured 4 cycles
     * slower (gcc 12). */
#define CC_DUP_TO_DIAGONALS() (a = CC_DUP_UP(a), c = CC_DUP_DOWN(c), d = CC_DUP_ROT2(d))
#define CC_DUP_TO_COLUMNS() (a = CC_DUP_DOWN(a), c = CC_DUP_UP(c), d = CC_DUP_ROT2(d))
    CC_DUP_HALF(a, b, bd, c, d), CC_DUP_TO_DIAGONALS();
    for (int i = 0; i < 9; i++) {
        CC_DUP_HALF(a, b, bd, c, d), CC_DUP_TO_COLUMNS();
        CC_DUP_HALF(a, b, bd, c, d), CC_DUP_TO_DIAGONALS();
    }
    CC_DUP_HALF(a, b, bd, c, d);
#undef CC_DUP_TO_COLUMNS
#undef CC_DUP_TO_DIAGONALS
    cc_reload();
    /* The low halves to words 0-3, the diagonal rotations undone on the way
     * (the lane swaps would be the chain's last 7 cycles): word k of a row
     * rotated by r (x'[j] = x[j + r]) is x'[k - r], where x'[0], x'[2] are
     * dwords 0, 2 of the low lane and x'[1], x'[3] of the high one. A
     * pshufb puts each lane's two words in its dwords 0, 1, in the order of
     * the output, then an unpack interleaves the lanes. */
#define CC_DUP_ROW(x, k, hi_first)                                                                                    \
    (t = _mm256_shuffle_epi8((x), cc_dup_out(k)),                                                                     \
     hi_first ? _mm_unpacklo_epi32(_mm256_extracti128_si256(t, 1), _mm256_castsi256_si128(t))                         \
              : _mm_unpacklo_epi32(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1)))
    __m256i t;
    cc_emit128(in, out, _mm_add_epi32(CC_DUP_ROW(a, 3, 1), CC_ROW(0)), 0, len);  /* a: r = 3 */
    cc_emit128(in, out, _mm_add_epi32(CC_DUP_ROW(b, 0, 0), CC_ROW(1)), 16, len); /* b: r = 0 */
    cc_emit128(in, out, _mm_add_epi32(CC_DUP_ROW(c, 1, 1), CC_ROW(2)), 32, len); /* c: r = 1 */
    cc_emit128(in, out, _mm_add_epi32(CC_DUP_ROW(d, 2, 0), _mm_add_epi32(CC_ROW(3), step)), 48, len); /* r = 2 */
#undef CC_DUP_ROW
#undef CC_DUP_LOAD
#undef CC_ROW
}
#else
/* One block (len <= 64) in four xmm rows, whatever the kernel's width: a
 * single block is one dependency chain, and narrow registers have the lowest
 * latency (on Zen 4 a chain of zmm operations is slower than one of xmm). */
CC_AI void cc_one_block(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len)
{
#define CC_ROW(i) _mm_loadu_si128((const __m128i *)(const void *)(s + 4 * (i)))
    const __m128i step = _mm_cvtsi32_si128((int)(ctr - s[12]));
    __m128i a = CC_ROW(0), b = CC_ROW(1), c = CC_ROW(2), d = _mm_add_epi32(CC_ROW(3), step);
    for (int i = 0; i < 10; i++) CC_DOUBLE_ROUND128(a, b, c, d);
    cc_reload();
    cc_emit128(in, out, _mm_add_epi32(a, CC_ROW(0)), 0, len);
    cc_emit128(in, out, _mm_add_epi32(b, CC_ROW(1)), 16, len);
    cc_emit128(in, out, _mm_add_epi32(c, CC_ROW(2)), 32, len);
    cc_emit128(in, out, _mm_add_epi32(d, _mm_add_epi32(CC_ROW(3), step)), 48, len);
#undef CC_ROW
}
#endif

/* Horizontal row sets: h[j] = rows a, b, c, d of blocks ctr + j L ..
 * ctr + j L + L - 1 (one per lane), for j < sets. */
CC_AI void cc_h_init(vec_t h[][4], const uint32_t s[16], uint32_t ctr, int sets)
{
    CC_UNROLL for (int j = 0; j < sets; j++) {
        h[j][0] = v_bcast128(s), h[j][1] = v_bcast128(s + 4), h[j][2] = v_bcast128(s + 8);
        h[j][3] = cc_row_d(s, ctr, j);
    }
}

CC_AI void cc_h_double_round(vec_t h[][4], int sets)
{
    CC_UNROLL for (int j = 0; j < sets; j++) CC_QR(h[j][0], h[j][1], h[j][2], h[j][3]);
    CC_UNROLL for (int j = 0; j < sets; j++) cc_diagonalize(h[j][0], h[j][2], h[j][3]);
    CC_UNROLL for (int j = 0; j < sets; j++) CC_QR(h[j][0], h[j][1], h[j][2], h[j][3]);
    CC_UNROLL for (int j = 0; j < sets; j++) cc_undiagonalize(h[j][0], h[j][2], h[j][3]);
}

/* After the rounds (and cc_reload): add the input rows, put the blocks in
 * order, xor into the first len bytes (len <= 64 sets L) of in/out (k0:
 * see cc_emit_k0, len <= 64 sets L - 64). */
CC_AI void cc_h_out(vec_t h[][4], const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len,
                    int sets, vec_t *k0)
{
    vec_t init[CC_SETS][4];
    cc_h_init(init, s, ctr, sets);
    CC_UNROLL for (int j = 0; j < sets; j++) {
        vec_t r[4] = {v_add32(h[j][0], init[j][0]), v_add32(h[j][1], init[j][1]), v_add32(h[j][2], init[j][2]),
                      v_add32(h[j][3], init[j][3])};
        cc_lanes(r);
        CC_UNROLL for (int i = 0; i < 4; i++) cc_emit_k0(in, out, r[i], (size_t)(4 * j + i) * V_BYTES, len, k0);
    }
}

/* Blocks ctr .. ctr + sets L - 1 xored into the first len bytes (len <=
 * 64 sets L): `sets` row sets, interleaved (k0: see cc_emit_k0). */
CC_AI void cc_horizontal(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len, int sets,
                         vec_t *k0)
{
    vec_t h[CC_SETS][4];
    cc_h_init(h, s, ctr, sets);
    for (int i = 0; i < 10; i++) cc_h_double_round(h, sets);
    cc_reload();
    cc_h_out(h, s, ctr, in, out, len, sets, k0);
}

#if CC_FUSE_SETS
_Static_assert(CC_FUSE_SETS <= 2, "cc_fused is instantiated for 1 and 2 sets");
/* A last vertical group and the tail after it (64 N < len <= 64 (N + sets
 * L)) in one pass: the vertical rounds are throughput-bound, the row sets'
 * latency-bound, so the sets fill the vertical group's idle slots instead of
 * running alone afterwards. Needs registers for both (32). */
CC_AI void cc_fused(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len, int sets,
                    vec_t *k0)
{
    vec_t x[16], h[CC_SETS][4];
    const size_t first = 64 * CC_N - (k0 ? 64 : 0); /* data bytes of the vertical group (k0: see cc_emit_k0) */
    cc_v_init(x, s, ctr);
    cc_h_init(h, s, ctr + CC_N, sets);
    for (int i = 0; i < 10; i++) cc_v_double_round(x), cc_h_double_round(h, sets);
    cc_reload();
    cc_v_out(x, s, ctr, in, out, first, k0);
    cc_h_out(h, s, ctr + CC_N, in + first, out + first, len - first, sets, NULL);
}
#endif

/* Blocks ctr.. xored into len bytes of in/out, each part in the shape for
 * its length (the sc_chacha20_fn's long path, and the fused AEAD's). */
CC_AI void cc_run(const uint32_t state[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len)
{
    /* ctr: uint32_t, wraps modulo 2^32 */
    for (; len > 64 * (CC_N + CC_FUSE_SETS * CC_L); len -= 64 * CC_N, in += 64 * CC_N, out += 64 * CC_N, ctr += CC_N)
        cc_vertical(state, ctr, in, out, 64 * CC_N, NULL);
#if CC_FUSE_SETS
    if (len > 64 * CC_N) {
        if (len <= 64 * (CC_N + CC_L))
            cc_fused(state, ctr, in, out, len, 1, NULL);
        else
            cc_fused(state, ctr, in, out, len, 2, NULL);
        return;
    }
#endif
    if (len <= 64) {
        if (len) cc_one_block(state, ctr, in, out, len);
        return;
    }
    const size_t blocks = (len + 63) / 64;
    if (blocks > CC_VERTICAL_FROM) {
        cc_vertical(state, ctr, in, out, len, NULL);
        return;
    }
    switch ((blocks + CC_L - 1) / CC_L) {
    case 1: cc_horizontal(state, ctr, in, out, len, 1, NULL); break;
    case 2: cc_horizontal(state, ctr, in, out, len, 2, NULL); break;
    case 3: cc_horizontal(state, ctr, in, out, len, 3, NULL); break;
    default: cc_horizontal(state, ctr, in, out, len, 4, NULL); break;
    }
}

/* The sc_chacha20_fn, unless the includer only wants the pieces (the fused
 * AEAD). */
#ifdef CC_FN
#if defined(__clang__)
/* clang 19 spills the vertical path's sixteen state rows (key words among
 * them) when the ISA has only sixteen vector registers (AVX2):
 * test_stack_residue found the key 3.7 KiB down the stack of a clang build.
 * Under clang the long path's frame is burned after it (stack_burn.h); gcc
 * keeps them in registers, and its builds pay nothing. */
#include "../../cipher/stack_burn.h"
#endif
/* Longer runs (len > 64) in a frame of their own: gcc aligns the stack and
 * saves six registers for the vertical groups, which a one-block call (the
 * 64-byte message, HChaCha20) need not pay. */
static __attribute__((noinline)) void cc_long(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len)
{
    cc_run(state, state[12], in, out, len);
}
void CC_FN(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len)
{
    if (len <= 64) {
        if (len) cc_one_block(state, state[12], in, out, len);
        return;
    }
    cc_long(state, in, out, len);
#if defined(__clang__)
    sc_burn_stack(4096);
#endif
}
#endif
