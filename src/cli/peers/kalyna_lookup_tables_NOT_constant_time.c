/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna with 64-bit lookup tables: TABLE, NOT CONSTANT-TIME (the table
 * index is secret data, so the cache leaks it). Only the benchmark uses it,
 * to compare the constant-time kernels with the technique of the reference
 * implementation and of the study ("table" rows). A fair stand-in: 8 tables
 * of 256 64-bit words per direction, the block size a compile-time constant
 * so that every column loop unrolls and the state stays in registers.
 *
 * Encryption: T_r[x] is the column MixColumns makes of S_(r mod 4)(x) placed
 * in row r, so a round is, per output column, 8 lookups and 7 xors (the
 * byte in row r comes from column c - r nb / 8: ShiftRows).
 *
 * Decryption, the equivalent inverse cipher: a round is InvMixColumns,
 * InvShiftRows, InvSubBytes, key. Between two InvMixColumns the key xor
 * commutes with the linear InvMixColumns (it becomes InvMixColumns(key)), so
 * InvSubBytes followed by InvMixColumns is one lookup table U_r again, with
 * the round keys InvMixColumns(k_r) precomputed. The first InvMixColumns
 * (no S-box before it) uses the tables M_r (InvMixColumns alone) and the last
 * InvSubBytes the plain inverse S-boxes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simdcrypt/kalyna.h>

#include "bench.h"
#include "cli.h"
#include "kalyna/kalyna_internal.h"

typedef struct kalyna_table {
    sc_kalyna_key key;
    uint64_t t[8][256];                                      /* encryption: MixColumns(S_r(x) in row r) */
    uint64_t u[8][256];                                      /* decryption: InvMixColumns(S_r^-1(x) in row r) */
    uint64_t m[8][256];                                      /* InvMixColumns(x in row r) */
    uint64_t dk[SC_KALYNA_MAX_ROUNDS + 1][SC_KALYNA_MAX_BLOCK / 8]; /* InvMixColumns(k_r) */
    const uint8_t *iv;                                       /* CBC: the fixed IV; ECB: NULL */
    int decrypt;
} kalyna_table;

static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    for (; b; b >>= 1, a = (uint8_t)((a << 1) ^ (a & 0x80 ? 0x1d : 0)))
        if (b & 1) r ^= a;
    return r;
}

/* The column a circulant row v (section 6.2.3) makes of byte s in row r. */
static uint64_t mix_of(const uint8_t v[8], unsigned r, uint8_t s)
{
    uint64_t col = 0;
    for (unsigned o = 0; o < 8; o++) col |= (uint64_t)gmul(s, v[(r - o) & 7]) << (8 * o);
    return col;
}

static uint64_t inv_mix_column(uint64_t x, const uint64_t m[8][256])
{
    uint64_t col = 0;
    for (unsigned r = 0; r < 8; r++) col ^= m[r][(x >> (8 * r)) & 0xff];
    return col;
}

static kalyna_table *table_new(size_t block_size, const uint8_t *key, size_t key_len)
{
    static const uint8_t v[8] = {0x01, 0x01, 0x05, 0x01, 0x08, 0x06, 0x07, 0x04};
    static const uint8_t w[8] = {0xad, 0x95, 0x76, 0xa8, 0x2f, 0x49, 0xd7, 0xca};
    kalyna_table *t = aligned_alloc(64, (sizeof *t + 63) / 64 * 64);
    if (t == NULL) return NULL;
    if (sc_kalyna_setkey_kernel(&t->key, block_size, key, key_len, "portable") != SC_OK) {
        free(t);
        return NULL;
    }
    for (unsigned r = 0; r < 8; r++)
        for (unsigned x = 0; x < 256; x++) {
            t->t[r][x] = mix_of(v, r, sc_kalyna_sbox[r & 3][x]);
            t->u[r][x] = mix_of(w, r, sc_kalyna_sbox_inv[r & 3][x]);
            t->m[r][x] = mix_of(w, r, (uint8_t)x);
        }
    for (unsigned r = 0; r <= t->key.rounds; r++)
        for (unsigned c = 0; c < t->key.nb; c++) t->dk[r][c] = inv_mix_column(t->key.rk[r][c], t->m);
    return t;
}

#define BYTE(x, r) (((x) >> (8 * (r))) & 0xff)

/* `lanes` blocks at a time, interleaved: one block's rounds are a chain of
 * load latencies, independent blocks fill it (the study's table code is
 * multi-block too). */
static inline __attribute__((always_inline)) void encrypt_lanes(const kalyna_table *t, const uint8_t *in,
                                                                uint8_t *out, const unsigned nb,
                                                                const unsigned lanes)
{
    const unsigned nr = t->key.rounds;
    uint64_t s[4][8], n[4][8];
    for (unsigned l = 0; l < lanes; l++)
        for (unsigned c = 0; c < nb; c++) s[l][c] = sc_kalyna_load64(in + 8 * (nb * l + c)) + t->key.rk[0][c];
    for (unsigned r = 1; r <= nr; r++) {
        for (unsigned l = 0; l < lanes; l++)
            for (unsigned c = 0; c < nb; c++) {
                uint64_t col = 0;
                for (unsigned row = 0; row < 8; row++)
                    col ^= t->t[row][BYTE(s[l][(c + nb - row * nb / 8) % nb], row)];
                n[l][c] = col;
            }
        for (unsigned l = 0; l < lanes; l++)
            for (unsigned c = 0; c < nb; c++)
                s[l][c] = r < nr ? n[l][c] ^ t->key.rk[r][c] : n[l][c] + t->key.rk[r][c];
    }
    for (unsigned l = 0; l < lanes; l++)
        for (unsigned c = 0; c < nb; c++) sc_kalyna_store64(out + 8 * (nb * l + c), s[l][c]);
}

static inline __attribute__((always_inline)) void encrypt_nb(const kalyna_table *t, const uint8_t *in,
                                                             uint8_t *out, size_t nblocks, const unsigned nb)
{
    const unsigned lanes = nb == 8 ? 1 : 8 / nb; /* 4, 2 or 1 blocks of 16 nb bytes of state */
    for (; nblocks >= lanes; nblocks -= lanes, in += 8 * nb * lanes, out += 8 * nb * lanes)
        encrypt_lanes(t, in, out, nb, lanes);
    for (; nblocks; nblocks--, in += 8 * nb, out += 8 * nb) encrypt_lanes(t, in, out, nb, 1);
}

static inline __attribute__((always_inline)) void decrypt_nb(const kalyna_table *t, const uint8_t *in,
                                                             uint8_t *out, size_t nblocks, const unsigned nb)
{
    const unsigned nr = t->key.rounds;
    for (size_t i = 0; i < nblocks; i++, in += 8 * nb, out += 8 * nb) {
        uint64_t s[8], n[8];
        for (unsigned c = 0; c < nb; c++) s[c] = inv_mix_column(sc_kalyna_load64(in + 8 * c) - t->key.rk[nr][c], t->m);
        for (unsigned r = nr - 1; r >= 1; r--) {
            for (unsigned c = 0; c < nb; c++) { /* InvShiftRows: row r of column c came from c + r nb / 8 */
                uint64_t col = 0;
                for (unsigned row = 0; row < 8; row++) col ^= t->u[row][BYTE(s[(c + row * nb / 8) % nb], row)];
                n[c] = col ^ t->dk[r][c];
            }
            for (unsigned c = 0; c < nb; c++) s[c] = n[c];
        }
        for (unsigned c = 0; c < nb; c++) {
            uint64_t col = 0;
            for (unsigned row = 0; row < 8; row++)
                col |= (uint64_t)sc_kalyna_sbox_inv[row & 3][BYTE(s[(c + row * nb / 8) % nb], row)] << (8 * row);
            n[c] = col - t->key.rk[0][c];
        }
        for (unsigned c = 0; c < nb; c++) sc_kalyna_store64(out + 8 * c, n[c]);
    }
}

static void table_ecb(const kalyna_table *t, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    switch (t->key.nb) {
    case 2: encrypt_nb(t, in, out, nblocks, 2); break;
    case 4: encrypt_nb(t, in, out, nblocks, 4); break;
    default: encrypt_nb(t, in, out, nblocks, 8); break;
    }
}

static void table_ecb_decrypt(const kalyna_table *t, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    switch (t->key.nb) {
    case 2: decrypt_nb(t, in, out, nblocks, 2); break;
    case 4: decrypt_nb(t, in, out, nblocks, 4); break;
    default: decrypt_nb(t, in, out, nblocks, 8); break;
    }
}

static void table_cbc_decrypt(const kalyna_table *t, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                                    size_t nblocks)
{
    /* backwards, block by block, so that in == out works */
    const size_t bs = t->key.block_size;
    for (size_t i = nblocks; i-- > 0;) {
        uint8_t plain[SC_KALYNA_MAX_BLOCK];
        const uint8_t *prev = i ? in + (i - 1) * bs : iv;
        table_ecb_decrypt(t, in + i * bs, plain, 1);
        for (size_t j = 0; j < bs; j++) out[i * bs + j] = plain[j] ^ prev[j];
    }
}

static void table_cbc_encrypt(const kalyna_table *t, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                                    size_t nblocks)
{
    /* serial: each block's input is the previous ciphertext */
    const size_t bs = t->key.block_size;
    uint8_t x[SC_KALYNA_MAX_BLOCK];
    const uint8_t *prev = iv;
    for (size_t i = 0; i < nblocks; i++) {
        for (size_t j = 0; j < bs; j++) x[j] = in[i * bs + j] ^ prev[j];
        table_ecb(t, x, out + i * bs, 1);
        prev = out + i * bs;
    }
}

static void table_free(void *t)
{
    if (t) sc_wipe(t, sizeof(kalyna_table));
    free(t);
}

/* --- the benchmark's "table, NOT constant-time" case ---------------------- *
 * ECB and CBC in both directions of every Kalyna speed name, keyed with the
 * name's fixed key and IV (bench_params.c), like the simdcrypt cases. A
 * BENCH_KERNEL row (tools/bench_report.py filters on its label): the
 * technique the constant-time kernels replace. */

static uint64_t run_table(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain; /* as our cases: every call from the fixed IV */
    const kalyna_table *t = p;
    const size_t nblocks = n / t->key.block_size;
    if (t->iv == NULL) (t->decrypt ? table_ecb_decrypt : table_ecb)(t, in, out, nblocks);
    else (t->decrypt ? table_cbc_decrypt : table_cbc_encrypt)(t, t->iv, in, out, nblocks);
    return bench_cipher_result(out, n);
}

static void provide_kalyna_table(bench_set *set, const char *algorithm)
{
    sc_cipher_info info;
    int decrypt;
    if (strncmp(algorithm, "kalyna-", 7) != 0 || !bench_cipher_parse(algorithm, &info, &decrypt) ||
        (strcmp(info.mode, "ecb") != 0 && strcmp(info.mode, "cbc") != 0))
        return;
    bench_cipher_params params;
    bench_cipher_params_get(algorithm, &params);
    bench_case c = {.algorithm = algorithm, .kind = BENCH_KERNEL, .block = info.block_size};
    snprintf(c.implementation, sizeof c.implementation, "table, NOT constant-time");
    kalyna_table *t = table_new(info.block_size, params.key, info.key_size);
    if (t != NULL) {
        t->iv = info.iv_size ? params.iv : NULL, t->decrypt = decrypt;
        c.ctx = t, c.run = run_table, c.cleanup = table_free;
    } else {
        snprintf(c.note, sizeof c.note, "out of memory");
    }
    bench_add(set, &c);
}
BENCH_PROVIDER(provide_kalyna_table)
