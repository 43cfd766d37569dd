/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600], one state with one lane per xmm register (AVX-512 F +
 * VL): the rounds of keccak_x86_round.h (keccak_x86_single.h) on the low
 * qword of __m128i, with vpternlogq and vprolq (keccak_x86_ternlog.h). The
 * 25 lanes and most of the round's temporaries fit the 32 vector registers
 * (the scalar kernel has 15), and no instruction is a shuffle: about 95
 * operations a round (29 of them rotations, which Zen 4 runs on two pipes,
 * the rest on four), throughput-bound, against the five-register form's
 * latency-bound shuffles (keccak_avx512.c). Zen 4, SHA3-256 at 16 KiB:
 * 4.1 TSC cycles/byte (gcc 12; 3.9 clang 19), ~33 core cycles a round;
 * the scalar kernel 4.7, the five-register form 6.5. Fusing theta's two
 * halves into the lanes' xor (vpternlogq, no D vector) measured slower
 * (4.6): five more live registers, more spills. */
#include <immintrin.h>
#include "../../hash/hash_internal.h"

typedef __m128i kk_t;
#define KT(op) _mm_##op
#include "keccak_x86_ternlog.h"
static inline kk_t kk_load64(const void *p) { return _mm_loadl_epi64((const __m128i *)p); }
static inline kk_t kk_rc(unsigned r) { return kk_load64(&sc_keccak_rc[r]); }

#define KS_PERMUTE sc_keccak_x86_avx512_xmm_permute
#define KS_ABSORB sc_keccak_x86_avx512_xmm_absorb
#define KK_LOAD_STATE(tt, n) A##tt = kk_load64(s + (n));
#define KK_STORE_STATE(tt, n) _mm_storel_epi64((__m128i *)(void *)(s + (n)), A##tt);
#define KK_LOAD_WORD(n) kk_load64(in + 8 * (n))
#include "keccak_x86_single.h"
