/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20-Poly1305 (RFC 8439 2.8), one whole message, AVX-512 F + IFMA:
 * the ChaCha20 pieces of chacha20_avx512.h and the Poly1305 ones of
 * poly1305_ifma.h, run together (sc_chacha_ops.aead_message).
 *
 * Why fused: ChaCha20 is bound by the vector ALUs' add/xor/rotate
 * throughput, Poly1305 IFMA by the multiplier's latency chains; two passes
 * leave each unit idle half the time. Here the message goes in 1 KiB chunks
 * (blocks 1 + 16 k .. 16 + 16 k: one vertical group, or the row sets of the
 * last chunk), and while the rounds of chunk k run, the IFMA stream absorbs
 * the 64 Poly1305 blocks of chunk k - 1 (lag: when encrypting they are the
 * ciphertext chunk k - 1 just wrote; when decrypting they are its input,
 * read from a stack copy when in == out, since chunk k - 1 has overwritten
 * it), the instructions in one loop body so the out-of-order core fills
 * each one's idle slots with the other's.
 *
 * Block 0 (the Poly1305 key) runs in an xmm chain beside chunk 0 instead of
 * in a call of its own (one block is a latency chain, nearly free next to a
 * throughput-bound group), in the first half of its rounds, and the key goes
 * from registers into the Poly1305 state there (no call: every vector
 * register is caller-saved). The powers r^1..r^16 are computed (no call
 * either) only when they will be used: beside chunk 1's rounds when a
 * stream follows (measured better than beside chunk 0's second half, which
 * is throughput-bound), beside chunk 0's for a one-chunk message of 24
 * blocks or more (where the IFMA kernel would compute them alone); shorter
 * ones take its MULX path. The stream's steps go among the rounds of row
 * sets (latency-bound, registers free) and after the stores of a vertical
 * group (its 16 registers plus the stream's would spill: measured 0.65 vs
 * 0.67 TSC cycles/byte). Up to 64 bytes, blocks 0 and 1 are one ymm row
 * set: the whole ChaCha20 costs about one block's latency. Below
 * CC_AEAD_STITCH_FROM bytes, two passes (split_message: on Intel the
 * stitched loop lost there).
 *
 * Two kernels include this file (each defines CC_AEAD_FN, the function's
 * name, and the switches first): chacha20_poly1305_avx512.c, the Intel forms
 * (x86-avx512-ifma: vprold rotations, two passes up to 2432 bytes), and
 * chacha20_poly1305_avx512_zen4.c, the forms tuned on Zen 4
 * (x86-avx512-ifma-zen4: CC_ROT_TERNLOG 1, the stitched loop from 65 bytes),
 * chosen there by the dispatch policy (src/core/policy_x86.c).
 *
 * Constant time: the template's and the IFMA code's arguments (branches on
 * lengths only). Secrets in memory: the key goes from registers into the
 * Poly1305 state, which is wiped with its powers and the scalar powers'
 * scratch; the copies hold ciphertext only; what the compiler spills of the
 * ChaCha20 state is left to the callers' stack burn, as for
 * sc_chacha20_x86_avx512.
 *
 * Measured (Zen 4, TSC cycles/byte, min of 2000 x 8 calls, no AAD): 64 B
 * 4.3-4.5, 1 KiB 0.99-1.0, 1420 B 1.03-1.04, 16 KiB 0.63-0.64 (the
 * public API adds the state setup and wipes). */
#ifndef CC_AEAD_FN
#error "define CC_AEAD_FN (the function's name) before including chacha20_poly1305_avx512.h"
#endif
/* The first length for the stitched loop (shorter: split_message from 65
 * bytes); 65 = always from 65 bytes, as tuned on Zen 4. */
#ifndef CC_AEAD_STITCH_FROM
#define CC_AEAD_STITCH_FROM 2433
#endif
/* From CC_AEAD_IFMA8_FROM blocks (an AAD or the ciphertext) to under
 * CC_AEAD_IFMA8_TO, with no powers computed yet, poly_padded takes the
 * 8-lane IFMA path with r..r^8 in registers (ifma_short8) rather than the
 * MULX chain (under 24 blocks) or the IFMA kernel's r..r^16 in p->pow (from
 * 24); CC_AEAD_IFMA8_FROM 0 = never (the Zen 4 kernel: not measured there). */
#ifndef CC_AEAD_IFMA8_FROM
#define CC_AEAD_IFMA8_FROM 16
#endif
#ifndef CC_AEAD_IFMA8_TO
#define CC_AEAD_IFMA8_TO 32
#endif
_Static_assert(CC_AEAD_STITCH_FROM >= 65, "up to 64 bytes is two_blocks");

#include "chacha20_avx512.h"
#include "poly1305_ifma.h"

enum { CHUNK = 1024, STEP = 256 }; /* a ChaCha20 vertical group; 16 Poly1305 blocks */

/* The IFMA stream stitched into the rounds: accumulators a (blocks 16 g ..
 * 16 g + 7) and b (+ 8 .. + 15), Horner with the multiply first (x = x r^16
 * + m), so after the last step the newest blocks are not multiplied yet and
 * the fold multiplies each lane by the power that brings it to the end
 * (as the last step of sc_poly1305_x86_ifma). A local of the message
 * function, never address-taken out of line, so it lives in registers. */
typedef struct {
    __m512i a[3], b[3];
    const ifma_mul *r16; /* r^16 in every lane, a memory operand */
} sp_stream;

/* Where r^16 is kept, after the powers (in sc_poly1305.pow, wiped with it). */
#define SP_R16_OFF (8 + 8 * POW_VECS)
_Static_assert(SP_R16_OFF + sizeof(ifma_mul) / 8 <= sizeof(((sc_poly1305 *)0)->pow) / 8, "r^16 fits in pow");

/* The stream starts from h (after the AAD) in lane 0 of a, plus its first
 * 16 blocks m[0 .. 256): no multiply yet, so every later step is the same
 * (no branch in the stitched loop). */
CC_AI void sp_start(sp_stream *v, sc_poly1305 *p, const uint8_t *m)
{
    uint64_t l[3];
    limbs44(l, p->h);
    const ifma_pows *pw = (const ifma_pows *)(const void *)(p->pow + 8);
    ifma_mul *r16 = (ifma_mul *)(void *)(p->pow + SP_R16_OFF);
    *r16 = make_mul(_mm512_set1_epi64(pw->hi.r0[0]), _mm512_set1_epi64(pw->hi.r1[0]), _mm512_set1_epi64(pw->hi.r2[0]));
    for (int i = 0; i < 3; i++) v->a[i] = _mm512_maskz_set1_epi64(1, (long long)l[i]), v->b[i] = _mm512_setzero_si512();
    v->r16 = r16;
    add8(v->a, m);
    add8(v->b, m + 128);
}

CC_AI void sp_step(sp_stream *v, const uint8_t *m)
{
    __m512i t[3], u[3];
    mul(t, v->a[0], v->a[1], v->a[2], v->r16);
    mul(u, v->b[0], v->b[1], v->b[2], v->r16);
    carry(v->a, t);
    carry(v->b, u);
    add8(v->a, m);
    add8(v->b, m + 128);
}

/* The stream's blocks into h (canonical). */
CC_AI void sp_fold(sp_stream *v, sc_poly1305 *p)
{
    const ifma_pows *pw = (const ifma_pows *)(const void *)(p->pow + 8);
    __m512i t[3], u[3];
    mul(t, v->a[0], v->a[1], v->a[2], &pw->hi);
    mul(u, v->b[0], v->b[1], v->b[2], &pw->lo);
    for (int i = 0; i < 3; i++) t[i] = _mm512_add_epi64(t[i], u[i]);
    to_canonical(p->h, t);
}

/* The one-time key (block 0's first 32 bytes, in registers) into p, as
 * sc_poly1305_setkey (2.5.1 clamp), with no call and no copy of the key. */
CC_AI void set_key(sc_poly1305 *p, __m128i k0, __m128i k1)
{
    k0 = _mm_and_si128(k0, _mm_set_epi64x(0x0ffffffc0ffffffc, 0x0ffffffc0fffffff));
    p->r[0] = (uint64_t)_mm_cvtsi128_si64(k0), p->r[1] = (uint64_t)_mm_extract_epi64(k0, 1);
    p->s[0] = (uint64_t)_mm_cvtsi128_si64(k1), p->s[1] = (uint64_t)_mm_extract_epi64(k1, 1);
    p->h[0] = p->h[1] = p->h[2] = 0;
    p->pow[0] = 0;
}

/* Where st_chunk runs block 0 (counter 0) in an xmm chain beside the group
 * or row sets: not at all, two double rounds per group's one in the first
 * half (the stitched loop: the key and the powers early), or one per
 * group's (the two-pass path: the key after the rounds; see
 * split_message). */
enum { B0_NONE, B0_EARLY, B0_EVEN };

/* ChaCha20 of blocks ctr.. over n bytes (n <= 1 KiB) of in/out: a vertical
 * group (sets 0) or `sets` row sets, as sc_chacha20_x86_avx512 would.
 * With block0 (B0_*): block 0 in an xmm chain beside them, its first 32
 * bytes of keystream the key of start, and with tmp (B0_EARLY) the powers. With v:
 * (start: the powers if tmp, then the stream's start over m[0 .. 256)),
 * `steps` stream steps over the next 256 steps bytes of m, loaded before
 * any store. */
CC_AI void st_chunk(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t n, int sets,
                    int block0, sp_stream *v, sc_poly1305 *start, uint64_t *tmp, const uint8_t *m, int steps)
{
#define ST_ROW(i) _mm_loadu_si128((const __m128i *)(const void *)(s + 4 * (i)))
    vec_t x[16], h[CC_SETS][4];
    __m128i a = ST_ROW(0), b = ST_ROW(1), c = ST_ROW(2), d = ST_ROW(3);
    if (sets) cc_h_init(h, s, ctr, sets);
    else cc_v_init(x, s, ctr);
    for (int i = 0; i < 10; i++) {
        /* block 0 first, two of its double rounds per group's one, so the
         * key (and the powers, a latency chain) are ready while half the
         * group's rounds are left to hide them */
        if (block0 == B0_EARLY && i < 5) CC_DOUBLE_ROUND128(a, b, c, d), CC_DOUBLE_ROUND128(a, b, c, d);
        if (block0 == B0_EVEN) CC_DOUBLE_ROUND128(a, b, c, d);
        if (block0 == B0_EARLY && i == 5) {
            cc_reload();
            set_key(start, _mm_add_epi32(a, ST_ROW(0)), _mm_add_epi32(b, ST_ROW(1)));
            if (tmp) compute_pows_tmp(start, tmp);
        }
        if (sets) cc_h_double_round(h, sets);
        else cc_v_double_round(x);
        if (v && start && i == 0) {
            if (tmp) compute_pows_tmp(start, tmp);
            sp_start(v, start, m);
            m += STEP;
        }
        /* row sets are latency-bound and leave registers free: the
         * steps among their rounds, after the powers' chain */
        if (v && sets && i >= 3 && (i & 1) && (i - 3) / 2 < steps) sp_step(v, m + STEP * (size_t)((i - 3) / 2));
    }
    cc_reload();
    if (block0 == B0_EVEN) set_key(start, _mm_add_epi32(a, ST_ROW(0)), _mm_add_epi32(b, ST_ROW(1)));
    if (sets) cc_h_out(h, s, ctr, in, out, n, sets, NULL);
    else cc_v_out(x, s, ctr, in, out, n, NULL);
    if (v && !sets)
        for (int i = 0; i < steps; i++) sp_step(v, m + STEP * (size_t)i);
#undef ST_ROW
}

/* The shape for n bytes, as the template's dispatch: over 15 blocks a
 * vertical group, else 1-4 row sets of 4 blocks. */
CC_AI void run_chunk(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t n,
                     int block0, sp_stream *v, sc_poly1305 *start, uint64_t *tmp, const uint8_t *m, int steps)
{
    const size_t blocks = (n + 63) / 64;
    if (n == CHUNK) { /* a constant length: no partial-vector checks */
        st_chunk(s, ctr, in, out, CHUNK, 0, block0, v, start, tmp, m, steps);
        return;
    }
    if (blocks > CC_VERTICAL_FROM) {
        st_chunk(s, ctr, in, out, n, 0, block0, v, start, tmp, m, steps);
        return;
    }
    switch ((blocks + CC_L - 1) / CC_L) {
    case 0:
    case 1: st_chunk(s, ctr, in, out, n, 1, block0, v, start, tmp, m, steps); break;
    case 2: st_chunk(s, ctr, in, out, n, 2, block0, v, start, tmp, m, steps); break;
    case 3: st_chunk(s, ctr, in, out, n, 3, block0, v, start, tmp, m, steps); break;
    default: st_chunk(s, ctr, in, out, n, 4, block0, v, start, tmp, m, steps); break;
    }
}


#if CC_AEAD_IFMA8_FROM
#define CC_IFMA8(p, len)                                                                                               \
    ((len) >= 16 * CC_AEAD_IFMA8_FROM && (len) < 16 * CC_AEAD_IFMA8_TO && (p)->pow[0] != SC_POLY_POW_MARK_IFMA)
#else
#define CC_IFMA8(p, len) 0
#endif

/* last[0..16) = m[0..n) zero-padded (n < 16), per CC_MASKED_TAIL
 * (chacha20_avx512.h): a masked load of the whole dwords (lanes masked off
 * are not read) and the 1-3 bytes after them, or memcpy. */
CC_AI void tail16(uint8_t last[16], const uint8_t *m, size_t n)
{
#if CC_MASKED_TAIL
    const size_t w = n / 4;
    _mm_storeu_si128((__m128i *)(void *)last, _mm_maskz_loadu_epi32((__mmask8)((1u << w) - 1), m));
    for (size_t i = 4 * w; i < n; i++) last[i] = m[i];
#else
    memset(last, 0, 16);
    memcpy(last, m, n);
#endif
}

/* Whole blocks of a byte string (the MAC's paths by length). */
static void poly_whole(sc_poly1305 *p, const uint8_t *m, size_t len)
{
    /* 16-31 blocks with no powers yet (a 256-511-byte message or AAD): the
     * MULX path is 16-23 dependent block steps, ifma_short8 r^2 then two
     * vector multiplies for the powers and 2-4 steps; the IFMA kernel's
     * path (24-31) one multiply more for r^9..r^16, their round trip
     * through p->pow and poly_finish's wipe of it. Emerald Rapids, the
     * kernel alone, TSC cycles, min of 1500 x 8 calls, before -> this (with
     * split_message's B0_EVEN at 256): 256 B 469 -> 445, 320 B 508 -> 501,
     * 352 B 547 -> 540; 24-31 blocks (min of 6 x 800 x 8 calls, under
     * load) 384 B 654 -> 555, 448 B 665 -> 601, 480 B 797 -> 734, and from
     * 40 blocks it lost (to 48: 640 B 717 -> 716, 704 B 710 -> 765). From
     * 8 blocks it lost too (128 B 307 -> 354, 192 B 343 -> 402: r^2 and the
     * ladder are longer than 8-12 MULX steps). */
    if (CC_IFMA8(p, len)) {
        uint64_t tmp[12];
        ifma_short8(p, m, len / 16, tmp);
        sc_wipe_small(tmp, sizeof tmp);
    } else if (len >= 16 * SC_IFMA_MIN_BLOCKS_CACHED) /* under 8 the IFMA kernel takes its MULX path anyway: inline */
        sc_poly1305_x86_ifma(p, m, len / 16);
    else
        sc_poly1305_mulx_blocks(p->h, p->r, m, len / 16, 1);
}

/* Whole blocks of a byte string, then its zero-padded tail (2.8). */
static void poly_padded(sc_poly1305 *p, const uint8_t *m, size_t len)
{
    poly_whole(p, m, len);
    if (len % 16) {
        uint8_t last[16];
        tail16(last, m + (len & ~(size_t)15), len % 16);
        sc_poly1305_mulx_blocks(p->h, p->r, last, 1, 1);
    }
}

/* The rest of the ciphertext (ct: its last `rest` bytes), the lengths, the
 * tag; then p is wiped. */
static void poly_finish(sc_poly1305 *p, const uint8_t *ct, size_t rest, size_t aad_len, size_t len, uint8_t tag[16])
{
    /* the zero-padded tail (if any) and the lengths: one call of 1-2 blocks */
    _Alignas(16) uint8_t last[32];
    const size_t n = rest % 16 ? 16 : 0;
    poly_whole(p, ct, rest);
    if (n) tail16(last, ct + (rest & ~(size_t)15), rest % 16);
    sc_put_le64(last + n, aad_len);
    sc_put_le64(last + n + 8, len);
    sc_poly1305_mulx_blocks(p->h, p->r, last, n / 16 + 1, 1);
    sc_poly1305_finish(p, NULL, 0, tag);
    if (p->pow[0]) sc_wipe(p->pow, sizeof p->pow);
    sc_wipe_small(p, offsetof(sc_poly1305, pow)); /* h, r, s: four stores, not a call */
}

/* Up to 64 bytes: blocks 0 and 1 as one ymm row set (lane l = block l),
 * with the rotations of the one-block path (cc_xr, chacha20_avx512.h: per
 * CC_ROT_TERNLOG): one dependency chain of ymm operations, about one
 * block's latency. */
#define st_xr256(x, y, n) cc_xr(256, x, y, n)
#define st_xr256_16(x, y) st_xr256(x, y, 16)
#define st_xr256_12(x, y) st_xr256(x, y, 12)
#define st_xr256_8(x, y) st_xr256(x, y, 8)
#define st_xr256_7(x, y) st_xr256(x, y, 7)
#define ST_QR256(a, b, c, d) CC_QR_WITH(_mm256_add_epi32, st_xr256_16, st_xr256_12, st_xr256_8, st_xr256_7, a, b, c, d)

static void two_blocks(const uint32_t s[16], const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
                       size_t len, int encrypt, uint8_t tag[16])
{
#define ST_ROW2(i) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(s + 4 * (i))))
    const __m256i one = _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0);
    __m256i a = ST_ROW2(0), b = ST_ROW2(1), c = ST_ROW2(2), d = _mm256_add_epi32(ST_ROW2(3), one);
    for (int i = 0; i < 10; i++) CC_DOUBLE_ROUND_WITH(ST_QR256, _mm256_shuffle_epi32, a, b, c, d);
    cc_reload();
    a = _mm256_add_epi32(a, ST_ROW2(0)), b = _mm256_add_epi32(b, ST_ROW2(1));
    c = _mm256_add_epi32(c, ST_ROW2(2)), d = _mm256_add_epi32(d, _mm256_add_epi32(ST_ROW2(3), one));
#undef ST_ROW2
    sc_poly1305 p;
    uint8_t copy[64];
    const uint8_t *ct = encrypt ? out : in;
    if (!encrypt && in == out) memcpy(copy, in, len), ct = copy;
    set_key(&p, _mm256_castsi256_si128(a), _mm256_castsi256_si128(b));
    cc_emit128(in, out, _mm256_extracti128_si256(a, 1), 0, len);
    cc_emit128(in, out, _mm256_extracti128_si256(b, 1), 16, len);
    cc_emit128(in, out, _mm256_extracti128_si256(c, 1), 32, len);
    cc_emit128(in, out, _mm256_extracti128_si256(d, 1), 48, len);
    poly_padded(&p, aad, aad_len);
    poly_finish(&p, ct, len, aad_len, len, tag);
}

#if CC_AEAD_STITCH_FROM > 65
/* Below CC_AEAD_STITCH_FROM bytes (the Intel kernel: up to 2432): two
 * passes, ChaCha20 then Poly1305, where block 0 is the first block of the
 * ChaCha20 run (cc_emit_k0: its keystream stays in a register) rather than
 * a chain beside it, so the run takes the template's shapes for len + 64
 * bytes. On Intel (Emerald Rapids) 512-bit operations issue on ports 0 and
 * 5 only, the vpmadd52 among them, so the stitched loop's row sets and
 * block-0 chain beside the vertical group only added to a port-bound
 * schedule: there this path measured (TSC cycles per seal, kernel alone,
 * min of 400 x 8 calls, against the stitched loop as it was) 65 B 489 ->
 * 312, 128 B 509 -> 340, 256 B 572 -> 505, 576 B 880 -> 724, 1 KiB 993 ->
 * 949, 1420 B 1310 -> 1179, 2400 B 1874 -> 1706; from 2560 B the stitched
 * loop wins (1761 against 1808). Not measured on Zen 4, where the stitched
 * loop was tuned: the Zen 4 kernel keeps it from 65 bytes. */
enum { SPLIT_MAX = CC_AEAD_STITCH_FROM - 1 };

static __attribute__((noinline)) void split_message(const uint32_t s[16], const uint8_t *aad, size_t aad_len,
                                                    const uint8_t *in, uint8_t *out, size_t len, int encrypt,
                                                    uint8_t tag[16])
{
    enum { FIRST = 64 * CC_N - 64 }; /* data bytes beside block 0 in a vertical group */
    sc_poly1305 p;
    _Alignas(64) uint8_t copy[SPLIT_MAX];
    const uint8_t *ct = encrypt ? out : in;
    if (!encrypt && in == out) memcpy(copy, in, len), ct = copy; /* the MAC's input, before it is overwritten */
    vec_t k0[1];
    const size_t blocks = (len + 63) / 64 + 1; /* with block 0 */
    if (blocks > CC_N + CC_FUSE_SETS * CC_L) {
        cc_vertical(s, 0, in, out, FIRST, k0);
        cc_run(s, CC_N, in + FIRST, out + FIRST, len - FIRST);
    } else if (blocks > CC_N + CC_L) {
        cc_fused(s, 0, in, out, len, 2, k0);
    } else if (blocks > CC_N) {
        cc_fused(s, 0, in, out, len, 1, k0);
    } else if (blocks > CC_VERTICAL_FROM) {
        cc_vertical(s, 0, in, out, len, k0);
    } else if (blocks == CC_L + 1) {
        /* 193-256 bytes: block 0 would open a second row set of its own
         * (3 lanes idle), so it runs as an xmm chain beside the data's one
         * set (B0_EVEN, which sets p's key). The operation count is the
         * same (an xmm operation a 512-bit one: with 512-bit operations in
         * flight, vector ones issue on ports 0 and 5 only), but the set is
         * latency-bound, not two sets on two ports. Emerald Rapids, TSC
         * cycles, min of alternating runs: kernel 256 B 469-485 -> 465-472,
         * public API open 0.94x, seal 0.97-1.0x. Not for 512 or 768 bytes
         * (2 and 3 sets, already port-bound: measured no better). Tried and
         * dropped: B0_EARLY with the powers beside the rounds (256 B kernel
         * 478 -> 527-545: the key's two double rounds per set's one
         * lengthen the chain), and from 1217 bytes the powers between the
         * vertical group and the rest (1420 B 1159 -> 1206, 2400 B 1666 ->
         * 1686: the ladder's IFMA operations take ports 0 and 5 from the
         * rounds). */
        run_chunk(s, 1, in, out, len, B0_EVEN, NULL, &p, NULL, NULL, 0);
    } else {
        switch ((blocks + CC_L - 1) / CC_L) {
        case 1: cc_horizontal(s, 0, in, out, len, 1, k0); break;
        case 2: cc_horizontal(s, 0, in, out, len, 2, k0); break;
        case 3: cc_horizontal(s, 0, in, out, len, 3, k0); break;
        default: cc_horizontal(s, 0, in, out, len, 4, k0); break;
        }
    }
    if (blocks != CC_L + 1) set_key(&p, cc_lo128(k0[0]), _mm512_extracti32x4_epi32(k0[0], 1));
    poly_padded(&p, aad, aad_len);
    poly_finish(&p, ct, len, aad_len, len, tag);
}
#endif

void CC_AEAD_FN(const uint32_t s[16], const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len,
                int encrypt, uint8_t tag[16])
{
    if (len <= 64) {
        two_blocks(s, aad, aad_len, in, out, len, encrypt, tag);
        return;
    }
#if CC_AEAD_STITCH_FROM > 65
    if (len <= SPLIT_MAX) {
        split_message(s, aad, aad_len, in, out, len, encrypt, tag);
        return;
    }
#endif
    sc_poly1305 p;
    sp_stream v = {.r16 = NULL}; /* (set up with chunk 1) */
    /* decrypting in place: each chunk's input, kept for the stream's lag */
    _Alignas(64) uint8_t copy[2][CHUNK];
    const int keep = !encrypt && in == out;
    const uint8_t *ct = encrypt ? out : in; /* the MAC's input, where it stays */
    size_t n = len < CHUNK ? len : CHUNK;
    if (keep) memcpy(copy[0], in, n);
    /* the powers with chunk 0 when a stream follows, or when the IFMA
     * kernel would compute them for chunk 0 alone */
    uint64_t tmp[12];
    const int pows = len > CHUNK || len >= 16 * SC_IFMA_MIN_BLOCKS;
    run_chunk(s, 1, in, out, n, B0_EARLY, NULL, &p, pows && len <= CHUNK ? tmp : NULL, NULL, 0);
    poly_padded(&p, aad, aad_len);
    size_t done = 0; /* ciphertext bytes the stream has absorbed */
    if (len > CHUNK) {
        done = STEP; /* the powers and the first step go with chunk 1 */
        uint32_t ctr = 1 + CHUNK / 64;
        for (size_t k = 1, pos = CHUNK; pos < len; k++, pos += CHUNK, ctr += CHUNK / 64) {
            n = len - pos < CHUNK ? len - pos : CHUNK;
            if (keep) memcpy(copy[k & 1], in + pos, n);
            /* the rest of chunk k - 1 (its first step went with sp_start
             * when k = 1) */
            const uint8_t *m = keep ? copy[(k - 1) & 1] : ct + pos - CHUNK;
            if (k == 1) run_chunk(s, ctr, in + pos, out + pos, n, B0_NONE, &v, &p, tmp, m, CHUNK / STEP - 1);
            else run_chunk(s, ctr, in + pos, out + pos, n, B0_NONE, &v, NULL, NULL, m, CHUNK / STEP);
            done = pos;
        }
        /* the last chunk's whole steps, then one fold */
        const uint8_t *last = keep ? copy[(done / CHUNK) & 1] : ct + done;
        for (; len - done >= STEP; done += STEP, last += STEP) sp_step(&v, last);
        sp_fold(&v, &p);
    }
    /* what the stream left (or the only chunk) */
    const uint8_t *rest = keep ? copy[(done / CHUNK) & 1] + done % CHUNK : ct + done;
    poly_finish(&p, rest, len - done, aad_len, len, tag);
    if (pows) sc_wipe(tmp, sizeof tmp);
}
