/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna (DSTU 7624:2014) with NEON ("arm-neon"), constant time, all five
 * block/key sizes. AdvSIMD is baseline AArch64: no extra flags.
 *
 * Layout: the one of the x86 pshufb kernel (kalyna_pshufb_template.h). A
 * chunk is 16 blocks, one per byte position of a 16-byte register, and
 * register p of the state holds byte p (row p % 8 of column p / 8) of every
 * block of the chunk. Then every register goes through one S-box, pi_(p % 4),
 * and ShiftRows and the row rotation of MixColumns only rename registers.
 *   S-box       a 256-byte table is 16 registers: TBL on 4 of them
 *               (entries 0..63) gives 0 for an index >= 64, and TBX on the
 *               next 64 entries with index x ^ 0x40 keeps what is there unless
 *               x is in 64..127, and so on for x ^ 0x80 and x ^ 0xc0: seven
 *               instructions per register, every table byte read whatever
 *               the data (register permutes, no load indexed by a secret);
 *   MixColumns  c * x in GF(2^8) mod 0x11D is linear over GF(2), so
 *               c * x = T_lo[x & 15] ^ T_hi[x >> 4] (kalyna_gf_nibbles.h),
 *               two 16-entry TBL per constant. Encryption needs 4, 6, 8
 *               (5 = 4 ^ 1, 7 = 6 ^ 1); decryption ad 95 76 a8 2f 49 d7 and
 *               ca = 1 ^ ad ^ 2f ^ 49.
 * The first and last round keys are added/subtracted modulo 2^64 on 64-bit
 * lanes while the blocks are still in memory order (section 6.2.1); the
 * middle ones are xored as one broadcast byte (DUP) per register.
 *
 * Modes: CTR builds its counters in registers and xors the key stream into
 * the input on the way out; CBC decryption xors the previous ciphertext
 * block on the way out. Tails of up to ONE_BLOCK_MAX blocks go one block
 * at a time, like CBC encryption and the MAC (kalyna_neon_1block.c), longer
 * ones through a zero-padded chunk (the cost of a whole chunk). */
#include <string.h>

#include "kalyna_neon_common.h"

/* gcc's first scheduling pass (before register allocation) hoists the
 * loads and table lookups of a whole MixColumns column ahead of their xors
 * and then spills: about 15% more instructions for encryption and 25% for
 * decryption with gcc 12. This file's register allocation is better left in
 * program order: cmake/kernels_aarch64.cmake builds it with gcc's
 * -fno-schedule-insns (clang has no such pass and needs none). */

/* A compiler barrier between the columns of a pass (and the S-boxes of
 * SubBytes): the state lives in memory between them. Without it gcc 12
 * interleaved the columns of a whole pass and spilled a large part of every
 * round to the stack (44 instead of 34 instructions/byte for 128/128 when
 * it was added). */
#define STATE_IN_MEMORY() __asm__ volatile("" ::: "memory")

enum { CHUNK_BLOCKS = 16, MAX_STATE = SC_KALYNA_MAX_BLOCK };

/* ---- 16x16 byte transposition (shared with the x86 kernels) --------------- */

/* x86 punpckl/punpckh interleave the low/high halves of two registers in
 * elements of 8..64 bits: ZIP1/ZIP2 on NEON. */
#define ZIP_AS(op, T, a, b) vreinterpretq_u8_##T(op##_##T(vreinterpretq_##T##_u8(a), vreinterpretq_##T##_u8(b)))
#define v_unpacklo8(a, b) vzip1q_u8((a), (b))
#define v_unpackhi8(a, b) vzip2q_u8((a), (b))
#define v_unpacklo16(a, b) ZIP_AS(vzip1q, u16, (a), (b))
#define v_unpackhi16(a, b) ZIP_AS(vzip2q, u16, (a), (b))
#define v_unpacklo32(a, b) ZIP_AS(vzip1q, u32, (a), (b))
#define v_unpackhi32(a, b) ZIP_AS(vzip2q, u32, (a), (b))
#define v_unpacklo64(a, b) ZIP_AS(vzip1q, u64, (a), (b))
#define v_unpackhi64(a, b) ZIP_AS(vzip2q, u64, (a), (b))
#include "../../kalyna/kalyna_transpose16.h"

/* ---- S-boxes -------------------------------------------------------------- */

/* Byte i of v in every lane. i is a constant once the loops are unrolled,
 * but DUP takes an immediate lane: the switch folds away. */
AI vec_t dup_lane(vec_t v, unsigned i)
{
    switch (i & 15) {
    case 0: return vdupq_laneq_u8(v, 0);
    case 1: return vdupq_laneq_u8(v, 1);
    case 2: return vdupq_laneq_u8(v, 2);
    case 3: return vdupq_laneq_u8(v, 3);
    case 4: return vdupq_laneq_u8(v, 4);
    case 5: return vdupq_laneq_u8(v, 5);
    case 6: return vdupq_laneq_u8(v, 6);
    case 7: return vdupq_laneq_u8(v, 7);
    case 8: return vdupq_laneq_u8(v, 8);
    case 9: return vdupq_laneq_u8(v, 9);
    case 10: return vdupq_laneq_u8(v, 10);
    case 11: return vdupq_laneq_u8(v, 11);
    case 12: return vdupq_laneq_u8(v, 12);
    case 13: return vdupq_laneq_u8(v, 13);
    case 14: return vdupq_laneq_u8(v, 14);
    default: return vdupq_laneq_u8(v, 15);
    }
}

/* (Inverse) SubBytes in place, then xor the round key bytes if there are
 * any (decryption; NULL: none). The registers of S-box j are p = j, j + 4,
 * ...: each table is loaded once per pass. */
AI void sub_bytes_pass(vec_t *T, unsigned nb, const uint8_t (*boxes)[256], const uint8_t *key)
{
    UNROLL
    for (unsigned j = 0; j < 4; j++) {
        STATE_IN_MEMORY();
        const uint8x16x4_t part0 = vld1q_u8_x4(boxes[j]), part1 = vld1q_u8_x4(boxes[j] + 64),
                           part2 = vld1q_u8_x4(boxes[j] + 128), part3 = vld1q_u8_x4(boxes[j] + 192);
        UNROLL
        for (unsigned p = j; p < 8 * nb; p += 4) {
            const vec_t y = sbox_apply(part0, part1, part2, part3, T[p]);
            if (key) {
                /* key byte p: DUP from its 16-byte piece (see mix_pass) */
                vec_t piece = vld1q_u8(key + (p & ~15u));
                PIN(piece);
                T[p] = veorq_u8(y, dup_lane(piece, p & 15));
            } else {
                T[p] = y;
            }
        }
    }
}

/* ---- round passes over the sliced state ----------------------------------- */

/* The MixColumns accumulators after each input row (see PIN), in one
 * statement: eight separate ones cost gcc 12 about 3 register moves per row. */
AI void pin_rows(vec_t o[8])
{
    __asm__("" : "+w"(o[0]), "+w"(o[1]), "+w"(o[2]), "+w"(o[3]), "+w"(o[4]), "+w"(o[5]), "+w"(o[6]), "+w"(o[7]));
}

/* ShiftRows + MixColumns from T into N, plus the round key (section 6.2):
 * output row r is XOR_d v_d * (row r + d) with v = 01 01 05 01 08 06 07 04,
 * i.e. input row b adds v_d * row b to output row b - d. The plain terms
 * (v_d = 1 at d = 0, 1, 3 and in 5 = 4 ^ 1 at d = 2, 7 = 6 ^ 1 at d = 6) go
 * in as pairs P_b = row b ^ row b + 1: P_r and P_(r+2) plus row r + 6 give
 * output r all five, one xor per row fewer than adding them one by one. */
AI void mix_pass(const vec_t *T, vec_t *N, unsigned nb, const uint8_t *key)
{
    UNROLL
    for (unsigned c = 0; c < nb; c++) {
        STATE_IN_MEMORY();
        const gf_table t4 = gf_table_load(SC_KALYNA_NIB_04), t6 = gf_table_load(SC_KALYNA_NIB_06),
                       t8 = gf_table_load(SC_KALYNA_NIB_08);
        /* one load for the column's 8 key bytes, then a DUP per row (LD1R
         * takes no offset: gcc made each one a byte load and a DUP, and
         * does the same to DUPs from a plain load, hence the PIN) */
        uint8x8_t key_column = vld1_u8(key + 8 * c);
        PIN(key_column);
        vec_t o[8] = {vdupq_lane_u8(key_column, 0), vdupq_lane_u8(key_column, 1), vdupq_lane_u8(key_column, 2),
                      vdupq_lane_u8(key_column, 3), vdupq_lane_u8(key_column, 4), vdupq_lane_u8(key_column, 5),
                      vdupq_lane_u8(key_column, 6), vdupq_lane_u8(key_column, 7)};
#define ROW(b) T[8 * ((c + nb - (b) * nb / 8) % nb) + (b)] /* ShiftRows */
        const vec_t row0 = ROW(0);
        vec_t x = row0;
        UNROLL
        for (unsigned b = 0; b < 8; b++) {
            const vec_t next = b < 7 ? ROW(b + 1) : row0, pair = veorq_u8(x, next);
            const nibbles n = split(x);
            const vec_t m4 = gf_mul(n, t4), m6 = gf_mul(n, t6), m8 = gf_mul(n, t8);
#define OUT(d) o[(b + 8 - (d)) & 7]
            OUT(0) = veorq_u8(OUT(0), pair);
            OUT(2) = veorq_u8(OUT(2), veorq_u8(pair, m4));
            OUT(4) = veorq_u8(OUT(4), m8);
            OUT(5) = veorq_u8(OUT(5), m6);
            OUT(6) = veorq_u8(OUT(6), veorq_u8(x, m6));
            OUT(7) = veorq_u8(OUT(7), m4);
#undef OUT
            pin_rows(o);
            x = next;
        }
#undef ROW
        UNROLL
        for (unsigned r = 0; r < 8; r++) N[8 * c + r] = o[r];
    }
}

/* InvMixColumns then InvShiftRows from T into N, w = ad 95 76 a8 2f 49 d7 ca
 * (section 6.2.3): input row b adds w_d * row b to output row b - d. In two
 * sweeps over the inputs, each with its own tables: fourteen table registers
 * and eight accumulators did not fit (gcc spilled half of the pass). First
 * w_1 w_2 w_3 w_6 = 95 76 a8 d7, then w_0 w_4 w_5 = ad 2f 49 and
 * w_7 = ca = 1 ^ ad ^ 2f ^ 49 from them. */
AI void inv_mix_pass(const vec_t *T, vec_t *N, unsigned nb)
{
    UNROLL
    for (unsigned c = 0; c < nb; c++) {
        STATE_IN_MEMORY();
        vec_t o[8] = {vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0),
                      vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0), vdupq_n_u8(0)};
#define ADD(d, v) (o[(b + 8 - (d)) & 7] = veorq_u8(o[(b + 8 - (d)) & 7], (v)))
        {
            const gf_table t95 = gf_table_load(SC_KALYNA_NIB_95), t76 = gf_table_load(SC_KALYNA_NIB_76),
                           ta8 = gf_table_load(SC_KALYNA_NIB_A8), td7 = gf_table_load(SC_KALYNA_NIB_D7);
            UNROLL
            for (unsigned b = 0; b < 8; b++) {
                const nibbles n = split(T[8 * c + b]);
                ADD(1, gf_mul(n, t95));
                ADD(2, gf_mul(n, t76));
                ADD(3, gf_mul(n, ta8));
                ADD(6, gf_mul(n, td7));
                pin_rows(o);
            }
        }
        {
            const gf_table tad = gf_table_load(SC_KALYNA_NIB_AD), t2f = gf_table_load(SC_KALYNA_NIB_2F),
                           t49 = gf_table_load(SC_KALYNA_NIB_49);
            UNROLL
            for (unsigned b = 0; b < 8; b++) {
                const vec_t x = T[8 * c + b];
                const nibbles n = split(x);
                const vec_t ad = gf_mul(n, tad), x2f = gf_mul(n, t2f), x49 = gf_mul(n, t49);
                ADD(0, ad);
                ADD(4, x2f);
                ADD(5, x49);
                ADD(7, veorq_u8(veorq_u8(x, ad), veorq_u8(x2f, x49)));
                pin_rows(o);
            }
        }
#undef ADD
        UNROLL
        for (unsigned r = 0; r < 8; r++) N[8 * ((c + nb - r * nb / 8) % nb) + r] = o[r]; /* InvShiftRows */
    }
}

/* The bytes xored after round r: none for the first and last, which are
 * added modulo 2^64 outside the sliced rounds. */
static const uint8_t no_key[SC_KALYNA_MAX_BLOCK];

static const uint8_t *xor_key(const sc_kalyna_key *k, unsigned r)
{
    return r == 0 || r == k->rounds ? no_key : (const uint8_t *)k->rk[r];
}

/* All rounds on a sliced chunk, A in and out. One function per block size
 * and direction: nb constant, the passes unroll. */
#define ROUNDS_FOR(NB)                                                                      \
    static __attribute__((noinline)) void encrypt_rounds_##NB(const sc_kalyna_key *k, vec_t *A) \
    {                                                                                       \
        vec_t B[8 * NB];                                                                    \
        for (unsigned r = 1; r <= k->rounds; r += 2) { /* rounds is even */                 \
            sub_bytes_pass(A, NB, sc_kalyna_sbox, NULL);                                    \
            mix_pass(A, B, NB, xor_key(k, r));                                              \
            sub_bytes_pass(B, NB, sc_kalyna_sbox, NULL);                                    \
            mix_pass(B, A, NB, xor_key(k, r + 1));                                          \
        }                                                                                   \
        sc_wipe(B, sizeof B);                                                               \
    }                                                                                       \
    static __attribute__((noinline)) void decrypt_rounds_##NB(const sc_kalyna_key *k, vec_t *A) \
    {                                                                                       \
        vec_t B[8 * NB];                                                                    \
        for (unsigned r = k->rounds; r >= 2; r -= 2) {                                      \
            inv_mix_pass(A, B, NB);                                                         \
            sub_bytes_pass(B, NB, sc_kalyna_sbox_inv, xor_key(k, r - 1));                   \
            inv_mix_pass(B, A, NB);                                                         \
            sub_bytes_pass(A, NB, sc_kalyna_sbox_inv, xor_key(k, r - 2));                   \
        }                                                                                   \
        sc_wipe(B, sizeof B);                                                               \
    }
ROUNDS_FOR(2)
ROUNDS_FOR(4)
ROUNDS_FOR(8)

static void rounds(const sc_kalyna_key *k, vec_t *A, int inverse)
{
    if (inverse) SC_KALYNA_BY_NB(k, decrypt_rounds, k, A);
    else SC_KALYNA_BY_NB(k, encrypt_rounds, k, A);
}

/* ---- chunks and modes ----------------------------------------------------- */

enum mode { MODE_ENCRYPT, MODE_DECRYPT, MODE_CTR, MODE_CBC_DECRYPT };

/* Block i of the chunk is s + i + 1 (little-endian over nb columns): A[16 g
 * + i] gets its columns 2 g, 2 g + 1. The carries are computed, not
 * branched on: s derives from E(IV), a secret. */
AI void load_counters(vec_t *A, const uint64_t *s, unsigned nb)
{
    UNROLL
    for (unsigned i = 0; i < CHUNK_BLOCKS; i++) {
        uint64_t carry = i + 1, col[8];
        for (unsigned c = 0; c < nb; c++) {
            col[c] = s[c] + carry;
            carry = col[c] < carry;
        }
        for (unsigned g = 0; g < nb / 2; g++)
            A[16 * g + i] = vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(col[2 * g]), vcreate_u64(col[2 * g + 1])));
    }
}

/* s += n modulo 2^(64 nb), branch-free. */
static void counter_advance(uint64_t *s, unsigned nb, uint64_t n)
{
    uint64_t carry = n;
    for (unsigned c = 0; c < nb; c++) {
        s[c] += carry;
        carry = s[c] < carry;
    }
}

AI vec_t add_or_sub64(vec_t v, const uint64_t *key, int subtract)
{
    const uint64x2_t a = vreinterpretq_u64_u8(v), b = vld1q_u64(key);
    return vreinterpretq_u8_u64(subtract ? vsubq_u64(a, b) : vaddq_u64(a, b));
}

/* One chunk of 16 blocks in -> out. ctr: the CTR base s (blocks s + 1 ..
 * s + 16); chain: the CBC register (in, then the chunk's last ciphertext).
 * Outputs go last block first, so that in place, block i still reads
 * ciphertext i - 1 (CBC) before it is overwritten. */
AI void chunk(const sc_kalyna_key *k, const enum mode mode, const uint8_t *in, uint8_t *out, const uint64_t *ctr,
              uint8_t *chain)
{
    const unsigned nb = k->nb, bs = 8 * nb;
    const int inverse = mode == MODE_DECRYPT || mode == MODE_CBC_DECRYPT;
    const uint64_t *first = k->rk[inverse ? k->rounds : 0], *last = k->rk[inverse ? 0 : k->rounds];
    vec_t A[MAX_STATE];
    if (mode == MODE_CTR) load_counters(A, ctr, nb);
    for (unsigned g = 0; g < nb / 2; g++) {
        UNROLL
        for (unsigned i = 0; i < CHUNK_BLOCKS; i++) {
            const vec_t v = mode == MODE_CTR ? A[16 * g + i] : vld1q_u8(in + bs * i + 16 * g);
            A[16 * g + i] = add_or_sub64(v, first + 2 * g, inverse);
        }
        transpose16(A + 16 * g);
    }
    rounds(k, A, inverse);
    for (unsigned g = 0; g < nb / 2; g++) {
        untranspose16(A + 16 * g);
        const vec_t next_chain = mode == MODE_CBC_DECRYPT ? vld1q_u8(in + bs * 15 + 16 * g) : vdupq_n_u8(0);
        UNROLL
        for (int i = CHUNK_BLOCKS - 1; i >= 0; i--) {
            vec_t v = add_or_sub64(A[16 * g + i], last + 2 * g, inverse);
            if (mode == MODE_CTR) v = veorq_u8(v, vld1q_u8(in + bs * i + 16 * g));
            if (mode == MODE_CBC_DECRYPT) v = veorq_u8(v, vld1q_u8(i ? in + bs * (i - 1) + 16 * g : chain + 16 * g));
            vst1q_u8(out + bs * i + 16 * g, v);
        }
        if (mode == MODE_CBC_DECRYPT) vst1q_u8(chain + 16 * g, next_chain);
    }
    sc_wipe(A, sizeof A);
}

#define CHUNK_FOR(MODE, name)                                                                                    \
    static __attribute__((noinline)) void name(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out,         \
                                               const uint64_t *ctr, uint8_t *chain)                             \
    {                                                                                                            \
        chunk(k, MODE, in, out, ctr, chain);                                                                     \
    }
CHUNK_FOR(MODE_ENCRYPT, chunk_encrypt)
CHUNK_FOR(MODE_DECRYPT, chunk_decrypt)
CHUNK_FOR(MODE_CTR, chunk_ctr)
CHUNK_FOR(MODE_CBC_DECRYPT, chunk_cbc_decrypt)

typedef void (*chunk_fn)(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, const uint64_t *ctr,
                         uint8_t *chain);

/* n blocks through whole chunks, the tail through a zero-padded one. */
static void run(const sc_kalyna_key *k, chunk_fn fn, const uint8_t *in, uint8_t *out, size_t n, uint64_t *ctr,
                uint8_t *chain)
{
    const size_t bs = k->block_size, step = CHUNK_BLOCKS * bs, whole = n / CHUNK_BLOCKS, rest = n % CHUNK_BLOCKS;
    for (size_t i = 0; i < whole; i++) {
        fn(k, in + i * step, out + i * step, ctr, chain);
        if (ctr) counter_advance(ctr, k->nb, CHUNK_BLOCKS);
    }
    if (rest) {
        uint8_t buf[CHUNK_BLOCKS * SC_KALYNA_MAX_BLOCK] __attribute__((aligned(16)));
        const size_t done = whole * step;
        memcpy(buf, in + done, rest * bs);
        memset(buf + rest * bs, 0, step - rest * bs);
        fn(k, buf, buf, ctr, chain);
        /* the chain is the last real ciphertext, not the padding's (public) */
        if (chain) memcpy(chain, in + done + (rest - 1) * bs, bs);
        memcpy(out + done, buf, rest * bs);
        if (ctr) counter_advance(ctr, k->nb, rest);
        sc_wipe(buf, step);
    }
}

/* A tail of at most this many blocks goes one block at a time
 * (kalyna_neon_1block.c): about 900 instructions a block against 6000 for a
 * padded chunk with 128-bit blocks, 7000 against 40000 with 512-bit ones
 * (encryption; decryption costs more both ways). */
enum { ONE_BLOCK_MAX = 5 };

/* The blocks of n that go through whole chunks (the rest: one at a time). */
static size_t bulk_blocks(size_t n)
{
    const size_t rest = n % CHUNK_BLOCKS;
    return rest <= ONE_BLOCK_MAX ? n - rest : n;
}

static void encrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    const size_t bs = k->block_size, bulk = bulk_blocks(n);
    run(k, chunk_encrypt, in, out, bulk, NULL, NULL);
    for (size_t i = bulk; i < n; i++) sc_kalyna_arm_neon_encrypt1(k, in + i * bs, out + i * bs);
}

static void decrypt_blocks(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    const size_t bs = k->block_size, bulk = bulk_blocks(n);
    run(k, chunk_decrypt, in, out, bulk, NULL, NULL);
    for (size_t i = bulk; i < n; i++) sc_kalyna_arm_neon_decrypt1(k, in + i * bs, out + i * bs);
}

static void ctr_blocks(const sc_kalyna_key *k, uint8_t *counter, const uint8_t *in, uint8_t *out, size_t n)
{
    const size_t bs = k->block_size, bulk = bulk_blocks(n);
    uint64_t s[SC_KALYNA_MAX_BLOCK / 8];
    for (unsigned c = 0; c < k->nb; c++) s[c] = sc_kalyna_load64(counter + 8 * c);
    run(k, chunk_ctr, in, out, bulk, s, NULL);
    if (bulk < n) {
        /* a short tail: each key stream block on its own */
        uint8_t stream[SC_KALYNA_MAX_BLOCK];
        for (size_t i = bulk; i < n; i++) {
            counter_advance(s, k->nb, 1);
            for (unsigned c = 0; c < k->nb; c++) sc_kalyna_store64(stream + 8 * c, s[c]);
            sc_kalyna_arm_neon_encrypt1(k, stream, stream);
            for (size_t b = 0; b < bs; b++) out[i * bs + b] = in[i * bs + b] ^ stream[b];
        }
        sc_wipe(stream, sizeof stream);
    }
    for (unsigned c = 0; c < k->nb; c++) sc_kalyna_store64(counter + 8 * c, s[c]);
    sc_wipe(s, sizeof s);
}

static void cbc_decrypt_blocks(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    const size_t bs = k->block_size, bulk = bulk_blocks(n);
    run(k, chunk_cbc_decrypt, in, out, bulk, NULL, chain);
    /* a short tail one block at a time; chain holds the previous ciphertext
     * block and takes each one before out (maybe in) is written */
    uint8_t ciphertext[SC_KALYNA_MAX_BLOCK], plain[SC_KALYNA_MAX_BLOCK];
    for (size_t i = bulk; i < n; i++) {
        memcpy(ciphertext, in + i * bs, bs);
        sc_kalyna_arm_neon_decrypt1(k, ciphertext, plain);
        for (size_t b = 0; b < bs; b++) out[i * bs + b] = plain[b] ^ chain[b];
        memcpy(chain, ciphertext, bs);
    }
    if (bulk < n) sc_wipe(plain, sizeof plain);
}

const struct sc_kalyna_ops sc_kalyna_arm_neon = {encrypt_blocks, decrypt_blocks, ctr_blocks, cbc_decrypt_blocks,
                                                 sc_kalyna_arm_neon_cbc_encrypt, sc_kalyna_arm_neon_mac};
