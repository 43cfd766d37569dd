/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014) with pshufb 4-bit lookups, constant time: shared by
 * the SSSE3, AVX2 and AVX-512 BW kernels (each includes it once after its
 * vector operations, vec128.h, vec256.h or vec512.h; no vpermi2b, no GFNI).
 *
 * Layout ("sliced", as in the VBMI kernel): a chunk is V_BYTES blocks, one
 * per byte position of a register, and register p of the state holds byte p
 * (row p % 8 of column p / 8) of every block of the chunk. Then
 *   SubBytes    every byte of a register goes through the same S-box
 *               pi_(p % 4); ShiftRows and the row rotation of MixColumns
 *               only rename registers: no shuffle crosses blocks;
 *   S-box       an 8-bit lookup made of sixteen 4-bit ones: row h of the
 *               table (entries 16h .. 16h + 15) is a pshufb on the low
 *               nibble, kept where the high nibble is h. Without mask
 *               registers the selection is pshufb's own zeroing: the index
 *               (x - 16h) saturating-plus 0x70 keeps the low nibble and has
 *               bit 7 clear exactly when x - 16h (mod 256) is below 16, so a
 *               row costs sub, adds, pshufb and half of a three-way xor.
 *               (AVX-512 BW: a vpcmpeqb into a mask register and a
 *               merge-masked vpshufb per row, two operations instead of
 *               three and a half, measured slower on Zen 5: 3.9 against
 *               3.6 cpb for 128/128 ECB.)
 *               Every table row is read whole whatever the data, so no
 *               memory index or branch depends on a secret;
 *   MixColumns  c * x in GF(2^8) mod 0x11D is linear over GF(2), so
 *               c * x = T_lo[x & 15] ^ T_hi[x >> 4] (kalyna_gf_nibbles.h):
 *               two pshufb per constant. Encryption needs 4, 6, 8
 *               (5 = 4 ^ 1, 7 = 6 ^ 1); decryption ad 95 76 a8 2f 49 d7
 *               (ca = 1 ^ ad ^ 2f ^ 49).
 * The first and last round keys are added/subtracted modulo 2^64 in the
 * memory layout (before and after the transposition); the others are xored
 * as one broadcast byte per register.
 *
 * A chunk is loaded as 16-byte pieces: register i of piece group g holds, in
 * its 128-bit lane l, bytes 16g .. 16g + 15 of block L i + l (L lanes per
 * register), so a 16x16 byte transpose inside each lane gives the sliced
 * state and no lane-crossing shuffle is needed. Shorter calls and tails go
 * through a zero-padded chunk: the cost of a call is a whole chunk.
 *
 * The includer includes vec128.h, vec256.h or vec512.h (vec_t, V_BYTES 16,
 * 32 or 64 and the v_* operations) and defines KERNEL_OPS (the ops symbol)
 * and ONEBLOCK(name), the few-block and serial functions it uses
 * (kalyna_ssse3_1block.h: SSSE3's, or AVX2's on AVX2 and AVX-512 BW).
 */
#include <string.h>

#include "../../cipher/stack_burn.h"
#include "../../kalyna/kalyna_gf_nibbles.h"
#include "../../kalyna/kalyna_internal.h"
#include "kalyna_ssse3_1block.h"

#define AI static inline __attribute__((always_inline))
/* The loops over rows and registers must unroll: with a variable index the
 * MixColumns accumulators o[] went to the stack and every xor waited for a
 * store to forward (2x slower). Not the round loop: code size. */
#include "../../core/unroll.h"

enum { LANES = V_BYTES / 16, CHUNK_BLOCKS = V_BYTES, MAX_STATE = 8 * SC_KALYNA_MAX_BLOCK / 8 };

/* ---- S-boxes -------------------------------------------------------------- */

/* SBOX_BATCH registers through one S-box together, row by row: each row is
 * loaded once for all of them, and their selection chains (one per register,
 * a merge or an xor per row) are independent, so their latency overlaps.
 * One at a time, the kernel was latency-bound (5.5 instead of ~2.5 cpb with
 * AVX-512). x[i] = box[x[i]] for every byte; box: 256 bytes, row h at 16 h. */
enum { SBOX_BATCH = 4 };

AI void sbox_batch(vec_t *x, const uint8_t *box)
{
    const vec_t step = v_set1_8(0x10), bias = v_set1_8(0x70);
    vec_t acc[SBOX_BATCH];
    UNROLL
    for (int i = 0; i < SBOX_BATCH; i++) acc[i] = v_shuffle8(v_bcast128(box), v_adds_u8(x[i], bias));
    /* rows in pairs: one three-way xor (a ternlog with AVX-512) adds both */
    UNROLL
    for (int h = 1; h < 16; h += 2) {
        const vec_t row0 = v_bcast128(box + 16 * h);
        UNROLL
        for (int i = 0; i < SBOX_BATCH; i++) {
            x[i] = v_sub8(x[i], step); /* x - 16 h: below 16 iff the high nibble is h */
            const vec_t y0 = v_shuffle8(row0, v_adds_u8(x[i], bias));
            if (h == 15) {
                acc[i] = v_xor(acc[i], y0);
            } else {
                x[i] = v_sub8(x[i], step);
                acc[i] = v_xor3(acc[i], y0, v_shuffle8(v_bcast128(box + 16 * (h + 1)), v_adds_u8(x[i], bias)));
            }
        }
    }
    UNROLL
    for (int i = 0; i < SBOX_BATCH; i++) x[i] = acc[i];
}

/* ---- GF(2^8) constants by nibble tables ---------------------------------- */

typedef struct nibbles {
    vec_t lo, hi;
} nibbles;

AI nibbles split(vec_t x)
{
    const vec_t nibble = v_set1_8(0x0f);
    nibbles n = {v_and(x, nibble), v_and(v_srl16(x, 4), nibble)};
    return n;
}

AI vec_t gf_mul(nibbles n, int c)
{
    return v_xor(v_shuffle8(v_bcast128(sc_kalyna_gf_nibbles[c][0]), n.lo),
                 v_shuffle8(v_bcast128(sc_kalyna_gf_nibbles[c][1]), n.hi));
}

/* ---- round passes over the sliced state ----------------------------------- */

/* Round key bytes, each repeated over 32 bits (one broadcast per use); the
 * slots of the keys added modulo 2^64 (first, last) stay zero. */
typedef struct sliced_keys {
    uint32_t b[SC_KALYNA_MAX_ROUNDS + 1][64];
} sliced_keys;

static void slice_keys(const sc_kalyna_key *k, sliced_keys *sk)
{
    memset(sk->b[0], 0, sizeof sk->b[0]);
    memset(sk->b[k->rounds], 0, sizeof sk->b[0]);
    for (unsigned r = 1; r < k->rounds; r++)
        for (unsigned p = 0; p < 8 * k->nb; p++)
            sk->b[r][p] = (uint32_t)((k->rk[r][p / 8] >> (8 * (p % 8))) & 0xff) * 0x01010101u;
}

/* (Inverse) SubBytes in place, then the round key if there is one. The
 * registers of S-box j are p = j, j + 4, ...: 2 nb of them, a whole number
 * of batches. */
AI void sub_bytes_pass(vec_t *T, unsigned nb, const uint8_t (*boxes)[256], const uint32_t *key)
{
    for (unsigned j = 0; j < 4; j++)
        for (unsigned p0 = j; p0 < 8 * nb; p0 += 4 * SBOX_BATCH) {
            vec_t x[SBOX_BATCH];
            UNROLL
            for (unsigned i = 0; i < SBOX_BATCH; i++) x[i] = T[p0 + 4 * i];
            sbox_batch(x, boxes[j]);
            UNROLL
            for (unsigned i = 0; i < SBOX_BATCH; i++)
                T[p0 + 4 * i] = key ? v_xor(x[i], v_set1_32((int)key[p0 + 4 * i])) : x[i];
        }
}

/* ShiftRows + MixColumns from T into N, plus the round key (section 6.2):
 * output row r is XOR_d v_d * (row r + d) with v = 01 01 05 01 08 06 07 04,
 * i.e. input row b adds v_d * row b to output row b - d. */
AI void mix_pass(const vec_t *T, vec_t *N, unsigned nb, const uint32_t *key)
{
    for (unsigned c = 0; c < nb; c++) {
        vec_t o[8];
        UNROLL
        for (unsigned r = 0; r < 8; r++) o[r] = v_set1_32((int)key[8 * c + r]);
        UNROLL
        for (unsigned b = 0; b < 8; b++) {
            const vec_t x = T[8 * ((c + nb - b * nb / 8) % nb) + b]; /* ShiftRows */
            const nibbles n = split(x);
            const vec_t m4 = gf_mul(n, SC_KALYNA_NIB_04), m6 = gf_mul(n, SC_KALYNA_NIB_06);
            const vec_t m8 = gf_mul(n, SC_KALYNA_NIB_08);
#define OUT(d) o[(b + 8 - (d)) & 7]
            OUT(0) = v_xor(OUT(0), x);
            OUT(1) = v_xor(OUT(1), x);
            OUT(2) = v_xor3(OUT(2), x, m4);
            OUT(3) = v_xor(OUT(3), x);
            OUT(4) = v_xor(OUT(4), m8);
            OUT(5) = v_xor(OUT(5), m6);
            OUT(6) = v_xor3(OUT(6), x, m6);
            OUT(7) = v_xor(OUT(7), m4);
#undef OUT
        }
        UNROLL
        for (unsigned r = 0; r < 8; r++) N[8 * c + r] = o[r];
    }
}

/* InvMixColumns then InvShiftRows from T into N: w = ad 95 76 a8 2f 49 d7
 * ca, and ca = 1 ^ ad ^ 2f ^ 49 in GF(2^8) costs xors only. */
AI void inv_mix_pass(const vec_t *T, vec_t *N, unsigned nb)
{
    for (unsigned c = 0; c < nb; c++) {
        vec_t o[8];
        UNROLL
        for (unsigned b = 0; b < 8; b++) {
            const vec_t x = T[8 * c + b];
            const nibbles n = split(x);
            const vec_t ad = gf_mul(n, SC_KALYNA_NIB_AD), x2f = gf_mul(n, SC_KALYNA_NIB_2F);
            const vec_t x49 = gf_mul(n, SC_KALYNA_NIB_49);
            const vec_t t[8] = {ad,  gf_mul(n, SC_KALYNA_NIB_95), gf_mul(n, SC_KALYNA_NIB_76),
                                gf_mul(n, SC_KALYNA_NIB_A8), x2f, x49, gf_mul(n, SC_KALYNA_NIB_D7),
                                v_xor(v_xor3(x, ad, x2f), x49)};
            UNROLL
            for (unsigned d = 0; d < 8; d++) {
                vec_t *out = &o[(b + 8 - d) & 7];
                *out = b == 0 ? t[d] : v_xor(*out, t[d]);
            }
        }
        UNROLL
        for (unsigned r = 0; r < 8; r++) N[8 * ((c + nb - r * nb / 8) % nb) + r] = o[r]; /* InvShiftRows */
    }
}

/* ---- transposition ------------------------------------------------------- */

#include "../../kalyna/kalyna_transpose16.h"

/* ---- chunks -------------------------------------------------------------- */

/* One chunk of CHUNK_BLOCKS blocks of nb columns, in -> out. */
AI void chunk(const sc_kalyna_key *k, const sliced_keys *sk, const unsigned nb, const uint8_t *in, uint8_t *out,
              int inverse)
{
    const unsigned rounds = k->rounds, bs = 8 * nb;
    /* two state buffers, one round's input and output */
    vec_t A[MAX_STATE], B[MAX_STATE];
    const uint8_t *first = (const uint8_t *)k->rk[inverse ? rounds : 0];
    for (unsigned g = 0; g < nb / 2; g++) {
        const vec_t key = v_bcast128(first + 16 * g);
        UNROLL
        for (unsigned i = 0; i < 16; i++) {
            const uint8_t *p = in + bs * LANES * i + 16 * g;
            vec_t v = nb == 2 ? v_load(p) : v_load_lanes(p, bs);
            A[16 * g + i] = inverse ? v_sub64(v, key) : v_add64(v, key);
        }
        transpose16(A + 16 * g);
    }
    if (!inverse) {
        for (unsigned r = 1; r <= rounds; r += 2) { /* rounds is even */
            sub_bytes_pass(A, nb, sc_kalyna_sbox, NULL);
            mix_pass(A, B, nb, sk->b[r]);
            sub_bytes_pass(B, nb, sc_kalyna_sbox, NULL);
            mix_pass(B, A, nb, sk->b[r + 1]);
        }
    } else {
        for (unsigned r = rounds; r >= 2; r -= 2) {
            inv_mix_pass(A, B, nb);
            sub_bytes_pass(B, nb, sc_kalyna_sbox_inv, r - 1 ? sk->b[r - 1] : NULL);
            inv_mix_pass(B, A, nb);
            sub_bytes_pass(A, nb, sc_kalyna_sbox_inv, r - 2 ? sk->b[r - 2] : NULL);
        }
    }
    const uint8_t *last = (const uint8_t *)k->rk[inverse ? 0 : rounds];
    for (unsigned g = 0; g < nb / 2; g++) {
        untranspose16(A + 16 * g);
        const vec_t key = v_bcast128(last + 16 * g);
        UNROLL
        for (unsigned i = 0; i < 16; i++) {
            uint8_t *p = out + bs * LANES * i + 16 * g;
            vec_t v = inverse ? v_sub64(A[16 * g + i], key) : v_add64(A[16 * g + i], key);
            if (nb == 2) v_store(p, v);
            else v_store_lanes(p, bs, v);
        }
    }
    sc_wipe(A, sizeof A);
    sc_wipe(B, sizeof B);
}

/* One function per block size: nb constant, the loops can unroll. */
#define CHUNKS_FOR(NB)                                                                                          \
    static __attribute__((noinline)) void chunks_##NB(const sc_kalyna_key *k, const sliced_keys *sk,            \
                                                      const uint8_t *in, uint8_t *out, size_t count, int inverse) \
    {                                                                                                          \
        for (size_t i = 0; i < count; i++)                                                                     \
            chunk(k, sk, NB, in + i * CHUNK_BLOCKS * 8 * NB, out + i * CHUNK_BLOCKS * 8 * NB, inverse);        \
    }
CHUNKS_FOR(2)
CHUNKS_FOR(4)
CHUNKS_FOR(8)

static void run_chunks(const sc_kalyna_key *k, const sliced_keys *sk, const uint8_t *in, uint8_t *out,
                       size_t count, int inverse)
{
    SC_KALYNA_BY_NB(k, chunks, k, sk, in, out, count, inverse);
}

static void crypt(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n, int inverse)
{
    if (!n) return;
    const size_t bs = k->block_size, whole = n / CHUNK_BLOCKS, rest = n % CHUNK_BLOCKS;
    sliced_keys sk;
    slice_keys(k, &sk);
    run_chunks(k, &sk, in, out, whole, inverse);
    if (rest) {
        /* the tail through a zero-padded chunk */
        uint8_t buf[CHUNK_BLOCKS * SC_KALYNA_MAX_BLOCK] __attribute__((aligned(64)));
        const size_t done = whole * CHUNK_BLOCKS * bs;
        memcpy(buf, in + done, rest * bs);
        memset(buf + rest * bs, 0, (CHUNK_BLOCKS - rest) * bs);
        run_chunks(k, &sk, buf, buf, 1, inverse);
        memcpy(out + done, buf, rest * bs);
        sc_wipe(buf, CHUNK_BLOCKS * bs);
    }
    sc_wipe(&sk, sizeof sk);
    /* The chunk's frame (3.5 KiB with SSSE3, 7.7 KiB with AVX2, gcc 12)
     * keeps register spills of the blocks' outputs: a keystream, and for a
     * zero-padded tail E(0), which is GCM's H and the MAC's delta
     * (test_stack_residue found it 14 KiB down the stack). Burned here,
     * once per call; a chunk computes 16 or more blocks. */
    sc_burn_stack(SC_BURN_MAX / SC_BURN_SCALE);
}

/* Up to this many blocks, the few-block path (kalyna_ssse3_1block.c, 64
 * bytes of blocks at a time) costs less than one chunk. Both costs scale
 * with the block size and the rounds, so one count serves every variant:
 * a quarter chunk. Zen 3, x86-avx2 (32-block chunks), core cycles per call,
 * Kalyna-128/128 ECB: 128 B 4000 against 6500 for the chunk, 256 B 8400
 * against 6500; Kalyna-256/256 256 B 11200 against 18500-31700;
 * Kalyna-512/512 512 B ~27000 against 39000-53000 (BENCHMARKS.md 8.6). */
enum { FEW_BLOCKS = CHUNK_BLOCKS / 4 };

static void encrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n <= FEW_BLOCKS) ONEBLOCK(encrypt_few)(k, in, out, n);
    else crypt(k, in, out, n, 0);
}
static void decrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n <= FEW_BLOCKS) ONEBLOCK(decrypt_few)(k, in, out, n);
    else crypt(k, in, out, n, 1);
}

/* The serial modes and short encryptions one block at a time
 * (kalyna_ssse3_1block.c): a block through this file's chunked code would
 * cost the whole chunk. */
const struct sc_kalyna_ops KERNEL_OPS = {encrypt_blocks, decrypt_blocks, sc_kalyna_ctr_generic,
                                         sc_kalyna_cbc_decrypt_generic, ONEBLOCK(cbc_encrypt),
                                         ONEBLOCK(mac)};
