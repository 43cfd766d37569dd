/* TEMPORARY slow constant-time AES (byte-wise, S-box by GF inversion) and
 * bitwise GHASH (SP 800-38D algorithm 1, masks instead of branches), until
 * the bitsliced kernel lands. */
#include "aes_internal.h"

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    for (int i = 0; i < 8; i++) {
        p ^= (uint8_t)(-(b & 1) & a);
        a = (uint8_t)((a << 1) ^ (-(a >> 7) & 0x1b));
        b >>= 1;
    }
    return p;
}
static uint8_t sbox(uint8_t x) { return (uint8_t)sc_aes_subword(x); }
static uint8_t inv_sbox(uint8_t y)
{
    /* affine^-1 then inversion */
    uint8_t b = (uint8_t)(((y << 1) | (y >> 7)) ^ ((y << 3) | (y >> 5)) ^ ((y << 6) | (y >> 2)) ^ 0x05);
    uint8_t x2 = gf_mul(b, b), x3 = gf_mul(x2, b), x6 = gf_mul(x3, x3), x12 = gf_mul(x6, x6);
    uint8_t x15 = gf_mul(x12, x3), x240 = x15;
    for (int i = 0; i < 4; i++) x240 = gf_mul(x240, x240);
    return gf_mul(gf_mul(x240, x12), x2);
}

static void enc1(const sc_aes_key *k, const uint8_t *in, uint8_t *out)
{
    uint8_t s[16], t[16];
    for (int i = 0; i < 16; i++) s[i] = in[i] ^ k->rk[0][i];
    for (unsigned r = 1; r <= k->rounds; r++) {
        for (int c = 0; c < 4; c++)
            for (int j = 0; j < 4; j++) t[4 * c + j] = sbox(s[4 * ((c + j) & 3) + j]);
        if (r != k->rounds)
            for (int c = 0; c < 4; c++) {
                uint8_t *a = t + 4 * c, a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
                a[0] = gf_mul(a0, 2) ^ gf_mul(a1, 3) ^ a2 ^ a3;
                a[1] = a0 ^ gf_mul(a1, 2) ^ gf_mul(a2, 3) ^ a3;
                a[2] = a0 ^ a1 ^ gf_mul(a2, 2) ^ gf_mul(a3, 3);
                a[3] = gf_mul(a0, 3) ^ a1 ^ a2 ^ gf_mul(a3, 2);
            }
        for (int i = 0; i < 16; i++) s[i] = t[i] ^ k->rk[r][i];
    }
    for (int i = 0; i < 16; i++) out[i] = s[i];
}

static void dec1(const sc_aes_key *k, const uint8_t *in, uint8_t *out)
{
    uint8_t s[16], t[16];
    for (int i = 0; i < 16; i++) s[i] = in[i] ^ k->rk[k->rounds][i];
    for (int r = (int)k->rounds - 1; r >= 0; r--) {
        for (int c = 0; c < 4; c++)
            for (int j = 0; j < 4; j++) t[4 * ((c + j) & 3) + j] = inv_sbox(s[4 * c + j]);
        for (int i = 0; i < 16; i++) t[i] ^= k->rk[r][i];
        if (r != 0)
            for (int c = 0; c < 4; c++) {
                uint8_t *a = t + 4 * c, a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
                a[0] = gf_mul(a0, 14) ^ gf_mul(a1, 11) ^ gf_mul(a2, 13) ^ gf_mul(a3, 9);
                a[1] = gf_mul(a0, 9) ^ gf_mul(a1, 14) ^ gf_mul(a2, 11) ^ gf_mul(a3, 13);
                a[2] = gf_mul(a0, 13) ^ gf_mul(a1, 9) ^ gf_mul(a2, 14) ^ gf_mul(a3, 11);
                a[3] = gf_mul(a0, 11) ^ gf_mul(a1, 13) ^ gf_mul(a2, 9) ^ gf_mul(a3, 14);
            }
        for (int i = 0; i < 16; i++) s[i] = t[i];
    }
    for (int i = 0; i < 16; i++) out[i] = s[i];
}

static void enc(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) enc1(k, in + 16 * i, out + 16 * i);
}
static void dec(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) dec1(k, in + 16 * i, out + 16 * i);
}
static void cbc_enc(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        for (int j = 0; j < 16; j++) iv[j] ^= in[16 * i + j];
        enc1(k, iv, iv);
        for (int j = 0; j < 16; j++) out[16 * i + j] = iv[j];
    }
}
static void cbc_dec(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t c[16], p[16];
        for (int j = 0; j < 16; j++) c[j] = in[16 * i + j];
        dec1(k, c, p);
        for (int j = 0; j < 16; j++) out[16 * i + j] = p[j] ^ iv[j], iv[j] = c[j];
    }
}
static void ctr32(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
    uint32_t c = sc_aes_load_be32(ctr + 12);
    for (size_t i = 0; i < n; i++) {
        uint8_t b[16], ks[16];
        for (int j = 0; j < 12; j++) b[j] = ctr[j];
        sc_aes_store_be32(b + 12, c + (uint32_t)i);
        enc1(k, b, ks);
        for (int j = 0; j < 16; j++) out[16 * i + j] = in[16 * i + j] ^ ks[j];
    }
    sc_aes_store_be32(ctr + 12, c + (uint32_t)n);
}
static void ghash_init(sc_ghash_key *g) { (void)g; }
static void ghash(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    for (size_t b = 0; b < n; b++) {
        uint8_t x[16], z[16] = {0}, v[16];
        for (int j = 0; j < 16; j++) x[j] = acc[j] ^ in[16 * b + j], v[j] = g->h[j];
        for (int i = 0; i < 128; i++) {
            uint8_t m = (uint8_t)-((x[i / 8] >> (7 - i % 8)) & 1);
            for (int j = 0; j < 16; j++) z[j] ^= v[j] & m;
            uint8_t lsb = (uint8_t)-(v[15] & 1);
            for (int j = 15; j > 0; j--) v[j] = (uint8_t)((v[j] >> 1) | (v[j - 1] << 7));
            v[0] = (uint8_t)((v[0] >> 1) ^ (0xe1 & lsb));
        }
        for (int j = 0; j < 16; j++) acc[j] = z[j];
    }
}

const struct sc_aes_ops sc_aes_portable = {NULL, enc, dec, cbc_enc, cbc_dec, ctr32, ghash_init, ghash, NULL, NULL};
