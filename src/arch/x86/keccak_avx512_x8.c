/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] times 8, AVX-512 F: one state per 64-bit element of a zmm
 * (keccak_x86_lanes.h, keccak_x86_round.h) with vpternlogq and vprolq
 * (keccak_x86_ternlog.h); the 25 state vectors and most of the round's
 * temporaries fit the 32 registers. */
#include <immintrin.h>
#include "../../hash/hash_internal.h"

typedef __m512i kk_t;
#define KT(op) _mm512_##op
#include "keccak_x86_ternlog.h"
static inline kk_t kk_rc(unsigned r) { return _mm512_set1_epi64((long long)sc_keccak_rc[r]); }

typedef __m512i kl_t;
#define KL_N 8
#define KL_FN sc_keccak_x86_avx512_x8
static inline kl_t kl_offsets(const uint8_t *const in[])
{
    const __m512i p = _mm512_loadu_si512((const void *)in); /* the 8 pointers */
    return _mm512_sub_epi64(p, _mm512_set1_epi64((long long)(uintptr_t)in[0]));
}
#if defined(SC_CT_DFSAN_BUILD)
/* The DataFlowSanitizer build (scripts/ct-dfsan.sh) loses the message's
 * labels through vpgatherqq: there the same words by eight plain loads,
 * which its checker then follows. */
static inline kk_t kl_gather(const uint8_t *p, kl_t off)
{
    uint64_t o[8], w[8];
    _mm512_storeu_si512((void *)o, off);
    for (int l = 0; l < 8; l++) w[l] = sc_hash_le64(p + o[l]);
    const kk_t v = _mm512_loadu_si512((const void *)w);
    sc_wipe_small(w, sizeof w);
    return v;
}
#else
static inline kk_t kl_gather(const uint8_t *p, kl_t off) { return _mm512_i64gather_epi64(off, (const void *)p, 1); }
#endif
static inline kk_t kl_load(const uint64_t *p) { return _mm512_loadu_si512((const void *)p); }
static inline void kl_store(uint64_t *p, kk_t v) { _mm512_storeu_si512((void *)p, v); }

#include "keccak_x86_lanes.h"
