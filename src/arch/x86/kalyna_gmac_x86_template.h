/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna GCM/GMAC hash on x86 (kalyna_gf.h): the pieces both kernels share.
 *
 * An element of nw words is nv = nw / 2 128-bit word pairs (words 2m,
 * 2m + 1). KGMAC_MUL_ACC(name, VEC, ...) defines the schoolbook product over
 * pairs for one vector type: per 128-bit lane, the 0x00 and 0x11 products of
 * two pairs land on even word positions (whole pairs of the result), the
 * 0x01 and 0x10 ones on odd positions (split across two pairs). The xmm
 * kernel has one block per register; the zmm one four blocks, one per lane.
 * kgmac_reduce folds the 2 nv pairs of an (xmm) product modulo the field's
 * polynomial: the upper nw words by the tail's shifts (x^(64 nw) = 1 + x^a
 * + x^b + x^c), all at once; the bits that spill into word nw (fewer than 11)
 * take a second, tiny fold. Constant time: no branch or index depends on the
 * data or on H. */
#ifndef SC_KALYNA_GMAC_X86_TEMPLATE_H
#define SC_KALYNA_GMAC_X86_TEMPLATE_H

#include <immintrin.h>

#include "../../cipher/stack_burn.h"
#include "../../kalyna/kalyna_gf.h"

/* Bytes of the dead stack a kernel call burns: its frames keep H's powers in
 * vector arrays the compiler may spill (clang does), sized with room. */
enum { KGMAC_BURN = 4096 };

#define KGMAC_INLINE static inline __attribute__((always_inline))
/* For what a macro below generates and a kernel may leave unused (clang
 * warns about unused static functions of the main file, inline or not). */
#define KGMAC_INLINE_OPT static inline __attribute__((always_inline, unused))

enum { KGMAC_MAXV = SC_KGF_MAX_WORDS / 2 };

/* z[0 .. 2 nv) ^= x * y (unreduced), per lane; name##_split keeps the
 * 0x01/0x10 products apart in odd[0 .. 2 nv) (odd[m] at word pair m + 1/2),
 * so that a caller summing several products aligns them once: name##_join. */
#define KGMAC_MUL_ACC(name, VEC, XOR, ZERO, CLMUL, BSLLI8, BSRLI8)                                              \
    KGMAC_INLINE_OPT void name##_split(VEC *z, VEC *odd, const VEC *x, const VEC *y, const unsigned nv)            \
    {                                                                                                          \
        for (unsigned a = 0; a < nv; a++)                                                                      \
            for (unsigned b = 0; b < nv; b++) {                                                                \
                z[a + b] = XOR(z[a + b], CLMUL(x[a], y[b], 0x00));                                             \
                z[a + b + 1] = XOR(z[a + b + 1], CLMUL(x[a], y[b], 0x11));                                     \
                odd[a + b] = XOR(odd[a + b], XOR(CLMUL(x[a], y[b], 0x01), CLMUL(x[a], y[b], 0x10)));           \
            }                                                                                                  \
    }                                                                                                          \
    KGMAC_INLINE_OPT void name##_join(VEC *z, const VEC *odd, const unsigned nv)                                   \
    {                                                                                                          \
        for (unsigned m = 0; m + 1 < 2 * nv; m++) {                                                            \
            z[m] = XOR(z[m], BSLLI8(odd[m]));                                                                  \
            z[m + 1] = XOR(z[m + 1], BSRLI8(odd[m]));                                                          \
        }                                                                                                      \
    }                                                                                                          \
    KGMAC_INLINE_OPT void name(VEC *z, const VEC *x, const VEC *y, const unsigned nv)                              \
    {                                                                                                          \
        VEC odd[2 * KGMAC_MAXV];                                                                               \
        for (unsigned m = 0; m < 2 * nv; m++) odd[m] = ZERO();                                                 \
        name##_split(z, odd, x, y, nv);                                                                        \
        name##_join(z, odd, nv);                                                                               \
    }

/* t * (1 + x^a + x^b + x^c) per 64-bit lane: what stays in the lane, and
 * what carries into the next word. */
KGMAC_INLINE __m128i kgmac_fold_low(__m128i t, const int a, const int b, const int c)
{
    return _mm_xor_si128(_mm_xor_si128(t, _mm_slli_epi64(t, a)), _mm_xor_si128(_mm_slli_epi64(t, b), _mm_slli_epi64(t, c)));
}
KGMAC_INLINE __m128i kgmac_fold_high(__m128i t, const int a, const int b, const int c)
{
    return _mm_xor_si128(_mm_srli_epi64(t, 64 - a), _mm_xor_si128(_mm_srli_epi64(t, 64 - b), _mm_srli_epi64(t, 64 - c)));
}

/* z (2 nv pairs) modulo the polynomial into z[0 .. nv). */
KGMAC_INLINE void kgmac_reduce(__m128i *z, const unsigned nv)
{
    const int a = nv == 1 ? 1 : 2, b = nv == 1 ? 2 : 5, c = nv == 1 ? 7 : nv == 2 ? 10 : 8;
    __m128i spill = _mm_setzero_si128();
    for (unsigned m = 0; m < nv; m++) {
        const __m128i h = z[nv + m], hi = kgmac_fold_high(h, a, b, c);
        z[m] = _mm_xor_si128(z[m], _mm_xor_si128(kgmac_fold_low(h, a, b, c), _mm_slli_si128(hi, 8)));
        if (m + 1 < nv) z[m + 1] = _mm_xor_si128(z[m + 1], _mm_srli_si128(hi, 8));
        else spill = _mm_srli_si128(hi, 8); /* bits of word nw, below 2^c: no further carry */
    }
    z[0] = _mm_xor_si128(z[0], kgmac_fold_low(spill, a, b, c));
}

KGMAC_INLINE void kgmac_load(__m128i *v, const void *p, const unsigned nv)
{
    for (unsigned m = 0; m < nv; m++) v[m] = _mm_loadu_si128((const __m128i *)p + m);
}

KGMAC_INLINE void kgmac_store(void *p, const __m128i *v, const unsigned nv)
{
    for (unsigned m = 0; m < nv; m++) _mm_storeu_si128((__m128i *)p + m, v[m]);
}

#define KGMAC_XOR128(a, b) _mm_xor_si128(a, b)
#define KGMAC_BSLLI128(a) _mm_slli_si128(a, 8)
#define KGMAC_BSRLI128(a) _mm_srli_si128(a, 8)
KGMAC_MUL_ACC(kgmac_mul_acc128, __m128i, KGMAC_XOR128, _mm_setzero_si128, _mm_clmulepi64_si128, KGMAC_BSLLI128,
              KGMAC_BSRLI128)

/* out = x * y, one element (xmm). */
KGMAC_INLINE void kgmac_mul(uint64_t *out, const uint64_t *x, const uint64_t *y, const unsigned nv)
{
    __m128i z[2 * KGMAC_MAXV], vx[KGMAC_MAXV], vy[KGMAC_MAXV];
    for (unsigned m = 0; m < 2 * nv; m++) z[m] = _mm_setzero_si128();
    kgmac_load(vx, x, nv), kgmac_load(vy, y, nv);
    kgmac_mul_acc128(z, vx, vy, nv);
    kgmac_reduce(z, nv);
    kgmac_store(out, z, nv);
}

/* H^2 .. H^SC_KGF_POWERS from H, then the frame burned (a kernel's init). */
static __attribute__((noinline)) void kgmac_powers_frame(sc_kgf_key *k)
{
    for (unsigned i = 1; i < SC_KGF_POWERS; i++) switch (k->nw) {
        case 2: kgmac_mul(k->h[i], k->h[i - 1], k->h[0], 1); break;
        case 4: kgmac_mul(k->h[i], k->h[i - 1], k->h[0], 2); break;
        default: kgmac_mul(k->h[i], k->h[i - 1], k->h[0], 4); break;
        }
}
static inline void kgmac_powers(sc_kgf_key *k)
{
    kgmac_powers_frame(k);
    sc_burn_stack(KGMAC_BURN);
}

/* The kernel's hash entry point: its inline hash(k, acc, in, n, nv) with nv
 * a constant for each field, then the frame burned. */
#define KGMAC_HASH_ENTRY(name, hash)                                                                           \
    static __attribute__((noinline)) void name##_frame(const sc_kgf_key *k, uint64_t *acc, const uint8_t *in,  \
                                                       size_t n)                                               \
    {                                                                                                          \
        switch (k->nw) {                                                                                       \
        case 2: hash(k, acc, in, n, 1); break;                                                                 \
        case 4: hash(k, acc, in, n, 2); break;                                                                 \
        default: hash(k, acc, in, n, 4); break;                                                                \
        }                                                                                                      \
    }                                                                                                          \
    static void name(const sc_kgf_key *k, uint64_t acc[SC_KGF_MAX_WORDS], const uint8_t *in, size_t n)         \
    {                                                                                                          \
        name##_frame(k, acc, in, n);                                                                           \
        sc_burn_stack(KGMAC_BURN);                                                                             \
    }

#endif
