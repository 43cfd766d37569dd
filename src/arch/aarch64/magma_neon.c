/* SPDX-License-Identifier: Apache-2.0 */
/* Magma / GOST 28147-89 with NEON ("arm-neon"; AdvSIMD is baseline on every
 * AArch64 Linux target, no extra flags: SIMDCRYPT_DISABLE=neon takes it away).
 *
 * Layout: a group is 4 blocks, one uint32x4_t per half (a1 or a0), a batch
 * GROUPS groups whose rounds are interleaved: a round is serial within a
 * block, so independent groups hide the latency of TBL. The transposition
 * is free: LD2/ST2 on 32-bit elements split the first and second words of
 * 4 consecutive blocks into two registers (the trick of the Baikal-M / A57
 * GOST 28147-89 study, background/gost89-baikal-m-neon.ru.txt, which loads
 * its NEON blocks with `ld2 {v18.4s, v19.4s}`). Little-endian blocks (GOST
 * 28147-89) then hold (a0, a1) as they are, big-endian ones (GOST R
 * 34.12-2015) (a1, a0) byte-swapped: one REV32 per register.
 *
 * S-box layer: the eight 4-bit S-boxes as two 64-entry TBL lookups per
 * half-round and group (the idea of the x86 VBMI kernel; the study uses four
 * 16-entry TBL with masks instead). TBL with four table registers reads the
 * low six bits of each index byte; an index is a nibble in bits 0-3 with the
 * byte's position j in its word in bits 4-5, so one TBL applies four
 * different S-boxes. One combined table serves both nibbles of byte j:
 * table[16j + v] = S_2j[v] | S_(2j+1)[v] << 4; the lookup of the low nibbles
 * keeps the low halves of its results, the lookup of the high nibbles the
 * high halves, and one bit select merges them. Per half-round and group:
 * SHL + SRI (<<< 11, see half_round), ADD, USHR + ORR (high index), BIF
 * (low index), 2 TBL, BIF (merge), EOR: 10 instructions for 4 blocks. Every TBL reads the whole
 * table in registers, so neither the data nor the S-box (which may be secret)
 * reaches an address or a branch. */
#include <arm_neon.h>

#include "../../magma/magma_internal.h"

/* 6 groups: 12 state registers, 4 table registers, 2 constants and 2 round
 * keys leave 12 registers as temporaries. Instructions per byte of 16 KiB
 * ECB under qemu (tools/icount.py --alg magma) for 4 / 5 / 6 / 7 / 8
 * groups: 11.0 / 11.1 / 11.2 / 12.1 / 16.5 (GCC 12 spills from 7 on). Fewer
 * groups count slightly fewer instructions but leave fewer independent
 * chains against the round's latency (a 4-register TBL alone takes 4-15
 * cycles on Cortex-A76 .. A57): 6 is the most in flight without spills. */
enum { GROUPS = 6, GROUP_BLOCKS = 4, BATCH_BLOCKS = GROUPS * GROUP_BLOCKS };

/* k->tables: the combined S-box table (64 bytes). */
enum { T_SBOX = 0 };

static void prepare(sc_magma_key *k)
{
    for (int j = 0; j < 4; j++)
        for (int v = 0; v < 16; v++)
            k->tables[T_SBOX + 16 * j + v] = (uint8_t)(k->sbox[2 * j][v] | k->sbox[2 * j + 1][v] << 4);
}

struct consts {
    uint8x16x4_t sbox;
    uint8x16_t nibble;   /* 0x0F in every byte */
    uint8x16_t position; /* byte j of each word: j << 4 */
};

static inline void load_consts(const sc_magma_key *k, struct consts *c)
{
    c->sbox = vld1q_u8_x4(k->tables + T_SBOX);
    c->nibble = vdupq_n_u8(0x0F);
    c->position = vreinterpretq_u8_u32(vdupq_n_u32(0x30201000));
}

/* x <<< n on each 32-bit lane (NEON has no rotate): SHL, then SRI inserts
 * the bits shifted out. A macro: the shift counts must be constants. */
#define ROL(x, n) vsriq_n_u32(vshlq_n_u32((x), (n)), (x), 32 - (n))

/* Half-round on the rotated representation r = a >>> 11 (as in the x86
 * VBMI kernel): a_dst ^= t(a_src + key) <<< 11 becomes
 * r_dst ^= t((r_src <<< 11) + key), the rotation moved to the round input.
 * Same operation count, but GCC 12 allocates this form without the register
 * copies it adds around a rotated output (SRI's destination is also its
 * source): 10.3 instead of 10.7 instructions per half-round and group.
 * The constants come by value: GCC 12 keeps a table tuple reached through a
 * pointer in memory and reloads it every round. */
static inline uint32x4_t half_round(uint8x16x4_t sbox, uint8x16_t nibble, uint8x16_t position, uint32x4_t r_dst,
                                    uint32x4_t r_src, uint32x4_t key)
{
    uint8x16_t x = vreinterpretq_u8_u32(vaddq_u32(ROL(r_src, 11), key));
    uint8x16_t hi = vorrq_u8(vshrq_n_u8(x, 4), position);
    uint8x16_t lo = vbslq_u8(nibble, x, position);
    uint8x16_t s = vbslq_u8(nibble, vqtbl4q_u8(sbox, lo), vqtbl4q_u8(sbox, hi));
    return veorq_u32(r_dst, vreinterpretq_u32_u8(s));
}

/* 32 rounds on ng groups (a compile-time constant after inlining), in the
 * double-round form of magma_internal.h; LD2R loads and broadcasts both
 * keys of a double round. */
static inline __attribute__((always_inline)) void crypt_groups(const struct consts *c, const uint32_t *rk,
                                                               uint32x4_t *a1, uint32x4_t *a0, int ng)
{
    const uint8x16x4_t sbox = c->sbox;
    const uint8x16_t nibble = c->nibble, position = c->position;
    for (int g = 0; g < ng; g++) {
        a1[g] = ROL(a1[g], 21);
        a0[g] = ROL(a0[g], 21);
    }
    for (int r = 0; r < 32; r += 2) {
        uint32x4x2_t key = vld2q_dup_u32(rk + r);
        for (int g = 0; g < ng; g++) a1[g] = half_round(sbox, nibble, position, a1[g], a0[g], key.val[0]);
        for (int g = 0; g < ng; g++) a0[g] = half_round(sbox, nibble, position, a0[g], a1[g], key.val[1]);
    }
    for (int g = 0; g < ng; g++) {
        a1[g] = ROL(a1[g], 11);
        a0[g] = ROL(a0[g], 11);
    }
}

/* LD2/ST2 take element pointers; they have no alignment requirement. */
static inline uint32x4x2_t load2(const uint8_t *p) { return vld2q_u32((const uint32_t *)(const void *)p); }
static inline void store2(uint8_t *p, uint32x4x2_t w) { vst2q_u32((uint32_t *)(void *)p, w); }

static inline uint32x4_t bswap32(uint32x4_t x) { return vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(x))); }

/* One group of 4 blocks at p into its halves. */
static inline void load_group(const uint8_t *p, int le, uint32x4_t *a1, uint32x4_t *a0)
{
    uint32x4x2_t w = load2(p);
    *a1 = le ? w.val[1] : bswap32(w.val[0]);
    *a0 = le ? w.val[0] : bswap32(w.val[1]);
}

/* The output words of a group (block value a0 << 32 | a1), ready for ST2. */
static inline uint32x4x2_t output_group(int le, uint32x4_t a1, uint32x4_t a0)
{
    uint32x4x2_t w;
    w.val[0] = le ? a1 : bswap32(a0);
    w.val[1] = le ? a0 : bswap32(a1);
    return w;
}

static inline uint32x4x2_t xor2(uint32x4x2_t a, uint32x4x2_t b)
{
    a.val[0] = veorq_u32(a.val[0], b.val[0]);
    a.val[1] = veorq_u32(a.val[1], b.val[1]);
    return a;
}

/* The batches below take ng whole groups at in/out (the tail goes through
 * a padded copy) and `le`, a constant after inlining. */

static inline __attribute__((always_inline)) void ecb_batch(const sc_magma_key *k, const struct consts *c, int le,
                                                            const uint32_t *rk, const uint8_t *in, uint8_t *out,
                                                            int ng)
{
    (void)k;
    uint32x4_t a1[GROUPS], a0[GROUPS];
    for (int g = 0; g < ng; g++) load_group(in + 32 * g, le, &a1[g], &a0[g]);
    crypt_groups(c, rk, a1, a0, ng);
    for (int g = 0; g < ng; g++) store2(out + 32 * g, output_group(le, a1[g], a0[g]));
}

/* Encrypt the counter blocks in a1/a0 and xor them into ng groups. */
static inline __attribute__((always_inline)) void xor_stream(const sc_magma_key *k, const struct consts *c, int le,
                                                             uint32x4_t *a1, uint32x4_t *a0, const uint8_t *in,
                                                             uint8_t *out, int ng)
{
    crypt_groups(c, k->round_keys[0], a1, a0, ng);
    for (int g = 0; g < ng; g++) store2(out + 32 * g, xor2(output_group(le, a1[g], a0[g]), load2(in + 32 * g)));
}

/* GOST R 34.13-2015 CBC decryption of ng groups at in, the first nb blocks
 * of them the message: out_i = D(in_i) ^ c_(i-z), the operand loaded from
 * `in` shifted back by z blocks (from the edge copy where it reaches into
 * the chain); groups stored last first, so that in place every operand (at
 * a lower address) is read before an output overwrites it. The operand is
 * loaded with LD2 like the blocks, so it xors into the words before ST2. */
static inline __attribute__((always_inline)) void cbc_batch(const sc_magma_key *k, const struct consts *c, int le,
                                                            uint8_t *chain, size_t z, size_t nb, const uint8_t *in,
                                                            uint8_t *out, int ng)
{
    uint8_t edge[8 * 2 * SC_MAGMA_CBC_MAX_BLOCKS];
    uint32x4_t a1[GROUPS], a0[GROUPS];
    /* Whole groups are readable at in (the tail is a padded copy), so the
     * edge gets them all and every operand load stays initialised. */
    sc_magma_cbc_edge(edge, chain, z, in, (size_t)ng * GROUP_BLOCKS);
    for (int g = 0; g < ng; g++) load_group(in + 32 * g, le, &a1[g], &a0[g]);
    sc_magma_cbc_advance(chain, z, edge, in, nb);
    crypt_groups(c, k->round_keys[1], a1, a0, ng);
    for (int g = ng - 1; g >= 0; g--) {
        size_t first = (size_t)g * GROUP_BLOCKS;
        const uint8_t *prev = first >= z ? in + 8 * (first - z) : edge + 8 * first;
        store2(out + 32 * g, xor2(output_group(le, a1[g], a0[g]), load2(prev)));
    }
}

/* Index within the batch of the 4 blocks of group g (lane i = block i). */
static inline uint32x4_t block_index(int g)
{
    static const uint32_t iota[4] = {0, 1, 2, 3};
    return vaddq_u32(vld1q_u32(iota), vdupq_n_u32((uint32_t)(GROUP_BLOCKS * g)));
}

/* 34.13 CTR: counters counter + i as (a1, a0) = (high, low) words: add i to
 * the low word and subtract the all-ones compare mask (low < i: it wrapped)
 * from the high one. */
static inline __attribute__((always_inline)) void ctr_batch(const sc_magma_key *k, const struct consts *c, int le,
                                                            uint64_t counter, const uint8_t *in, uint8_t *out,
                                                            int ng)
{
    uint32x4_t a1[GROUPS], a0[GROUPS];
    uint32x4_t lo = vdupq_n_u32((uint32_t)counter), hi = vdupq_n_u32((uint32_t)(counter >> 32));
    for (int g = 0; g < ng; g++) {
        uint32x4_t i = block_index(g);
        a0[g] = vaddq_u32(lo, i);
        a1[g] = vsubq_u32(hi, vcltq_u32(a0[g], i));
    }
    xor_stream(k, c, le, a1, a0, in, out, ng);
}

/* GOST 28147-89 gamma: a0 = N3 + i * C2 (mod 2^32), a1 = N4 + i * C1
 * modulo 2^32 - 1, the carry out of bit 31 added back (the end-around carry
 * of sc_gost89_add_mod_m) by subtracting the wrap mask; i * C1 < 2^32 for
 * i < BATCH_BLOCKS. Branch-free: N3/N4 derive from the key. */
static inline __attribute__((always_inline)) void cnt_batch(const sc_magma_key *k, const struct consts *c, int le,
                                                            uint32_t n3, uint32_t n4, const uint8_t *in,
                                                            uint8_t *out, int ng)
{
    uint32x4_t a1[GROUPS], a0[GROUPS];
    uint32x4_t v3 = vdupq_n_u32(n3), v4 = vdupq_n_u32(n4);
    for (int g = 0; g < ng; g++) {
        uint32x4_t i = block_index(g), ic1 = vmulq_n_u32(i, SC_GOST89_C1);
        uint32x4_t sum = vaddq_u32(v4, ic1);
        a0[g] = vaddq_u32(v3, vmulq_n_u32(i, SC_GOST89_C2));
        a1[g] = vsubq_u32(sum, vcltq_u32(sum, ic1));
    }
    xor_stream(k, c, le, a1, a0, in, out, ng);
}

/* Whole batches in place of the caller's buffers; the last partial batch
 * through a zero-padded stack copy (lengths are public), its groups rounded
 * up to 1, 2, 4 or GROUPS so that a short input costs one group's latency. */
#define RUN(batch, advance, ...)                                                                 \
    do {                                                                                         \
        struct consts c;                                                                         \
        load_consts(k, &c);                                                                      \
        for (; nblocks >= BATCH_BLOCKS;                                                          \
             nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS) {         \
            batch(k, &c, le, __VA_ARGS__, in, out, GROUPS);                                      \
            advance;                                                                             \
        }                                                                                        \
        if (nblocks == 0) return;                                                                \
        uint8_t buf[8 * BATCH_BLOCKS];                                                           \
        size_t groups = (nblocks + GROUP_BLOCKS - 1) / GROUP_BLOCKS;                             \
        memset(buf, 0, sizeof buf);                                                              \
        memcpy(buf, in, 8 * nblocks);                                                            \
        if (groups == 1) batch(k, &c, le, __VA_ARGS__, buf, buf, 1);                             \
        else if (groups == 2) batch(k, &c, le, __VA_ARGS__, buf, buf, 2);                        \
        else if (groups <= 4) batch(k, &c, le, __VA_ARGS__, buf, buf, 4);                        \
        else batch(k, &c, le, __VA_ARGS__, buf, buf, GROUPS);                                    \
        memcpy(out, buf, 8 * nblocks);                                                           \
        sc_wipe(buf, sizeof buf);                                                                \
    } while (0)

/* Each op is compiled once per byte order (le constant), so the REV32 of
 * the big-endian convention costs no branch per group. */
static inline __attribute__((always_inline)) void ecb_run(const sc_magma_key *k, int le, const uint32_t *rk,
                                                          const uint8_t *in, uint8_t *out, size_t nblocks)
{
    RUN(ecb_batch, (void)0, rk);
}

static void ecb(const sc_magma_key *k, const uint32_t *rk, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    if (k->little_endian) ecb_run(k, 1, rk, in, out, nblocks);
    else ecb_run(k, 0, rk, in, out, nblocks);
}

static inline __attribute__((always_inline)) void ctr_run(const sc_magma_key *k, int le, uint64_t counter,
                                                          const uint8_t *in, uint8_t *out, size_t nblocks)
{
    RUN(ctr_batch, counter += BATCH_BLOCKS, counter);
}

static void ctr(const sc_magma_key *k, uint64_t counter, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    if (k->little_endian) ctr_run(k, 1, counter, in, out, nblocks);
    else ctr_run(k, 0, counter, in, out, nblocks);
}

static inline __attribute__((always_inline)) void cnt_run(const sc_magma_key *k, int le, uint32_t n3, uint32_t n4,
                                                          const uint8_t *in, uint8_t *out, size_t nblocks)
{
    RUN(cnt_batch, (n3 += BATCH_BLOCKS * SC_GOST89_C2, n4 = sc_gost89_add_mod_m(n4, BATCH_BLOCKS * SC_GOST89_C1)),
        n3, n4);
}

static void cnt(const sc_magma_key *k, uint32_t n3, uint32_t n4, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    if (k->little_endian) cnt_run(k, 1, n3, n4, in, out, nblocks);
    else cnt_run(k, 0, n3, n4, in, out, nblocks);
}

static inline __attribute__((always_inline)) void cbc_run(const sc_magma_key *k, int le, uint8_t *chain, size_t z,
                                                          const uint8_t *in, uint8_t *out, size_t nblocks)
{
    RUN(cbc_batch, (void)0, chain, z, nblocks < BATCH_BLOCKS ? nblocks : BATCH_BLOCKS);
}

static void cbc_decrypt(const sc_magma_key *k, uint8_t *chain, size_t z, const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    if (k->little_endian) cbc_run(k, 1, chain, z, in, out, nblocks);
    else cbc_run(k, 0, chain, z, in, out, nblocks);
}

/* The serial chains, s = E(s ^ in_i) (CBC encryption, CMAC: 32 rounds) and
 * GOST 28147-89's MAC (16 rounds, halves as the 16th round leaves them:
 * sc_magma_mac16), one block at a time, its halves in lane 0 of two 64-bit
 * registers. With only four index bytes per half-round, one TBL does both
 * nibbles: SLI (.2d, by 28) copies the word's high nibbles into the low
 * nibbles of bytes 4-7 (x << 28 moves bits 4..35 to 32..63) while bytes 0-3
 * keep the low ones; BIF puts the positions in. Bytes 0-3 of the result
 * then carry S_2j in their low nibbles, bytes 4-7 S_(2j+1) in their high
 * nibbles: USHR by 32 and one more BIF merge them. The upper lane collects
 * garbage that never flows down (SLI takes bits 32..35 only into byte 7's
 * high nibble, which BIF replaces). 9 instructions per half-round. */
static inline uint32x2_t chain_half_round(const struct consts *c, uint32x2_t dst, uint32x2_t src, uint32x2_t key)
{
    uint64x1_t x = vreinterpret_u64_u32(vadd_u32(src, key));
    uint8x8_t nibble = vget_low_u8(c->nibble);
    uint8x8_t idx = vbsl_u8(nibble, vreinterpret_u8_u64(vsli_n_u64(x, x, 28)), vget_low_u8(c->position));
    uint8x8_t r = vqtbl4_u8(c->sbox, idx);
    uint8x8_t s = vbsl_u8(nibble, r, vreinterpret_u8_u64(vshr_n_u64(vreinterpret_u64_u8(r), 32)));
    uint32x2_t t = vreinterpret_u32_u8(s);
    return veor_u32(dst, vsri_n_u32(vshl_n_u32(t, 11), t, 21));
}

/* round_keys[0] is K1..K8 three times, then K8..K1 (GOST R 34.12-2015
 * 5.3.3, magma_key.c): the eight distinct keys stay in registers. */
static inline int key_of_round(int r) { return r < 24 ? r % 8 : 31 - r; }

static inline __attribute__((always_inline)) void chain_rounds(const sc_magma_key *k, uint64_t *s,
                                                               const uint8_t *in, uint8_t *out, size_t nblocks,
                                                               int rounds)
{
    struct consts c;
    uint32x2_t key[8];
    load_consts(k, &c);
    for (int i = 0; i < 8; i++) key[i] = vdup_n_u32(k->round_keys[0][i]);
    uint64_t v = *s;
    for (size_t i = 0; i < nblocks; i++) {
        v ^= sc_magma_load_block(in + 8 * i, k->little_endian);
        uint32x2_t a1 = vdup_n_u32((uint32_t)(v >> 32)), a0 = vdup_n_u32((uint32_t)v);
#pragma GCC unroll 16
        for (int r = 0; r < rounds; r += 2) {
            a1 = chain_half_round(&c, a1, a0, key[key_of_round(r)]);
            a0 = chain_half_round(&c, a0, a1, key[key_of_round(r + 1)]);
        }
        uint32_t h1 = vget_lane_u32(a1, 0), h0 = vget_lane_u32(a0, 0);
        v = sc_magma_chain_block(h1, h0, rounds);
        if (out != NULL) sc_magma_store_block(out + 8 * i, v, k->little_endian);
    }
    *s = v;
}

SC_MAGMA_CHAIN_OPS(chain_rounds)

const struct sc_magma_ops sc_magma_arm_neon = {prepare, ecb, ctr, cnt, cbc_decrypt, chain, chain16};
