/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] on KECCAK_V_LANES states at once with RVV 1.0 (e64, LMUL
 * 1): the body of keccak_v.c ("rv-v") and keccak_zvbb.c ("rv-zvbb"), which
 * define before including it:
 *   KECCAK_V_FN        the entry point's name
 *   ROTL(x, n, vl)     rotation left of every 64-bit element by the constant n
 *   ANDN(b, c, vl)     b & ~c
 * and optionally KECCAK_V_PERMUTE1 / KECCAK_V_ABSORB1, names for the
 * single-state entry points on the same code with state 1 idle (where
 * that costs fewer instructions than the Zbb scalar kernel).
 * Each including file is its own TU with its own -march; everything here is
 * static.
 *
 * Layout: lane i of state l in element l of vector register i, the rounds
 * of src/hash/keccak_unrolled.h on 25 registers with 7 left for the
 * round's temporaries. LMUL 1 holds two states at VLEN 128; vl stays 2 at
 * any larger VLEN (a fixed lane count for the scheduler). LMUL 2 (four
 * states) would need 50 registers for the state alone, so it streams the
 * state through memory each round (theta's 25 loads, then per output plane
 * 5 loads and 5 stores into a second buffer): measured under qemu at VLEN
 * 128, 19.6 (Zvbb) and 24.1 (plain V) guest instructions per byte per
 * state against 13.2 and 23.4 here: RVV loads and stores take no offset,
 * so each of the 75 accesses a round costs an address computation too.
 *
 * Input: each state's block is copied with byte loads (vle8: any
 * alignment) and a strided store (vsse64, stride 16) into a stack buffer
 * interleaved like the state (word i of state l at buf[2i + l]), so the
 * block xors into s[] as one contiguous e64 stream; then the 25 lanes are
 * loaded, permuted and stored.
 *
 * Guest instructions per byte per state under qemu (SHA3-256, 16 streams
 * of 16 KiB, VLEN 128 / 256 / 512): rv-v 23.6 / 23.4 / 23.4, rv-zvbb
 * 13.3 / 13.2 / 13.1; one state on rv-zbb 32.0, on rv-zvbb's x2 code
 * with state 1 idle 26.5 (rv-v's would take 47), portable 75.2.
 *
 * Constant time: vl and every branch depend only on nblocks and rate. */
#include <riscv_vector.h>

#include "../../hash/hash_internal.h"
#include "../../hash/keccak_unrolled.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the RVV Keccak kernels load the input as little-endian elements"
#endif

enum { KECCAK_V_LANES = 2 };

#define KT vuint64m1_t
#define K_XOR(a, b) __riscv_vxor_vv_u64m1(a, b, vl)
#define K_XOR3(a, b, c) K_XOR(K_XOR(a, b), c)
#define K_RAX1(a, b) K_XOR(a, ROTL(b, 1, vl))
#define K_XAR(a, b, n) ROTL(K_XOR(a, b), n, vl)
#define K_BCAX(a, b, c) K_XOR(a, ANDN(b, c, vl))
#define RC(r) __riscv_vmv_v_x_u64m1(rc[r], vl)

/* The rounds on the states in s[] (lane i of state l at s[2i + l]). */
static inline __attribute__((always_inline)) void permute(uint64_t *s, unsigned rounds)
{
    const size_t vl = KECCAK_V_LANES;
    const uint64_t *rc = sc_keccak_rc;
#define LOAD(i) KT a##i = __riscv_vle64_v_u64m1(s + KECCAK_V_LANES * (i), vl);
#define STORE(i) __riscv_vse64_v_u64m1(s + KECCAK_V_LANES * (i), a##i, vl);
    KECCAK_LANE_LIST(LOAD)
    KECCAK_ROUNDS(rounds, RC);
    KECCAK_LANE_LIST(STORE)
#undef LOAD
#undef STORE
}

void KECCAK_V_FN(uint64_t *s, const uint8_t *const in[], size_t nblocks, size_t rate, unsigned rounds)
{
    uint64_t buf[KECCAK_V_LANES * 21]; /* rate <= 168 */
    const size_t words = rate / 8 * KECCAK_V_LANES;
    for (size_t off = 0; nblocks; nblocks--, off += rate) {
        for (int l = 0; l < KECCAK_V_LANES; l++) {
            const uint8_t *p = in[l] + off;
            for (size_t i = 0, n; i < rate; i += n) {
                n = __riscv_vsetvl_e8m8(rate - i); /* a multiple of 8: VLMAX >= 128 */
                vuint64m8_t w = __riscv_vreinterpret_v_u8m8_u64m8(__riscv_vle8_v_u8m8(p + i, n));
                __riscv_vsse64_v_u64m8(buf + KECCAK_V_LANES * (i / 8) + l, 8 * KECCAK_V_LANES, w, n / 8);
            }
        }
        for (size_t i = 0, n; i < words; i += n) {
            n = __riscv_vsetvl_e64m8(words - i);
            vuint64m8_t x = __riscv_vxor_vv_u64m8(__riscv_vle64_v_u64m8(s + i, n),
                                                  __riscv_vle64_v_u64m8(buf + i, n), n);
            __riscv_vse64_v_u64m8(s + i, x, n);
        }
        permute(s, rounds);
    }
    /* the input copies: vector stores of zero, kept by the asm */
    for (size_t i = 0, n; i < words; i += n) {
        n = __riscv_vsetvl_e64m8(words - i);
        __riscv_vse64_v_u64m8(buf + i, __riscv_vmv_v_x_u64m8(0, n), n);
    }
    __asm__ volatile("" : : "r"(buf) : "memory");
}

#if defined(KECCAK_V_PERMUTE1) && defined(KECCAK_V_ABSORB1)
/* One state as lane 0 of a two-state buffer (lane 1 zero, or fed a copy of
 * the same input: its result is dropped). The copies in and out cost ~100
 * instructions a call, a few percent of one permutation. */
static inline __attribute__((always_inline)) void to_pair(uint64_t t[2 * 25], const uint64_t s[25])
{
    for (int i = 0; i < 25; i++) t[2 * i] = s[i], t[2 * i + 1] = 0;
}

static inline __attribute__((always_inline)) void from_pair(uint64_t s[25], uint64_t t[2 * 25])
{
    for (int i = 0; i < 25; i++) s[i] = t[2 * i];
    size_t n = __riscv_vsetvl_e64m8(2 * 25);
    for (size_t i = 0; i < 2 * 25; i += n) {
        n = __riscv_vsetvl_e64m8(2 * 25 - i);
        __riscv_vse64_v_u64m8(t + i, __riscv_vmv_v_x_u64m8(0, n), n);
    }
    __asm__ volatile("" : : "r"(t) : "memory");
}

void KECCAK_V_PERMUTE1(uint64_t s[25], unsigned rounds)
{
    uint64_t t[2 * 25];
    to_pair(t, s);
    permute(t, rounds);
    from_pair(s, t);
}

void KECCAK_V_ABSORB1(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate, unsigned rounds)
{
    uint64_t t[2 * 25];
    const uint8_t *const p[2] = {in, in};
    to_pair(t, s);
    KECCAK_V_FN(t, p, nblocks, rate, rounds);
    from_pair(s, t);
}
#endif
