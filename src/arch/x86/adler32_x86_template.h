/* SPDX-License-Identifier: Apache-2.0 */
/* Adler-32 (RFC 1950 section 9) kernel template for x86 vectors of any width.
 *
 * Each adler32_<ext>.c defines, then includes this file once:
 *   SC_ADLER_FN             the kernel's name
 *   SC_ADLER_W, SC_ADLER_LOG2_W   vector width in bytes and its log2
 *   SC_ADLER_GROUPS         most groups per chunk between modular reductions
 *   SC_ADLER_SCALAR_BELOW   inputs shorter than this take the scalar path;
 *                           must be >= SC_ADLER_W unless vec_head() is masked
 *   vec_t and the static inline operations
 *     vec_zero(), vec_load(p) (unaligned), vec_add(x, y) (32-bit lanes),
 *     vec_shl(x, n) (32-bit lanes), vec_hsum(x) (sum of the 32-bit lanes),
 *     vec_sum_bytes(acc, v)   acc + the sums of v's bytes, in 32-bit lanes
 *     vec_dot(acc, v, w)      acc + sum of v[i]*w[i] (v unsigned, w signed
 *                             bytes), in 32-bit lanes
 *     vec_head(p, h)          the h bytes at p (1 <= h < W), zeros after
 *   optionally SC_ADLER_HAS_DOT_PAIR and
 *     vec_dot_pair(v0, v1, w) dot(v0, w) + dot(v1, w), for kernels that can
 *                             add two products before widening them
 *   optionally SC_ADLER_TWO_VECTORS and
 *     vec_dot_pair2(v0, w0, v1, w1)  dot(v0, w0) + dot(v1, w1), a straight-
 *                             line path for W < len <= 2W
 *   optionally SC_ADLER_HAS_GROUP_LOOP and
 *     sc_adler_group_loop(p, m, w, &s1_0, .., &s1_3, &s1s, &s2_0, &s2_1)
 *                             the m >= 1 whole groups at p, the C loop
 *                             below in its pair form (the weighted sums in
 *                             s2_0, s2_1); returns p + m*K
 *
 * Method. The b-sum of n bytes is sum_i byte_i*(n - i) (plus n*a_in). The
 * input is cut into groups of K = W*VECS bytes. A byte at position j*W + i
 * of a group (vector j, lane i) weighs (W - i) + W*(VECS-1-j) inside its
 * group, and K more for every later group. So per vector slot j we keep
 *   s2[j]  += dot(v, [W, W-1, ..., 1])     the in-vector weights
 *   s1[j]  += bytes of v                   -> the W*(VECS-1-j) term, once,
 *                                             at the end of the chunk
 *   s1s    += s1[0..3] before each group   -> the K-per-later-group term
 * which are VECS independent dependency chains per kind, enough to hide the
 * multiply-add latency. The bytes that do not fill a whole group (len mod K)
 * are taken first, as a "prologue" group of their own: a head of
 * h = len mod W bytes weighted h..1 (a shifted window into the weight table)
 * and then whole vectors; it lands in the last slot, which has no in-group
 * extra weight, so every later group counts it through s1s as usual. Taking
 * the odd bytes first rather than last means no kernel ever reads past the
 * end of the buffer and no correction term is needed.
 *
 * Deferred modulo. Everything is non-negative, so a chunk whose totals fit
 * 32 bits cannot wrap any lane either. With G groups plus the prologue
 * (at most one more group), at most 255 per byte:
 *   sum of bytes                <= 255*K*(G+1)
 *   prefix sums (s1s)           <= 255*K*(0 + 1 + ... + G) = 255*K*G*(G+1)/2
 *   in-group weighted (s2 + extra) <= 255*K*(K+1)/2 per group, (G+1) groups
 * each must stay below 2^32 (checked below); they are combined with n*a in
 * 64 bits by sc_adler32_x86_fold(). Lengths of any size are handled chunk by
 * chunk, so nothing scales with the total length.
 */
#include "adler32_x86_common.h"

#define SC_ADLER_VECS 4 /* vectors per group (loop iteration) */
#define SC_ADLER_K (SC_ADLER_W * SC_ADLER_VECS)

_Static_assert(SC_ADLER_K <= 256, "sc_adler32_x86_fold_short() takes at most 256 bytes");
_Static_assert(SC_ADLER_W <= SC_ADLER_X86_MAX_W && (1 << SC_ADLER_LOG2_W) == SC_ADLER_W, "vector width");
_Static_assert(255ull * SC_ADLER_K * SC_ADLER_GROUPS * (SC_ADLER_GROUPS + 1) / 2 <= UINT32_MAX,
               "prefix sums would overflow 32 bits within a chunk");
_Static_assert(255ull * SC_ADLER_K * (SC_ADLER_K + 1) / 2 * (SC_ADLER_GROUPS + 1) <= UINT32_MAX,
               "weighted sums would overflow 32 bits within a chunk");

/* A chunk of at most this many bytes has a whole b-sum, 255*n*(n+1)/2, below
 * 2^32 (n <= 5803), so its prefix term can be folded in-vector. */
#define SC_ADLER_SMALL_CHUNK 5803u

/* The prologue: len mod K bytes (< K), or a whole input of at most K bytes,
 * as one group of its own. Returns the byte sums and the weighted sums
 * (in-prologue weights) in *s1, *s2. Each vector's products are independent
 * (chained only through 2-cycle adds, not through the multiply-adds), since
 * for short inputs this latency is the whole cost. */
static inline const uint8_t *sc_adler_prologue(const uint8_t *p, size_t bytes, vec_t w, vec_t *s1, vec_t *s2)
{
    size_t h = bytes % SC_ADLER_W, r = bytes / SC_ADLER_W;
    vec_t sum = vec_zero(), weighted = vec_zero(), prefix = vec_zero();
    if (h) {
        vec_t v = vec_head(p, h);
        sum = vec_sum_bytes(vec_zero(), v);
        weighted = vec_dot(vec_zero(), v, vec_load(sc_adler_x86_weights + SC_ADLER_X86_MAX_W - h));
        p += h;
    }
    for (; r; r--, p += SC_ADLER_W) {
        vec_t v = vec_load(p);
        vec_t x = vec_sum_bytes(vec_zero(), v), y = vec_dot(vec_zero(), v, w);
        prefix = vec_add(prefix, sum);
        sum = vec_add(sum, x);
        weighted = vec_add(weighted, y);
    }
    /* Every byte before a whole vector is weighted W more by it. */
    *s1 = sum;
    *s2 = vec_add(weighted, vec_shl(prefix, SC_ADLER_LOG2_W));
    return p;
}

/* Inputs up to this many bytes take the prologue alone, in line: its
 * vectors are independent and the out-of-line group path's setup and
 * 4-slot combination cost more than they save below two groups (Zen 3,
 * x86-avx2, K = 128: 160 B 15.3 -> 21.6 GB/s, 256 B 23.7 -> 26.7; SSSE3
 * 256 B 17.2 -> 21.0; alternating binaries, BENCHMARKS.md 8.4). 256 is also
 * the most fold_short takes. For AVX-512 (K = 256) nothing changes. */
#define SC_ADLER_SHORT_MAX 256

/* Inputs of at least one whole group. Kept out of line so that short inputs
 * do not pay for its register saves. */
static __attribute__((noinline)) uint32_t sc_adler_groups(uint32_t adler, const uint8_t *p, size_t len)
{
    uint32_t a = adler & 0xffff, b = adler >> 16;
    const vec_t w = vec_load(sc_adler_x86_weights + SC_ADLER_X86_MAX_W - SC_ADLER_W);
    size_t prologue = len % SC_ADLER_K, groups = len / SC_ADLER_K;
    do {
        size_t m = groups < SC_ADLER_GROUPS ? groups : SC_ADLER_GROUPS;
        groups -= m;
        uint64_t n = (uint64_t)m * SC_ADLER_K;
        /* Slots spelled out: gcc keeps arrays of vectors in memory. */
        vec_t s1_0 = vec_zero(), s1_1 = s1_0, s1_2 = s1_0, s1_3 = s1_0, s1s = s1_0;
        vec_t s2_0 = s1_0, s2_1 = s1_0, s2_2 = s1_0, s2_3 = s1_0;
        if (prologue) {
            p = sc_adler_prologue(p, prologue, w, &s1_3, &s2_3);
            n += prologue;
            prologue = 0;
        }
#ifdef SC_ADLER_HAS_GROUP_LOOP
        if (m) p = sc_adler_group_loop(p, m, w, &s1_0, &s1_1, &s1_2, &s1_3, &s1s, &s2_0, &s2_1);
#else
        for (; m; m--, p += SC_ADLER_K) {
            /* One prefix accumulator for the four slots: as many adds as one
             * per slot, three registers fewer (AVX2 has only 16). The
             * barrier stops clang from re-associating the tree into a chain
             * of three adds on s1s (6 cycles a group: 190 vs 220 GB/s). */
            vec_t group_prefix = vec_add(vec_add(s1_0, s1_1), vec_add(s1_2, s1_3));
            SC_ADLER_OPAQUE(group_prefix);
            s1s = vec_add(s1s, group_prefix);
            vec_t v0 = vec_load(p), v1 = vec_load(p + SC_ADLER_W);
            vec_t v2 = vec_load(p + 2 * SC_ADLER_W), v3 = vec_load(p + 3 * SC_ADLER_W);
            s1_0 = vec_sum_bytes(s1_0, v0);
            s1_1 = vec_sum_bytes(s1_1, v1);
            s1_2 = vec_sum_bytes(s1_2, v2);
            s1_3 = vec_sum_bytes(s1_3, v3);
#ifdef SC_ADLER_HAS_DOT_PAIR
            s2_0 = vec_add(s2_0, vec_dot_pair(v0, v1, w));
            s2_1 = vec_add(s2_1, vec_dot_pair(v2, v3, w));
#else
            s2_0 = vec_dot(s2_0, v0, w);
            s2_1 = vec_dot(s2_1, v1, w);
            s2_2 = vec_dot(s2_2, v2, w);
            s2_3 = vec_dot(s2_3, v3, w);
            SC_ADLER_OPAQUE(s2_2);
            SC_ADLER_OPAQUE(s2_3);
#endif
            SC_ADLER_OPAQUE(s1_0);
            SC_ADLER_OPAQUE(s1_1);
            SC_ADLER_OPAQUE(s1_2);
            SC_ADLER_OPAQUE(s1_3);
            SC_ADLER_OPAQUE(s1s);
            SC_ADLER_OPAQUE(s2_0);
            SC_ADLER_OPAQUE(s2_1);
        }
#endif
        vec_t sum = vec_add(vec_add(s1_0, s1_1), vec_add(s1_2, s1_3));
        vec_t prefix = s1s;
        /* In-group extra weight W*(3*s1_0 + 2*s1_1 + s1_2). */
        vec_t run = vec_add(s1_0, s1_1);
        vec_t extra = vec_add(vec_add(s1_0, run), vec_add(run, s1_2));
        vec_t weighted = vec_add(vec_add(s2_0, s2_1), vec_add(s2_2, s2_3));
        weighted = vec_add(weighted, vec_shl(extra, SC_ADLER_LOG2_W));
        if (n <= SC_ADLER_SMALL_CHUNK) {
            weighted = vec_add(weighted, vec_shl(prefix, SC_ADLER_LOG2_W + 2));
#ifdef SC_ADLER_HAS_HSUM2 /* 512 B / 1 KiB on Zen 4: 50.7 -> 52.2, 71.5 -> 73.0 GB/s */
            uint32_t hs, hw;
            vec_hsum2(sum, weighted, &hs, &hw);
#else
            uint32_t hs = vec_hsum(sum), hw = vec_hsum(weighted);
#endif
            if (n <= SC_ADLER_FOLD32_MAX)
                sc_adler32_x86_fold32(&a, &b, (uint32_t)n, hs, hw);
            else
                sc_adler32_x86_fold(&a, &b, n, hs, 0, 0, hw);
        } else {
            sc_adler32_x86_fold(&a, &b, n, vec_hsum(sum), SC_ADLER_K, vec_hsum(prefix), vec_hsum(weighted));
        }
    } while (groups);
    return (b << 16) | a;
}

uint32_t SC_ADLER_FN(uint32_t adler, const uint8_t *p, size_t len)
{
    if (len < SC_ADLER_SCALAR_BELOW) return sc_adler32_x86_short(adler, p, len);
    if (len > SC_ADLER_SHORT_MAX) return sc_adler_groups(adler, p, len);
    if (len <= SC_ADLER_W) {
        /* One vector, weighted len..1. */
        vec_t v = len == SC_ADLER_W ? vec_load(p) : vec_head(p, len);
        vec_t wl = vec_load(sc_adler_x86_weights + SC_ADLER_X86_MAX_W - len);
        return sc_adler32_x86_fold_short(adler, (uint32_t)len, vec_hsum(vec_sum_bytes(vec_zero(), v)),
                                         vec_hsum(vec_dot(vec_zero(), v, wl)));
    }
#ifdef SC_ADLER_TWO_VECTORS
    if (len <= 2 * SC_ADLER_W) {
        /* Two vectors, straight line: the first h = len - W bytes weighted
         * h..1 plus W (the whole second vector after them), the last W
         * bytes W..1; the prologue's loop costs more than the data here. */
        size_t h = len - SC_ADLER_W;
        vec_t v0 = h == SC_ADLER_W ? vec_load(p) : vec_head(p, h), v1 = vec_load(p + h);
        vec_t s0 = vec_sum_bytes(vec_zero(), v0);
        vec_t wh = vec_load(sc_adler_x86_weights + SC_ADLER_X86_MAX_W - h);
        vec_t wf = vec_load(sc_adler_x86_weights + SC_ADLER_X86_MAX_W - SC_ADLER_W);
        vec_t weighted = vec_add(vec_dot_pair2(v0, wh, v1, wf), vec_shl(s0, SC_ADLER_LOG2_W));
        return sc_adler32_x86_fold_short(adler, (uint32_t)len, vec_hsum(vec_sum_bytes(s0, v1)), vec_hsum(weighted));
    }
#endif
    /* At most 256 bytes: the prologue alone. */
    vec_t s1, s2;
    sc_adler_prologue(p, len, vec_load(sc_adler_x86_weights + SC_ADLER_X86_MAX_W - SC_ADLER_W), &s1, &s2);
    /* Two plain hsums here: the hadd ladder of vec_hsum2 is slower at 128 B
     * (22.5 against 24.7 GB/s on Zen 4; hadd is 3 uops). */
    return sc_adler32_x86_fold_short(adler, (uint32_t)len, vec_hsum(s1), vec_hsum(s2));
}
