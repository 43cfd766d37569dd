/* Kalyna with 64-bit lookup tables: TABLE, NOT CONSTANT-TIME (the table
 * index is secret data, so the cache leaks it). Only the benchmark uses it,
 * to compare the constant-time kernels with the technique of the reference
 * implementation and of the study ("table" rows). Encryption only.
 *
 * T_r[x] is the column MixColumns makes of S_(r mod 4)(x) placed in row r,
 * so a round is, per output column, 8 lookups and 7 xors. */
#include <stdlib.h>
#include <string.h>

#include <simdcrypt/kalyna.h>

#include "bench_kalyna.h"
#include "kalyna/kalyna_internal.h"

struct bench_kalyna_table {
    sc_kalyna_key key;
    uint64_t t[8][256];
};

static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    for (; b; b >>= 1, a = (uint8_t)((a << 1) ^ (a & 0x80 ? 0x1d : 0)))
        if (b & 1) r ^= a;
    return r;
}

bench_kalyna_table *bench_kalyna_table_new(size_t block_size, const uint8_t *key, size_t key_len)
{
    static const uint8_t v[8] = {0x01, 0x01, 0x05, 0x01, 0x08, 0x06, 0x07, 0x04};
    bench_kalyna_table *t = aligned_alloc(64, sizeof *t);
    if (t == NULL) return NULL;
    if (sc_kalyna_setkey_kernel(&t->key, block_size, key, key_len, "portable") != SC_OK) {
        free(t);
        return NULL;
    }
    for (int r = 0; r < 8; r++)
        for (int x = 0; x < 256; x++) {
            uint8_t s = sc_kalyna_sbox[r & 3][x];
            uint64_t col = 0;
            for (int o = 0; o < 8; o++) col |= (uint64_t)gmul(s, v[(r - o) & 7]) << (8 * o);
            t->t[r][x] = col;
        }
    return t;
}

void bench_kalyna_table_ecb(const bench_kalyna_table *t, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    const unsigned nb = t->key.nb, nr = t->key.rounds;
    for (size_t i = 0; i < nblocks; i++, in += 8 * nb, out += 8 * nb) {
        uint64_t s[8], n[8];
        for (unsigned c = 0; c < nb; c++) s[c] = sc_kalyna_load64(in + 8 * c) + t->key.rk[0][c];
        for (unsigned r = 1; r <= nr; r++) {
            for (unsigned c = 0; c < nb; c++) {
                uint64_t col = 0;
                for (unsigned row = 0; row < 8; row++) /* nb is a power of two */
                    col ^= t->t[row][(s[(c + nb - row * nb / 8) & (nb - 1)] >> (8 * row)) & 0xff];
                n[c] = r < nr ? col ^ t->key.rk[r][c] : col + t->key.rk[r][c];
            }
            memcpy(s, n, 8 * nb);
        }
        for (unsigned c = 0; c < nb; c++) sc_kalyna_store64(out + 8 * c, s[c]);
    }
}

void bench_kalyna_table_free(void *t)
{
    if (t) sc_wipe(t, sizeof(bench_kalyna_table));
    free(t);
}
