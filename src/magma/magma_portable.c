/* SPDX-License-Identifier: Apache-2.0 */
/* Magma portable reference kernel: constant time, and the oracle every SIMD
 * kernel is tested against, so it is written for clarity.
 *
 * The S-box layer t() looks up eight 4-bit S-boxes. A table lookup indexed by
 * the (secret) nibble would leak through the cache, and the S-box itself may
 * be secret, so t() instead scans all 16 input values for all eight nibbles
 * at once (SWAR): for each value v, a mask of the nibbles equal to v selects
 * column[v], the word holding S_i[v] in nibble i. 16 steps of plain ALU
 * operations, the same work whatever the data. */
#include "magma_internal.h"

/* tables layout for this kernel: uint32_t column[16]. */
static void prepare(sc_magma_key *k)
{
    uint32_t column[16];
    for (int v = 0; v < 16; v++) {
        column[v] = 0;
        for (int i = 0; i < 8; i++) column[v] |= (uint32_t)k->sbox[i][v] << (4 * i);
    }
    memcpy(k->tables, column, sizeof column);
    sc_wipe(column, sizeof column);
}

static uint32_t substitute(const uint32_t column[16], uint32_t x)
{
    uint32_t out = 0;
    for (uint32_t v = 0; v < 16; v++) {
        uint32_t d = x ^ (v * 0x11111111u);                   /* nibble == v  <=>  nibble of d == 0 */
        uint32_t nonzero = (d | d >> 1 | d >> 2 | d >> 3) & 0x11111111u;
        uint32_t equal = (nonzero ^ 0x11111111u) * 0xFu;     /* 0xF in each matching nibble */
        out |= equal & column[v];
    }
    return out;
}

static uint32_t g(const uint32_t column[16], uint32_t x)
{
    uint32_t t = substitute(column, x);
    return t << 11 | t >> 21;
}

static uint64_t crypt_block(const uint32_t column[16], const uint32_t *rk, uint64_t v)
{
    uint32_t a1 = (uint32_t)(v >> 32), a0 = (uint32_t)v;
    for (int r = 0; r < 32; r += 2) {
        a1 ^= g(column, a0 + rk[r]);
        a0 ^= g(column, a1 + rk[r + 1]);
    }
    return (uint64_t)a0 << 32 | a1;
}

uint64_t sc_magma_mac16(const sc_magma_key *k, uint64_t v)
{
    uint32_t column[16];
    for (int c = 0; c < 16; c++) {
        column[c] = 0;
        for (int i = 0; i < 8; i++) column[c] |= (uint32_t)k->sbox[i][c] << (4 * i);
    }
    /* a0 = N1, a1 = N2 (crypt_block's halves); the encryption schedule
     * starts K1..K8, K1..K8. */
    const uint32_t *rk = k->round_keys[0];
    uint32_t a1 = (uint32_t)(v >> 32), a0 = (uint32_t)v;
    for (int r = 0; r < 16; r += 2) {
        a1 ^= g(column, a0 + rk[r]);
        a0 ^= g(column, a1 + rk[r + 1]);
    }
    sc_wipe(column, sizeof column);
    return (uint64_t)a1 << 32 | a0; /* N1 (last written, a0) stays first */
}

static void load_columns(const sc_magma_key *k, uint32_t column[16])
{
    memcpy(column, k->tables, 16 * sizeof(uint32_t));
}

static void ecb(const sc_magma_key *k, const uint32_t *rk, const uint8_t *in, uint8_t *out,
                size_t nblocks)
{
    uint32_t column[16];
    load_columns(k, column);
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t v = sc_magma_load_block(in + 8 * i, k->little_endian);
        sc_magma_store_block(out + 8 * i, crypt_block(column, rk, v), k->little_endian);
    }
    sc_wipe(column, sizeof column);
}

static void ctr(const sc_magma_key *k, uint64_t counter, const uint8_t *in, uint8_t *out,
                size_t nblocks)
{
    uint32_t column[16];
    uint8_t stream[8];
    load_columns(k, column);
    for (size_t i = 0; i < nblocks; i++) {
        sc_magma_store_block(stream, crypt_block(column, k->round_keys[0], counter + i),
                             k->little_endian);
        for (int j = 0; j < 8; j++) out[8 * i + j] = in[8 * i + j] ^ stream[j];
    }
    sc_wipe(column, sizeof column);
    sc_wipe(stream, sizeof stream);
}

/* GOST 28147-89 gamma, one counter step per block (RFC 5830 section 6). */
static void cnt(const sc_magma_key *k, uint32_t n3, uint32_t n4, const uint8_t *in, uint8_t *out,
                size_t nblocks)
{
    uint32_t column[16];
    uint8_t stream[8];
    load_columns(k, column);
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t block = (uint64_t)n4 << 32 | n3;
        sc_magma_store_block(stream, crypt_block(column, k->round_keys[0], block), k->little_endian);
        for (int j = 0; j < 8; j++) out[8 * i + j] = in[8 * i + j] ^ stream[j];
        n3 += SC_GOST89_C2;
        n4 = sc_gost89_add_mod_m(n4, SC_GOST89_C1);
    }
    sc_wipe(column, sizeof column);
    sc_wipe(stream, sizeof stream);
}

const struct sc_magma_ops sc_magma_portable = {prepare, ecb, ctr, cnt, sc_magma_cbc_decrypt_via_ecb, NULL, NULL};
