/* SPDX-License-Identifier: Apache-2.0 */
/* Internal to the RVV Kalyna kernel ("rv-v"): what its batched part
 * (kalyna_v.c) and its one-block part (kalyna_v_1block.c) share. Both
 * are built with -march=rv64gcv. */
#ifndef SC_KALYNA_V_COMMON_H
#define SC_KALYNA_V_COMMON_H

#include <riscv_vector.h>

#include "../../kalyna/kalyna_internal.h"

#define AI static inline __attribute__((always_inline))

/* 2x in GF(2^8) mod x^8+x^4+x^3+x^2+1 on every byte: x + x, and 0x1d where
 * bit 7 was set (a mask from the data, not a branch). One function per
 * register group size M (m1 .. m8), B the mask type of e8 at that size. */
#define SC_KALYNA_RVV_XTIME_FOR(M, B)                                                                          \
    AI vuint8##M##_t xtime_##M(vuint8##M##_t x, size_t n)                                                      \
    {                                                                                                          \
        const B high = __riscv_vmsgtu(x, 0x7f, n);                                                             \
        const vuint8##M##_t twice = __riscv_vadd(x, x, n);                                                     \
        return __riscv_vxor_mu(high, twice, twice, 0x1d, n);                                                   \
    }
SC_KALYNA_RVV_XTIME_FOR(m1, vbool8_t)
SC_KALYNA_RVV_XTIME_FOR(m2, vbool4_t)
SC_KALYNA_RVV_XTIME_FOR(m4, vbool2_t)
SC_KALYNA_RVV_XTIME_FOR(m8, vbool1_t)

/* ---- one block at a time (kalyna_v_1block.c) ---------------------------- */

/* E(in), D(in) -> out, one block (in == out allowed). */
void sc_kalyna_rv_v_encrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
void sc_kalyna_rv_v_decrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
/* The ops cbc_encrypt and mac of struct sc_kalyna_ops, the chain in vector
 * registers from block to block. */
void sc_kalyna_rv_v_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                size_t nblocks);
void sc_kalyna_rv_v_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks);

#endif
