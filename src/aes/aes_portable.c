/* SPDX-License-Identifier: Apache-2.0 */
/* Portable constant-time AES (FIPS-197): the reference every other kernel is
 * tested against, and what CPUs without AES instructions run.
 *
 * Bitsliced over four blocks ("ct64", T. Pornin's BearSSL design, written
 * here from its description): eight 64-bit words q[0..7], q[i] holding bit i
 * of all 64 state bytes. The S-box is a boolean circuit on those words, so
 * nothing is ever looked up by a secret index and nothing branches on data.
 *
 * Layout: byte s[r][c] (row r, column c, section 3.4) of block b (0..3) sits
 * at bit 16 * r + 4 * c + b of every q[i]. Each row is a 16-bit field, so
 * ShiftRows rotates the fields (by 4 * r bits) and MixColumns combines whole
 * words rotated by 16 and 32 bits (row r + 1, r + 2).
 *
 * Key: k->aux holds the bitsliced round keys, 8 words per round key (the key
 * replicated into the four block lanes), rounds + 1 of them: at most 15 * 8 =
 * 120 of the 128 words. Decryption is the inverse cipher of section 5.3 on
 * the same keys (k->rk), so one set serves both directions. */
#include "aes_internal.h"
#include "ghash_portable.h"

#define AES_LANES 4 /* blocks per bitsliced state */

/* The round functions inlined into the round loops keep the state in
 * registers: 10-15% faster with gcc and clang. */
#if defined(__GNUC__)
#define ROUND_FN static inline __attribute__((always_inline)) void
#else
#define ROUND_FN static inline void
#endif

/* The S-box as Boyar and Peralta's depth-16 circuit ("A depth-16 circuit for
 * the AES S-box", IACR ePrint 2011/332: 128 gates, 34 of them AND; chosen
 * over their smaller depth-28 circuit for the serial key schedule and CBC
 * encryption, which wait on its latency): a linear top layer (T), the shared
 * nonlinear middle (M, the GF(2^8) inversion) and a linear bottom layer (L)
 * that folds in the affine map. U0 and S0 are the most significant bits of
 * the input and output bytes. Checked against the S-box of section 5.1.1 for
 * all 256 inputs by the tests. */
ROUND_FN sub_bytes(uint64_t q[8])
{
    const uint64_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4], u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];

    const uint64_t t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5, t5 = u4 ^ u6, t6 = t1 ^ t5;
    const uint64_t t7 = u1 ^ u2, t8 = u7 ^ t6, t9 = u7 ^ t7, t10 = t6 ^ t7, t11 = u1 ^ u5, t12 = u2 ^ u5;
    const uint64_t t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11, t16 = t5 ^ t12, t17 = t9 ^ t16;
    const uint64_t t18 = u3 ^ u7, t19 = t7 ^ t18, t20 = t1 ^ t19, t21 = u6 ^ u7, t22 = t7 ^ t21;
    const uint64_t t23 = t2 ^ t22, t24 = t2 ^ t10, t25 = t20 ^ t17, t26 = t3 ^ t16, t27 = t1 ^ t12;

    const uint64_t m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & u7, m5 = m4 ^ m1;
    const uint64_t m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6, m9 = t20 & t17, m10 = m9 ^ m6;
    const uint64_t m11 = t1 & t15, m12 = t4 & t27, m13 = m12 ^ m11, m14 = t2 & t10, m15 = m14 ^ m11;
    const uint64_t m16 = m3 ^ m2, m17 = m5 ^ t24, m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13;
    const uint64_t m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25, m24 = m22 ^ m23, m25 = m22 & m20;
    const uint64_t m26 = m21 ^ m25, m27 = m20 ^ m21, m28 = m23 ^ m25, m29 = m28 & m27, m30 = m26 & m24;
    const uint64_t m31 = m20 & m23, m32 = m27 & m31, m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34;
    const uint64_t m36 = m24 ^ m25, m37 = m21 ^ m29, m38 = m32 ^ m33, m39 = m23 ^ m30, m40 = m35 ^ m36;
    const uint64_t m41 = m38 ^ m40, m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40, m45 = m42 ^ m41;
    const uint64_t m46 = m44 & t6, m47 = m40 & t8, m48 = m39 & u7, m49 = m43 & t16, m50 = m38 & t9;
    const uint64_t m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27, m54 = m41 & t10, m55 = m44 & t13;
    const uint64_t m56 = m40 & t23, m57 = m39 & t19, m58 = m43 & t3, m59 = m38 & t22, m60 = m37 & t20;
    const uint64_t m61 = m42 & t1, m62 = m45 & t4, m63 = m41 & t2;

    const uint64_t l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48, l3 = m47 ^ m55, l4 = m54 ^ m58;
    const uint64_t l5 = m49 ^ m61, l6 = m62 ^ l5, l7 = m46 ^ l3, l8 = m51 ^ m59, l9 = m52 ^ m53;
    const uint64_t l10 = m53 ^ l4, l11 = m60 ^ l2, l12 = m48 ^ m51, l13 = m50 ^ l0, l14 = m52 ^ m61;
    const uint64_t l15 = m55 ^ l1, l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8, l19 = m63 ^ l4;
    const uint64_t l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12, l23 = l18 ^ l2, l24 = l15 ^ l9;
    const uint64_t l25 = l6 ^ l10, l26 = l7 ^ l9, l27 = l8 ^ l10, l28 = l11 ^ l14, l29 = l11 ^ l17;

    q[7] = l6 ^ l24;
    q[6] = ~(l16 ^ l26);
    q[5] = ~(l19 ^ l28);
    q[4] = l6 ^ l21;
    q[3] = l20 ^ l22;
    q[2] = l25 ^ l29;
    q[1] = ~(l13 ^ l27);
    q[0] = ~(l6 ^ l23);
}

/* The inverse of the affine map of section 5.1.1, b -> A^-1 (b ^ {63}) =
 * A^-1 b ^ {05} with A^-1 b = rotl(b, 1) ^ rotl(b, 3) ^ rotl(b, 6) (bit i of
 * the result: b[i-1] ^ b[i-3] ^ b[i-6], indices mod 8). */
ROUND_FN inv_affine(uint64_t q[8])
{
    const uint64_t b0 = q[0], b1 = q[1], b2 = q[2], b3 = q[3], b4 = q[4], b5 = q[5], b6 = q[6], b7 = q[7];
    q[0] = ~(b7 ^ b5 ^ b2), q[1] = b0 ^ b6 ^ b3, q[2] = ~(b1 ^ b7 ^ b4), q[3] = b2 ^ b0 ^ b5;
    q[4] = b3 ^ b1 ^ b6, q[5] = b4 ^ b2 ^ b7, q[6] = b5 ^ b3 ^ b0, q[7] = b6 ^ b4 ^ b1;
}

/* InvSubBytes (section 5.3.2) from the forward circuit: S = Aff o Inv, so
 * Inv = Aff^-1 o S and S^-1 = Inv o Aff^-1 = Aff^-1 o S o Aff^-1. Two cheap
 * linear layers around the same 128 gates. */
ROUND_FN inv_sub_bytes(uint64_t q[8])
{
    inv_affine(q);
    sub_bytes(q);
    inv_affine(q);
}

/* ShiftRows (section 5.1.2): s'[r][c] = s[r][(c + r) mod 4], i.e. the row-r
 * field rotated right by 4 * r bits (row 0 stays). */
static uint64_t shift_rows1(uint64_t x)
{
    return (x & UINT64_C(0x000000000000FFFF)) |                                                   /* row 0 */
           (x & UINT64_C(0x00000000FFF00000)) >> 4 | (x & UINT64_C(0x00000000000F0000)) << 12 | /* row 1 */
           (x & UINT64_C(0x0000FF0000000000)) >> 8 | (x & UINT64_C(0x000000FF00000000)) << 8 |  /* row 2 */
           (x & UINT64_C(0xF000000000000000)) >> 12 | (x & UINT64_C(0x0FFF000000000000)) << 4;  /* row 3 */
}

/* InvShiftRows (section 5.3.1): the fields rotated left by 4 * r bits. */
static uint64_t inv_shift_rows1(uint64_t x)
{
    return (x & UINT64_C(0x000000000000FFFF)) |                                                   /* row 0 */
           (x & UINT64_C(0x000000000FFF0000)) << 4 | (x & UINT64_C(0x00000000F0000000)) >> 12 | /* row 1 */
           (x & UINT64_C(0x0000FF0000000000)) >> 8 | (x & UINT64_C(0x000000FF00000000)) << 8 |  /* row 2 */
           (x & UINT64_C(0x000F000000000000)) << 12 | (x & UINT64_C(0xFFF0000000000000)) >> 4;  /* row 3 */
}

ROUND_FN shift_rows(uint64_t q[8])
{
    for (int i = 0; i < 8; i++) q[i] = shift_rows1(q[i]);
}

ROUND_FN inv_shift_rows(uint64_t q[8])
{
    for (int i = 0; i < 8; i++) q[i] = inv_shift_rows1(q[i]);
}

/* Row r + k of every column moved to row r: the fields rotated by 16 k bits. */
static inline uint64_t rotr64(uint64_t x, unsigned n) { return x >> n | x << (64 - n); }

/* MixColumns (section 5.1.3): s'_r = {02} s_r ^ {03} s_(r+1) ^ s_(r+2) ^
 * s_(r+3) = {02} t_r ^ s_(r+1) ^ t_(r+2) with t_r = s_r ^ s_(r+1). {02} t
 * (xtime, section 4.2.1) moves plane i to plane i + 1 and feeds plane 7 back
 * into planes 0, 1, 3 and 4 (x^8 = x^4 + x^3 + x + 1). */
ROUND_FN mix_columns(uint64_t q[8])
{
    /* Written out plane by plane: as loops over arrays, gcc -O3 vectorizes
     * them with SSE2, which has no rotation, and runs 1.5 times slower. */
    const uint64_t q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
    const uint64_t r0 = rotr64(q0, 16), r1 = rotr64(q1, 16), r2 = rotr64(q2, 16), r3 = rotr64(q3, 16);
    const uint64_t r4 = rotr64(q4, 16), r5 = rotr64(q5, 16), r6 = rotr64(q6, 16), r7 = rotr64(q7, 16);
    const uint64_t t0 = q0 ^ r0, t1 = q1 ^ r1, t2 = q2 ^ r2, t3 = q3 ^ r3;
    const uint64_t t4 = q4 ^ r4, t5 = q5 ^ r5, t6 = q6 ^ r6, t7 = q7 ^ r7;
    q[0] = t7 ^ r0 ^ rotr64(t0, 32); /* {02} t: t7 in planes 0, 1, 3, 4; t_(i-1) in plane i */
    q[1] = t0 ^ t7 ^ r1 ^ rotr64(t1, 32);
    q[2] = t1 ^ r2 ^ rotr64(t2, 32);
    q[3] = t2 ^ t7 ^ r3 ^ rotr64(t3, 32);
    q[4] = t3 ^ t7 ^ r4 ^ rotr64(t4, 32);
    q[5] = t4 ^ r5 ^ rotr64(t5, 32);
    q[6] = t5 ^ r6 ^ rotr64(t6, 32);
    q[7] = t6 ^ r7 ^ rotr64(t7, 32);
}

/* InvMixColumns (section 5.3.3): its polynomial {0b}x^3 + {0d}x^2 + {09}x +
 * {0e} is MixColumns' {03}x^3 + {01}x^2 + {01}x + {02} times {04}x^2 + {05}
 * (mod x^4 + 1), so first s_r ^= {04} (s_r ^ s_(r+2)), then MixColumns. */
ROUND_FN inv_mix_columns(uint64_t q[8])
{
    const uint64_t v0 = q[0] ^ rotr64(q[0], 32), v1 = q[1] ^ rotr64(q[1], 32), v2 = q[2] ^ rotr64(q[2], 32);
    const uint64_t v3 = q[3] ^ rotr64(q[3], 32), v4 = q[4] ^ rotr64(q[4], 32), v5 = q[5] ^ rotr64(q[5], 32);
    const uint64_t v6 = q[6] ^ rotr64(q[6], 32), v7 = q[7] ^ rotr64(q[7], 32);
    /* {04} v: xtime twice */
    q[0] ^= v6, q[1] ^= v6 ^ v7, q[2] ^= v0 ^ v7, q[3] ^= v1 ^ v6;
    q[4] ^= v2 ^ v6 ^ v7, q[5] ^= v3 ^ v7, q[6] ^= v4, q[7] ^= v5;
    mix_columns(q);
}

ROUND_FN add_round_key(uint64_t q[8], const uint64_t *sk)
{
    for (int i = 0; i < 8; i++) q[i] ^= sk[i];
}

/* Cipher (section 5.1, figure 5) on four blocks. */
static void encrypt4(const uint64_t *sk, unsigned rounds, uint64_t q[8])
{
    add_round_key(q, sk);
    for (unsigned r = 1; r < rounds; r++) {
        sub_bytes(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, sk + 8 * r);
    }
    sub_bytes(q);
    shift_rows(q);
    add_round_key(q, sk + 8 * rounds);
}

/* InvCipher (section 5.3, figure 12) on four blocks, same round keys. */
static void decrypt4(const uint64_t *sk, unsigned rounds, uint64_t q[8])
{
    add_round_key(q, sk + 8 * rounds);
    for (unsigned r = rounds - 1; r > 0; r--) {
        inv_shift_rows(q);
        inv_sub_bytes(q);
        add_round_key(q, sk + 8 * r);
        inv_mix_columns(q);
    }
    inv_shift_rows(q);
    inv_sub_bytes(q);
    add_round_key(q, sk);
}

/* ---- Between bytes and bit planes ----
 *
 * A block is four little-endian words a0..a3 (bytes 0-3, 4-7, 8-11, 12-15).
 * Byte k is s[k % 4][k / 4] (section 3.4). Word w[4 e + b] interleaves the
 * bytes of a_e and a_(e+2) of block b, so its byte p is s[p / 2][2 (p % 2) +
 * e]; an 8 x 8 bit transposition within each byte position p then puts bit i
 * of byte p of w[j] at bit 8 p + j of q[i] = 16 r + 4 c + b, the layout above. */

/* Bytes 0..3 of x to bytes 0, 2, 4, 6. */
static uint64_t spread_bytes(uint32_t x)
{
    uint64_t v = x;
    v = (v | v << 16) & UINT64_C(0x0000FFFF0000FFFF);
    return (v | v << 8) & UINT64_C(0x00FF00FF00FF00FF);
}

/* Bytes 0, 2, 4, 6 of v to bytes 0..3. */
static uint32_t gather_bytes(uint64_t v)
{
    v &= UINT64_C(0x00FF00FF00FF00FF);
    v = (v | v >> 8) & UINT64_C(0x0000FFFF0000FFFF);
    return (uint32_t)(v | v >> 16);
}

/* Exchange the bits of a under mask << s with those of b under mask. */
static inline void swap_bits(uint64_t *a, uint64_t *b, unsigned s, uint64_t mask)
{
    uint64_t t = ((*a >> s) ^ *b) & mask;
    *b ^= t;
    *a ^= t << s;
}

/* Transpose the 8 x 8 bit matrix (word j, bit i) in each of the 8 byte
 * positions at once; its own inverse. */
static void transpose8(uint64_t q[8])
{
    for (int j = 0; j < 8; j += 2) swap_bits(&q[j], &q[j + 1], 1, UINT64_C(0x5555555555555555));
    static const int pair2[4] = {0, 1, 4, 5}; /* j and j + 2 */
    for (int p = 0; p < 4; p++) swap_bits(&q[pair2[p]], &q[pair2[p] + 2], 2, UINT64_C(0x3333333333333333));
    for (int j = 0; j < 4; j++) swap_bits(&q[j], &q[j + 4], 4, UINT64_C(0x0F0F0F0F0F0F0F0F));
}

/* w[4 b + m] = word m of block b, to the bitsliced state. */
static void words_to_state(uint64_t q[8], const uint32_t w[16])
{
    for (int b = 0; b < AES_LANES; b++) {
        q[b] = spread_bytes(w[4 * b]) | spread_bytes(w[4 * b + 2]) << 8;
        q[4 + b] = spread_bytes(w[4 * b + 1]) | spread_bytes(w[4 * b + 3]) << 8;
    }
    transpose8(q);
}

/* The inverse of words_to_state (q is consumed). */
static void state_to_words(uint32_t w[16], uint64_t q[8])
{
    transpose8(q);
    for (int b = 0; b < AES_LANES; b++) {
        w[4 * b] = gather_bytes(q[b]), w[4 * b + 2] = gather_bytes(q[b] >> 8);
        w[4 * b + 1] = gather_bytes(q[4 + b]), w[4 * b + 3] = gather_bytes(q[4 + b] >> 8);
    }
}

static uint32_t load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* n (1..4) blocks to words; the missing lanes are zero (never read). */
static void load_blocks(uint32_t w[16], const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < 16; i++) w[i] = i < 4 * n ? load_le32(in + 4 * i) : 0;
}

static void store_blocks(uint8_t *out, const uint32_t w[16], size_t n)
{
    for (size_t i = 0; i < 4 * n; i++) store_le32(out + 4 * i, w[i]);
}

/* ---- Kernel entry points ---- */

_Static_assert(8 * (SC_AES_MAX_ROUNDS + 1) <= sizeof(((sc_aes_key *)0)->aux) / sizeof(uint64_t),
               "k->aux holds 8 words per round key");

/* Four round keys bitsliced at once, one per lane, then each lane copied
 * into all four (bit 4 j + b of a plane is lane b: the lane's bits at 4 j,
 * times 0xF, fill the nibbles without carries). */
static void prepare(sc_aes_key *k)
{
    uint32_t w[16];
    uint64_t q[8];
    for (unsigned r0 = 0; r0 <= k->rounds; r0 += AES_LANES) {
        for (unsigned b = 0; b < AES_LANES; b++)
            for (int i = 0; i < 4; i++) w[4 * b + (unsigned)i] = r0 + b <= k->rounds ? load_le32(k->rk[r0 + b] + 4 * i) : 0;
        words_to_state(q, w);
        for (unsigned b = 0; b < AES_LANES && r0 + b <= k->rounds; b++)
            for (int i = 0; i < 8; i++) k->aux[8 * (r0 + b) + (unsigned)i] = (q[i] >> b & UINT64_C(0x1111111111111111)) * 0xF;
    }
    sc_wipe(w, sizeof w);
    sc_wipe(q, sizeof q);
}

typedef void crypt4_fn(const uint64_t *sk, unsigned rounds, uint64_t q[8]);

/* Up to four blocks at in (n left) through crypt4 into w, a last group of
 * 1-3 blocks with zero lanes; returns how many blocks it took. */
static size_t crypt_group(const sc_aes_key *k, crypt4_fn *crypt4, const uint8_t *in, size_t n, uint32_t w[16],
                          uint64_t q[8])
{
    size_t m = n < AES_LANES ? n : AES_LANES;
    load_blocks(w, in, m);
    words_to_state(q, w);
    crypt4(k->aux, k->rounds, q);
    state_to_words(w, q);
    return m;
}

static void ecb(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n, crypt4_fn *crypt4)
{
    uint32_t w[16];
    uint64_t q[8];
    while (n > 0) {
        size_t m = crypt_group(k, crypt4, in, n, w, q);
        store_blocks(out, w, m);
        in += 16 * m, out += 16 * m, n -= m;
    }
    sc_wipe(w, sizeof w);
    sc_wipe(q, sizeof q);
}

static void encrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n) { ecb(k, in, out, n, encrypt4); }

static void decrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n) { ecb(k, in, out, n, decrypt4); }

/* CBC encryption is serial: one block in lane 0 per pass. */
static void cbc_encrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    uint32_t w[16] = {0}, c[4];
    uint64_t q[8];
    for (int i = 0; i < 4; i++) c[i] = load_le32(iv + 4 * i);
    for (; n > 0; n--, in += 16, out += 16) {
        for (int i = 0; i < 4; i++) w[i] = c[i] ^ load_le32(in + 4 * i);
        words_to_state(q, w);
        encrypt4(k->aux, k->rounds, q);
        state_to_words(w, q);
        for (int i = 0; i < 4; i++) c[i] = w[i], store_le32(out + 4 * i, w[i]);
    }
    for (int i = 0; i < 4; i++) store_le32(iv + 4 * i, c[i]);
    sc_wipe(w, sizeof w);
    sc_wipe(q, sizeof q);
}

/* CBC decryption, four blocks at a time: the ciphertext (the next chaining
 * values) is read into c before out, which may be in, is written. */
static void cbc_decrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    uint32_t w[16], c[16], prev[4];
    uint64_t q[8];
    for (int i = 0; i < 4; i++) prev[i] = load_le32(iv + 4 * i);
    while (n > 0) {
        size_t m = n < AES_LANES ? n : AES_LANES;
        load_blocks(c, in, m);
        crypt_group(k, decrypt4, in, m, w, q);
        for (int i = 0; i < 4; i++) w[i] ^= prev[i];
        for (size_t i = 4; i < 4 * m; i++) w[i] ^= c[i - 4];
        for (size_t i = 0; i < 4; i++) prev[i] = c[4 * (m - 1) + i];
        store_blocks(out, w, m);
        in += 16 * m, out += 16 * m, n -= m;
    }
    for (int i = 0; i < 4; i++) store_le32(iv + 4 * i, prev[i]);
    sc_wipe(w, sizeof w);
    sc_wipe(q, sizeof q);
}

static uint32_t bswap32(uint32_t x)
{
    return x >> 24 | (x >> 8 & 0xff00u) | (x << 8 & 0xff0000u) | x << 24;
}

/* Counter mode on the low 32-bit big-endian word (contract in aes_internal.h:
 * no wrap within a call, so lanes add to that word alone). */
static void ctr32(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
    uint32_t w[16], nonce[3];
    uint64_t q[8];
    uint32_t c = sc_aes_load_be32(ctr + 12);
    for (int i = 0; i < 3; i++) nonce[i] = load_le32(ctr + 4 * i);
    while (n > 0) {
        size_t m = n < AES_LANES ? n : AES_LANES;
        for (uint32_t b = 0; b < AES_LANES; b++) {
            for (int i = 0; i < 3; i++) w[4 * b + (uint32_t)i] = nonce[i];
            w[4 * b + 3] = bswap32(c + b); /* the big-endian word, loaded little-endian */
        }
        words_to_state(q, w);
        encrypt4(k->aux, k->rounds, q);
        state_to_words(w, q);
        for (size_t i = 0; i < 4 * m; i++) store_le32(out + 4 * i, w[i] ^ load_le32(in + 4 * i));
        c += (uint32_t)m, in += 16 * m, out += 16 * m, n -= m;
    }
    sc_aes_store_be32(ctr + 12, c);
    sc_wipe(w, sizeof w);
    sc_wipe(q, sizeof q);
}

/* SubWord for the key schedule (section 5.2): plane i holds bit i of the
 * four bytes in place (bits 0, 8, 16, 24), through the same circuit. Short
 * dependency chains: the key expansion calls it serially. */
uint32_t sc_aes_subword(uint32_t x)
{
    uint64_t q[8];
    for (int i = 0; i < 8; i++) q[i] = x >> i & 0x01010101u;
    sub_bytes(q);
    uint32_t y = 0;
    for (int i = 0; i < 8; i++) y |= (uint32_t)(q[i] & 0x01010101u) << i;
    sc_wipe(q, sizeof q);
    return y;
}

const struct sc_aes_ops sc_aes_portable = {
    .prepare = prepare,
    .encrypt = encrypt,
    .decrypt = decrypt,
    .cbc_encrypt = cbc_encrypt,
    .cbc_decrypt = cbc_decrypt,
    .ctr32 = ctr32,
    .ghash_init = sc_ghash_portable_init,
    .ghash = sc_ghash_portable,
    .gcm_encrypt = NULL,
    .gcm_decrypt = NULL,
};
