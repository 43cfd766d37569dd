/* SPDX-License-Identifier: Apache-2.0 */
/* MD5 compression, single stream, x86-64 (any CPU of the architecture).
 *
 * One MD5 stream is a chain of 64 steps, each b' = b + rol(a + f(b, c, d) +
 * X[k] + T[i], s), and each step's f needs the previous step's b: the speed
 * is the latency of that chain. Everything that does not depend on the
 * newest b is done off the chain (a + X[k] + T[i]: a is four steps old; the
 * parts of f in c and d only: one step old), which leaves per step
 *   F  ((c ^ d) & b) ^ d                 and, xor, add, rol, add = 5
 *   G  (~d & c) + (d & b) (disjoint bits, so + is |; ~d & c added early)
 *                                         and, add, rol, add      = 4
 *   H  (c ^ d) ^ b                        xor, add, rol, add      = 4
 *   I  (~d | b) ^ c  (~d early)           or, xor, add, rol, add  = 5
 * = 288 cycles a block, 4.5 cycles/byte at one simple ALU op per cycle.
 * The steps are written out (macros) so every X[k], T[i] and shift is a
 * constant. */
#include "../../hash/hash_internal.h"
#include "md5_x86_steps.h"

static inline uint32_t rol(uint32_t x, unsigned n) { return x << n | x >> (32 - n); }

#if defined(__SANITIZE_ADDRESS__)
#define MD5_X_VOLATILE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MD5_X_VOLATILE 1
#endif
#endif
#if defined(MD5_X_VOLATILE)
/* Under AddressSanitizer each load also checks its shadow: short of
 * registers, gcc loads the 16 message words once and spills them to the
 * frame, a copy of the message (tests/test_stack_residue.c found the last
 * block's bytes there). Volatile byte loads (the input may be unaligned)
 * re-read the caller's block at each use instead; optimised builds keep
 * plain loads (no spill: the same test). */
static inline uint32_t x_volatile(const uint8_t *p)
{
    const volatile uint8_t *v = p;
    return (uint32_t)v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 | (uint32_t)v[3] << 24;
}
#define X(k) x_volatile(in + 4 * (k))
#else
#define X(k) sc_hash_le32(in + 4 * (k))
#endif

/* a + X[k] + T (+ the early part of G) first, off the chain, fenced (clang
 * otherwise adds T after f: a sixth cycle on the chain) */
#define PRE(a, v) a += (v); MD5_FENCE(a, "+r")
#define STEP_F(a, b, c, d, k, s, t)                                                                                    \
    do {                                                                                                               \
        PRE(a, X(k) + (t));                                                                                            \
        a += ((c ^ d) & b) ^ d, a = rol(a, s) + b;                                                                     \
    } while (0)
#define STEP_G(a, b, c, d, k, s, t)                                                                                    \
    do {                                                                                                               \
        PRE(a, X(k) + (t) + (~d & c));                                                                                 \
        a += d & b, a = rol(a, s) + b;                                                                                 \
    } while (0)
#define STEP_H(a, b, c, d, k, s, t)                                                                                    \
    do {                                                                                                               \
        PRE(a, X(k) + (t));                                                                                            \
        a += (c ^ d) ^ b, a = rol(a, s) + b;                                                                           \
    } while (0)
#define STEP_I(a, b, c, d, k, s, t)                                                                                    \
    do {                                                                                                               \
        PRE(a, X(k) + (t));                                                                                            \
        a += (~d | b) ^ c, a = rol(a, s) + b;                                                                          \
    } while (0)

void sc_md5_x86_scalar(uint32_t state[4], const uint8_t *in, size_t nblocks)
{
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    for (; nblocks; nblocks--, in += SC_MD5_BLOCK) {
        const uint32_t a0 = a, b0 = b, c0 = c, d0 = d;
        MD5_STEPS(STEP_F, STEP_G, STEP_H, STEP_I, a, b, c, d);
        a += a0, b += b0, c += c0, d += d0;
    }
    state[0] = a, state[1] = b, state[2] = c, state[3] = d;
}
