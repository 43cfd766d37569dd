/* SPDX-License-Identifier: Apache-2.0 */
/* The single-state permute and absorb (sc_keccak_permute_fn,
 * sc_keccak_absorb_fn) over the rounds of keccak_x86_round.h, for the
 * scalar kernel and the AVX-512 xmm-lane one. The includer defines the
 * kk_* operations and
 *   KS_PERMUTE, KS_ABSORB     the functions' names
 *   KK_LOAD_STATE(tt, n)      A##tt = lane n of s
 *   KK_STORE_STATE(tt, n)     lane n of s = A##tt
 *   KK_LOAD_WORD(n)           word n (little-endian) of the block at `in`
 * The absorb loop keeps the lanes in local variables across blocks: each
 * block is XORed into them, never into s[], which is read once and written
 * once per call. */
#ifndef SC_KECCAK_X86_SINGLE_H
#define SC_KECCAK_X86_SINGLE_H
#include "keccak_x86_round.h"

void KS_ABSORB(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate, unsigned rounds)
{
    KK_DECLARE
    KK_EACH(KK_LOAD_STATE)
    for (; nblocks; nblocks--, in += rate) {
        KK_XOR_WORDS(rate / 8);
        KK_ROUNDS(rounds)
    }
    KK_EACH(KK_STORE_STATE)
}

void KS_PERMUTE(uint64_t s[25], unsigned rounds)
{
    KK_DECLARE
    KK_EACH(KK_LOAD_STATE)
    KK_ROUNDS(rounds)
    KK_EACH(KK_STORE_STATE)
}
#endif
