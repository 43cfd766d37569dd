/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014) with RVV 1.0 ("rv-v"), VLEN-agnostic, all five
 * block/key sizes. Built with -march=rv64gcv.
 *
 * Layout: a batch is n = vl blocks (e8, LMUL 8: up to VLEN blocks, capped
 * by the state buffer). The state is sliced by byte position in memory:
 * plane p (row p % 8 of column p / 8) holds byte p of each of the n blocks,
 * n bytes, one LMUL-8 register group. A strided load (vlse8, stride = block
 * size) reads plane p straight from the blocks and a strided store writes it
 * back: no transposition. One buffer holds the state, in place but for one
 * free column slot (see "Buffer layout"). Every instruction of the rounds
 * then works on a whole plane, so the instruction count per batch does not
 * depend on n and the count per byte falls as 1 / VLEN. LMUL 8 leaves four
 * register groups; the passes are written to need no more (operands are
 * reloaded from the planes, a load being one instruction like a register
 * copy).
 *   S-box       every byte of plane p goes through pi_(p % 4), by vrgather
 *               on the table in a register group (constant time: a register
 *               permute, no address depends on the data). At VLEN >= 256 the
 *               group holds all 256 entries: one gather. At VLEN 128 it holds
 *               128: the halves are gathered with indices x and x ^ 0x80,
 *               vrgather giving 0 for an index >= VLMAX = 128, and or-ed.
 *   ShiftRows   renames planes (the S-box pass writes to the shifted place,
 *               in place, around the free slot).
 *   MixColumns  output row r is XOR_d w_d * row (r + d) (section 6.2.3).
 *               Grouped by the bits of the constants, that is Horner's rule
 *               in x: o_r = S_0 ^ 2 (S_1 ^ 2 (S_2 ^ ...)), S_k the xor of
 *               the rows r + d whose w_d has bit k. Each doubling (xtime) is
 *               three instructions (vadd, vmsgtu for bit 7, masked vxor of
 *               0x1d), the S_k terms one load and one xor each: 3 doublings
 *               and 10 terms a row for encryption (w = 01 01 05 01 08 06 07
 *               04; one shared term in a register), 7 and 35 for
 *               decryption; one accumulator and one operand register.
 *               (Decryption might do better with the nibble tables of
 *               the NEON kernel, reloaded at each use at LMUL 8 and with
 *               the eight accumulators in memory: an estimated 70 against
 *               about 100 instructions a row; not tried.)
 *   Round keys  the first and last are added modulo 2^64 per column (section
 *               6.2.1) with the carry chain of vadc/vmadc (vsbc/vmsbc)
 *               across the eight rows of the column; the middle ones are one
 *               vxor.vx of the key byte per plane.
 * CTR builds the counters s + 1 .. s + n in planes (vid for the low two
 * bytes of i + 1, a vadc carry chain over the block) and xors the input on
 * the way out; CBC decryption xors the previous ciphertext, plane p of the
 * input slid up one block (vslide1up) behind byte p of the chain. The serial
 * CBC encryption and MAC, and single-block calls, go one block at a time in
 * registers (kalyna_v_1block.c): a batch costs the same for 1 block as for
 * VLEN.
 *
 * Constant time: vl depends only on the (public) number of blocks; table
 * lookups are register gathers; carries are mask registers, not branches. */
#include <riscv_vector.h>
#include <string.h>

#include "../../core/unroll.h"
#include "kalyna_v_common.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the RVV Kalyna kernel reads the round key columns as little-endian bytes"
#endif

typedef vuint8m8_t vec;
typedef vbool1_t mask;

/* Bytes of state a batch holds at most: 1024 blocks of 128 bits, 256 of
 * 512, so full LMUL-8 batches of VLEN blocks up to VLEN 512 for 128- and
 * 256-bit blocks and up to VLEN 256 for 512-bit blocks (half batches at 512).
 * The buffer on the stack holds an extra column slot: 24 KiB at most (with
 * 128-bit blocks), where two buffers of 16 KiB were. */
enum { STATE_BYTES = 16384, BUFFER_BYTES = STATE_BYTES * 3 / 2 };

/* The planes are memory between the steps of a pass: without this barrier
 * clang keeps reloaded planes live across output rows and spills them. */
#define PLANES_IN_MEMORY() __asm__ volatile("" ::: "memory")

AI vec load(const uint8_t *p, size_t n) { return __riscv_vle8_v_u8m8(p, n); }
AI void store(uint8_t *p, vec v, size_t n) { __riscv_vse8_v_u8m8(p, v, n); }
AI vec xor_vv(vec a, vec b, size_t n) { return __riscv_vxor_vv_u8m8(a, b, n); }

/* Byte q of round key r (byte r of column q / 8, little-endian). */
AI uint8_t key_byte(const sc_kalyna_key *k, unsigned r, unsigned q) { return ((const uint8_t *)k->rk[r])[q]; }

/* ---- key addition modulo 2^64 with a carry chain over the rows ------------ */

/* x + key + carry (subtract: x - key - borrow), the carry out into *carry. */
AI vec add_carry(vec x, uint8_t key, mask *carry, int subtract, size_t n)
{
    const mask in = *carry;
    if (subtract) {
        *carry = __riscv_vmsbc_vxm_u8m8_b1(x, key, in, n);
        return __riscv_vsbc_vxm_u8m8(x, key, in, n);
    }
    *carry = __riscv_vmadc_vxm_u8m8_b1(x, key, in, n);
    return __riscv_vadc_vxm_u8m8(x, key, in, n);
}

/* ---- S-boxes ------------------------------------------------------------- */

/* Half of a table at VLEN 128, where a register group is exactly 128 bytes
 * (V implies VLEN >= 128, so vlmax < 256 means 128): a whole-register load,
 * which does not depend on vl. A vle8 at vl 128 needed a vsetvli to 128 and
 * one back to n around it; clang still re-establishes vtype once after the
 * asm (it does after any inline asm). The "m" operand: it reads the half. */
AI vec table_half(const uint8_t *half)
{
    vec t; /* no intrinsic for vl8re8.v in clang 19 */
    __asm__("vl8re8.v %0, (%1)" : "=vr"(t) : "r"(half), "m"(*(const uint8_t(*)[128])half));
    return t;
}

/* ---- Buffer layout -------------------------------------------------------
 * The state lives in one buffer of nb + 1 column slots of eight planes
 * (slot c: planes 8 c .. 8 c + 7), one slot free, in one of two layouts:
 *   straight  column c in slot c, slot nb free;
 *   rotated   column c in slot (c - 1) mod (nb + 1), slot nb - 1 free.
 * MixColumns needs every row of a column until its last output row, so it
 * cannot write in place: it writes column c into the free slot, which frees
 * the slot c was in; doing columns 0 .. nb - 1 in that order turns the
 * straight layout into the rotated one (mix_pass). SubBytes with ShiftRows works plane by
 * plane and goes back from rotated to straight in place (sub_shift_pass):
 * each row is a permutation of its planes among the slots, done by moving
 * into the free slot and then into the slot that move freed. Rounds
 * alternate the two, so encryption starts rotated and decryption straight,
 * and a batch needs (nb + 1) / nb of its state, not twice. */
AI unsigned rotated_slot(unsigned nb, unsigned c) { return (c + nb) % (nb + 1); }

/* The first plane of column c in the given layout, for the loops of a
 * batch (where nb is not a constant: no division). */
AI uint8_t *column_at(uint8_t *buf, unsigned nb, size_t stride, unsigned c, int rotated)
{
    return buf + 8 * (rotated ? (c ? c - 1 : nb) : c) * stride;
}

/* (Inverse) SubBytes on one plane, from -> to (may be the same plane), and
 * the key byte if has_key. wide: the whole table in `table` (VLEN >= 256);
 * else its halves are loaded from box (see below). */
AI void sub_plane(const vec table, const uint8_t *box, const int wide, const uint8_t *from, uint8_t *to, int has_key,
                  uint8_t key, size_t n)
{
    const vec x = load(from, n);
    vec y;
    if (wide) {
        y = __riscv_vrgather_vv_u8m8(table, x, n);
    } else {
        y = __riscv_vrgather_vv_u8m8(table_half(box), x, n);
        const vec high = __riscv_vrgather_vv_u8m8(table_half(box + 128), __riscv_vxor_vx_u8m8(x, 0x80, n), n);
        y = __riscv_vor_vv_u8m8(y, high, n);
    }
    if (has_key) y = __riscv_vxor_vx_u8m8(y, key, n);
    store(to, y, n);
    if (!wide) PLANES_IN_MEMORY();
}

/* Row r of (Inverse) SubBytes and ShiftRows, rotated -> straight in buf:
 * column d takes column d - s (inverse: d + s) mod nb, s = r nb / 8 (section
 * 6.2.2). First from the free slot nb - 1 backwards along the chain of
 * moves that ends by freeing slot nb; any other cycle of the permutation
 * goes through slot nb once more (one plain copy). Everything here is a
 * constant after unrolling: straight-line code. */
AI void sub_shift_row(const sc_kalyna_key *k, const unsigned nb, const size_t stride, const vec table,
                      const uint8_t *box, const int wide, int inverse, unsigned key_round, uint8_t *buf, unsigned r,
                      size_t n)
{
    const unsigned shift = r * nb / 8;
#define PLANE(slot) (buf + (8 * (slot) + r) * stride)
#define SOURCE(d) rotated_slot(nb, ((d) + (inverse ? shift : nb - shift)) % nb)
#define MOVE(from, d)                                                                                          \
    sub_plane(table, box, wide, PLANE(from), PLANE(d), key_round, key_byte(k, key_round, 8 * (d) + r), n)
    /* The moves (from slot, to slot, plain copy or not) are worked out
     * first, in loops of constant trip counts whose bodies are on or off by
     * constant conditions: unrolled, they fold to constants, and the loop
     * that does the moves unrolls to straight-line code. */
    unsigned char from_slot[12], to_slot[12], plain[12]; /* nb moves, at most nb / 2 copies */
    unsigned count = 0, done = 0, hole = nb - 1;
#define RECORD(f, t, p)                                                                                        \
    (from_slot[count] = (unsigned char)(f), to_slot[count] = (unsigned char)(t), plain[count++] = (p))
    UNROLL
    for (unsigned step = 0; step < nb; step++) {
        if (hole == nb) continue;
        const unsigned from = SOURCE(hole);
        RECORD(from, hole, 0);
        done |= 1u << hole;
        hole = from;
    }
    UNROLL
    for (unsigned d = 0; d < nb; d++) {
        if ((done >> d) & 1) continue;
        done |= 1u << d;
        if (SOURCE(d) == d) {
            RECORD(d, d, 0);
            continue;
        }
        RECORD(d, nb, 1);
        unsigned to = d;
        UNROLL
        for (unsigned step = 0; step < nb; step++) {
            if (to == nb) continue;
            const unsigned from = SOURCE(to) == d ? nb : SOURCE(to);
            done |= 1u << to;
            RECORD(from, to, 0);
            to = from;
        }
    }
    UNROLL
    for (unsigned i = 0; i < nb + nb / 2; i++) {
        if (i >= count) continue;
        if (plain[i]) store(PLANE(to_slot[i]), load(PLANE(from_slot[i]), n), n);
        else MOVE(from_slot[i], to_slot[i]);
    }
#undef RECORD
#undef MOVE
#undef SOURCE
#undef PLANE
}

/* Rows j and j + 4 of (Inverse) SubBytes and ShiftRows: those of S-box j,
 * so each table is loaded once per pass. */
AI void sub_shift_box(const sc_kalyna_key *k, const unsigned nb, const size_t stride, const uint8_t (*boxes)[256],
                      int inverse, unsigned key_round, uint8_t *buf, size_t n, const unsigned j, const int wide)
{
    PLANES_IN_MEMORY();
    if (wide) {
        const vec table = __riscv_vle8_v_u8m8(boxes[j], 256);
        sub_shift_row(k, nb, stride, table, NULL, 1, inverse, key_round, buf, j, n);
        sub_shift_row(k, nb, stride, table, NULL, 1, inverse, key_round, buf, j + 4, n);
    } else { /* VLEN 128: two halves of 128 entries */
        /* The halves and two operands do not fit in the four groups: clang
         * kept the halves and spilled them (a reload from the stack costs
         * four instructions of address arithmetic more than the load). Read
         * through an opaque pointer, which the barrier after each plane may
         * have changed, they are loaded again. */
        const uint8_t *box = boxes[j];
        __asm__("" : "+r"(box));
        const vec no_table = __riscv_vmv_v_x_u8m8(0, n); /* not read: dead code */
        sub_shift_row(k, nb, stride, no_table, box, 0, inverse, key_round, buf, j, n);
        sub_shift_row(k, nb, stride, no_table, box, 0, inverse, key_round, buf, j + 4, n);
    }
}

/* (Inverse) SubBytes and ShiftRows in buf, rotated -> straight, then the key
 * bytes of round key_round if it is not 0 (decryption). The four S-boxes
 * are written out, not a loop: unrolling a loop over them hit clang's size
 * limit before the move lists of sub_shift_row were folded. */
AI void sub_shift_pass(const sc_kalyna_key *k, const unsigned nb, const size_t stride, const uint8_t (*boxes)[256],
                       int inverse, unsigned key_round, uint8_t *buf, size_t n)
{
#define BOXES(wide)                                                                                            \
    do {                                                                                                       \
        sub_shift_box(k, nb, stride, boxes, inverse, key_round, buf, n, 0, wide);                              \
        sub_shift_box(k, nb, stride, boxes, inverse, key_round, buf, n, 1, wide);                              \
        sub_shift_box(k, nb, stride, boxes, inverse, key_round, buf, n, 2, wide);                              \
        sub_shift_box(k, nb, stride, boxes, inverse, key_round, buf, n, 3, wide);                              \
    } while (0)
    if (__riscv_vsetvlmax_e8m8() >= 256) BOXES(1);
    else BOXES(0);
#undef BOXES
}

/* ---- MixColumns ---------------------------------------------------------- */

/* The inverse MDS row; encryption's, 01 01 05 01 08 06 07 04, is written
 * out in mix_row_encrypt. */
static const uint8_t mds_inv[8] = {0xad, 0x95, 0x76, 0xa8, 0x2f, 0x49, 0xd7, 0xca};

/* Output row r of the column at col: XOR_d w_d * row (r + d), by Horner's
 * rule over the bits of the w_d (see the top); decryption's. w is a
 * constant: the loops unroll into straight code. */
AI vec mix_row(const uint8_t *col, size_t stride, unsigned r, const uint8_t w[8], size_t n)
{
    vec acc = __riscv_vmv_v_x_u8m8(0, n);
    int started = 0;
    UNROLL
    for (int bit = 7; bit >= 0; bit--) {
        if (started) {
            /* a barrier per step: clang merged the loads of a row used in
             * several S_k and kept it live across the steps, spilling */
            PLANES_IN_MEMORY();
            acc = xtime_m8(acc, n);
        }
        UNROLL
        for (unsigned d = 0; d < 8; d++)
            if ((w[d] >> bit) & 1) {
                const vec x = load(col + ((r + d) & 7) * stride, n);
                acc = started ? xor_vv(acc, x, n) : x;
                started = 1;
            }
    }
    return acc;
}

/* Output row r for encryption, w = 01 01 05 01 08 06 07 04, by hand for one
 * shared term: in Horner's form
 * o = S_0 ^ 2 (S_1 ^ 2 (S_2 ^ 2 S_3)), S_3 = x4, S_2 = x2 ^ x7 ^ u,
 * S_1 = u, S_0 = x0 ^ x1 ^ x2 ^ x3 ^ x6 with u = x5 ^ x6 (x_d: row r + d)
 * kept in the spare register group: 10 loads and 10 xors instead of 12 and
 * 11, about 7% of the round. */
AI vec mix_row_encrypt(const uint8_t *col, size_t stride, unsigned r, size_t n)
{
#define X(d) load(col + ((r + (d)) & 7) * stride, n)
    const vec u = xor_vv(X(5), X(6), n);
    vec acc = xtime_m8(X(4), n);
    acc = xor_vv(xor_vv(xor_vv(acc, X(2), n), X(7), n), u, n);
    PLANES_IN_MEMORY(); /* x2 and x6 again below, not kept live */
    acc = xor_vv(xtime_m8(acc, n), u, n);
    acc = xtime_m8(acc, n);
    acc = xor_vv(xor_vv(xor_vv(xor_vv(xor_vv(acc, X(0), n), X(1), n), X(2), n), X(3), n), X(6), n);
#undef X
    return acc;
}

/* (Inverse) MixColumns in buf, straight -> rotated: column c from slot c
 * into the free slot (c - 1) mod (nb + 1), in order, then the key bytes of
 * round key_round if it is not 0 (encryption). */
AI void mix_pass(const sc_kalyna_key *k, const unsigned nb, const size_t stride, int inverse, unsigned key_round,
                 uint8_t *buf, size_t n)
{
    for (unsigned c = 0; c < nb; c++)
        UNROLL
        for (unsigned r = 0; r < 8; r++) {
            PLANES_IN_MEMORY();
            const uint8_t *from = buf + 8 * c * stride;
            vec o = inverse ? mix_row(from, stride, r, mds_inv, n) : mix_row_encrypt(from, stride, r, n);
            if (key_round) o = __riscv_vxor_vx_u8m8(o, key_byte(k, key_round, 8 * c + r), n);
            store(buf + (8 * rotated_slot(nb, c) + r) * stride, o, n);
        }
}

/* Plane slots are plane_stride(nb) apart, n <= that many blocks a batch: a
 * constant in the rounds, so plane addresses are base + constant, not
 * multiplications. */
#define PLANE_STRIDE(nb) (STATE_BYTES / (8 * (nb)))
static size_t plane_stride(unsigned nb) { return PLANE_STRIDE(nb); }

/* All rounds on the state in buf (first key already added; last key still
 * to add): encryption rotated -> rotated, decryption straight -> straight.
 * One function per block size: nb and the plane stride are constants. */
#define ROUNDS_FOR(NB)                                                                                         \
    static __attribute__((noinline)) void encrypt_rounds_##NB(const sc_kalyna_key *k, uint8_t *buf, size_t n) \
    {                                                                                                          \
        for (unsigned r = 1; r <= k->rounds; r++) {                                                            \
            sub_shift_pass(k, NB, PLANE_STRIDE(NB), sc_kalyna_sbox, 0, 0, buf, n);                             \
            mix_pass(k, NB, PLANE_STRIDE(NB), 0, r < k->rounds ? r : 0, buf, n);                               \
        }                                                                                                      \
    }                                                                                                          \
    static __attribute__((noinline)) void decrypt_rounds_##NB(const sc_kalyna_key *k, uint8_t *buf, size_t n) \
    {                                                                                                          \
        for (unsigned r = k->rounds; r >= 1; r--) {                                                            \
            mix_pass(k, NB, PLANE_STRIDE(NB), 1, 0, buf, n);                                                   \
            sub_shift_pass(k, NB, PLANE_STRIDE(NB), sc_kalyna_sbox_inv, 1, r - 1, buf, n);                     \
        }                                                                                                      \
    }
ROUNDS_FOR(2)
ROUNDS_FOR(4)
ROUNDS_FOR(8)

static void rounds(const sc_kalyna_key *k, uint8_t *buf, size_t n, int inverse)
{
    if (inverse) SC_KALYNA_BY_NB(k, decrypt_rounds, k, buf, n);
    else SC_KALYNA_BY_NB(k, encrypt_rounds, k, buf, n);
}

/* ---- batches and modes --------------------------------------------------- */

enum mode { MODE_ENCRYPT, MODE_DECRYPT, MODE_CTR, MODE_CBC_DECRYPT };

/* The planes of the counters s + 1 .. s + n (little-endian over the block)
 * plus the first round key, into buf in the rotated layout (encryption's).
 * The addend i + 1 has two bytes (n <= STATE_BYTES / 16 < 2^16), made at
 * e16 and narrowed into the free slot. */
AI void load_counters(const sc_kalyna_key *k, const uint8_t *s, uint8_t *buf, size_t n)
{
    const size_t stride = plane_stride(k->nb);
    uint8_t *addend = buf + 8 * (k->nb - 1) * stride; /* the rotated layout's free slot */
    for (size_t i = 0, vl; i < n; i += vl) {
        vl = __riscv_vsetvl_e16m8(n - i);
        const vuint16m8_t v = __riscv_vadd_vx_u16m8(__riscv_vid_v_u16m8(vl), (uint16_t)(i + 1), vl);
        __riscv_vse8_v_u8m4(addend + i, __riscv_vnsrl_wx_u8m4(v, 0, vl), vl);
        __riscv_vse8_v_u8m4(addend + stride + i, __riscv_vnsrl_wx_u8m4(v, 8, vl), vl);
    }
    const vec zero = __riscv_vmv_v_x_u8m8(0, n);
    mask counter_carry = __riscv_vmclr_m_b1(n);
    for (unsigned c = 0; c < k->nb; c++) {
        uint8_t *column = column_at(buf, k->nb, stride, c, 1);
        mask key_carry = __riscv_vmclr_m_b1(n);
        for (unsigned r = 0, q = 8 * c; r < 8; r++, q++) {
            const vec counter = add_carry(q < 2 ? load(addend + q * stride, n) : zero, s[q], &counter_carry, 0, n);
            store(column + r * stride, add_carry(counter, key_byte(k, 0, q), &key_carry, 0, n), n);
        }
    }
}

/* One batch of n blocks in -> out (buf: the state buffer, in the layout
 * the rounds start and end with: rotated for encryption). counter: the CTR
 * base s; chain: the CBC register (the previous ciphertext, then this
 * batch's last). out may be in or trail it by less than a block (streaming
 * in place, simdcrypt/cipher.h), so every read of in (CTR and CBC read it
 * again at the end) comes before the first store to out: the output planes
 * go back into buf first, then out. */
AI void batch(const sc_kalyna_key *k, const enum mode mode, const uint8_t *in, uint8_t *out, size_t n,
              const uint8_t *counter, uint8_t *chain, uint8_t *buf)
{
    const unsigned bs = k->block_size, nb = k->nb;
    const size_t stride = plane_stride(nb);
    const int inverse = mode == MODE_DECRYPT || mode == MODE_CBC_DECRYPT;
    const unsigned first = inverse ? k->rounds : 0, last = inverse ? 0 : k->rounds;
    if (mode == MODE_CTR) {
        load_counters(k, counter, buf, n);
    } else {
        for (unsigned c = 0; c < nb; c++) {
            uint8_t *column = column_at(buf, nb, stride, c, !inverse);
            mask carry = __riscv_vmclr_m_b1(n);
            for (unsigned r = 0, q = 8 * c; r < 8; r++, q++) {
                const vec x = __riscv_vlse8_v_u8m8(in + q, bs, n);
                store(column + r * stride, add_carry(x, key_byte(k, first, q), &carry, inverse, n), n);
            }
        }
    }
    rounds(k, buf, n, inverse);
    for (unsigned c = 0; c < nb; c++) {
        uint8_t *column = column_at(buf, nb, stride, c, !inverse);
        mask carry = __riscv_vmclr_m_b1(n);
        for (unsigned r = 0, q = 8 * c; r < 8; r++, q++) {
            vec y = add_carry(load(column + r * stride, n), key_byte(k, last, q), &carry, inverse, n);
            if (mode == MODE_CTR) y = xor_vv(y, __riscv_vlse8_v_u8m8(in + q, bs, n), n);
            if (mode == MODE_CBC_DECRYPT)
                y = xor_vv(y, __riscv_vslide1up_vx_u8m8(__riscv_vlse8_v_u8m8(in + q, bs, n), chain[q], n), n);
            store(column + r * stride, y, n);
        }
    }
    if (mode == MODE_CBC_DECRYPT) memcpy(chain, in + (n - 1) * bs, bs);
    for (unsigned c = 0; c < nb; c++) {
        const uint8_t *column = column_at(buf, nb, stride, c, !inverse);
        for (unsigned r = 0, q = 8 * c; r < 8; r++, q++)
            __riscv_vsse8_v_u8m8(out + q, bs, load(column + r * stride, n), n);
    }
}

/* Zero the first n bytes of every plane of buf, what the batches wrote (the
 * state is secret). Vector stores: a memset per plane costs more for the
 * one-block calls of the serial modes. The barrier makes the stores
 * observable, so that they are not removed as dead. */
static void wipe_planes(uint8_t *buf, unsigned nb, size_t n)
{
    const size_t stride = plane_stride(nb);
    const vec zero = __riscv_vmv_v_x_u8m8(0, n);
    for (unsigned p = 0; p < 8 * (nb + 1); p++) store(buf + p * stride, zero, n);
    __asm__ volatile("" : : "r"(buf) : "memory");
}

/* nblocks blocks in batches of vl (no padding: the last batch is shorter);
 * counter advanced by each batch. */
AI void run(const sc_kalyna_key *k, const enum mode mode, const uint8_t *in, uint8_t *out, size_t nblocks,
            uint8_t *counter, uint8_t *chain)
{
    uint8_t buf[BUFFER_BYTES] __attribute__((aligned(64)));
    const size_t bs = k->block_size, cap = STATE_BYTES / bs;
    size_t most = 0;
    for (size_t n; nblocks > 0; nblocks -= n, in += n * bs, out += n * bs) {
        n = __riscv_vsetvl_e8m8(nblocks < cap ? nblocks : cap);
        batch(k, mode, in, out, n, counter, chain, buf);
        if (mode == MODE_CTR) sc_kalyna_counter_add(counter, bs, n);
        most = n > most ? n : most;
    }
    wipe_planes(buf, k->nb, most);
}

/* Calls of a few blocks (E(IV) of CTR, the MAC's E(m_0) and E(0) in one
 * call, its last block) go one block at a time in registers: a batch costs
 * about as much for one block as for VLEN, 9000 to 60000 instructions, a
 * single block 500 to 1300 (tools/icount.py, VLEN 128 .. 512). */
enum { FEW_BLOCKS = 8 };

static void encrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    const size_t bs = k->block_size;
    if (n > FEW_BLOCKS) run(k, MODE_ENCRYPT, in, out, n, NULL, NULL);
    else
        for (size_t i = 0; i < n; i++) sc_kalyna_rv_v_encrypt1(k, in + i * bs, out + i * bs);
}

/* A single block (decryption's InvMixColumns costs more one block at a
 * time, so only n = 1). */
static void decrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n == 1) sc_kalyna_rv_v_decrypt1(k, in, out);
    else run(k, MODE_DECRYPT, in, out, n, NULL, NULL);
}

static void ctr_blocks(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out, size_t n)
{
    run(k, MODE_CTR, in, out, n, counter, NULL);
}

static void cbc_decrypt_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    run(k, MODE_CBC_DECRYPT, in, out, n, NULL, chain);
}

const struct sc_kalyna_ops sc_kalyna_rv_v = {encrypt_blocks, decrypt_blocks, ctr_blocks, cbc_decrypt_blocks,
                                             sc_kalyna_rv_v_cbc_encrypt, sc_kalyna_rv_v_mac};
