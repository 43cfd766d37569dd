/* SPDX-License-Identifier: Apache-2.0 */
/* The xmm-level pieces shared by the x86 AES kernels (aes_aesni.c,
 * aes_vaes_avx2.c; both include aes_x86_template.h for the multi-block
 * loops): GHASH arithmetic and its table layout, the byte reflection, the
 * round-count dispatch and the serial CBC encryption.
 *
 * GHASH representation (Gueron and Kounavis, "Intel Carry-Less
 * Multiplication Instruction and its Usage for Computing the GCM Mode",
 * 2014; the reduction as in BoringSSL's aes-gcm-avx2-x86_64): a block's 16
 * SP 800-38D bytes reversed (pshufb) are a 128-bit integer whose bit 127 is
 * the coefficient of x^0, i.e. the bit-reflected polynomial. PCLMULQDQ on
 * two reflected operands yields the reflected product times x, so the
 * kernels keep every power of H as H^k * x^-1 ("H'"): then
 * reduce(clmul(X, (H^k)')) is exactly the reflected X * H^k mod P.
 *
 * Include only from files built with at least -msse4.1 -maes -mpclmul. */
#ifndef SC_AES_X86_COMMON_H
#define SC_AES_X86_COMMON_H
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../aes/aes_internal.h"
#include "../../core/unroll.h"

#define AES_AI static inline __attribute__((always_inline))
/* p (a pointer to round keys or GHASH powers) as if changed here: the
 * loads through it after this point can be neither hoisted above it nor
 * kept in registers from before it. Placed at the top of every loop step,
 * it keeps the secrets in memory, not in registers the compiler would
 * spill into the stack. */
#define AES_HIDE(p) __asm__("" : "+r"(p))

/* GCC only: schedule before register allocation, minding the pressure.
 * Without it the post-allocation order of the ECB batch's rounds varied
 * with unrelated code (the tails) and cost up to 6% (VAES-AVX2 ECB 16 KiB:
 * 0.1165 against 0.1100 TSC cycles per byte on Zen 4). */
#if defined(__GNUC__) && !defined(__clang__)
#define AES_SCHED __attribute__((optimize("schedule-insns", "sched-pressure")))
#else
#define AES_SCHED
#endif

/* Call `body(R)` with the round count as a compile-time constant, so the
 * always-inline round loops unroll fully (rounds is public: not a secret
 * branch). */
#define AES_BY_ROUNDS(k, body)                                                                    \
    do {                                                                                          \
        if ((k)->rounds == 10) body(10);                                                          \
        else if ((k)->rounds == 12) body(12);                                                     \
        else body(14);                                                                            \
    } while (0)

/* g->tab layout (1024 bytes, every byte written by gh_init_tab so that the
 * zero padding read by vector tails is defined):
 *   entry GH_POW(k), k = 1..16:   (H^k)', descending, so a 32-byte load at
 *                                 GH_POW(k) holds H^k, H^(k-1) in lanes 0, 1;
 *   entries 16..31:               zero (the powers of padding blocks);
 *   entry GH_KAR + GH_POW(k):     Karatsuba operand of (H^k)': its two halves
 *                                 xored, in both halves; entries 48..63 zero.
 * A kernel file may set GH_MAXPOW to 32: the x86-vaes-avx512 kernel's table
 * (H^32 .. H^1 at entries 0..31, their Karatsuba operands at 32..63), which
 * its short calls' ymm code reads (aes_vaes_avx512_ymm.c). */
#ifndef GH_MAXPOW
#define GH_MAXPOW 16
#endif
#define GH_POW(k) (GH_MAXPOW - (k))
#define GH_KAR 32
static inline const uint8_t *gh_entry(const sc_ghash_key *g, unsigned e) { return g->tab + 16 * e; }

/* pshufb indices reversing the 16 bytes of a lane */
static const _Alignas(16) uint8_t aes_bswap_idx[16] = {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
AES_AI __m128i aes_bswap_mask(void) { return _mm_load_si128((const __m128i *)aes_bswap_idx); }
/* x^128 = x^7 + x^2 + x + 1 reflected, split the way the two folds use it */
AES_AI __m128i gh_poly(void) { return _mm_set_epi64x((long long)0xc200000000000000ull, 1); }
AES_AI __m128i gh_swap64(__m128i x) { return _mm_shuffle_epi32(x, 0x4e); }

/* The 256-bit product lo + mi*x^64 + hi*x^128 (reflected) reduced mod P:
 * two folds of 64 bits each by the reflected low terms of P. */
AES_AI __m128i gh_reduce(__m128i lo, __m128i mi, __m128i hi)
{
    const __m128i p = gh_poly();
    mi = _mm_xor_si128(mi, _mm_xor_si128(gh_swap64(lo), _mm_clmulepi64_si128(lo, p, 0x10)));
    return _mm_xor_si128(hi, _mm_xor_si128(gh_swap64(mi), _mm_clmulepi64_si128(mi, p, 0x10)));
}

/* a * b' (Karatsuba, then reduce); bk = b's Karatsuba operand. */
AES_AI __m128i gh_mul(__m128i a, __m128i b, __m128i bk)
{
    const __m128i lo = _mm_clmulepi64_si128(a, b, 0x00), hi = _mm_clmulepi64_si128(a, b, 0x11);
    __m128i mi = _mm_clmulepi64_si128(_mm_xor_si128(a, gh_swap64(a)), bk, 0x00);
    return gh_reduce(lo, _mm_xor_si128(mi, _mm_xor_si128(lo, hi)), hi);
}
AES_AI __m128i gh_karatsuba(__m128i h) { return _mm_xor_si128(h, gh_swap64(h)); }

/* acc / H as the reflected integer, and back */
AES_AI __m128i gh_load(const uint8_t *p) { return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), aes_bswap_mask()); }
AES_AI void gh_store(uint8_t *p, __m128i x) { _mm_storeu_si128((__m128i *)p, _mm_shuffle_epi8(x, aes_bswap_mask())); }

/* (H^1)' .. (H^npow)' into g->tab, the rest zero. H' = H * x^-1: a left shift
 * of the reflected integer, adding P when the x^0 bit (bit 127) falls out;
 * the mask comes from that bit's sign, not a branch. */
static inline void gh_init_tab(sc_ghash_key *g, unsigned npow)
{
    /* first: Clang makes this loop a call to memset, across which it
     * spilled H' computed before it */
    for (unsigned e = 0; e < 64; e++) _mm_storeu_si128((__m128i *)(g->tab + 16 * e), _mm_setzero_si128());
    const __m128i h = gh_load(g->h);
    const __m128i carry = _mm_slli_si128(_mm_srli_epi64(h, 63), 8);
    const __m128i top = _mm_srai_epi32(_mm_shuffle_epi32(h, 0xff), 31);
    const __m128i h1 = _mm_xor_si128(_mm_or_si128(_mm_slli_epi64(h, 1), carry), _mm_and_si128(top, gh_poly()));
    /* H' and its Karatsuba operand are read back from the table at each
     * step (AES_HIDE), not held in registers the compiler spilled */
    const uint8_t *tab = g->tab;
    __m128i p = h1;
    for (unsigned k = 1; k <= npow; k++) {
        _mm_storeu_si128((__m128i *)(g->tab + 16 * GH_POW(k)), p);
        _mm_storeu_si128((__m128i *)(g->tab + 16 * (GH_KAR + GH_POW(k))), gh_karatsuba(p));
        AES_HIDE(tab);
        p = gh_mul(p, _mm_loadu_si128((const __m128i *)(tab + 16 * GH_POW(1))),
                   _mm_loadu_si128((const __m128i *)(tab + 16 * (GH_KAR + GH_POW(1)))));
    }
}

/* GHASH of n <= GH_MAXPOW blocks into x with one reduction, a block per
 * step on xmm: block i times H^(n-i). The short form (AAD, the lengths
 * block, a message's last blocks), whose latency a wide kernel's lane
 * folding would only lengthen. */
AES_AI __m128i gh_blocks_x(const sc_ghash_key *g, __m128i x, const uint8_t *in, size_t n)
{
    __m128i lo = _mm_setzero_si128(), mi = lo, hi = lo;
    for (size_t i = 0; i < n; i++) {
        __m128i d = gh_load(in + 16 * i);
        if (i == 0) d = _mm_xor_si128(d, x);
        const unsigned e = GH_POW((unsigned)(n - i));
        const __m128i h = _mm_loadu_si128((const __m128i *)gh_entry(g, e));
        const __m128i hk = _mm_loadu_si128((const __m128i *)gh_entry(g, GH_KAR + e));
        lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(d, h, 0x00));
        hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(d, h, 0x11));
        mi = _mm_xor_si128(mi, _mm_clmulepi64_si128(gh_karatsuba(d), hk, 0x00));
    }
    return gh_reduce(lo, _mm_xor_si128(mi, _mm_xor_si128(lo, hi)), hi);
}

/* CBC encryption is a chain of single blocks: latency-bound whatever the
 * width, so both kernels share this xmm loop. The round keys are memory
 * operands read at each block (AES_HIDE), off the chain's latency: 15 of
 * them and the chain do not fit in 16 xmm registers without a spill.
 * The chain is the rounds alone: the next block's plaintext and round key 0
 * are folded into this block's last round key (AESENCLAST(x, k ^ q) =
 * AESENCLAST(x, k) ^ q), so its output is already the next block's state
 * and the ciphertext (state ^ q) is computed beside the chain. */
AES_AI void aes_cbc_encrypt_r(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n,
                              const int R)
{
    const uint8_t(*rk)[16] = k->rk;
#define K(r) _mm_load_si128((const __m128i *)rk[r])
    if (n == 0) return;
    __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)iv),
                              _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), K(0)));
    for (size_t i = 0; i + 1 < n; i++) {
        AES_HIDE(rk);
        UNROLL for (int r = 1; r < R; r++) x = _mm_aesenc_si128(x, K(r));
        const __m128i q = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16 * (i + 1))), K(0));
        x = _mm_aesenclast_si128(x, _mm_xor_si128(K(R), q));
        _mm_storeu_si128((__m128i *)(out + 16 * i), _mm_xor_si128(x, q));
    }
    AES_HIDE(rk);
    UNROLL for (int r = 1; r < R; r++) x = _mm_aesenc_si128(x, K(r));
    x = _mm_aesenclast_si128(x, K(R));
#undef K
    _mm_storeu_si128((__m128i *)(out + 16 * (n - 1)), x);
    _mm_storeu_si128((__m128i *)iv, x);
}

/* out[0..r) = in[0..r) ^ ks[0..r), r < 16 (a public length): in pieces of
 * 8, 4, 2 and 1 bytes, none read or written past r (in == out allowed).
 * The keystream is read back from ks, just stored as one 16-byte block:
 * each smaller load lies inside that store and is forwarded from it. */
AES_AI void aes_xor_partial(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t r)
{
    size_t o = 0;
    if (r & 8) {
        uint64_t a, b;
        memcpy(&a, in, 8), memcpy(&b, ks, 8), a ^= b, memcpy(out, &a, 8);
        o = 8;
    }
    if (r & 4) {
        uint32_t a, b;
        memcpy(&a, in + o, 4), memcpy(&b, ks + o, 4), a ^= b, memcpy(out + o, &a, 4);
        o += 4;
    }
    if (r & 2) {
        uint16_t a, b;
        memcpy(&a, in + o, 2), memcpy(&b, ks + o, 2), a ^= b, memcpy(out + o, &a, 2);
        o += 2;
    }
    if (r & 1) out[o] = (uint8_t)(in[o] ^ ks[o]);
}

/* The counter block after n blocks, from its byte-reflected form c: one
 * 16-byte store, so the next call's 16-byte load of it is store-forwarded
 * (byte stores there cost a forwarding stall per call). */
AES_AI void aes_ctr_store(uint8_t ctr[16], __m128i c, size_t n)
{
    gh_store(ctr, _mm_add_epi32(c, _mm_cvtsi32_si128((int)(uint32_t)n)));
}
#endif
