/* SPDX-License-Identifier: Apache-2.0 */
/* AES with the RISC-V vector crypto extensions ("rv-zvkned"): Zvkned for
 * the rounds, Zvkb (part of Zvbb) for the counters, Zvkg for GHASH.
 * VLEN-agnostic (>= 128). Built with -march=rv64gcv_zvkned_zvkg_zvbb.
 *
 * An element group of four 32-bit elements is one 16-byte block, in the
 * byte order of the standard: a 32-bit load of the block's bytes is what
 * vaes* and vghsh/vgmul expect, no swapping. Blocks go through in batches of
 * one LMUL-8 register group (VLEN / 16 blocks: 8 at VLEN 128, 32 at 512);
 * every instruction of a round works on the whole batch, so the count per
 * byte falls as 1 / VLEN. The .vs forms of the round instructions take the
 * round key from element group 0 of an LMUL-1 register: the keys are loaded
 * once per call and stay in 11..15 registers (the rounds are unrolled per
 * key size so that each key is one register), which with two LMUL-8 groups
 * is all 32.
 *
 * Data is loaded and stored as 32-bit elements when 4-byte aligned, else
 * as bytes (e8) and reinterpreted: misaligned vector accesses may trap, and
 * the contract allows any alignment (one copy of each loop per case).
 *
 * Decryption is the standard inverse cipher (vaesdm adds the round key
 * before InvMixColumns): it uses rk[] in reverse, not rk_dec[].
 *
 * No fused GCM (gcm_encrypt/decrypt NULL): the count per batch does not
 * depend on LMUL, so a fused loop would have to stay at LMUL 8, where the
 * GHASH lanes and H^L would be two more register groups beside the batch,
 * the input, the mask and up to 15 keys: spills. ctr32 then ghash is 0.209
 * + 0.044 guest instructions a byte at VLEN 128 (AES-128, 16 KiB), and the
 * most fusing could save is GHASH's load and loop, about 0.03.
 *
 * Constant time: vl and the batch count depend only on n; no table, no
 * data-dependent branch or address (the counters are vector adds). */
#include <riscv_vector.h>

#include "../../aes/aes_internal.h"
#include "../../core/unroll.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the Zvkned kernel loads the blocks' bytes as little-endian 32-bit elements"
#endif

#define AI static inline __attribute__((always_inline))

typedef vuint32m8_t vbatch; /* a batch of blocks */
typedef vuint32m1_t vblock; /* one block (element group 0) */

/* Blocks in a batch at most: VLEN / 16 up to VLEN 1024; the cap bounds the
 * counter buffer of CTR and the powers of H of GHASH (g->tab). */
enum { MAX_BATCH = 64 };

/* Elements (4 per block) of a batch of at most n blocks. vsetvl would be
 * allowed to return less than min(AVL, VLMAX), and less may not be a
 * multiple of 4, so the clamp is done here; an AVL <= VLMAX is then exact. */
AI size_t batch_vl(size_t n)
{
    size_t vlmax = __riscv_vsetvlmax_e32m8();
    vlmax = vlmax < 4 * MAX_BATCH ? vlmax : 4 * MAX_BATCH;
    return n < vlmax / 4 ? 4 * n : vlmax;
}

/* Blocks are read and written with 32-bit elements when the data pointers
 * are 4-byte aligned, at the vtype of the rounds; else as bytes (e8), each
 * access then between two vsetvli: a misaligned vle32 may trap, and the
 * contract allows any alignment. `aligned` is a constant in each copy of a
 * loop (the address is public: it picks code, not data). */
AI int aligned4(const void *a, const void *b) { return (((uintptr_t)a | (uintptr_t)b) & 3) == 0; }

AI vbatch load_batch(const uint8_t *p, size_t vl, const int aligned)
{
    if (aligned) return __riscv_vle32_v_u32m8((const uint32_t *)(const void *)p, vl);
    return __riscv_vreinterpret_v_u8m8_u32m8(__riscv_vle8_v_u8m8(p, 4 * vl));
}
AI void store_batch(uint8_t *p, vbatch v, size_t vl, const int aligned)
{
    if (aligned)
        __riscv_vse32_v_u32m8((uint32_t *)(void *)p, v, vl);
    else
        __riscv_vse8_v_u8m8(p, __riscv_vreinterpret_v_u32m8_u8m8(v), 4 * vl);
}
/* One block (element group 0); the caller's iv, counter and accumulator
 * once a call, as bytes (aligned 0). */
AI vblock load_block(const uint8_t *p, const int aligned)
{
    if (aligned) return __riscv_vle32_v_u32m1((const uint32_t *)(const void *)p, 4);
    return __riscv_vreinterpret_v_u8m1_u32m1(__riscv_vle8_v_u8m1(p, 16));
}
AI void store_block(uint8_t *p, vblock v, const int aligned)
{
    if (aligned)
        __riscv_vse32_v_u32m1((uint32_t *)(void *)p, v, 4);
    else
        __riscv_vse8_v_u8m1(p, __riscv_vreinterpret_v_u32m1_u8m1(v), 16);
}

/* Round key r (rk is 64-byte aligned: a 32-bit load). */
AI vblock round_key(const sc_aes_key *k, unsigned r)
{
    return __riscv_vle32_v_u32m1((const uint32_t *)(const void *)k->rk[r], 4);
}

/* The round keys of a call, loaded once before its loop into k0 .. k14
 * (vector values cannot be array elements; those past `rounds` are never
 * used and their loads vanish). Left to themselves, the loads stayed in the
 * loop, each with its own vsetvli to vl 4 and back. */
#define KEY_PARAMS                                                                                             \
    vblock k0, vblock k1, vblock k2, vblock k3, vblock k4, vblock k5, vblock k6, vblock k7, vblock k8,         \
        vblock k9, vblock k10, vblock k11, vblock k12, vblock k13, vblock k14
#define KEY_ARGS k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14
#define LOAD_KEYS(k)                                                                                           \
    const vblock k0 = round_key(k, 0), k1 = round_key(k, 1), k2 = round_key(k, 2), k3 = round_key(k, 3),       \
                 k4 = round_key(k, 4), k5 = round_key(k, 5), k6 = round_key(k, 6), k7 = round_key(k, 7),       \
                 k8 = round_key(k, 8), k9 = round_key(k, 9), k10 = round_key(k, 10), k11 = round_key(k, 11),   \
                 k12 = round_key(k, 12), k13 = round_key(k, 13), k14 = round_key(k, 14)

/* Key r of k0 .. k14; r is a constant once the round loops unroll. */
AI vblock key_at(unsigned r, KEY_PARAMS)
{
    switch (r) {
    case 0: return k0;
    case 1: return k1;
    case 2: return k2;
    case 3: return k3;
    case 4: return k4;
    case 5: return k5;
    case 6: return k6;
    case 7: return k7;
    case 8: return k8;
    case 9: return k9;
    case 10: return k10;
    case 11: return k11;
    case 12: return k12;
    case 13: return k13;
    default: return k14;
    }
}

/* The cipher on every block of s (vl elements), for a constant `rounds`
 * (the callers' switch). One definition per register group type T:
 * batches, and the single block of the serial CBC encryption. */
#define SC_AES_ZVKNED_ENCRYPT_FOR(T, NAME)                                                                    \
    AI T encrypt_##NAME(T s, const unsigned rounds, size_t vl, KEY_PARAMS)                                     \
    {                                                                                                          \
        s = __riscv_vaesz(s, k0, vl);                                                                          \
        UNROLL                                                                                                 \
        for (unsigned r = 1; r < rounds; r++) s = __riscv_vaesem_vs(s, key_at(r, KEY_ARGS), vl);               \
        return __riscv_vaesef_vs(s, key_at(rounds, KEY_ARGS), vl);                                             \
    }
SC_AES_ZVKNED_ENCRYPT_FOR(vbatch, batch)
SC_AES_ZVKNED_ENCRYPT_FOR(vblock, block)

/* The inverse cipher on a batch. */
AI vbatch decrypt_batch(vbatch s, const unsigned rounds, size_t vl, KEY_PARAMS)
{
    s = __riscv_vaesz(s, key_at(rounds, KEY_ARGS), vl);
    UNROLL
    for (unsigned r = rounds - 1; r > 0; r--) s = __riscv_vaesdm_vs(s, key_at(r, KEY_ARGS), vl);
    return __riscv_vaesdf_vs(s, k0, vl);
}

/* Each mode is an always-inline body with constant `rounds` and
 * `aligned`; the entry point picks one of six copies by the (public) key
 * size and data alignment. */
#define SC_AES_ZVKNED_BY_ROUNDS(k, A, call)                                                                    \
    do {                                                                                                       \
        if ((k)->rounds == 10)                                                                                 \
            call(10, A);                                                                                       \
        else if ((k)->rounds == 12)                                                                            \
            call(12, A);                                                                                       \
        else                                                                                                   \
            call(14, A);                                                                                       \
    } while (0)
#define SC_AES_ZVKNED_DISPATCH(k, in, out, call)                                                               \
    do {                                                                                                       \
        if (aligned4(in, out))                                                                                 \
            SC_AES_ZVKNED_BY_ROUNDS(k, 1, call);                                                               \
        else                                                                                                   \
            SC_AES_ZVKNED_BY_ROUNDS(k, 0, call);                                                               \
    } while (0)

/* ---- ECB ------------------------------------------------------------------ */

AI void ecb_body(const sc_aes_key *k, const unsigned rounds, const int aligned, const int inverse, const uint8_t *in,
                 uint8_t *out, size_t n)
{
    LOAD_KEYS(k);
    while (n) {
        const size_t vl = batch_vl(n);
        vbatch s = load_batch(in, vl, aligned);
        s = inverse ? decrypt_batch(s, rounds, vl, KEY_ARGS) : encrypt_batch(s, rounds, vl, KEY_ARGS);
        store_batch(out, s, vl, aligned);
        in += 4 * vl, out += 4 * vl, n -= vl / 4;
    }
}

static void zvkned_encrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
#define CALL(R, A) ecb_body(k, R, A, 0, in, out, n)
    SC_AES_ZVKNED_DISPATCH(k, in, out, CALL);
#undef CALL
}

static void zvkned_decrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
#define CALL(R, A) ecb_body(k, R, A, 1, in, out, n)
    SC_AES_ZVKNED_DISPATCH(k, in, out, CALL);
#undef CALL
}

/* ---- CBC ------------------------------------------------------------------ */

/* Serial: one block in flight, the chain value in a register. */
AI void cbc_encrypt_body(const sc_aes_key *k, const unsigned rounds, const int aligned, uint8_t iv[16],
                         const uint8_t *in, uint8_t *out, size_t n)
{
    LOAD_KEYS(k);
    vblock c = load_block(iv, 0);
    for (size_t i = 0; i < n; i++) {
        c = encrypt_block(__riscv_vxor(c, load_block(in + 16 * i, aligned), 4), rounds, 4, KEY_ARGS);
        store_block(out + 16 * i, c, aligned);
    }
    store_block(iv, c, 0);
}

static void zvkned_cbc_encrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
#define CALL(R, A) cbc_encrypt_body(k, R, A, iv, in, out, n)
    SC_AES_ZVKNED_DISPATCH(k, in, out, CALL);
#undef CALL
}

/* Parallel: a batch of ciphertext slid up by one block behind the previous
 * ciphertext block is what its plaintexts are xored with. That block is kept
 * in `prev` (read before the batch's output may overwrite it, in == out). */
AI void cbc_decrypt_body(const sc_aes_key *k, const unsigned rounds, const int aligned, uint8_t iv[16],
                         const uint8_t *in, uint8_t *out, size_t n)
{
    LOAD_KEYS(k);
    uint8_t prev[16];
    memcpy(prev, iv, 16);
    while (n) {
        const size_t vl = batch_vl(n);
        const vbatch c = load_batch(in, vl, aligned);
        const vbatch chain = __riscv_vslideup(__riscv_vlmul_ext_v_u32m1_u32m8(load_block(prev, 0)), c, 4, vl);
        memcpy(prev, in + 4 * vl - 16, 16);
        store_batch(out, __riscv_vxor(decrypt_batch(c, rounds, vl, KEY_ARGS), chain, vl), vl, aligned);
        in += 4 * vl, out += 4 * vl, n -= vl / 4;
    }
    memcpy(iv, prev, 16);
}

static void zvkned_cbc_decrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
#define CALL(R, A) cbc_decrypt_body(k, R, A, iv, in, out, n)
    SC_AES_ZVKNED_DISPATCH(k, in, out, CALL);
#undef CALL
}

/* ---- CFB-8 and CFB-1 ------------------------------------------------------ */

/* One block per segment with the shift register in a vector, as the x86
 * kernels' (src/arch/x86/aes_x86_cfb.h, where the reasons are), its 16
 * bytes an e8 view of the block. I_(j+1): s = 8, a slide down by one byte
 * with C_j entering at byte 15; s = 1, each byte shifted left by one OR the
 * next byte's top bit (the same slide with C_j << 7 entering, then >> 7).
 * Decryption's register takes the ciphertext, known before the rounds end. */
AI vuint8m1_t block_bytes(vblock b) { return __riscv_vreinterpret_v_u32m1_u8m1(b); }
AI vblock block_words(vuint8m1_t b) { return __riscv_vreinterpret_v_u8m1_u32m1(b); }
AI unsigned first_byte(vuint8m1_t r, const unsigned rounds, KEY_PARAMS)
{
    return __riscv_vmv_x_s_u8m1_u8(block_bytes(encrypt_block(block_words(r), rounds, 4, KEY_ARGS)));
}

AI void cfb_small_body(const sc_aes_key *k, const unsigned rounds, const int encrypt, const unsigned seg_bits,
                       uint8_t reg[16], const uint8_t *in, uint8_t *out, size_t len)
{
    LOAD_KEYS(k);
    vuint8m1_t r = block_bytes(load_block(reg, 0));
    if (seg_bits == 8) {
        for (size_t i = 0; i < len; i++) {
            const unsigned x = in[i], o = (first_byte(r, rounds, KEY_ARGS) ^ x) & 0xff;
            out[i] = (uint8_t)o;
            r = __riscv_vslide1down_vx_u8m1(r, (uint8_t)(encrypt ? o : x), 16);
        }
    } else {
        for (size_t i = 0; i < len; i++) {
            const unsigned x = in[i];
            unsigned y = 0;
            for (int b = 7; b >= 0; b--) {
                const unsigned xb = x >> b & 1, ob = (first_byte(r, rounds, KEY_ARGS) >> 7 ^ xb) & 1;
                y |= ob << b; /* P_j or C_j */
                const vuint8m1_t next = __riscv_vslide1down_vx_u8m1(r, (uint8_t)((encrypt ? ob : xb) << 7), 16);
                r = __riscv_vor(__riscv_vsll(r, 1, 16), __riscv_vsrl(next, 7, 16), 16);
            }
            out[i] = (uint8_t)y;
        }
    }
    store_block(reg, block_words(r), 0);
}

static void zvkned_cfb_small(const sc_aes_key *k, uint8_t reg[16], int encrypt, unsigned seg_bits, const uint8_t *in,
                             uint8_t *out, size_t len)
{
#define CALL(R, A) cfb_small_body(k, R, encrypt, seg_bits, reg, in, out, len)
    SC_AES_ZVKNED_BY_ROUNDS(k, 0, CALL);
#undef CALL
}

/* ---- CTR ------------------------------------------------------------------ */

/* Block b in every element group of vl elements. */
AI vbatch replicate(vblock b, size_t vl)
{
    return __riscv_vrgather(__riscv_vlmul_ext_v_u32m1_u32m8(b), __riscv_vand(__riscv_vid_v_u32m8(vl), 3, vl), vl);
}

/* The counter blocks of a batch with every word byte-reversed: the block
 * `ctr` in every element group, its last word (element 3 of each group,
 * selected by *last) then a number, plus the group's index. A vrev8 of that
 * is the batch's counter blocks, and the next batch's counters are + blocks
 * per batch under the mask (in place: no copy for the masked-off words).
 * The caller's no-wrap guarantee makes the lanes' adds exact. */
AI vbatch counters(const uint8_t ctr[16], vbool4_t *last, size_t vl)
{
    const vuint32m8_t index = __riscv_vid_v_u32m8(vl);
    *last = __riscv_vmseq(__riscv_vand(index, 3, vl), 3, vl);
    const vbatch c = replicate(load_block(ctr, 0), vl);
    return __riscv_vadd_mu(*last, __riscv_vrev8(c, vl), __riscv_vrev8(c, vl), __riscv_vsrl(index, 2, vl), vl);
}

/* The counters live in memory between batches (a load and a store a
 * batch): with the batch, the input, the mask and the keys, a third register
 * group pushed round keys out to the stack, each reload costing five
 * instructions of address arithmetic. */
AI void ctr32_body(const sc_aes_key *k, const unsigned rounds, const int aligned, uint32_t *lanes, const vbool4_t last,
                   const uint8_t *in, uint8_t *out, size_t n)
{
    LOAD_KEYS(k);
    while (n) {
        const size_t vl = batch_vl(n);
        const vbatch c = __riscv_vle32_v_u32m8(lanes, vl);
        const vbatch s = encrypt_batch(__riscv_vrev8(c, vl), rounds, vl, KEY_ARGS);
        __riscv_vse32(lanes, __riscv_vadd_mu(last, c, c, (uint32_t)(vl / 4), vl), vl);
        store_batch(out, __riscv_vxor(s, load_batch(in, vl, aligned), vl), vl, aligned);
        in += 4 * vl, out += 4 * vl, n -= vl / 4;
    }
}

/* The counters are set up before the keys are loaded: alongside them,
 * their temporaries made the compiler spill keys for the whole loop. */
static void zvkned_ctr32(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
    uint32_t lanes[4 * MAX_BATCH];
    vbool4_t last;
    __riscv_vse32(lanes, counters(ctr, &last, batch_vl(n)), batch_vl(n));
#define CALL(R, A) ctr32_body(k, R, A, lanes, last, in, out, n)
    SC_AES_ZVKNED_DISPATCH(k, in, out, CALL);
#undef CALL
    sc_aes_store_be32(ctr + 12, sc_aes_load_be32(ctr + 12) + (uint32_t)n);
}

/* ---- XTS ------------------------------------------------------------------
 * IEEE 1619-2018 5.3.1/5.4.1 over batches: element group j of the tweak
 * batch holds T x^j for block j (the tweak as a little-endian 128-bit value,
 * alpha = x). Zvkg multiplies in that field: vgmul bit-reverses each byte of
 * its operands and result (brev8) around a product of little-endian 128-bit
 * polynomials modulo x^128 + x^7 + x^2 + x + 1, so on brev8'd XTS tweaks it
 * is the XTS product. A batch of L blocks steps to the next by one vgmul by
 * x^L in every group; the first batch's tweaks are T (every group) times
 * x^0 .. x^(L-1). Two register groups: the batch and its tweaks (xored in
 * before the rounds and out after them); the multiplier is read from memory
 * at each step, as CTR's counters are: a third group pushes round keys out
 * to the stack. */

/* x^e (e < 128), the little-endian 128-bit value with bit e set, brev8'd
 * for vgmul: bit e % 32 of word e / 32 moved to the other end of its byte. */
AI uint32_t xts_xpow_word(unsigned e) { return 1u << ((e & 24) + 7 - (e & 7)); }
/* x^e in every element group of vl elements. */
AI vbatch xts_xpow(unsigned e, size_t vl)
{
    const vbool4_t word = __riscv_vmseq(__riscv_vand(__riscv_vid_v_u32m8(vl), 3, vl), e >> 5, vl);
    return __riscv_vmerge(__riscv_vmv_v_x_u32m8(0, vl), xts_xpow_word(e), word, vl);
}
/* x^g in element group g (the element index / 4; g < 64). */
AI vbatch xts_xpow_lanes(size_t vl)
{
    const vuint32m8_t idx = __riscv_vid_v_u32m8(vl), g = __riscv_vsrl(idx, 2, vl);
    const vbool4_t word = __riscv_vmseq(__riscv_vand(idx, 3, vl), __riscv_vsrl(g, 5, vl), vl);
    const vbatch bit = __riscv_vsll(__riscv_vmv_v_x_u32m8(1, vl), __riscv_vand(g, 31, vl), vl);
    return __riscv_vbrev8(__riscv_vmerge(__riscv_vmv_v_x_u32m8(0, vl), bit, word, vl), vl);
}

/* Tweaks t (XTS form) times the brev8'd multipliers m, group by group. */
AI vbatch xts_mul(vbatch t, vbatch m, size_t vl) { return __riscv_vbrev8(__riscv_vgmul(__riscv_vbrev8(t, vl), m, vl), vl); }

/* lanes: the first batch's tweaks in, the last block's tweak out (its
 * first 4 elements); mul: x^L brev8'd in every group, L the first batch's
 * blocks (every batch's but the last). */
AI void xts_body(const sc_aes_key *k, const unsigned rounds, const int aligned, const int inverse, uint32_t *lanes,
                 const uint32_t *mul, const uint8_t *in, uint8_t *out, size_t n)
{
    LOAD_KEYS(k);
    size_t vl = batch_vl(n);
    vbatch t = __riscv_vle32_v_u32m8(lanes, vl);
    for (;;) {
        vbatch s = __riscv_vxor(load_batch(in, vl, aligned), t, vl);
        s = inverse ? decrypt_batch(s, rounds, vl, KEY_ARGS) : encrypt_batch(s, rounds, vl, KEY_ARGS);
        store_batch(out, __riscv_vxor(s, t, vl), vl, aligned);
        in += 4 * vl, out += 4 * vl, n -= vl / 4;
        if (n == 0) break;
        t = xts_mul(t, __riscv_vle32_v_u32m8(mul, vl), vl);
        vl = batch_vl(n);
    }
    __riscv_vse32(lanes, __riscv_vslidedown(t, vl - 4, vl), 4);
}

/* The tweak set-up before the keys are loaded, as for CTR. */
static void zvkned_xts(const sc_aes_key *k, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n == 0) return;
    uint32_t lanes[4 * MAX_BATCH], mul[4 * MAX_BATCH];
    const size_t vl = batch_vl(n);
    /* the powers first, through memory: computed beside the tweak they
     * pushed it (key-derived) out to the stack */
    __riscv_vse32(mul, xts_xpow((unsigned)(vl / 4), vl), vl);
    __riscv_vse32(lanes, xts_xpow_lanes(vl), vl);
    __riscv_vse32(lanes, xts_mul(replicate(load_block(tweak, 0), vl), __riscv_vle32_v_u32m8(lanes, vl), vl), vl);
#define CALL(R, A) xts_body(k, R, A, !encrypt, lanes, mul, in, out, n)
    SC_AES_ZVKNED_DISPATCH(k, in, out, CALL);
#undef CALL
    /* T of block n: the last block's times x */
    const vbatch last = __riscv_vlmul_ext_v_u32m1_u32m8(__riscv_vle32_v_u32m1(lanes, 4));
    store_block(tweak, __riscv_vlmul_trunc_v_u32m8_u32m1(xts_mul(last, xts_xpow(1, 4), 4)), 0);
    sc_wipe(lanes, sizeof *lanes * vl);
}

/* ---- GHASH ------------------------------------------------------------------
 * vghsh.vv computes (Y ^ X) H on every element group, vgmul.vv Y H. A batch
 * of L blocks runs as L lanes: lane j takes blocks j, j + L, j + 2L, ...
 * and multiplies by H^L after each (one vghsh a batch, H^L in every group);
 * the last batch multiplies lane j by H^(L - j) instead (one vgmul by the
 * powers H^L .. H^1) and the lanes are xored together. A short tail of r
 * blocks is one such last batch with r lanes.
 *
 * g->tab holds H^64 .. H^1 (block i = H^(64 - i)), so that the powers
 * H^r .. H^1 of any r <= 64 are the last r blocks. */
enum { POWERS = MAX_BATCH };
_Static_assert(16 * POWERS <= sizeof(((sc_ghash_key *)0)->tab), "the powers of H fit g->tab");

AI const uint32_t *powers_from(const sc_ghash_key *g, size_t lanes)
{
    return (const uint32_t *)(const void *)(g->tab + 16 * (POWERS - lanes));
}

static void zvkg_ghash_init(sc_ghash_key *g)
{
    const vblock h = __riscv_vle32_v_u32m1((const uint32_t *)(const void *)g->h, 4);
    vblock p = h;
    for (size_t i = 1; i <= POWERS; i++) {
        __riscv_vse32_v_u32m1((uint32_t *)(void *)(g->tab + 16 * (POWERS - i)), p, 4);
        p = __riscv_vgmul(p, h, 4);
    }
}

/* The xor of the lanes (element groups) of y, vl elements, into acc: as
 * 64-bit elements, the even ones hold the first halves and the odd the
 * second; the two sums are put side by side for one 16-byte store. */
AI void fold_lanes(vbatch y, uint8_t acc[16], size_t vl)
{
    const vuint64m8_t y64 = __riscv_vreinterpret_v_u32m8_u64m8(y);
    const size_t vl64 = vl / 2;
    const vbool8_t even = __riscv_vmseq(__riscv_vand(__riscv_vid_v_u64m8(vl64), 1, vl64), 0, vl64);
    const vuint64m1_t zero = __riscv_vmv_s_x_u64m1(0, 1);
    const vuint64m1_t first = __riscv_vredxor_vs_u64m8_u64m1_m(even, y64, zero, vl64);
    const vuint64m1_t second = __riscv_vredxor_vs_u64m8_u64m1_m(__riscv_vmnot(even, vl64), y64, zero, vl64);
    store_block(acc, __riscv_vreinterpret_v_u64m1_u32m1(__riscv_vslideup(first, second, 1, 2)), 0);
}

/* The lanes at the start: acc in lane 0, zero in the others. */
AI vbatch start_lanes(const uint8_t acc[16], size_t vl)
{
    return __riscv_vmv_v_v_u32m8_tu(__riscv_vmv_v_x_u32m8(0, vl), __riscv_vlmul_ext_v_u32m1_u32m8(load_block(acc, 0)), 4);
}

/* Multiply lane j of y ^ x by H^(lanes - j) and fold: the last batch. */
AI void finish_lanes(const sc_ghash_key *g, vbatch y, vbatch x, uint8_t acc[16], size_t vl)
{
    const vbatch powers = __riscv_vle32_v_u32m8(powers_from(g, vl / 4), vl);
    fold_lanes(__riscv_vgmul(__riscv_vxor(y, x, vl), powers, vl), acc, vl);
}

/* Fewer blocks than this go through the plain chain (a vghsh by H a
 * block, as the standard's algorithm): below it, the lanes' setup and fold
 * cost more (counted under qemu: 41 against 77 instructions for one
 * block, about even at 6). */
enum { SERIAL_BLOCKS = 8 };

AI void ghash_body(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n, const int aligned)
{
    if (n < SERIAL_BLOCKS) {
        const vblock h = __riscv_vle32_v_u32m1(powers_from(g, 1), 4);
        vblock y = load_block(acc, 0);
        for (size_t i = 0; i < n; i++) y = __riscv_vghsh(y, h, load_block(in + 16 * i, aligned), 4);
        store_block(acc, y, 0);
        return;
    }
    while (n) {
        const size_t vl = batch_vl(n), lanes = vl / 4, batches = n / lanes;
        vbatch y = start_lanes(acc, vl);
        if (batches > 1) {
            const vbatch hl = replicate(__riscv_vle32_v_u32m1(powers_from(g, lanes), 4), vl); /* H^L */
            for (size_t b = 1; b < batches; b++, in += 4 * vl)
                y = __riscv_vghsh(y, hl, load_batch(in, vl, aligned), vl);
        }
        finish_lanes(g, y, load_batch(in, vl, aligned), acc, vl);
        in += 4 * vl, n -= batches * lanes;
    }
}

static void zvkg_ghash(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    if (aligned4(in, in))
        ghash_body(g, acc, in, n, 1);
    else
        ghash_body(g, acc, in, n, 0);
}

const struct sc_aes_ops sc_aes_rv_zvkned = {
    .prepare = NULL,
    .encrypt = zvkned_encrypt,
    .decrypt = zvkned_decrypt,
    .cbc_encrypt = zvkned_cbc_encrypt,
    .cbc_decrypt = zvkned_cbc_decrypt,
    .ctr32 = zvkned_ctr32,
    .xts = zvkned_xts,
    .cfb_small = zvkned_cfb_small,
    .ghash_init = zvkg_ghash_init,
    .ghash = zvkg_ghash,
    .gcm_encrypt = NULL,
    .gcm_decrypt = NULL,
};
