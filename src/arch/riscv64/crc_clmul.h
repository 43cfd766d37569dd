/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 / CRC-32C by carry-less folding, shared by the Zbc (scalar clmul)
 * and Zvbc (vector clmul) kernels. The method is that of Gopal et al., "Fast
 * CRC Computation for Generic Polynomials Using PCLMULQDQ" (Intel, 2009),
 * written out here for the reflected (LSB-first) bit order of these CRCs.
 *
 * Notation. A message M is a polynomial over GF(2) whose first bit is its
 * highest coefficient; the raw CRC state is M(x)*x^32 mod P(x). A 64-bit
 * little-endian word w at degree offset s stands for rev64(w)*x^s: bit i of
 * w is the coefficient of x^(s+63-i).
 *
 * Lanes. The input is cut into blocks of `lanes` 16-byte lanes; lane e of a
 * block is the word pair (U, V), U first in memory so at offset s+64, V at s.
 * One accumulator lane per lane of the block holds everything seen so far,
 * already congruent mod P to what it replaces.
 *
 * Product placement. clmul(w, rev64(K)) and clmulh(w, rev64(K)) form a
 * 128-bit value whose bit p is the coefficient of x^(126-p) of W*K; read as
 * a 128-bit "window" (low word at offset t+64, high word at offset t) it is
 * W*K*x*x^t. So moving a word from offset s_w to a window at offset t while
 * multiplying by x^D takes K = x^(s_w + D - t - 1) mod P: that "- 1" is why
 * every exponent below is one less than the distance it folds over.
 *
 *   fold   one block forward (D = 128*lanes bits, window t = s):
 *          U: x^(128*lanes + 63), V: x^(128*lanes - 1)     fold_u/fold_v[log2 lanes]
 *   reduce lane e, j = lanes-1-e lanes from the end (s = 128*j), to a window
 *          at t = -32, so that the XOR W of all windows satisfies
 *          W = M*x^32 (mod P): U: x^(128j + 95), V: x^(128j + 31)   reduce_u/v[63-j]
 *
 * W then has 128 bits; W mod P is the raw state: the table CRC of its first
 * 12 bytes (= W_high96 * x^32 mod P) XOR its last 4 bytes (sc_rv_crc_window).
 * The initial state enters by XOR into the first 4 message bytes, which the
 * raw-CRC definition makes equivalent (state*x^(8n) + M*x^32).
 */
#ifndef SC_RV_CRC_CLMUL_H
#define SC_RV_CRC_CLMUL_H
#include <stddef.h>
#include <stdint.h>

#define SC_RV_CRC_MAX_LANES_LOG2 6
#define SC_RV_CRC_MAX_LANES (1u << SC_RV_CRC_MAX_LANES_LOG2)

typedef struct sc_rv_crc_constants {
    uint64_t fold_u[SC_RV_CRC_MAX_LANES_LOG2 + 1];
    uint64_t fold_v[SC_RV_CRC_MAX_LANES_LOG2 + 1];
    uint64_t reduce_u[SC_RV_CRC_MAX_LANES]; /* entry i: j = SC_RV_CRC_MAX_LANES-1-i */
    uint64_t reduce_v[SC_RV_CRC_MAX_LANES];
} sc_rv_crc_constants;

extern const sc_rv_crc_constants sc_rv_crc32_constants;
extern const sc_rv_crc_constants sc_rv_crc32c_constants;

/* Raw (non-inverted) table CRC: sc_crc32_raw_portable or the C variant. */
typedef uint32_t (*sc_rv_crc_raw_fn)(uint32_t state, const uint8_t *buf, size_t len);

/* Raw CRC state from the final 128-bit window (lo = first word). */
static inline uint32_t sc_rv_crc_window(uint64_t lo, uint64_t hi, sc_rv_crc_raw_fn raw)
{
    uint8_t w[12];
    for (int i = 0; i < 8; i++) w[i] = (uint8_t)(lo >> (8 * i));
    for (int i = 0; i < 4; i++) w[8 + i] = (uint8_t)(hi >> (8 * i));
    return raw(0, w, sizeof w) ^ (uint32_t)(hi >> 32);
}

/* An 8-byte-aligned little-endian word (RISC-V Linux is little-endian).
 * The kernels align their pointer first: without Zicclsm a compiler may not
 * assume fast misaligned loads and would assemble the word byte by byte. */
static inline uint64_t sc_rv_load_aligned64(const uint8_t *p)
{
    uint64_t v;
    __builtin_memcpy(&v, __builtin_assume_aligned(p, 8), 8);
    return v;
}

/* Bytes to feed the table CRC before `p` is 8-byte aligned (at most n). */
static inline size_t sc_rv_align_head(const uint8_t *p, size_t n)
{
    size_t head = (size_t)(-(uintptr_t)p & 7);
    return head < n ? head : n;
}
#endif
