/* Kalyna (DSTU 7624:2014) with RVV 1.0 ("rv-v"), VLEN-agnostic, all five
 * block/key sizes. Built with -march=rv64gcv.
 *
 * Layout: a batch is n = vl blocks (e8, LMUL 8: up to VLEN blocks, capped
 * by the state buffers). The state is sliced by byte position in memory:
 * plane p (row p % 8 of column p / 8) holds byte p of each of the n blocks,
 * n bytes, one LMUL-8 register group. A strided load (vlse8, stride = block
 * size) reads plane p straight from the blocks and a strided store writes it
 * back: no transposition. Every instruction of the rounds then works on a
 * whole plane, so the instruction count per batch does not depend on n and
 * the count per byte falls as 1 / VLEN. LMUL 8 leaves four register groups;
 * the passes are written to need no more (operands are reloaded from the
 * planes, a load being one instruction like a register copy).
 *   S-box       every byte of plane p goes through pi_(p % 4), by vrgather
 *               on the table in a register group (constant time: a register
 *               permute, no address depends on the data). At VLEN >= 256 the
 *               group holds all 256 entries: one gather. At VLEN 128 it holds
 *               128: the halves are gathered with indices x and x ^ 0x80,
 *               vrgather giving 0 for an index >= VLMAX = 128, and or-ed.
 *   ShiftRows   renames planes (the S-box pass writes to the shifted place).
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
 * CBC encryption and MAC use the generic one-block chain (a batch of n = 1).
 *
 * Constant time: vl depends only on the (public) number of blocks; table
 * lookups are register gathers; carries are mask registers, not branches. */
#include <riscv_vector.h>
#include <string.h>

#include "../../core/unroll.h"
#include "../../kalyna/kalyna_internal.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the RVV Kalyna kernel reads the round key columns as little-endian bytes"
#endif

#define AI static inline __attribute__((always_inline))

typedef vuint8m8_t vec;
typedef vbool1_t mask;

/* Bytes of each of the two state buffers (on the stack, 32 KiB together):
 * 1024 blocks of 128 bits, 256 of 512, so full LMUL-8 batches of VLEN blocks
 * up to VLEN 256 for every block size (at VLEN 512, half batches of 512-bit
 * blocks). */
enum { STATE_BYTES = 16384 };

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

/* (Inverse) SubBytes and ShiftRows from `from` to `to`: plane (c, r) goes to
 * column c + r nb / 8 (inverse: minus), then the key bytes of round key_round
 * are xored if it is not 0 (decryption). The planes of S-box j are rows j
 * and j + 4, so each table is loaded once per pass. */
AI void sub_shift_pass(const sc_kalyna_key *k, const unsigned nb, const size_t stride, const uint8_t (*boxes)[256],
                       int inverse, unsigned key_round, const uint8_t *from, uint8_t *to, size_t n)
{
    const size_t vlmax = __riscv_vsetvlmax_e8m8();
    UNROLL
    for (unsigned j = 0; j < 4; j++) {
        PLANES_IN_MEMORY();
        if (vlmax >= 256) {
            const vec table = __riscv_vle8_v_u8m8(boxes[j], 256);
            UNROLL
            for (unsigned c = 0; c < nb; c++)
                UNROLL
                for (unsigned r = j; r < 8; r += 4) {
                    const unsigned shift = r * nb / 8, dst = (inverse ? c + nb - shift : c + shift) % nb;
                    vec y = __riscv_vrgather_vv_u8m8(table, load(from + (8 * c + r) * stride, n), n);
                    if (key_round) y = __riscv_vxor_vx_u8m8(y, key_byte(k, key_round, 8 * dst + r), n);
                    store(to + (8 * dst + r) * stride, y, n);
                }
        } else { /* VLEN 128: two halves of 128 entries */
            /* The halves and two operands do not fit in the four groups:
             * clang kept the halves and spilled them (a reload from the
             * stack costs four instructions of address arithmetic more than
             * the load). Read through an opaque pointer, which the barrier
             * after each plane may have changed, they are loaded again. */
            const uint8_t *box = boxes[j];
            __asm__("" : "+r"(box));
            UNROLL
            for (unsigned c = 0; c < nb; c++)
                UNROLL
                for (unsigned r = j; r < 8; r += 4) {
                    const unsigned shift = r * nb / 8, dst = (inverse ? c + nb - shift : c + shift) % nb;
                    const vec x = load(from + (8 * c + r) * stride, n);
                    vec y = __riscv_vrgather_vv_u8m8(table_half(box), x, n);
                    const vec high = __riscv_vrgather_vv_u8m8(table_half(box + 128),
                                                              __riscv_vxor_vx_u8m8(x, 0x80, n), n);
                    y = __riscv_vor_vv_u8m8(y, high, n);
                    if (key_round) y = __riscv_vxor_vx_u8m8(y, key_byte(k, key_round, 8 * dst + r), n);
                    store(to + (8 * dst + r) * stride, y, n);
                    PLANES_IN_MEMORY();
                }
        }
    }
}

/* ---- MixColumns ---------------------------------------------------------- */

/* 2x in GF(2^8) mod x^8+x^4+x^3+x^2+1: x + x, and 0x1d where bit 7 was set. */
AI vec xtime(vec x, size_t n)
{
    const mask high = __riscv_vmsgtu_vx_u8m8_b1(x, 0x7f, n);
    const vec twice = __riscv_vadd_vv_u8m8(x, x, n);
    return __riscv_vxor_vx_u8m8_mu(high, twice, twice, 0x1d, n);
}

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
            acc = xtime(acc, n);
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
    vec acc = xtime(X(4), n);
    acc = xor_vv(xor_vv(xor_vv(acc, X(2), n), X(7), n), u, n);
    PLANES_IN_MEMORY(); /* x2 and x6 again below, not kept live */
    acc = xor_vv(xtime(acc, n), u, n);
    acc = xtime(acc, n);
    acc = xor_vv(xor_vv(xor_vv(xor_vv(xor_vv(acc, X(0), n), X(1), n), X(2), n), X(3), n), X(6), n);
#undef X
    return acc;
}

/* (Inverse) MixColumns from `from` to `to`, column by column, then the key
 * bytes of round key_round if it is not 0 (encryption). */
AI void mix_pass(const sc_kalyna_key *k, const unsigned nb, const size_t stride, int inverse, unsigned key_round, const uint8_t *from, uint8_t *to, size_t n)
{
    for (unsigned c = 0; c < nb; c++)
        UNROLL
        for (unsigned r = 0; r < 8; r++) {
            PLANES_IN_MEMORY();
            vec o = inverse ? mix_row(from + 8 * c * stride, stride, r, mds_inv, n)
                            : mix_row_encrypt(from + 8 * c * stride, stride, r, n);
            if (key_round) o = __riscv_vxor_vx_u8m8(o, key_byte(k, key_round, 8 * c + r), n);
            store(to + (8 * c + r) * stride, o, n);
        }
}

/* Plane p of a state buffer is at p * plane_stride(nb): a constant in the
 * rounds, so plane addresses are base + constant, not multiplications. */
#define PLANE_STRIDE(nb) (STATE_BYTES / (8 * (nb)))
static size_t plane_stride(unsigned nb) { return PLANE_STRIDE(nb); }

/* All rounds, the state in A (first key already added) and out in A (last
 * key still to add). One function per block size: nb and the plane stride
 * are constants. */
#define ROUNDS_FOR(NB)                                                                                         \
    static __attribute__((noinline)) void encrypt_rounds_##NB(const sc_kalyna_key *k, uint8_t *A, uint8_t *B,  \
                                                              size_t n)                                        \
    {                                                                                                          \
        for (unsigned r = 1; r <= k->rounds; r++) {                                                            \
            sub_shift_pass(k, NB, PLANE_STRIDE(NB), sc_kalyna_sbox, 0, 0, A, B, n);                            \
            mix_pass(k, NB, PLANE_STRIDE(NB), 0, r < k->rounds ? r : 0, B, A, n);                              \
        }                                                                                                      \
    }                                                                                                          \
    static __attribute__((noinline)) void decrypt_rounds_##NB(const sc_kalyna_key *k, uint8_t *A, uint8_t *B,  \
                                                              size_t n)                                        \
    {                                                                                                          \
        for (unsigned r = k->rounds; r >= 1; r--) {                                                            \
            mix_pass(k, NB, PLANE_STRIDE(NB), 1, 0, A, B, n);                                                  \
            sub_shift_pass(k, NB, PLANE_STRIDE(NB), sc_kalyna_sbox_inv, 1, r - 1, B, A, n);                    \
        }                                                                                                      \
    }
ROUNDS_FOR(2)
ROUNDS_FOR(4)
ROUNDS_FOR(8)

static void rounds(const sc_kalyna_key *k, uint8_t *A, uint8_t *B, size_t n, int inverse)
{
    switch (k->nb) {
    case 2: (inverse ? decrypt_rounds_2 : encrypt_rounds_2)(k, A, B, n); break;
    case 4: (inverse ? decrypt_rounds_4 : encrypt_rounds_4)(k, A, B, n); break;
    default: (inverse ? decrypt_rounds_8 : encrypt_rounds_8)(k, A, B, n); break;
    }
}

/* ---- batches and modes --------------------------------------------------- */

enum mode { MODE_ENCRYPT, MODE_DECRYPT, MODE_CTR, MODE_CBC_DECRYPT };

/* The planes of the counters s + 1 .. s + n (little-endian over the block)
 * plus the first round key, into A. The addend i + 1 has two bytes (n <=
 * STATE_BYTES / 16 < 2^16), made at e16 and narrowed into B (free here). */
AI void load_counters(const sc_kalyna_key *k, const uint8_t *s, uint8_t *A, uint8_t *B, size_t n)
{
    const size_t stride = plane_stride(k->nb);
    for (size_t i = 0, vl; i < n; i += vl) {
        vl = __riscv_vsetvl_e16m8(n - i);
        const vuint16m8_t v = __riscv_vadd_vx_u16m8(__riscv_vid_v_u16m8(vl), (uint16_t)(i + 1), vl);
        __riscv_vse8_v_u8m4(B + i, __riscv_vnsrl_wx_u8m4(v, 0, vl), vl);
        __riscv_vse8_v_u8m4(B + stride + i, __riscv_vnsrl_wx_u8m4(v, 8, vl), vl);
    }
    const vec zero = __riscv_vmv_v_x_u8m8(0, n);
    mask counter_carry = __riscv_vmclr_m_b1(n), key_carry = counter_carry;
    for (unsigned q = 0; q < k->block_size; q++) {
        const vec addend = q < 2 ? load(B + q * stride, n) : zero;
        const vec counter = add_carry(addend, s[q], &counter_carry, 0, n);
        if (q % 8 == 0) key_carry = __riscv_vmclr_m_b1(n);
        store(A + q * stride, add_carry(counter, key_byte(k, 0, q), &key_carry, 0, n), n);
    }
}

/* One batch of n blocks in -> out (A, B: the state buffers). counter: the
 * CTR base s; chain: the CBC register (the previous ciphertext, then this
 * batch's last). out may be in or trail it by less than a block (streaming
 * in place, simdcrypt/cipher.h), so every read of in (CTR and CBC read it
 * again at the end) comes before the first store to out: the output planes
 * go back into A first, then out. */
AI void batch(const sc_kalyna_key *k, const enum mode mode, const uint8_t *in, uint8_t *out, size_t n,
              const uint8_t *counter, uint8_t *chain, uint8_t *A, uint8_t *B)
{
    const unsigned bs = k->block_size;
    const size_t stride = plane_stride(k->nb);
    const int inverse = mode == MODE_DECRYPT || mode == MODE_CBC_DECRYPT;
    const unsigned first = inverse ? k->rounds : 0, last = inverse ? 0 : k->rounds;
    mask carry = __riscv_vmclr_m_b1(n);
    if (mode == MODE_CTR) {
        load_counters(k, counter, A, B, n);
    } else {
        for (unsigned q = 0; q < bs; q++) {
            if (q % 8 == 0) carry = __riscv_vmclr_m_b1(n);
            const vec x = __riscv_vlse8_v_u8m8(in + q, bs, n);
            store(A + q * stride, add_carry(x, key_byte(k, first, q), &carry, inverse, n), n);
        }
    }
    rounds(k, A, B, n, inverse);
    for (unsigned q = 0; q < bs; q++) {
        if (q % 8 == 0) carry = __riscv_vmclr_m_b1(n);
        vec y = add_carry(load(A + q * stride, n), key_byte(k, last, q), &carry, inverse, n);
        if (mode == MODE_CTR) y = xor_vv(y, __riscv_vlse8_v_u8m8(in + q, bs, n), n);
        if (mode == MODE_CBC_DECRYPT)
            y = xor_vv(y, __riscv_vslide1up_vx_u8m8(__riscv_vlse8_v_u8m8(in + q, bs, n), chain[q], n), n);
        store(A + q * stride, y, n);
    }
    if (mode == MODE_CBC_DECRYPT) memcpy(chain, in + (n - 1) * bs, bs);
    for (unsigned q = 0; q < bs; q++) __riscv_vsse8_v_u8m8(out + q, bs, load(A + q * stride, n), n);
}

/* Zero the first n bytes of every plane of buf, what the batches wrote (the
 * state is secret). Vector stores: a memset per plane costs more for the
 * one-block calls of the serial modes. The barrier makes the stores
 * observable, so that they are not removed as dead. */
static void wipe_planes(uint8_t *buf, unsigned nb, size_t n)
{
    const size_t stride = plane_stride(nb);
    const vec zero = __riscv_vmv_v_x_u8m8(0, n);
    for (unsigned p = 0; p < 8 * nb; p++) store(buf + p * stride, zero, n);
    __asm__ volatile("" : : "r"(buf) : "memory");
}

/* nblocks blocks in batches of vl (no padding: the last batch is shorter);
 * counter advanced by each batch. */
AI void run(const sc_kalyna_key *k, const enum mode mode, const uint8_t *in, uint8_t *out, size_t nblocks,
            uint8_t *counter, uint8_t *chain)
{
    uint8_t A[STATE_BYTES] __attribute__((aligned(64))), B[STATE_BYTES] __attribute__((aligned(64)));
    const size_t bs = k->block_size, cap = STATE_BYTES / bs;
    size_t most = 0;
    for (size_t n; nblocks > 0; nblocks -= n, in += n * bs, out += n * bs) {
        n = __riscv_vsetvl_e8m8(nblocks < cap ? nblocks : cap);
        batch(k, mode, in, out, n, counter, chain, A, B);
        if (mode == MODE_CTR) sc_kalyna_counter_add(counter, bs, n);
        most = n > most ? n : most;
    }
    wipe_planes(A, k->nb, most);
    wipe_planes(B, k->nb, most);
}

static void encrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    run(k, MODE_ENCRYPT, in, out, n, NULL, NULL);
}

static void decrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    run(k, MODE_DECRYPT, in, out, n, NULL, NULL);
}

static void ctr_blocks(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out, size_t n)
{
    run(k, MODE_CTR, in, out, n, counter, NULL);
}

static void cbc_decrypt_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    run(k, MODE_CBC_DECRYPT, in, out, n, NULL, chain);
}

const struct sc_kalyna_ops sc_kalyna_ops_rv_v = {encrypt_blocks,     decrypt_blocks,
                                                 ctr_blocks,         cbc_decrypt_blocks,
                                                 sc_kalyna_cbc_encrypt_generic, sc_kalyna_mac_generic};
