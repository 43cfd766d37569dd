/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] times 4, AVX2: one state per 64-bit element of a ymm
 * (keccak_x86_lanes.h, keccak_x86_round.h). 25 state vectors and the
 * round's temporaries exceed the 16 ymm registers, so the compiler spills
 * state lanes; the plane-by-plane round keeps the temporaries to the
 * 5 parities, 5 theta effects and one plane's 5 rho-pi lanes. */
#include <immintrin.h>
#include "../../hash/hash_internal.h"

typedef __m256i kk_t;
static inline kk_t kk_xor(kk_t a, kk_t b) { return _mm256_xor_si256(a, b); }
static inline kk_t kk_xor5(kk_t a, kk_t b, kk_t c, kk_t d, kk_t e) { return kk_xor(kk_xor(kk_xor(a, b), kk_xor(c, d)), e); }
static inline kk_t kk_chi(kk_t a, kk_t b, kk_t c) { return _mm256_xor_si256(a, _mm256_andnot_si256(b, c)); }
/* rotations by 8 and 56 are one byte shuffle instead of two shifts and an or */
static inline kk_t kk_rol(kk_t a, int n)
{
    if (n == 8)
        return _mm256_shuffle_epi8(a, _mm256_set_epi8(14, 13, 12, 11, 10, 9, 8, 15, 6, 5, 4, 3, 2, 1, 0, 7, 14, 13,
                                                      12, 11, 10, 9, 8, 15, 6, 5, 4, 3, 2, 1, 0, 7));
    if (n == 56)
        return _mm256_shuffle_epi8(a, _mm256_set_epi8(8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1, 8, 15, 14,
                                                      13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1));
    return _mm256_or_si256(_mm256_slli_epi64(a, n), _mm256_srli_epi64(a, 64 - n));
}
static inline kk_t kk_rc(unsigned r) { return _mm256_set1_epi64x((long long)sc_keccak_rc[r]); }

typedef __m256i kl_t;
#define KL_N 4
#define KL_FN sc_keccak_x86_avx2_x4
static inline kl_t kl_offsets(const uint8_t *const in[])
{
    const uintptr_t b = (uintptr_t)in[0];
    return _mm256_setr_epi64x(0, (long long)((uintptr_t)in[1] - b), (long long)((uintptr_t)in[2] - b),
                              (long long)((uintptr_t)in[3] - b));
}
static inline kk_t kl_gather(const uint8_t *p, kl_t off) { return _mm256_i64gather_epi64((const long long *)(const void *)p, off, 1); }
static inline kk_t kl_load(const uint64_t *p) { return _mm256_loadu_si256((const __m256i *)(const void *)p); }
static inline void kl_store(uint64_t *p, kk_t v) { _mm256_storeu_si256((__m256i *)(void *)p, v); }

#include "keccak_x86_lanes.h"
