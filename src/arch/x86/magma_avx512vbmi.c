/* SPDX-License-Identifier: Apache-2.0 */
/* Magma, AVX-512 VBMI: up to 192 blocks in flight, constant time.
 *
 * State: blocks are transposed so that one zmm holds the same half (a1 or a0)
 * of 16 blocks, one dword each; a batch is up to GROUPS such pairs. The
 * transposition and the byte order of either convention are one vpermt2b per
 * register on the way in and on the way out (indices built in prepare()).
 *
 * S-box layer (the idea from the issue): vpermb reads the low six bits of
 * each index byte. With the nibble in bits 0-3 and the byte's position within
 * its dword (0..3) in bits 4-5, one vpermb on a 64-byte table looks up four
 * different 4-bit S-boxes at once: table_lo[16j + v] = S_{2j}[v] for the low
 * nibbles, table_hi[16j + v] = S_{2j+1}[v] << 4 for the high ones. The tables
 * sit in registers and every byte of them is read by the permute whatever the
 * data, so neither the data nor the (possibly secret) S-box leaks.
 *
 * Per round and 16 blocks: vprold 11, vpaddd, two vpternlogd (mask the
 * nibble, insert the position), vpsrld, two vpermb, one vpternlogd (merge
 * and xor): two of Zen 5's permute slots and six simple operations. Twelve
 * groups (192 blocks, the study used 48) keep enough independent chains in
 * flight: measured on Zen 5, 6 / 8 / 12 / 16 groups give 0.82 / 0.69 / 0.61 /
 * 0.64 cycles per byte (16 KiB ECB).
 */
#include "vec512.h"

#include "../../magma/magma_internal.h"

enum { GROUPS = 12, GROUP_BLOCKS = 16, BATCH_BLOCKS = GROUPS * GROUP_BLOCKS };

/* k->tables layout for this kernel. */
enum { T_LO = 0, T_HI = 64, IDX_LOAD_A1 = 128, IDX_LOAD_A0 = 256, IDX_STORE = 384 };

/* S-box tables and the transposition indices for the key's byte order. */
static void prepare(sc_magma_key *k)
{
    uint8_t *t = k->tables;
    int le = k->little_endian;
    for (int j = 0; j < 4; j++)
        for (int v = 0; v < 16; v++) {
            t[T_LO + 16 * j + v] = k->sbox[2 * j][v];
            t[T_HI + 16 * j + v] = (uint8_t)(k->sbox[2 * j + 1][v] << 4);
        }
    /* Load: a1 is bytes 0..3 big-endian (BE) or bytes 4..7 little-endian (LE);
     * a0 the other four. vpermt2b index 0..127 spans both source registers. */
    for (int i = 0; i < 16; i++)
        for (int b = 0; b < 4; b++) {
            t[IDX_LOAD_A1 + 4 * i + b] = (uint8_t)(8 * i + (le ? 4 + b : 3 - b));
            t[IDX_LOAD_A0 + 4 * i + b] = (uint8_t)(8 * i + (le ? b : 7 - b));
        }
    /* Store: output value (a0 << 32 | a1) of block i, blocks 0..7 then 8..15;
     * source a0 = first operand (0..63), a1 = second (64..127). */
    for (int i = 0; i < 16; i++)
        for (int q = 0; q < 8; q++) {
            int from_a0 = le ? q >= 4 : q < 4;
            int byte = le ? q % 4 : 3 - q % 4;
            t[IDX_STORE + 8 * i + q] = (uint8_t)((from_a0 ? 0 : 64) + 4 * i + byte);
        }
}

struct consts {
    __m512i t_lo, t_hi, nibble, position;
};

/* Half-round on the rotated representation r = a >>> 11 (see crypt_groups):
 * r_dst ^= t((r_src <<< 11) + k). t() is two vpermb, one for the low and one
 * for the high nibble of every byte, each index being the nibble with the
 * byte's position inserted: (nibble & 0x0F) | position = ternlog 0xEA. The
 * xor and the merge of the two lookups are one more ternlog (A ^ (B | C) =
 * 0x1E). The high index is formed first: x is then dead when the low one
 * overwrites it, which spares the compiler a register copy. */
static inline __m512i half_round(const struct consts *c, __m512i r_dst, __m512i r_src, __m512i k)
{
    __m512i x = _mm512_add_epi32(_mm512_rol_epi32(r_src, 11), k);
    __m512i hi = _mm512_ternarylogic_epi32(_mm512_srli_epi32(x, 4), c->nibble, c->position, 0xEA);
    __m512i lo = _mm512_ternarylogic_epi32(x, c->nibble, c->position, 0xEA);
    return _mm512_ternarylogic_epi32(r_dst, _mm512_permutexvar_epi8(lo, c->t_lo),
                                     _mm512_permutexvar_epi8(hi, c->t_hi), 0x1E);
}

/* 32 rounds on ng groups (ng a compile-time constant after inlining).
 *
 * Each half is kept rotated right by 11: a ^= t(.) <<< 11 becomes
 * r ^= t(.), so the rotation moves to where the half is next used as round
 * input, and the xor absorbs the or of the two lookups: eight vector
 * operations per half-round and 16 blocks instead of nine. */
static inline __attribute__((always_inline)) void crypt_rounds(const struct consts *c,
                                                               const uint32_t *rk, __m512i *a1,
                                                               __m512i *a0, int ng, int rounds)
{
    for (int g = 0; g < ng; g++) {
        a1[g] = _mm512_ror_epi32(a1[g], 11);
        a0[g] = _mm512_ror_epi32(a0[g], 11);
    }
    for (int r = 0; r < rounds; r += 2) {
        __m512i k0 = _mm512_set1_epi32((int)rk[r]), k1 = _mm512_set1_epi32((int)rk[r + 1]);
#pragma GCC unroll 12
        for (int g = 0; g < ng; g++) a1[g] = half_round(c, a1[g], a0[g], k0);
#pragma GCC unroll 12
        for (int g = 0; g < ng; g++) a0[g] = half_round(c, a0[g], a1[g], k1);
    }
    for (int g = 0; g < ng; g++) {
        a1[g] = _mm512_rol_epi32(a1[g], 11);
        a0[g] = _mm512_rol_epi32(a0[g], 11);
    }
}

static inline __attribute__((always_inline)) void crypt_groups(const struct consts *c,
                                                               const uint32_t *rk, __m512i *a1,
                                                               __m512i *a0, int ng)
{
    crypt_rounds(c, rk, a1, a0, ng, 32);
}

static inline void load_consts(const sc_magma_key *k, struct consts *c)
{
    c->t_lo = _mm512_loadu_si512(k->tables + T_LO);
    c->t_hi = _mm512_loadu_si512(k->tables + T_HI);
    c->nibble = _mm512_set1_epi8(0x0F);
    c->position = _mm512_set1_epi32(0x30201000);
}

/* Qword masks for the two 8-block halves of a group holding nb blocks. */
static inline __mmask8 half_mask(size_t nb, int half)
{
    size_t n = half ? (nb > 8 ? nb - 8 : 0) : nb;
    return n >= 8 ? (__mmask8)0xFF : (__mmask8)((1u << n) - 1);
}

static inline void load_group(const sc_magma_key *k, const uint8_t *in, size_t nb, __m512i *a1,
                              __m512i *a0)
{
    __m512i x = _mm512_maskz_loadu_epi64(half_mask(nb, 0), in);
    __m512i y = _mm512_maskz_loadu_epi64(half_mask(nb, 1), in + 64);
    *a1 = _mm512_permutex2var_epi8(x, _mm512_loadu_si512(k->tables + IDX_LOAD_A1), y);
    *a0 = _mm512_permutex2var_epi8(x, _mm512_loadu_si512(k->tables + IDX_LOAD_A0), y);
}

/* Output blocks 0..7 and 8..15 of a group (as bytes) from the final halves. */
static inline void output_group(const sc_magma_key *k, __m512i a1, __m512i a0, __m512i *x, __m512i *y)
{
    *x = _mm512_permutex2var_epi8(a0, _mm512_loadu_si512(k->tables + IDX_STORE), a1);
    *y = _mm512_permutex2var_epi8(a0, _mm512_loadu_si512(k->tables + IDX_STORE + 64), a1);
}

static inline size_t group_count(size_t nb, int g)
{
    size_t start = (size_t)g * GROUP_BLOCKS;
    return nb <= start ? 0 : nb - start > GROUP_BLOCKS ? GROUP_BLOCKS : nb - start;
}

static inline __attribute__((always_inline)) void ecb_batch(const sc_magma_key *k, const struct consts *c,
                                                            const uint32_t *rk, const uint8_t *in,
                                                            uint8_t *out, size_t nb, int ng)
{
    __m512i a1[GROUPS], a0[GROUPS];
    for (int g = 0; g < ng; g++) load_group(k, in + 128 * g, group_count(nb, g), &a1[g], &a0[g]);
    crypt_groups(c, rk, a1, a0, ng);
    for (int g = 0; g < ng; g++) {
        __m512i x, y;
        size_t n = group_count(nb, g);
        output_group(k, a1[g], a0[g], &x, &y);
        _mm512_mask_storeu_epi64(out + 128 * g, half_mask(n, 0), x);
        _mm512_mask_storeu_epi64(out + 128 * g + 64, half_mask(n, 1), y);
    }
}

/* Encrypt the counter blocks in a1/a0 and xor them into the nb blocks of
 * input (masked loads and stores: the last group may be partial). */
static inline __attribute__((always_inline)) void xor_stream(const sc_magma_key *k, const struct consts *c,
                                                             __m512i *a1, __m512i *a0, const uint8_t *in,
                                                             uint8_t *out, size_t nb, int ng)
{
    crypt_groups(c, k->round_keys[0], a1, a0, ng);
    for (int g = 0; g < ng; g++) {
        __m512i x, y;
        size_t n = group_count(nb, g);
        __mmask8 m0 = half_mask(n, 0), m1 = half_mask(n, 1);
        output_group(k, a1[g], a0[g], &x, &y);
        x = _mm512_xor_si512(x, _mm512_maskz_loadu_epi64(m0, in + 128 * g));
        y = _mm512_xor_si512(y, _mm512_maskz_loadu_epi64(m1, in + 128 * g + 64));
        _mm512_mask_storeu_epi64(out + 128 * g, m0, x);
        _mm512_mask_storeu_epi64(out + 128 * g + 64, m1, y);
    }
}

/* GOST R 34.13-2015 CBC decryption of nb blocks: out_i = D(in_i) ^ c_(i-z).
 * The operand is loaded from `in` shifted back by z blocks (from the edge
 * copy where it reaches into the chain), and the groups are stored last
 * first: in place, every operand lies at a lower address than the block it
 * is xored into, so it is read before any output overwrites it. */
static inline __attribute__((always_inline)) void cbc_batch(const sc_magma_key *k, const struct consts *c,
                                                            uint8_t *chain, size_t z, const uint8_t *in,
                                                            uint8_t *out, size_t nb, int ng)
{
    uint8_t edge[8 * 2 * SC_MAGMA_CBC_MAX_BLOCKS];
    __m512i a1[GROUPS], a0[GROUPS];
    sc_magma_cbc_edge(edge, chain, z, in, nb);
    for (int g = 0; g < ng; g++) load_group(k, in + 128 * g, group_count(nb, g), &a1[g], &a0[g]);
    sc_magma_cbc_advance(chain, z, edge, in, nb);
    crypt_groups(c, k->round_keys[1], a1, a0, ng);
    for (int g = ng - 1; g >= 0; g--) {
        __m512i x, y;
        size_t n = group_count(nb, g), first = (size_t)g * GROUP_BLOCKS;
        const uint8_t *prev = first >= z ? in + 8 * (first - z) : edge + 8 * first;
        __mmask8 m0 = half_mask(n, 0), m1 = half_mask(n, 1);
        output_group(k, a1[g], a0[g], &x, &y);
        x = _mm512_xor_si512(x, _mm512_maskz_loadu_epi64(m0, prev));
        y = _mm512_xor_si512(y, _mm512_maskz_loadu_epi64(m1, prev + 64));
        _mm512_mask_storeu_epi64(out + 128 * g, m0, x);
        _mm512_mask_storeu_epi64(out + 128 * g + 64, m1, y);
    }
}

/* Block index within the batch of each dword of group g. */
static inline __m512i block_index(int g)
{
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm512_add_epi32(iota, _mm512_set1_epi32(g * GROUP_BLOCKS));
}

/* 34.13 CTR: 64-bit counters counter + i as (a1, a0) = (high, low) dwords:
 * add i to the low word, carry into the high one where it wrapped. */
static inline __attribute__((always_inline)) void ctr_batch(const sc_magma_key *k, const struct consts *c,
                                                            uint64_t counter, const uint8_t *in,
                                                            uint8_t *out, size_t nb, int ng)
{
    __m512i a1[GROUPS], a0[GROUPS];
    const __m512i lo = _mm512_set1_epi32((int)(uint32_t)counter);
    const __m512i hi = _mm512_set1_epi32((int)(uint32_t)(counter >> 32));
    for (int g = 0; g < ng; g++) {
        __m512i i = block_index(g);
        a0[g] = _mm512_add_epi32(lo, i);
        a1[g] = _mm512_mask_add_epi32(hi, _mm512_cmplt_epu32_mask(a0[g], i), hi, _mm512_set1_epi32(1));
    }
    xor_stream(k, c, a1, a0, in, out, nb, ng);
}

/* GOST 28147-89 gamma: a0 = N3 + i * C2 (mod 2^32), a1 = N4 + i * C1 modulo
 * 2^32 - 1: add, then add back the carry out of bit 31 where the sum wrapped
 * (sc_gost89_add_mod_m; i * C1 < 2^32 for i < 192). Masked add, no branch:
 * N3/N4 derive from the key. */
static inline __attribute__((always_inline)) void cnt_batch(const sc_magma_key *k, const struct consts *c,
                                                            uint32_t n3, uint32_t n4, const uint8_t *in,
                                                            uint8_t *out, size_t nb, int ng)
{
    __m512i a1[GROUPS], a0[GROUPS];
    const __m512i v3 = _mm512_set1_epi32((int)n3), v4 = _mm512_set1_epi32((int)n4);
    const __m512i c1 = _mm512_set1_epi32((int)SC_GOST89_C1), c2 = _mm512_set1_epi32((int)SC_GOST89_C2);
    for (int g = 0; g < ng; g++) {
        __m512i i = block_index(g), ic1 = _mm512_mullo_epi32(i, c1);
        __m512i sum = _mm512_add_epi32(v4, ic1);
        a0[g] = _mm512_add_epi32(v3, _mm512_mullo_epi32(i, c2));
        a1[g] = _mm512_mask_add_epi32(sum, _mm512_cmplt_epu32_mask(sum, ic1), sum, _mm512_set1_epi32(1));
    }
    xor_stream(k, c, a1, a0, in, out, nb, ng);
}

/* The tail of a multi-block op: groups rounded up to 1, 2, 4, 8 or 12 (five
 * compiled variants; masked groups beyond the data cost little: short inputs
 * are latency-bound), so a single block costs one group's latency. */
#define TAIL(batch, ...)                                                                         \
    do {                                                                                         \
        size_t groups = (nblocks + GROUP_BLOCKS - 1) / GROUP_BLOCKS;                             \
        if (groups == 0) return;                                                                 \
        if (groups == 1) batch(k, &c, __VA_ARGS__, in, out, nblocks, 1);                         \
        else if (groups == 2) batch(k, &c, __VA_ARGS__, in, out, nblocks, 2);                    \
        else if (groups <= 4) batch(k, &c, __VA_ARGS__, in, out, nblocks, 4);                    \
        else if (groups <= 8) batch(k, &c, __VA_ARGS__, in, out, nblocks, 8);                    \
        else batch(k, &c, __VA_ARGS__, in, out, nblocks, 12);                                    \
    } while (0)

static void ecb(const sc_magma_key *k, const uint32_t *rk, const uint8_t *in, uint8_t *out,
                size_t nblocks)
{
    struct consts c;
    load_consts(k, &c);
    for (; nblocks >= BATCH_BLOCKS; nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS)
        ecb_batch(k, &c, rk, in, out, BATCH_BLOCKS, GROUPS);
    TAIL(ecb_batch, rk);
}

static void ctr(const sc_magma_key *k, uint64_t counter, const uint8_t *in, uint8_t *out,
                size_t nblocks)
{
    struct consts c;
    load_consts(k, &c);
    for (; nblocks >= BATCH_BLOCKS;
         nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS, counter += BATCH_BLOCKS)
        ctr_batch(k, &c, counter, in, out, BATCH_BLOCKS, GROUPS);
    TAIL(ctr_batch, counter);
}

static void cnt(const sc_magma_key *k, uint32_t n3, uint32_t n4, const uint8_t *in, uint8_t *out,
                size_t nblocks)
{
    struct consts c;
    load_consts(k, &c);
    for (; nblocks >= BATCH_BLOCKS; nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS) {
        cnt_batch(k, &c, n3, n4, in, out, BATCH_BLOCKS, GROUPS);
        n3 += BATCH_BLOCKS * SC_GOST89_C2;
        n4 = sc_gost89_add_mod_m(n4, BATCH_BLOCKS * SC_GOST89_C1);
    }
    TAIL(cnt_batch, n3, n4);
}

static void cbc_decrypt(const sc_magma_key *k, uint8_t *chain, size_t z, const uint8_t *in, uint8_t *out,
                        size_t nblocks)
{
    struct consts c;
    load_consts(k, &c);
    for (; nblocks >= BATCH_BLOCKS; nblocks -= BATCH_BLOCKS, in += 8 * BATCH_BLOCKS, out += 8 * BATCH_BLOCKS)
        cbc_batch(k, &c, chain, z, in, out, BATCH_BLOCKS, GROUPS);
    TAIL(cbc_batch, chain, z);
}

/* CBC encryption, the CMAC and GOST 28147-89's MAC: ~17 cycles per
 * half-round on Zen 5 (vprold, vpaddd, vpsrld and ternlog at 2 cycles,
 * vpermb 5, ternlog), 68 cycles/byte for 32 rounds. */
#include "magma_chain_template.h"

const struct sc_magma_ops sc_magma_x86_avx512vbmi = {prepare, ecb, ctr, cnt, cbc_decrypt, chain, chain16};
