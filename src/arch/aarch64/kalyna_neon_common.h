/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: what the two halves of the NEON Kalyna kernel share:
 * kalyna_neon.c (16 blocks at a time, sliced) and kalyna_neon_1block.c (one
 * block in registers, for the serial modes). Both are constant time: every
 * table lookup is a TBL/TBX over the whole table. */
#ifndef SC_KALYNA_NEON_COMMON_H
#define SC_KALYNA_NEON_COMMON_H

#include <arm_neon.h>

#include "../../kalyna/kalyna_gf_nibbles.h"
#include "../../kalyna/kalyna_internal.h"

/* Round keys are read as bytes of their 64-bit columns, byte r = row r. */
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the NEON Kalyna kernel reads the round key columns as little-endian bytes"
#endif

typedef uint8x16_t vec_t;

#define AI static inline __attribute__((always_inline))
/* Loops over rows, registers and S-boxes must unroll: their indices select
 * registers and tables (rolled, gcc 12 put the MixColumns accumulators on
 * the stack, and the one-block S-box loop cost 17 instructions a turn). */
#include "../../core/unroll.h"

/* An opaque copy of a register: after each input row of MixColumns, so that
 * gcc cannot reassociate the xor chains (it summed the inputs first and
 * kept all eight rows and their products live at once, spilling). */
#define PIN(v) __asm__("" : "+w"(v))

/* ---- S-boxes -------------------------------------------------------------- */

/* box[x] for every byte of x; part q = entries 64 q .. 64 q + 63. TBL
 * zeroes an index >= 64, TBX keeps the byte there, and x ^ 64 q is below 64
 * exactly when x is in part q. (The parts are separate variables: gcc 12
 * copied an array of uint8x16x4_t through the stack at every use.) */
AI vec_t sbox_apply(uint8x16x4_t part0, uint8x16x4_t part1, uint8x16x4_t part2, uint8x16x4_t part3, vec_t x)
{
    vec_t y = vqtbl4q_u8(part0, x);
    y = vqtbx4q_u8(y, part1, veorq_u8(x, vdupq_n_u8(0x40)));
    y = vqtbx4q_u8(y, part2, veorq_u8(x, vdupq_n_u8(0x80)));
    return vqtbx4q_u8(y, part3, veorq_u8(x, vdupq_n_u8(0xc0)));
}

/* ---- GF(2^8) constants by nibble tables ---------------------------------- */

typedef struct nibbles {
    vec_t lo, hi;
} nibbles;

AI nibbles split(vec_t x)
{
    nibbles n = {vandq_u8(x, vdupq_n_u8(0x0f)), vshrq_n_u8(x, 4)};
    return n;
}

typedef struct gf_table {
    vec_t lo, hi;
} gf_table;

/* Multiplication table c, loaded through an opaque pointer to all of them:
 * gcc then neither hoists the loads out of the sliced kernel's column loops
 * (keeping the tables live across passes, spilling) nor rematerializes each
 * one as its own adrp + ldr pair; a table is one LDP where it is loaded. */
AI gf_table gf_table_load(int c)
{
    const uint8_t(*tables)[2][16] = sc_kalyna_gf_nibbles;
    __asm__("" : "+r"(tables));
    gf_table t = {vld1q_u8(tables[c][0]), vld1q_u8(tables[c][1])};
    return t;
}

AI vec_t gf_mul(nibbles n, gf_table t) { return veorq_u8(vqtbl1q_u8(t.lo, n.lo), vqtbl1q_u8(t.hi, n.hi)); }

/* ---- one block at a time (kalyna_neon_1block.c) --------------------------- */

/* E(in), D(in) -> out, one block (in == out allowed). */
void sc_kalyna_arm_neon_encrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
void sc_kalyna_arm_neon_decrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
/* The ops cbc_encrypt and mac of struct sc_kalyna_ops, the chain in
 * registers. */
void sc_kalyna_arm_neon_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                    size_t nblocks);
void sc_kalyna_arm_neon_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks);

#endif
