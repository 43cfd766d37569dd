/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014) one block at a time with RVV 1.0, for the serial
 * modes of the rv-v kernel (kalyna_v.c): CBC encryption, the MAC chain,
 * and single-block calls (E(IV) of CTR, the MAC's E(0) and last block),
 * where the batched byte-plane path costs a whole batch per block.
 * VLEN-agnostic (VLEN >= 128), all five block/key sizes. Built with
 * -march=rv64gcv.
 *
 * The block sits in one register group in memory order (byte i is row i % 8
 * of column i / 8), at vl = bs in the group that holds bs bytes at VLEN 128
 * (m1, m2, m4 for 16-, 32-, 64-byte blocks: kalyna_v_1block_template.h,
 * once per size). A round (section 6.2), constant time:
 *   ShiftRows   a constant byte permutation, one vrgather. It keeps every
 *               byte in its row, so it commutes with SubBytes and goes first.
 *   SubBytes    byte i goes through pi_(i % 4): a vrgather per S-box on the
 *               e8 m8 view of the block, the table in a register group, the
 *               bytes of the other S-boxes left alone by a constant mask
 *               (sub_bytes_m8). A gather reads registers, not memory at a
 *               data address.
 *   MixColumns  out = XOR_d v_d * rot_d(u) over v = 01 01 05 01 08 06 07 04,
 *               rot_d a constant byte rotation inside each 64-bit column (a
 *               vrgather); 2u, 4u, 8u by xtime. Decryption: w = ad 95 76 a8
 *               2f 49 d7 ca, each product from 16-entry nibble tables.
 *   Round keys  the first and last added modulo 2^64 per column (e64 view),
 *               the others xored (section 6.2.1).
 * The S-boxes do not stay in registers for a whole call: the four tables
 * are 1 KiB, the register file of VLEN 128 512 bytes (and at VLEN 256 they
 * would fill it). They are loaded again each round, whole, from fixed
 * addresses: no address depends on data. In a chain the block stays in
 * registers from one block to the next. */
#include <riscv_vector.h>

#include "../../core/unroll.h"
#include "../../kalyna/kalyna_gf_nibbles.h"
#include "kalyna_v_common.h"

#define PASTE_(a, b) a##b
#define PASTE(a, b) PASTE_(a, b)
#define PASTE3_(a, b, c) a##b##c
#define PASTE3(a, b, c) PASTE3_(a, b, c)

/* F(0) .. F(63): the initializer of a 64-byte index table by formula. */
#define INDEX8(F, b) F(b), F(b + 1), F(b + 2), F(b + 3), F(b + 4), F(b + 5), F(b + 6), F(b + 7)
#define INDEX64(F)                                                                                             \
    {INDEX8(F, 0), INDEX8(F, 8), INDEX8(F, 16), INDEX8(F, 24), INDEX8(F, 32), INDEX8(F, 40), INDEX8(F, 48),   \
     INDEX8(F, 56)}

/* rotate_index[d - 1] (d = 1, 2): byte i reads 8 (i / 8) + (i + d) % 8, row
 * r + d of its own column (rotr64 by 8 d); the first bs bytes serve every
 * block size. */
#define ROTATE_1(i) (8 * ((i) / 8) + ((i) % 8 + 1) % 8)
#define ROTATE_2(i) (8 * ((i) / 8) + ((i) % 8 + 2) % 8)
static const uint8_t rotate_index[2][64] = {INDEX64(ROTATE_1), INDEX64(ROTATE_2)};

/* box_mask[j]: the elements i with i % 4 == j (those of S-box j), as a mask
 * register image (bit i % 8 of byte i / 8) for up to 256 elements. */
#define BOX_MASK(j) {REPEAT32(0x11 << (j))}
#define REPEAT8(x) x, x, x, x, x, x, x, x
#define REPEAT32(x) REPEAT8(x), REPEAT8(x), REPEAT8(x), REPEAT8(x)
static const uint8_t box_mask[4][32] = {BOX_MASK(0), BOX_MASK(1), BOX_MASK(2), BOX_MASK(3)};

/* Whether a 256-entry table fits one e8 m8 register group (VLEN >= 256);
 * V guarantees VLEN >= 128, so otherwise the group holds 128 entries. */
static int wide_tables(void) { return __riscv_vsetvlmax_e8m8() >= 256; }

/* The tables a round reads: the four (inverse) S-boxes as pieces of one
 * register group each, piece[2 j + q] entries 128 q .. of pi_j (wide:
 * piece[2 j] the whole table, piece[2 j + 1] unused), and the nibble tables
 * of InvMixColumns. Pointers in registers for a whole call, passed through
 * an empty asm each round: otherwise clang hoists the table loads out of
 * the rounds and spills the tables (a reload from the stack is five
 * instructions more than a load from the table). */
typedef struct sboxes {
    const uint8_t *piece[8];
    const uint8_t (*gf)[2][16];
} sboxes;

AI sboxes sboxes_of(const uint8_t (*boxes)[256])
{
    sboxes t;
    for (unsigned q = 0; q < 8; q++) t.piece[q] = boxes[q / 2] + 128 * (q % 2);
    t.gf = sc_kalyna_gf_nibbles;
    return t;
}

/* (Inverse) SubBytes on the block x (its first bs bytes; the rest is
 * don't-care), h = 256 or 128 table entries a register group (wide or
 * not), everything at vl = h:
 *   wide  y = pi_0(x) on every byte, then for j = 1 .. 3 a gather masked to
 *         the bytes of pi_j: 4 gathers.
 *   VLEN 128  each table as two halves. vrgather gives 0 for an index >=
 *         VLMAX = 128, so the low halves at index x leave 0 in the bytes
 *         >= 0x80; the high halves at index x ^ 0x80 go to those bytes only,
 *         masked by the S-box's bytes and by bit 7 of x (a compare on data,
 *         not a branch): 8 gathers.
 * x, the table and y are three e8 m8 groups, the masks in the fourth. */
AI vuint8m8_t sub_bytes_m8(vuint8m8_t x, sboxes *t, const int wide)
{
    const size_t h = wide ? 256 : 128;
    if (wide) __asm__ volatile("" : "+r"(t->piece[0]), "+r"(t->piece[2]), "+r"(t->piece[4]), "+r"(t->piece[6]));
    else
        __asm__ volatile("" : "+r"(t->piece[0]), "+r"(t->piece[1]), "+r"(t->piece[2]), "+r"(t->piece[3]),
                         "+r"(t->piece[4]), "+r"(t->piece[5]), "+r"(t->piece[6]), "+r"(t->piece[7]));
    vuint8m8_t y = __riscv_vrgather(__riscv_vle8_v_u8m8(t->piece[0], h), x, h);
    UNROLL
    for (unsigned j = 1; j < 4; j++)
        y = __riscv_vrgather_mu(__riscv_vlm_v_b1(box_mask[j], h), y, __riscv_vle8_v_u8m8(t->piece[2 * j], h), x, h);
    if (!wide) {
        const vbool1_t high = __riscv_vmsgtu(x, 0x7f, h);
        x = __riscv_vxor(x, 0x80, h);
        UNROLL
        for (unsigned j = 0; j < 4; j++)
            y = __riscv_vrgather_mu(__riscv_vmand(__riscv_vlm_v_b1(box_mask[j], h), high, h), y,
                                    __riscv_vle8_v_u8m8(t->piece[2 * j + 1], h), x, h);
    }
    return y;
}

#define NB 2
#define M m1
#include "kalyna_v_1block_template.h"
#undef M
#undef NB
#define NB 4
#define M m2
#include "kalyna_v_1block_template.h"
#undef M
#undef NB
#define NB 8
#define M m4
#include "kalyna_v_1block_template.h"
#undef M
#undef NB

static void chain_any(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    SC_KALYNA_BY_NB(k, chain, k, chain, in, out, n);
}

void sc_kalyna_rv_v_encrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)
{
    chain_any(k, NULL, in, out, 1);
}

void sc_kalyna_rv_v_decrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)
{
    SC_KALYNA_BY_NB(k, decrypt1, k, in, out);
}

void sc_kalyna_rv_v_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                size_t nblocks)
{
    chain_any(k, chain, in, out, nblocks);
}

void sc_kalyna_rv_v_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks)
{
    chain_any(k, chain, in, NULL, nblocks);
}
