/* SPDX-License-Identifier: Apache-2.0 */
/* Magma with pshufb 4-bit lookups, shared by the SSSE3, AVX2 and AVX-512 BW
 * kernels (included once per file after its vector operations: vec128.h,
 * vec256.h or vec512.h).
 *
 * Layout as in the VBMI kernel: one vector holds the same half (a1 or a0) of
 * V_LANES blocks, one dword each, GROUPS vector pairs per batch. pshufb looks
 * up a 16-entry table per 128-bit lane with the low four bits of each byte,
 * the same table for every byte, so each of the eight S-boxes is one pshufb
 * on the whole vector, kept only in its byte position by an AND mask:
 * per round and vector 8 pshufb + 4 (or, and) merges. The tables are read
 * whole by each pshufb, so nothing depends on the data or on the S-box.
 *
 * The includer includes vec128.h, vec256.h or vec512.h (vec_t and the v_*
 * operations) and defines V_LANES (dwords per vector), GROUPS, KERNEL_OPS
 * (the ops symbol) and LANE_BLOCK: the block index that dword i of a half
 * holds after the lane-wise load (a static const int array of V_LANES
 * entries).
 */
#include "../../magma/magma_scalar_rounds.h"

enum { GROUP_BLOCKS = V_LANES, BATCH_BLOCKS = GROUPS * V_LANES };
/* k->tables: 8 tables of 16 bytes (odd rows pre-shifted to the high nibble),
 * then the lane-wise load and store shuffles for the key's byte order, then
 * the scalar kernel's packed rows for the serial chains (see chain_rounds). */
enum { T_SBOX = 0, T_LOAD = 128, T_STORE = 144, T_ROWS = 160 };

static void prepare(sc_magma_key *k)
{
    uint8_t *t = k->tables;
    int le = k->little_endian;
    for (int i = 0; i < 8; i++)
        for (int v = 0; v < 16; v++) t[T_SBOX + 16 * i + v] = (uint8_t)(k->sbox[i][v] << (i % 2 ? 4 : 0));
    /* Per lane of 2 blocks: [a1(b0), a1(b1), a0(b0), a0(b1)] as dwords. */
    for (int d = 0; d < 4; d++)
        for (int b = 0; b < 4; b++) {
            int block = d % 2, a1 = d < 2;
            t[T_LOAD + 4 * d + b] = (uint8_t)(8 * block + (le ? (a1 ? 4 : 0) + b : (a1 ? 0 : 4) + 3 - b));
        }
    /* Store input per lane: [a0(b), a1(b), a0(b'), a1(b')] (unpacklo32(a0, a1)).
     * BE: each dword byte-swapped; LE: bytes 0..3 = a1, 4..7 = a0. */
    for (int q = 0; q < 16; q++) t[T_STORE + q] = (uint8_t)(le ? (q + 4) % 8 + (q / 8) * 8 : (q / 4) * 4 + 3 - q % 4);
    uint64_t rows[8];
    sc_magma_scalar_rows(k, rows);
    memcpy(t + T_ROWS, rows, sizeof rows);
    sc_wipe(rows, sizeof rows);
}

struct consts {
    vec_t sbox[8], byte_mask[4], nibble;
};

static inline void load_consts(const sc_magma_key *k, struct consts *c)
{
    for (int i = 0; i < 8; i++) c->sbox[i] = v_bcast128(k->tables + T_SBOX + 16 * i);
    for (int j = 0; j < 4; j++) c->byte_mask[j] = v_set1_32((int)(0xFFu << (8 * j)));
    c->nibble = v_set1_32(0x0F0F0F0F);
}

/* r_dst ^= t((r_src <<< 11) + k), halves kept rotated right by 11 as in the
 * VBMI kernel (the rotation moves to the round input). */
static inline vec_t half_round(const struct consts *c, vec_t r_dst, vec_t r_src, vec_t k)
{
    vec_t x = v_add32(v_rol32(r_src, 11), k);
    vec_t lo = v_and(x, c->nibble), hi = v_and(v_srl32(x, 4), c->nibble);
    vec_t acc = v_zero();
    for (int j = 0; j < 4; j++) {
        vec_t sj = v_or(v_shuffle8(c->sbox[2 * j], lo), v_shuffle8(c->sbox[2 * j + 1], hi));
        acc = v_or(acc, v_and(sj, c->byte_mask[j]));
    }
    return v_xor(r_dst, acc);
}

static inline __attribute__((always_inline)) void crypt_rounds(const struct consts *c, const uint32_t *rk,
                                                               vec_t *a1, vec_t *a0, int ng, int rounds)
{
    for (int g = 0; g < ng; g++) {
        a1[g] = v_rol32(a1[g], 21);
        a0[g] = v_rol32(a0[g], 21);
    }
    for (int r = 0; r < rounds; r += 2) {
        vec_t k0 = v_set1_32((int)rk[r]), k1 = v_set1_32((int)rk[r + 1]);
        for (int g = 0; g < ng; g++) a1[g] = half_round(c, a1[g], a0[g], k0);
        for (int g = 0; g < ng; g++) a0[g] = half_round(c, a0[g], a1[g], k1);
    }
    for (int g = 0; g < ng; g++) {
        a1[g] = v_rol32(a1[g], 11);
        a0[g] = v_rol32(a0[g], 11);
    }
}

static inline __attribute__((always_inline)) void crypt_groups(const struct consts *c, const uint32_t *rk,
                                                               vec_t *a1, vec_t *a0, int ng)
{
    crypt_rounds(c, rk, a1, a0, ng, 32);
}

/* One group: 2 * V_LANES * 4 bytes at p (whole, the tail goes via a buffer). */
static inline void load_group(const sc_magma_key *k, const uint8_t *p, vec_t *a1, vec_t *a0)
{
    vec_t idx = v_bcast128(k->tables + T_LOAD);
    vec_t x = v_shuffle8(v_load(p), idx), y = v_shuffle8(v_load(p + 4 * V_LANES), idx);
    *a1 = v_unpacklo64(x, y);
    *a0 = v_unpackhi64(x, y);
}

static inline void output_group(const sc_magma_key *k, vec_t a1, vec_t a0, vec_t *x, vec_t *y)
{
    vec_t idx = v_bcast128(k->tables + T_STORE);
    *x = v_shuffle8(v_unpacklo32(a0, a1), idx);
    *y = v_shuffle8(v_unpackhi32(a0, a1), idx);
}

/* ng groups (a compile-time constant after inlining). */
static inline __attribute__((always_inline)) void ecb_batch(const sc_magma_key *k, const struct consts *c,
                                                            const uint32_t *rk, const uint8_t *in, uint8_t *out,
                                                            int ng)
{
    vec_t a1[GROUPS], a0[GROUPS];
    for (int g = 0; g < ng; g++) load_group(k, in + 8 * V_LANES * g, &a1[g], &a0[g]);
    crypt_groups(c, rk, a1, a0, ng);
    for (int g = 0; g < ng; g++) {
        vec_t x, y;
        output_group(k, a1[g], a0[g], &x, &y);
        v_store(out + 8 * V_LANES * g, x);
        v_store(out + 8 * V_LANES * g + 4 * V_LANES, y);
    }
}

/* Encrypt the counter blocks in a1/a0 and xor them into ng groups of input. */
static inline __attribute__((always_inline)) void xor_stream(const sc_magma_key *k, const struct consts *c,
                                                             vec_t *a1, vec_t *a0, const uint8_t *in,
                                                             uint8_t *out, int ng)
{
    crypt_groups(c, k->round_keys[0], a1, a0, ng);
    for (int g = 0; g < ng; g++) {
        vec_t x, y;
        const uint8_t *p = in + 8 * V_LANES * g;
        uint8_t *q = out + 8 * V_LANES * g;
        output_group(k, a1[g], a0[g], &x, &y);
        v_store(q, v_xor(x, v_load(p)));
        v_store(q + 4 * V_LANES, v_xor(y, v_load(p + 4 * V_LANES)));
    }
}

/* GOST R 34.13-2015 CBC decryption of the ng groups at in, of which the
 * first nb blocks are the message: out_i = D(in_i) ^ c_(i-z), the operand
 * loaded from `in` shifted back by z blocks (from the edge copy where it
 * reaches into the chain); groups stored last first so that in place each
 * operand (at a lower address) is read before an output overwrites it. */
static inline __attribute__((always_inline)) void cbc_batch(const sc_magma_key *k, const struct consts *c,
                                                            uint8_t *chain, size_t z, size_t nb,
                                                            const uint8_t *in, uint8_t *out, int ng)
{
    uint8_t edge[8 * 2 * SC_MAGMA_CBC_MAX_BLOCKS];
    vec_t a1[GROUPS], a0[GROUPS];
    /* Whole groups are readable at in (the tail is a padded copy), so the
     * edge gets them all: the full-vector operand loads stay initialised. */
    sc_magma_cbc_edge(edge, chain, z, in, (size_t)ng * V_LANES);
    for (int g = 0; g < ng; g++) load_group(k, in + 8 * V_LANES * g, &a1[g], &a0[g]);
    sc_magma_cbc_advance(chain, z, edge, in, nb);
    crypt_groups(c, k->round_keys[1], a1, a0, ng);
    for (int g = ng - 1; g >= 0; g--) {
        vec_t x, y;
        size_t first = (size_t)g * V_LANES;
        const uint8_t *prev = first >= z ? in + 8 * (first - z) : edge + 8 * first;
        output_group(k, a1[g], a0[g], &x, &y);
        x = v_xor(x, v_load(prev));
        y = v_xor(y, v_load(prev + 4 * V_LANES));
        v_store(out + 8 * V_LANES * g, x);
        v_store(out + 8 * V_LANES * g + 4 * V_LANES, y);
    }
}

/* Block index within the batch of each dword of group g (after the
 * lane-wise load, dword i holds block g * V_LANES + LANE_BLOCK[i]). */
static inline vec_t block_index(int g) { return v_add32(v_load(LANE_BLOCK), v_set1_32(g * V_LANES)); }

/* 34.13 CTR: 64-bit counters counter + i as (a1, a0) = (high, low) dwords,
 * built in registers: add i to the low word, carry into the high one. */
static inline __attribute__((always_inline)) void ctr_batch(const sc_magma_key *k, const struct consts *c,
                                                            uint64_t counter, const uint8_t *in, uint8_t *out,
                                                            int ng)
{
    vec_t a1[GROUPS], a0[GROUPS];
    vec_t lo = v_set1_32((int)(uint32_t)counter), hi = v_set1_32((int)(uint32_t)(counter >> 32));
    for (int g = 0; g < ng; g++) {
        vec_t i = block_index(g);
        a0[g] = v_add32(lo, i);
        a1[g] = v_add32(hi, v_carry32(a0[g], i));
    }
    xor_stream(k, c, a1, a0, in, out, ng);
}

/* GOST 28147-89 gamma: N3 + i * C2 and N4 + i * C1 modulo 2^32 - 1 (the
 * end-around carry of sc_gost89_add_mod_m; i * C1 < 2^32 in a batch). For
 * i < 256, i * C2 = i * 0x01010101 is i's low byte copied to all four: one
 * pshufb; i * C1 = i * C2 + 3 * i. */
static inline __attribute__((always_inline)) void cnt_batch(const sc_magma_key *k, const struct consts *c,
                                                            uint32_t n3, uint32_t n4, const uint8_t *in,
                                                            uint8_t *out, int ng)
{
    static const uint8_t low_byte_to_all[16] = {0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12};
    const vec_t spread = v_bcast128(low_byte_to_all);
    vec_t a1[GROUPS], a0[GROUPS];
    vec_t v3 = v_set1_32((int)n3), v4 = v_set1_32((int)n4);
    for (int g = 0; g < ng; g++) {
        vec_t i = block_index(g), ic2 = v_shuffle8(i, spread);
        vec_t ic1 = v_add32(ic2, v_add32(i, v_add32(i, i)));
        vec_t sum = v_add32(v4, ic1);
        a0[g] = v_add32(v3, ic2);
        a1[g] = v_add32(sum, v_carry32(sum, ic1));
    }
    xor_stream(k, c, a1, a0, in, out, ng);
}

/* Whole batches in place of the caller's buffers; the last partial batch
 * through a zero-padded stack copy (lengths are public), with the groups
 * rounded up to 1, 2, 4 or 8 so a short input costs one group's latency. */
#define TAIL(batch, ...)                                                                         \
    do {                                                                                         \
        uint8_t buf[8 * BATCH_BLOCKS];                                                           \
        size_t groups = (nblocks + V_LANES - 1) / V_LANES;                                       \
        memset(buf, 0, sizeof buf);                                                              \
        memcpy(buf, in, 8 * nblocks);                                                            \
        if (groups == 1) batch(k, &c, __VA_ARGS__, buf, buf, 1);                                 \
        else if (groups == 2) batch(k, &c, __VA_ARGS__, buf, buf, 2 < GROUPS ? 2 : GROUPS);      \
        else if (groups <= 4) batch(k, &c, __VA_ARGS__, buf, buf, 4 < GROUPS ? 4 : GROUPS);      \
        else batch(k, &c, __VA_ARGS__, buf, buf, GROUPS);                                        \
        memcpy(out, buf, 8 * nblocks);                                                           \
        sc_wipe(buf, sizeof buf);                                                                \
    } while (0)

static void ecb(const sc_magma_key *k, const uint32_t *rk, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    struct consts c;
    load_consts(k, &c);
    for (; nblocks >= BATCH_BLOCKS; nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS)
        ecb_batch(k, &c, rk, in, out, GROUPS);
    if (nblocks) TAIL(ecb_batch, rk);
}

static void ctr(const sc_magma_key *k, uint64_t counter, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    struct consts c;
    load_consts(k, &c);
    for (; nblocks >= BATCH_BLOCKS;
         nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS, counter += BATCH_BLOCKS)
        ctr_batch(k, &c, counter, in, out, GROUPS);
    if (nblocks) TAIL(ctr_batch, counter);
}

static void cnt(const sc_magma_key *k, uint32_t n3, uint32_t n4, const uint8_t *in, uint8_t *out,
                size_t nblocks)
{
    struct consts c;
    load_consts(k, &c);
    for (; nblocks >= BATCH_BLOCKS; nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS) {
        cnt_batch(k, &c, n3, n4, in, out, GROUPS);
        n3 += BATCH_BLOCKS * SC_GOST89_C2;
        n4 = sc_gost89_add_mod_m(n4, BATCH_BLOCKS * SC_GOST89_C1);
    }
    if (nblocks) TAIL(cnt_batch, n3, n4);
}

static void cbc_decrypt(const sc_magma_key *k, uint8_t *chain, size_t z, const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    struct consts c;
    load_consts(k, &c);
    for (; nblocks >= BATCH_BLOCKS; nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS)
        cbc_batch(k, &c, chain, z, BATCH_BLOCKS, in, out, GROUPS);
    if (nblocks) TAIL(cbc_batch, chain, z, nblocks);
}

/* The serial chains (CBC encryption, CFB encryption's and OFB's gamma, the
 * MACs): one block at a time, latency-bound. A round through the vector
 * units (rotate, add, two nibble masks, pshufb, merges: about 13 dependent
 * operations) is slower than the scalar kernel's (add, eight independent
 * rotations of packed rows, or-tree, rotate, xor), so these take the
 * scalar rounds over the rows prepare stored (BENCHMARKS.md 8, Zen 3). */
static inline __attribute__((always_inline)) void chain_rounds(const sc_magma_key *k, uint64_t *s, const uint8_t *in,
                                                               uint8_t *out, size_t nblocks, int rounds)
{
    sc_magma_scalar_chain((const uint64_t *)(const void *)(k->tables + T_ROWS), k, s, in, out, nblocks, rounds);
}

SC_MAGMA_CHAIN_OPS(chain_rounds)

const struct sc_magma_ops KERNEL_OPS = {prepare, ecb, ctr, cnt, cbc_decrypt, chain, chain16};
