/* Kalyna GCM/GMAC hash (DSTU 7624:2014, kalyna_gf.h) with PCLMULQDQ.
 *
 * An element of nw words is nw / 2 xmm registers (words 2m, 2m + 1). The
 * product is schoolbook over the word pairs: the 0x00 and 0x11 products of
 * two registers land on even word positions (whole registers of the
 * result), the 0x01 and 0x10 ones on odd positions (split across two
 * registers). Aggregated reduction: AGG blocks are multiplied by H^AGG ..
 * H^1 and their unreduced products xored before one reduction. The
 * reduction folds the upper nw words with shifts by the polynomial's tail
 * (x^(64 nw) = 1 + x^a + x^b + x^c), all words at once; the bits that spill
 * into word nw (fewer than 11) take a second, tiny fold. Constant time: no
 * branch or index depends on the data or on H. */
#include <immintrin.h>

#include "../../kalyna/kalyna_gf.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

enum { MAXV = SC_KGF_MAX_WORDS / 2 };

/* The unreduced product x * y xored into z[0 .. nw - 1] (2 nw words). */
ALWAYS_INLINE void mul_acc(__m128i *z, const __m128i *x, const __m128i *y, const unsigned nv)
{
    __m128i odd[MAXV * 2];
    for (unsigned m = 0; m < 2 * nv; m++) odd[m] = _mm_setzero_si128();
    for (unsigned a = 0; a < nv; a++)
        for (unsigned b = 0; b < nv; b++) {
            z[a + b] = _mm_xor_si128(z[a + b], _mm_clmulepi64_si128(x[a], y[b], 0x00));
            z[a + b + 1] = _mm_xor_si128(z[a + b + 1], _mm_clmulepi64_si128(x[a], y[b], 0x11));
            odd[a + b] = _mm_xor_si128(odd[a + b], _mm_xor_si128(_mm_clmulepi64_si128(x[a], y[b], 0x01),
                                                                 _mm_clmulepi64_si128(x[a], y[b], 0x10)));
        }
    /* odd position 2m + 1: low word into register m's high half, high word
     * into register m + 1's low half */
    for (unsigned m = 0; m < 2 * nv - 1; m++) {
        z[m] = _mm_xor_si128(z[m], _mm_slli_si128(odd[m], 8));
        z[m + 1] = _mm_xor_si128(z[m + 1], _mm_srli_si128(odd[m], 8));
    }
}

/* t * (1 + x^a + x^b + x^c) per 64-bit lane: the part that stays in the lane. */
ALWAYS_INLINE __m128i fold_low(__m128i t, const int a, const int b, const int c)
{
    return _mm_xor_si128(_mm_xor_si128(t, _mm_slli_epi64(t, a)), _mm_xor_si128(_mm_slli_epi64(t, b), _mm_slli_epi64(t, c)));
}
ALWAYS_INLINE __m128i fold_high(__m128i t, const int a, const int b, const int c)
{
    return _mm_xor_si128(_mm_srli_epi64(t, 64 - a), _mm_xor_si128(_mm_srli_epi64(t, 64 - b), _mm_srli_epi64(t, 64 - c)));
}

/* z (2 nv registers) modulo the polynomial into z[0 .. nv - 1]. */
ALWAYS_INLINE void reduce(__m128i *z, const unsigned nv)
{
    const int a = nv == 1 ? 1 : 2, b = nv == 1 ? 2 : 5, c = nv == 1 ? 7 : nv == 2 ? 10 : 8;
    __m128i spill = _mm_setzero_si128();
    for (unsigned m = 0; m < nv; m++) {
        const __m128i h = z[nv + m], hi = fold_high(h, a, b, c);
        z[m] = _mm_xor_si128(z[m], _mm_xor_si128(fold_low(h, a, b, c), _mm_slli_si128(hi, 8)));
        if (m + 1 < nv) z[m + 1] = _mm_xor_si128(z[m + 1], _mm_srli_si128(hi, 8));
        else spill = _mm_srli_si128(hi, 8); /* bits of word nw, below 2^c: no further carry */
    }
    z[0] = _mm_xor_si128(z[0], fold_low(spill, a, b, c));
}

ALWAYS_INLINE void load(__m128i *v, const void *p, const unsigned nv)
{
    for (unsigned m = 0; m < nv; m++) v[m] = _mm_loadu_si128((const __m128i *)p + m);
}

ALWAYS_INLINE void mul(uint64_t *out, const uint64_t *x, const uint64_t *y, const unsigned nv)
{
    __m128i z[2 * MAXV], vx[MAXV], vy[MAXV];
    for (unsigned m = 0; m < 2 * nv; m++) z[m] = _mm_setzero_si128();
    load(vx, x, nv), load(vy, y, nv);
    mul_acc(z, vx, vy, nv);
    reduce(z, nv);
    for (unsigned m = 0; m < nv; m++) _mm_storeu_si128((__m128i *)out + m, z[m]);
}

ALWAYS_INLINE void hash(const sc_kgf_key *k, uint64_t *acc, const uint8_t *in, size_t n, const unsigned nv)
{
    enum { AGG = 4 }; /* blocks per reduction (H^1..H^4) */
    __m128i y[MAXV], z[2 * MAXV], x[MAXV], h[MAXV];
    load(y, acc, nv);
    for (; n >= AGG; n -= AGG, in += AGG * 16 * nv) {
        for (unsigned m = 0; m < 2 * nv; m++) z[m] = _mm_setzero_si128();
        for (unsigned j = 0; j < AGG; j++) {
            load(x, in + 16 * nv * j, nv);
            if (j == 0)
                for (unsigned m = 0; m < nv; m++) x[m] = _mm_xor_si128(x[m], y[m]);
            load(h, k->h[AGG - 1 - j], nv);
            mul_acc(z, x, h, nv);
        }
        reduce(z, nv);
        for (unsigned m = 0; m < nv; m++) y[m] = z[m];
    }
    for (; n > 0; n--, in += 16 * nv) {
        load(x, in, nv);
        load(h, k->h[0], nv);
        for (unsigned m = 0; m < 2 * nv; m++) z[m] = _mm_setzero_si128();
        for (unsigned m = 0; m < nv; m++) x[m] = _mm_xor_si128(x[m], y[m]);
        mul_acc(z, x, h, nv);
        reduce(z, nv);
        for (unsigned m = 0; m < nv; m++) y[m] = z[m];
    }
    for (unsigned m = 0; m < nv; m++) _mm_storeu_si128((__m128i *)acc + m, y[m]);
}

static void pclmul_init(sc_kgf_key *k)
{
    for (unsigned i = 1; i < SC_KGF_POWERS; i++) switch (k->nw) {
        case 2: mul(k->h[i], k->h[i - 1], k->h[0], 1); break;
        case 4: mul(k->h[i], k->h[i - 1], k->h[0], 2); break;
        default: mul(k->h[i], k->h[i - 1], k->h[0], 4); break;
        }
}

static void pclmul_hash(const sc_kgf_key *k, uint64_t acc[SC_KGF_MAX_WORDS], const uint8_t *in, size_t n)
{
    switch (k->nw) {
    case 2: hash(k, acc, in, n, 1); break;
    case 4: hash(k, acc, in, n, 2); break;
    default: hash(k, acc, in, n, 4); break;
    }
}

const struct sc_kgf_ops sc_kgf_x86_pclmul = {pclmul_init, pclmul_hash};
