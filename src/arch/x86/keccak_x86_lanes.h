/* SPDX-License-Identifier: Apache-2.0 */
/* The multi-state Keccak absorb (sc_keccak_lanes_fn) over the rounds of
 * keccak_x86_round.h: KL_N states, one per 64-bit element of a vector, so
 * state lane i of all KL_N states is one vector, s[i * KL_N .. + KL_N - 1]
 * in the structure-of-arrays layout of hash_internal.h, loaded as is.
 * Shared by the AVX2 x4 and AVX-512 x8 kernels, which define the kk_*
 * operations of keccak_x86_round.h on their vector type and
 *   KL_FN                   the function's name
 *   KL_N                    states per vector (4, 8)
 *   kl_t                    the vector of KL_N 64-bit offsets
 *   kl_offsets(in)          in[l] - in[0] for each state l, as a kl_t
 *   kl_gather(p, off)       the 64-bit words at p + off[l] (vpgatherqq)
 *   kl_load(p), kl_store(p, v)   KL_N words of the state
 * The message words are gathered straight from the KL_N inputs, word i of
 * every state in one vpgatherqq: no transpose, no copy of the message on
 * the stack. Measured on Zen 4 (rdtsc, SHA3-256, 24 rounds, 8 states): the
 * 17 gathers of a 136-byte block cost ~150 of its ~1160 TSC cycles; 8 zmm
 * loads per 8 words and an 8x8 transpose (24 shuffles) instead saved ~1%
 * (1150), not worth a second load path. The AVX2 x4 gathers cost ~6%. */
#ifndef SC_KECCAK_X86_LANES_H
#define SC_KECCAK_X86_LANES_H
#include "keccak_x86_round.h"

#define KL_LOAD_STATE(tt, n) A##tt = kl_load(s + (n) * KL_N);
#define KL_STORE_STATE(tt, n) kl_store(s + (n) * KL_N, A##tt);
#define KK_LOAD_WORD(n) kl_gather(p + 8 * (n), off)

void KL_FN(uint64_t *s, const uint8_t *const in[], size_t nblocks, size_t rate, unsigned rounds)
{
    KK_DECLARE
    const kl_t off = kl_offsets(in);
    const uint8_t *p = in[0];
    KK_EACH(KL_LOAD_STATE)
    for (; nblocks; nblocks--, p += rate) {
        KK_XOR_WORDS(rate / 8);
        KK_ROUNDS(rounds)
    }
    KK_EACH(KL_STORE_STATE)
}
#endif
