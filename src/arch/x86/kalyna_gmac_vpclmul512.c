/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna GCM/GMAC hash (DSTU 7624:2014, kalyna_gf.h) with VPCLMULQDQ on zmm
 * (kalyna_gmac_x86_template.h): up to sixteen blocks per round in four lane
 * groups of four, one block per 128-bit lane (lane j holds word pair m of
 * block j in register m), multiplied lane by lane by H^16 .. H^1 (H^g .. H^1
 * for a tail of g blocks); the lanes of each product pair are xored into one
 * xmm and reduced once per round. */
#include "kalyna_gmac_x86_template.h"

#define KGMAC_XOR512(a, b) _mm512_xor_si512(a, b)
#define KGMAC_BSLLI512(a) _mm512_bslli_epi128(a, 8)
#define KGMAC_BSRLI512(a) _mm512_bsrli_epi128(a, 8)
KGMAC_MUL_ACC(mul_acc512, __m512i, KGMAC_XOR512, _mm512_setzero_si512, _mm512_clmulepi64_epi128, KGMAC_BSLLI512,
              KGMAC_BSRLI512)

/* Lane j of v = x (j public). */
KGMAC_INLINE __m512i insert_lane(__m512i v, __m128i x, size_t j)
{
    switch (j) {
    case 0: return _mm512_inserti32x4(v, x, 0);
    case 1: return _mm512_inserti32x4(v, x, 1);
    case 2: return _mm512_inserti32x4(v, x, 2);
    default: return _mm512_inserti32x4(v, x, 3);
    }
}

/* Register m of lane group q of a round of g blocks: word pair m of block
 * 4q + j in lane j (blocks from g on: zero lanes). */
KGMAC_INLINE __m512i gather(const uint8_t *p, size_t g, size_t q, unsigned m, const unsigned nv)
{
    if (nv == 1 && g >= 4 * q + 4) return _mm512_loadu_si512(p + 64 * q); /* four whole blocks */
    __m512i v = _mm512_setzero_si512();
    for (size_t j = 0; j < 4 && 4 * q + j < g; j++)
        v = insert_lane(v, _mm_loadu_si128((const __m128i *)(p + 16 * nv * (4 * q + j)) + m), j);
    return v;
}

/* The four lanes xored. */
KGMAC_INLINE __m128i fold_lanes(__m512i v)
{
    const __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* The multipliers of lane group q in a round of g blocks: block b = 4q + j
 * takes H^(g - b), pair m per register. */
KGMAC_INLINE void powers(__m512i *h, const sc_kgf_key *k, size_t g, size_t q, const unsigned nv)
{
    for (unsigned m = 0; m < nv; m++) {
        h[m] = _mm512_setzero_si512();
        for (size_t j = 0; j < 4 && 4 * q + j < g; j++)
            h[m] = insert_lane(h[m], _mm_loadu_si128((const __m128i *)k->h[g - 1 - (4 * q + j)] + m), j);
    }
}

/* Rounds of up to AGG = 16 blocks (four lane groups, H^16 .. H^1): one
 * reduction per round. The accumulator's dependency chain is kept short: the
 * data's products (and their lane fold) do not depend on it, so only
 * acc * H^g (one xmm product), an xor and the reduction are serial, once per
 * 16 blocks. (Measured, Zen 4, 16 KiB: rounds of 8 blocks 0.29 / 0.47 / 0.86
 * core cycles per byte for GF(2^128) / GF(2^256) / GF(2^512), rounds of 16
 * 0.23 / 0.40 / 0.72; a Horner chain per lane with stride 16, reduced lane by
 * lane, 0.38 / 0.48 / 0.70: its reductions cost more than the chain saves.) */
KGMAC_INLINE void hash(const sc_kgf_key *k, uint64_t *acc, const uint8_t *in, size_t n, const unsigned nv)
{
    enum { GROUPS = 4, AGG = 4 * GROUPS };
    _Static_assert(AGG <= SC_KGF_POWERS, "powers of H for a round");
    __m512i x[KGMAC_MAXV], full[GROUPS][KGMAC_MAXV], part[KGMAC_MAXV], z[2 * KGMAC_MAXV], odd[2 * KGMAC_MAXV];
    __m128i y[KGMAC_MAXV], hg[KGMAC_MAXV], t[2 * KGMAC_MAXV];
    kgmac_load(y, acc, nv);
    if (n >= AGG) /* whole rounds ahead: their multipliers, loaded once */
        for (size_t q = 0; q < GROUPS; q++) powers(full[q], k, AGG, q, nv);
    while (n) {
        const size_t g = n < AGG ? n : AGG;
        for (unsigned m = 0; m < 2 * nv; m++) z[m] = odd[m] = _mm512_setzero_si512();
        for (size_t q = 0; 4 * q < g; q++) {
            for (unsigned m = 0; m < nv; m++) x[m] = gather(in, g, q, m, nv);
            if (g < AGG) powers(part, k, g, q, nv);
            mul_acc512_split(z, odd, x, g < AGG ? part : full[q], nv);
        }
        mul_acc512_join(z, odd, nv); /* the groups' middle products aligned once */
        for (unsigned m = 0; m < 2 * nv; m++) t[m] = fold_lanes(z[m]);
        kgmac_load(hg, k->h[g - 1], nv); /* block 0 takes H^g: so does the accumulator xored into it */
        kgmac_mul_acc128(t, y, hg, nv);
        kgmac_reduce(t, nv);
        for (unsigned m = 0; m < nv; m++) y[m] = t[m];
        in += g * 16 * nv, n -= g;
    }
    kgmac_store(acc, y, nv);
}

KGMAC_HASH_ENTRY(vpclmul_hash, hash)

const struct sc_kgf_ops sc_kgf_x86_vpclmul512 = {kgmac_powers, vpclmul_hash};
