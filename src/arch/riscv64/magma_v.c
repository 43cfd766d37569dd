/* SPDX-License-Identifier: Apache-2.0 */
/* Magma / GOST 28147-89 with RVV 1.0 ("rv-v"), VLEN-agnostic. Built with
 * -march=rv64gcv.
 *
 * Layout: a batch is one register group of n = vl blocks (e32, LMUL 4: VLEN/8
 * blocks), one 32-bit lane per block and half. Blocks are loaded as bytes
 * (vle8: no alignment requirement) and read as 64-bit values, whose halves
 * two narrowing shifts split: vnsrl by 32 gives a1, by 0 gives a0. That is
 * the little-endian convention of GOST 28147-89; for the big-endian one of
 * GOST R 34.12-2015 each half is byte-swapped with one vrgatherei16.
 *
 * S-box layer: the position trick of the x86 VBMI and AArch64 NEON kernels.
 * An index byte is a nibble with its byte's position j in its word in bits
 * 4-5; vrgather on a 64-entry table (16j + v: S_2j[v] for the low nibbles,
 * S_(2j+1)[v] << 4 for the high ones) applies four different S-boxes per
 * gather, two gathers per half-round. LMUL 4 because a gather reads its
 * table from one register group of the data's LMUL, and e8 at LMUL 4 holds
 * VLEN/2 >= 64 bytes for every VLEN >= 128. The tables stay in registers and
 * every gather can read any of their bytes, so nothing depends on the data
 * or the (possibly secret) S-box but register contents.
 *
 * Halves are kept rotated right by 11 (as in the other kernels): a half-round
 * is r_dst ^= t((r_src <<< 11) + k). With (r <<< 11) + k = (r >> 21) + k +
 * r * 2^11 (the two parts of a rotation do not overlap, so their or is a
 * sum), the rotation and the key addition are vsrl, vadd.vx and one vmacc.vx.
 * The indices are formed at e32 with scalar masks (vsrl + vand + vor for the
 * high nibbles, vand + vor for the low ones), the gathers and the xors into
 * r_dst run at e8: 14 instructions per half-round for VLEN/8 blocks, with the
 * two vsetvli between the element widths.
 *
 * Register budget (LMUL 4: 8 groups): two tables, two halves and three
 * temporaries (a gather's destination may not overlap its sources). A
 * vector of positions at e8 would save one instruction per half-round but
 * fills the eighth group, and clang 19 then spills the tables every round.
 * One batch fits, so there is no interleaving of independent batches as on
 * NEON: the LMUL-4 group is the parallelism. */
#include <riscv_vector.h>

#include "../../magma/magma_internal.h"

/* k->tables: the two 64-entry gather tables. */
enum { T_LO = 0, T_HI = 64 };

/* GOST 28147-89 gamma: lane offsets i * C1 must stay below 2^32. */
enum { CNT_MAX_BLOCKS = 128 };

static void prepare(sc_magma_key *k)
{
    for (int j = 0; j < 4; j++)
        for (int v = 0; v < 16; v++) {
            k->tables[T_LO + 16 * j + v] = k->sbox[2 * j][v];
            k->tables[T_HI + 16 * j + v] = (uint8_t)(k->sbox[2 * j + 1][v] << 4);
        }
}

/* The gather tables (bytes 0..63), loaded once per call. Vector types are
 * sizeless and cannot be struct members, so they travel as parameters:
 * SBOX_PARAMS / SBOX_ARGS. */
#define LOAD_SBOX(k)                                                                            \
    const vuint8m4_t t_lo = __riscv_vle8_v_u8m4((k)->tables + T_LO, 64);                        \
    const vuint8m4_t t_hi = __riscv_vle8_v_u8m4((k)->tables + T_HI, 64)
#define SBOX_PARAMS vuint8m4_t t_lo, vuint8m4_t t_hi
#define SBOX_ARGS t_lo, t_hi

/* Index bytes: the nibble, and byte j's position j in bits 4-5. */
#define NIBBLES 0x0F0F0F0Fu
#define POSITIONS 0x30201000u

static inline vuint8m4_t as_bytes(vuint32m4_t x) { return __riscv_vreinterpret_v_u32m4_u8m4(x); }
static inline vuint32m4_t as_words(vuint8m4_t x) { return __riscv_vreinterpret_v_u8m4_u32m4(x); }

/* x <<< n as (x >> (32 - n)) + x * 2^n (see the top). */
static inline vuint32m4_t rol(vuint32m4_t x, unsigned n, size_t vl)
{
    return __riscv_vmacc_vx_u32m4(__riscv_vsrl_vx_u32m4(x, 32 - n, vl), (uint32_t)1 << n, x, vl);
}

/* (x <<< n) + addend, the addition folded in before the vmacc. */
static inline vuint32m4_t rol_add(vuint32m4_t x, unsigned n, uint32_t addend, size_t vl)
{
    vuint32m4_t low = __riscv_vadd_vx_u32m4(__riscv_vsrl_vx_u32m4(x, 32 - n, vl), addend, vl);
    return __riscv_vmacc_vx_u32m4(low, (uint32_t)1 << n, x, vl);
}

/* r_dst ^= t((r_src <<< 11) + key) for n blocks. */
static inline vuint32m4_t half_round(SBOX_PARAMS, vuint32m4_t r_dst, vuint32m4_t r_src, uint32_t key, size_t n)
{
    size_t nb = 4 * n;
    vuint32m4_t x = rol_add(r_src, 11, key, n);
    vuint8m4_t hi = as_bytes(__riscv_vor_vx_u32m4(
        __riscv_vand_vx_u32m4(__riscv_vsrl_vx_u32m4(x, 4, n), NIBBLES, n), POSITIONS, n));
    vuint8m4_t lo = as_bytes(__riscv_vor_vx_u32m4(__riscv_vand_vx_u32m4(x, NIBBLES, n), POSITIONS, n));
    vuint8m4_t d = __riscv_vxor_vv_u8m4(as_bytes(r_dst), __riscv_vrgather_vv_u8m4(t_lo, lo, nb), nb);
    return as_words(__riscv_vxor_vv_u8m4(d, __riscv_vrgather_vv_u8m4(t_hi, hi, nb), nb));
}

/* 32 rounds in the double-round form of magma_internal.h, on the rotated
 * halves (a >>> 11 = a <<< 21 in, r <<< 11 out). */
static inline void crypt(SBOX_PARAMS, const uint32_t *rk, vuint32m4_t *a1, vuint32m4_t *a0, size_t n)
{
    vuint32m4_t r1 = rol(*a1, 21, n), r0 = rol(*a0, 21, n);
    for (int r = 0; r < 32; r += 2) {
        r1 = half_round(SBOX_ARGS, r1, r0, rk[r], n);
        r0 = half_round(SBOX_ARGS, r0, r1, rk[r + 1], n);
    }
    *a1 = rol(r1, 11, n);
    *a0 = rol(r0, 11, n);
}

/* Each 32-bit lane byte-swapped (big-endian convention): a gather with
 * 16-bit indices i ^ 3, since 8-bit ones reach only 256 bytes. */
static inline vuint32m4_t bswap32(vuint32m4_t x, size_t n)
{
    size_t nb = 4 * n;
    vuint16m8_t idx = __riscv_vxor_vx_u16m8(__riscv_vid_v_u16m8(nb), 3, nb);
    return as_words(__riscv_vrgatherei16_vv_u8m4(as_bytes(x), idx, nb));
}

static inline void load_blocks(int le, const uint8_t *p, size_t n, vuint32m4_t *a1, vuint32m4_t *a0)
{
    vuint64m8_t v = __riscv_vreinterpret_v_u8m8_u64m8(__riscv_vle8_v_u8m8(p, 8 * n));
    vuint32m4_t w1 = __riscv_vnsrl_wx_u32m4(v, 32, n), w0 = __riscv_vnsrl_wx_u32m4(v, 0, n);
    /* Big-endian: bytes 0-3 (w0 read little-endian) are a1. */
    *a1 = le ? w1 : bswap32(w0, n);
    *a0 = le ? w0 : bswap32(w1, n);
}

/* The output bytes of n blocks (value a0 << 32 | a1): 64-bit lanes w0 +
 * w1 * 2^32 of the two output words (the halves, byte-swapped for the
 * big-endian convention), built by two widening operations: w0 + w1, then
 * + w1 * (2^32 - 1). */
static inline vuint8m8_t output_blocks(int le, vuint32m4_t a1, vuint32m4_t a0, size_t n)
{
    vuint32m4_t w0 = le ? a1 : bswap32(a0, n), w1 = le ? a0 : bswap32(a1, n);
    vuint64m8_t v = __riscv_vwmaccu_vx_u64m8(__riscv_vwaddu_vv_u64m8(w0, w1, n), 0xFFFFFFFFu, w1, n);
    return __riscv_vreinterpret_v_u64m8_u8m8(v);
}

static inline void store_xor(uint8_t *out, vuint8m8_t x, const uint8_t *in, size_t n)
{
    __riscv_vse8_v_u8m8(out, __riscv_vxor_vv_u8m8(x, __riscv_vle8_v_u8m8(in, 8 * n), 8 * n), 8 * n);
}

static void ecb(const sc_magma_key *k, const uint32_t *rk, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    LOAD_SBOX(k);
    const int le = k->little_endian;
    for (size_t n; nblocks > 0; nblocks -= n, in += 8 * n, out += 8 * n) {
        n = __riscv_vsetvl_e32m4(nblocks);
        vuint32m4_t a1, a0;
        load_blocks(le, in, n, &a1, &a0);
        crypt(SBOX_ARGS, rk, &a1, &a0, n);
        __riscv_vse8_v_u8m8(out, output_blocks(le, a1, a0, n), 8 * n);
    }
}

/* 34.13 CTR: the counters counter + i are 64-bit lanes (the carry into the
 * high word is the 64-bit add's), split like loaded blocks. */
static void ctr(const sc_magma_key *k, uint64_t counter, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    LOAD_SBOX(k);
    const int le = k->little_endian;
    for (size_t n; nblocks > 0; nblocks -= n, in += 8 * n, out += 8 * n, counter += n) {
        n = __riscv_vsetvl_e32m4(nblocks);
        vuint64m8_t v = __riscv_vadd_vx_u64m8(__riscv_vid_v_u64m8(n), counter, n);
        vuint32m4_t a1 = __riscv_vnsrl_wx_u32m4(v, 32, n), a0 = __riscv_vnsrl_wx_u32m4(v, 0, n);
        crypt(SBOX_ARGS, k->round_keys[0], &a1, &a0, n);
        store_xor(out, output_blocks(le, a1, a0, n), in, n);
    }
}

/* GOST 28147-89 gamma: a0 = N3 + i * C2 (mod 2^32), a1 = N4 + i * C1
 * modulo 2^32 - 1, the carry out of bit 31 (vmadc) added back with vadc (the
 * end-around carry of sc_gost89_add_mod_m; i * C1 < 2^32 as n <=
 * CNT_MAX_BLOCKS). Branch-free: N3/N4 derive from the key. */
static void cnt(const sc_magma_key *k, uint32_t n3, uint32_t n4, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    LOAD_SBOX(k);
    const int le = k->little_endian;
    for (size_t n; nblocks > 0; nblocks -= n, in += 8 * n, out += 8 * n) {
        n = __riscv_vsetvl_e32m4(nblocks < CNT_MAX_BLOCKS ? nblocks : CNT_MAX_BLOCKS);
        vuint32m4_t i = __riscv_vid_v_u32m4(n);
        vuint32m4_t ic1 = __riscv_vmul_vx_u32m4(i, SC_GOST89_C1, n);
        vbool8_t carry = __riscv_vmadc_vx_u32m4_b8(ic1, n4, n);
        vuint32m4_t a1 = __riscv_vadc_vxm_u32m4(__riscv_vadd_vx_u32m4(ic1, n4, n), 0, carry, n);
        vuint32m4_t a0 = __riscv_vmacc_vx_u32m4(__riscv_vmv_v_x_u32m4(n3, n), SC_GOST89_C2, i, n);
        crypt(SBOX_ARGS, k->round_keys[0], &a1, &a0, n);
        store_xor(out, output_blocks(le, a1, a0, n), in, n);
        n3 += (uint32_t)n * SC_GOST89_C2;
        n4 = sc_gost89_add_mod_m(n4, (uint32_t)n * SC_GOST89_C1);
    }
}

/* GOST R 34.13-2015 CBC decryption, out_i = D(in_i) ^ c_(i-z), n blocks at
 * a time. The operands c_(i-z) of blocks i < z come from the edge copy
 * (chain || in: c_(i-z) at edge + 8i), those of i >= z from in + 8(i - z),
 * slid up behind them in the register. Everything is loaded, and the chain
 * advanced, before the store, so out may be in. */
static void cbc_decrypt(const sc_magma_key *k, uint8_t *chain, size_t z, const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    uint8_t edge[8 * 2 * SC_MAGMA_CBC_MAX_BLOCKS];
    LOAD_SBOX(k);
    const int le = k->little_endian;
    for (size_t n; nblocks > 0; nblocks -= n, in += 8 * n, out += 8 * n) {
        n = __riscv_vsetvl_e32m4(nblocks);
        size_t from_edge = n < z ? n : z;
        sc_magma_cbc_edge(edge, chain, z, in, n);
        vuint8m8_t prev = __riscv_vle8_v_u8m8(edge, 8 * from_edge);
        if (n > z)
            prev = __riscv_vslideup_vx_u8m8(prev, __riscv_vle8_v_u8m8(in, 8 * (n - z)), 8 * z, 8 * n);
        vuint32m4_t a1, a0;
        load_blocks(le, in, n, &a1, &a0);
        sc_magma_cbc_advance(chain, z, edge, in, n);
        crypt(SBOX_ARGS, k->round_keys[1], &a1, &a0, n);
        __riscv_vse8_v_u8m8(out, __riscv_vxor_vv_u8m8(output_blocks(le, a1, a0, n), prev, 8 * n), 8 * n);
    }
    sc_wipe(edge, sizeof edge);
}

/* The serial chains, s = E(s ^ in_i) (CBC encryption, CMAC: 32 rounds) and
 * GOST 28147-89's MAC (16 rounds, halves as the 16th round leaves them:
 * sc_magma_mac16): one block in lane 0 (vl = 1) through the same
 * half-rounds, the tables loaded once per call rather than once per block as
 * on the ecb path; the rotation into and out of the r = a >>> 11 form is
 * done on the scalar halves. */
static inline uint32_t ror32(uint32_t x, unsigned n) { return x >> n | x << (32 - n); }

static inline __attribute__((always_inline)) void chain_rounds(const sc_magma_key *k, uint64_t *s,
                                                               const uint8_t *in, uint8_t *out, size_t nblocks,
                                                               int rounds)
{
    LOAD_SBOX(k);
    const uint32_t *rk = k->round_keys[0];
    uint64_t v = *s;
    for (size_t i = 0; i < nblocks; i++) {
        v ^= sc_magma_load_block(in + 8 * i, k->little_endian);
        vuint32m4_t r1 = __riscv_vmv_s_x_u32m4(ror32((uint32_t)(v >> 32), 11), 1);
        vuint32m4_t r0 = __riscv_vmv_s_x_u32m4(ror32((uint32_t)v, 11), 1);
        for (int r = 0; r < rounds; r += 2) {
            r1 = half_round(SBOX_ARGS, r1, r0, rk[r], 1);
            r0 = half_round(SBOX_ARGS, r0, r1, rk[r + 1], 1);
        }
        uint32_t h1 = ror32(__riscv_vmv_x_s_u32m4_u32(r1), 21), h0 = ror32(__riscv_vmv_x_s_u32m4_u32(r0), 21);
        v = sc_magma_chain_block(h1, h0, rounds);
        if (out != NULL) sc_magma_store_block(out + 8 * i, v, k->little_endian);
    }
    *s = v;
}

SC_MAGMA_CHAIN_OPS(chain_rounds)

const struct sc_magma_ops sc_magma_rv_v = {prepare, ecb, ctr, cnt, cbc_decrypt, chain, chain16};
