/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600], one state in general-purpose registers (BMI1 + BMI2):
 * the rounds of keccak_x86_round.h on uint64_t lanes (keccak_x86_single.h).
 * chi's ~b & c is one ANDN (BMI1), so the lane-complementing transform
 * (Keccak implementation overview 2.2), which exists to save those NOTs,
 * buys nothing here and the state needs no transform at the call boundary;
 * the constant rotations are RORX (BMI2), which leaves its source intact
 * and saves the copies a two-operand ROL needs. 25 lanes and the round's
 * temporaries do not fit 15 registers: the compiler spills some lanes to
 * its own frame, covered by the callers' stack burn (hash_internal.h). */
#include "../../hash/hash_internal.h"

/* gcc's second scheduling pass (after register allocation) reorders the
 * spilled lanes' loads and stores against the rounds' ALU operations; Zen 3
 * runs the allocator's order faster: 5% fewer cycles (rdtsc, this file with
 * its build flags, alternating: 24 rounds 670 against 705 TSC cycles a
 * permutation, 12 rounds 352 against 366), the out-of-order core doing the
 * scheduling. gcc only (clang's pass is another; this kernel is unchanged
 * there). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-schedule-insns2")
#endif

typedef uint64_t kk_t;
#define kk_xor(a, b) ((a) ^ (b))
#define kk_xor5(a, b, c, d, e) ((a) ^ (b) ^ (c) ^ (d) ^ (e))
#define kk_rol(a, n) ((a) << (n) | (a) >> (64 - (n)))
#define kk_chi(a, b, c) ((a) ^ (~(b) & (c)))
#define kk_rc(r) sc_keccak_rc[r]

#define KS_PERMUTE sc_keccak_x86_scalar_permute
#define KS_ABSORB sc_keccak_x86_scalar_absorb
#define KK_LOAD_STATE(tt, n) A##tt = s[n];
#define KK_STORE_STATE(tt, n) s[n] = A##tt;
#define KK_LOAD_WORD(n) sc_hash_le64(in + 8 * (n))
#include "keccak_x86_single.h"
