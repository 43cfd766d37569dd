/* SPDX-License-Identifier: Apache-2.0 */
/* Portable constant-time Kalyna (DSTU 7624:2014): the reference every other
 * kernel is tested against, written for clarity.
 *
 * State: nb 64-bit columns; byte r of column c (little-endian) is row r,
 * as the standard lays the block out (byte i -> column i / 8, row i % 8).
 * Constant time: an S-box lookup reads all 32 words of the table and keeps
 * the right one with a mask (no secret index), then shifts by (x & 7) * 8
 * (variable shifts take constant time on every CPU we target); the
 * multiplications in GF(2^8) are branch-free bit arithmetic on 8 bytes at
 * once. */
#include "kalyna_internal.h"

/* Hide a value from the optimizer: clang otherwise recognises the mask
 * below as "i == hi" and compiles the scan into a conditional move or a
 * branch on secret data (the valgrind constant-time test caught it). */
static inline uint64_t opaque(uint64_t x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* Entry x of an S-box, scanning the whole table. */
static uint64_t ct_lookup(const uint64_t table[32], uint64_t x)
{
    uint64_t word = 0, hi = opaque(x >> 3);
    for (uint64_t i = 0; i < 32; i++) {
        uint64_t mask = opaque((uint64_t)0 - (((i ^ hi) - 1) >> 63)); /* all ones iff i == hi */
        word |= table[i] & mask;
    }
    return (word >> ((x & 7) * 8)) & 0xff;
}

/* Multiply the 8 bytes of x by 2 in GF(2^8) mod x^8+x^4+x^3+x^2+1 (0x11D). */
static uint64_t xtime8(uint64_t x)
{
    uint64_t high = (x >> 7) & UINT64_C(0x0101010101010101);
    return ((x & UINT64_C(0x7f7f7f7f7f7f7f7f)) << 1) ^ (high * 0x1d);
}

/* Multiply the 8 bytes of x by the public constant c. */
static uint64_t mul8(uint64_t x, unsigned c)
{
    uint64_t acc = 0;
    for (; c; c >>= 1, x = xtime8(x))
        if (c & 1) acc ^= x;
    return acc;
}

static uint64_t rotr64(uint64_t x, unsigned bits) { return bits ? (x >> bits) | (x << (64 - bits)) : x; }

/* MixColumns with the circulant row v (section 6.2.3): output row r is
 * sum_d v[d] * input row (r + d) mod 8, i.e. the column times v[d], rotated
 * down by d bytes, summed over d. */
static uint64_t mix_column(uint64_t col, const uint8_t v[8])
{
    uint64_t out = 0;
    for (unsigned d = 0; d < 8; d++) out ^= rotr64(mul8(col, v[d]), 8 * d);
    return out;
}

static const uint8_t mds[8] = {0x01, 0x01, 0x05, 0x01, 0x08, 0x06, 0x07, 0x04};
static const uint8_t mds_inv[8] = {0xad, 0x95, 0x76, 0xa8, 0x2f, 0x49, 0xd7, 0xca};

/* Row r moves right by r * nb / 8 columns (ShiftRows, section 6.2.2). */
static unsigned row_shift(unsigned r, unsigned nb) { return r * nb / 8; }

void sc_kalyna_round_portable(uint64_t *s, unsigned nb)
{
    uint64_t t[8] = {0};
    for (unsigned c = 0; c < nb; c++)
        for (unsigned r = 0; r < 8; r++) {
            uint64_t y = ct_lookup(sc_kalyna_sbox64[r & 3], (s[c] >> (8 * r)) & 0xff);
            t[(c + row_shift(r, nb)) % nb] |= y << (8 * r);
        }
    for (unsigned c = 0; c < nb; c++) s[c] = mix_column(t[c], mds);
}

static void inverse_round(uint64_t *s, unsigned nb)
{
    uint64_t t[8] = {0};
    for (unsigned c = 0; c < nb; c++) {
        uint64_t col = mix_column(s[c], mds_inv);
        for (unsigned r = 0; r < 8; r++) {
            uint64_t y = ct_lookup(sc_kalyna_sbox_inv64[r & 3], (col >> (8 * r)) & 0xff);
            t[(c + nb - row_shift(r, nb)) % nb] |= y << (8 * r);
        }
    }
    for (unsigned c = 0; c < nb; c++) s[c] = t[c];
}

static void encrypt_block(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)
{
    const unsigned nb = k->nb, nr = k->rounds;
    uint64_t s[8];
    for (unsigned c = 0; c < nb; c++) s[c] = sc_kalyna_load64(in + 8 * c) + k->rk[0][c];
    for (unsigned r = 1; r < nr; r++) {
        sc_kalyna_round_portable(s, nb);
        for (unsigned c = 0; c < nb; c++) s[c] ^= k->rk[r][c];
    }
    sc_kalyna_round_portable(s, nb);
    for (unsigned c = 0; c < nb; c++) sc_kalyna_store64(out + 8 * c, s[c] + k->rk[nr][c]);
    sc_wipe(s, sizeof s);
}

static void decrypt_block(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out)
{
    const unsigned nb = k->nb, nr = k->rounds;
    uint64_t s[8];
    for (unsigned c = 0; c < nb; c++) s[c] = sc_kalyna_load64(in + 8 * c) - k->rk[nr][c];
    inverse_round(s, nb);
    for (unsigned r = nr - 1; r >= 1; r--) {
        for (unsigned c = 0; c < nb; c++) s[c] ^= k->rk[r][c];
        inverse_round(s, nb);
    }
    for (unsigned c = 0; c < nb; c++) sc_kalyna_store64(out + 8 * c, s[c] - k->rk[0][c]);
    sc_wipe(s, sizeof s);
}

static void encrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) encrypt_block(k, in + i * k->block_size, out + i * k->block_size);
}

static void decrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) decrypt_block(k, in + i * k->block_size, out + i * k->block_size);
}

const struct sc_kalyna_ops sc_kalyna_portable = {encrypt_blocks, decrypt_blocks, sc_kalyna_ctr_generic,
                                                 sc_kalyna_cbc_decrypt_generic, sc_kalyna_cbc_encrypt_generic,
                                                 sc_kalyna_mac_generic};
