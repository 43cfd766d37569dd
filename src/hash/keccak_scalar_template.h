/* SPDX-License-Identifier: Apache-2.0 */
/* Single-state Keccak-f[1600] on general registers, from keccak_unrolled.h:
 * the body of src/arch/aarch64/keccak_scalar.c and
 * src/arch/riscv64/keccak_zbb.c, which define KECCAK_SCALAR_PERMUTE and
 * KECCAK_SCALAR_ABSORB (the entry points' names) and include it in a TU
 * built for their ISA: plain C, compiled to eor/ror/bic on AArch64 and
 * xor/rori/andn with Zbb (checked in the disassembly).
 *
 * The absorb loop xors each block into s[] and runs the permutation on the
 * 25 lanes in registers (loaded and stored once per block: 50 of the
 * ~3000 instructions of 24 rounds, where keeping the lanes in registers
 * across blocks would need a rate-dependent xor of named variables). */
#include <string.h>

#include "hash_internal.h"
#include "keccak_unrolled.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the scalar Keccak kernels xor the input as host (little-endian) words"
#endif

#define KT uint64_t
#define ROL64(x, n) ((x) << (n) | (x) >> (64 - (n)))
#define K_XOR(a, b) ((a) ^ (b))
#define K_XOR3(a, b, c) ((a) ^ (b) ^ (c))
#define K_RAX1(a, b) ((a) ^ ROL64(b, 1))
#define K_XAR(a, b, n) (ROL64((a) ^ (b), n))
#define K_BCAX(a, b, c) ((a) ^ ((b) & ~(c)))

/* The includer may bring its own rounds (keccak_scalar.c: lazy rotations). */
#ifndef KECCAK_SCALAR_ROUNDS
#define KECCAK_SCALAR_ROUNDS(rounds, rc) KECCAK_ROUNDS(rounds, RC)
#endif

static inline __attribute__((always_inline)) void permute(uint64_t s[25], unsigned rounds)
{
    /* An opaque copy of the table's address: one load per round constant
     * where it is used, not all 24 hoisted into registers or spills. */
    const uint64_t *rc = sc_keccak_rc;
    __asm__("" : "+r"(rc));
#define RC(r) rc[r]
#define LOAD(i) KT a##i = s[i];
#define STORE(i) s[i] = a##i;
    KECCAK_LANE_LIST(LOAD)
    KECCAK_SCALAR_ROUNDS(rounds, rc);
    KECCAK_LANE_LIST(STORE)
#undef LOAD
#undef STORE
#undef RC
}

void KECCAK_SCALAR_PERMUTE(uint64_t s[25], unsigned rounds) { permute(s, rounds); }

void KECCAK_SCALAR_ABSORB(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate, unsigned rounds)
{
    /* Whole-word loads when `in` is 8-byte aligned (every block is then:
     * rate is a multiple of 8), byte loads otherwise (a misaligned ld may
     * trap on RISC-V). */
    int aligned = ((uintptr_t)in & 7) == 0;
    for (; nblocks; nblocks--, in += rate) {
        if (aligned) {
            const uint8_t *p = __builtin_assume_aligned(in, 8);
            for (size_t i = 0; i < rate / 8; i++) {
                uint64_t w;
                memcpy(&w, p + 8 * i, 8);
                s[i] ^= w;
            }
        } else {
            for (size_t i = 0; i < rate / 8; i++) s[i] ^= sc_hash_le64(in + 8 * i);
        }
        permute(s, rounds);
    }
}
