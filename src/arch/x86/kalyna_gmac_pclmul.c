/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna GCM/GMAC hash (DSTU 7624:2014, kalyna_gf.h) with PCLMULQDQ on xmm
 * (kalyna_gmac_x86_template.h): aggregated reduction, AGG blocks multiplied
 * by H^AGG .. H^1 and their unreduced products xored before one reduction. */
#include "kalyna_gmac_x86_template.h"

KGMAC_INLINE void hash(const sc_kgf_key *k, uint64_t *acc, const uint8_t *in, size_t n, const unsigned nv)
{
    enum { AGG = 4 };
    __m128i y[KGMAC_MAXV], z[2 * KGMAC_MAXV], x[KGMAC_MAXV], h[KGMAC_MAXV];
    kgmac_load(y, acc, nv);
    while (n) {
        const size_t g = n < AGG ? n : AGG; /* blocks this round: the tail takes H^g .. H^1 */
        for (unsigned m = 0; m < 2 * nv; m++) z[m] = _mm_setzero_si128();
        for (size_t j = 0; j < g; j++) {
            kgmac_load(x, in + 16 * nv * j, nv);
            if (j == 0)
                for (unsigned m = 0; m < nv; m++) x[m] = _mm_xor_si128(x[m], y[m]);
            kgmac_load(h, k->h[g - 1 - j], nv);
            kgmac_mul_acc128(z, x, h, nv);
        }
        kgmac_reduce(z, nv);
        for (unsigned m = 0; m < nv; m++) y[m] = z[m];
        in += g * 16 * nv, n -= g;
    }
    kgmac_store(acc, y, nv);
}

KGMAC_HASH_ENTRY(pclmul_hash, hash)

const struct sc_kgf_ops sc_kgf_x86_pclmul = {kgmac_powers, pclmul_hash};
