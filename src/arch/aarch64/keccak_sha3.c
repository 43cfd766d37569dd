/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] with the Armv8.2 SHA3 extension ("arm-sha3"): EOR3 for
 * theta's parities, RAX1 for their mixes, XAR for theta's xor fused with
 * rho, BCAX for chi: keccak_unrolled.h one instruction per operation, about
 * 67 per round. Built with -march=armv8.2-a+sha3, so nothing here may run
 * before dispatch has seen SHA3.
 *
 * Two states at once, one per 64-bit half of a q register (25 registers
 * of state, 7 for the round's temporaries): the multi-state kernel
 * (nlanes 2). The single-state permutation and absorb run the same code
 * with the high half idle, chosen by guest instruction count under qemu
 * (tools/icount.py --alg hash, SHA3-256 of 16 KiB): 14.4 a byte against
 * 24.5 for the scalar kernel (keccak_scalar.c: its lazy rotations still
 * leave ~100 eor/bic a round plus spills, where this takes ~70), portable
 * 35.1; so "arm-sha3" uses it for single streams too. Two states: 7.27 a
 * byte per state. The issue notes some cores run the scalar code faster
 * (SHA3 instructions of latency 2+ on one pipe): a policy rule with a
 * measurement may then pick "arm-scalar" for that core. */
#include <arm_neon.h>

#include "../../hash/hash_internal.h"
#include "../../hash/keccak_unrolled.h"

#define AI static inline __attribute__((always_inline))

#define KT uint64x2_t
#define K_XOR(a, b) veorq_u64(a, b)
#define K_XOR3(a, b, c) veor3q_u64(a, b, c)
#define K_RAX1(a, b) vrax1q_u64(a, b)
#define K_XAR(a, b, n) vxarq_u64(a, b, 64 - (n))
#define K_BCAX(a, b, c) vbcaxq_u64(a, b, c)
#define RC(r) vld1q_dup_u64(&sc_keccak_rc[r])

/* The rounds on two states: lane i of state l at s[2 * i + l]. */
AI void permute2(uint64_t *s, unsigned rounds)
{
#define LOAD(i) KT a##i = vld1q_u64(s + 2 * (i));
#define STORE(i) vst1q_u64(s + 2 * (i), a##i);
    KECCAK_LANE_LIST(LOAD)
    KECCAK_ROUNDS(rounds, RC);
    KECCAK_LANE_LIST(STORE)
#undef LOAD
#undef STORE
}

/* The rounds on one state in the low halves (the high halves start at
 * zero and stay a permutation of zero: never stored). */
AI void permute1(uint64_t s[25], unsigned rounds)
{
#define LOAD(i) KT a##i = vcombine_u64(vld1_u64(s + (i)), vdup_n_u64(0));
#define STORE(i) vst1_u64(s + (i), vget_low_u64(a##i));
    KECCAK_LANE_LIST(LOAD)
    KECCAK_ROUNDS(rounds, RC);
    KECCAK_LANE_LIST(STORE)
#undef LOAD
#undef STORE
}

void sc_keccak_permute_arm_sha3(uint64_t s[25], unsigned rounds) { permute1(s, rounds); }

/* Little-endian 64-bit word from any alignment (AArch64 loads need none;
 * vld1_u8 keeps C's alignment rules out of it). */
AI uint64x1_t load64(const uint8_t *p) { return vreinterpret_u64_u8(vld1_u8(p)); }

void sc_keccak_absorb_arm_sha3(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate, unsigned rounds)
{
    for (; nblocks; nblocks--, in += rate) {
        for (size_t i = 0; i < rate / 8; i++) vst1_u64(s + i, veor_u64(vld1_u64(s + i), load64(in + 8 * i)));
        permute1(s, rounds);
    }
}

void sc_keccak_lanes_arm_sha3(uint64_t *s, const uint8_t *const in[], size_t nblocks, size_t rate,
                              unsigned rounds)
{
    const uint8_t *p0 = in[0], *p1 = in[1];
    for (; nblocks; nblocks--, p0 += rate, p1 += rate) {
        for (size_t i = 0; i < rate / 8; i++) {
            uint64x2_t w = vcombine_u64(load64(p0 + 8 * i), load64(p1 + 8 * i));
            vst1q_u64(s + 2 * i, veorq_u64(vld1q_u64(s + 2 * i), w));
        }
        permute2(s, rounds);
    }
}
