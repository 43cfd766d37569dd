/* SPDX-License-Identifier: Apache-2.0 */
/* AES (FIPS-197) with AESE/AESMC/AESD/AESIMC and GHASH (SP 800-38D) with
 * PMULL: the body of the "arm-aes" and "arm-aes-eor3" kernels, written once.
 * The including file defines
 *   SC_AES_ARM_OPS    the name of the sc_aes_ops object to define;
 *   SC_AES_ARM_XOR3   XOR of three uint8x16_t (EOR3 when FEAT_SHA3, else
 *                     two EORs): every three-way sum of GHASH, and CTR's
 *                     last round key with the data.
 * and is built with +crypto (gcc 12 offers vaeseq_u8/vmull_p64 only then).
 *
 * Constant time: the AES and PMULL instructions take the same time whatever
 * their operands, no table is read, and the only branches and memory indexes
 * depend on n and the key size (10/12/14 rounds), which are public.
 *
 * AES: ARM's AESE is AddRoundKey, SubBytes, ShiftRows and AESMC is
 * MixColumns, so a round is AESE(x, rk[r]) then AESMC, and the last one
 * AESE(x, rk[nr-1]) ^ rk[nr]; AESD/AESIMC do the same with the equivalent
 * inverse cipher's keys in k->rk_dec. The round keys live in registers
 * (sc_aes_arm_keys; GCM's pass reloads some, see gcm_pass): rounds 0..8 are
 * common to every key size, the 2 or 4 more of AES-192/256 are a branch on
 * the (public) round count, and the last two keys are loaded by round count
 * into registers of their own.
 * Independent blocks go 8 at a time, each round's AESE/AESMC pairs back to
 * back (cores fuse a pair whose AESMC consumes its AESE's result); tails of
 * fewer than 8 blocks go through one 8-block pass with only the live blocks
 * loaded and stored.
 *
 * GHASH works on bit-reversed bytes (RBIT): a 16-byte block loaded
 * little-endian and RBIT per byte holds the coefficient of x^i of SP
 * 800-38D's polynomial in bit i of the 128-bit register, the order PMULL
 * multiplies in, so products need no shift and reduce modulo
 * x^128 + x^7 + x^2 + x + 1 with the constant 0x87 (gh_reduce). Eight
 * blocks are multiplied by H^8..H^1 (g->tab, ghash_init) with Karatsuba,
 * summed unreduced and reduced once. */
#if !defined(SC_AES_ARM_OPS) || !defined(SC_AES_ARM_XOR3)
#error "define SC_AES_ARM_OPS and SC_AES_ARM_XOR3 before including aes_arm_template.h"
#endif
#if !defined(__ARM_FEATURE_CRYPTO) && !defined(__ARM_FEATURE_AES)
#error "aes_arm_template.h needs a translation unit built with -march=...+crypto"
#endif
#if defined(__AARCH64EB__)
#error "the AArch64 AES kernels read GHASH blocks little-endian"
#endif
#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

#include "../../aes/aes_internal.h"
#include "../../core/unroll.h"

#define SC_AES_ARM_INLINE static inline __attribute__((always_inline))
#define SC_AES_ARM_BODY static __attribute__((noinline)) /* see burn() */
enum { SC_AES_ARM_PAR = 8 }; /* blocks in flight */

/* ---- AES ---------------------------------------------------------------- */

/* p, hidden from the optimiser: what is read through it is loaded where it
 * is used, neither hoisted out of a loop nor kept from an earlier load of
 * the same bytes. Either would hold registers that a pass needs, which gcc
 * then spills and reloads in every pass (GHASH's powers of H; GCM's round
 * keys and, when decrypting, its input, read once for GHASH and once for the
 * XOR). No instruction. */
SC_AES_ARM_INLINE const uint8_t *fresh(const uint8_t *p)
{
    __asm__("" : "+r"(p));
    return p;
}

/* Round keys: k[0..12] = rk[0..12] (the ones past rk[rounds] are loaded but
 * unused), kf = rk[rounds - 1] (the last AESE), kl = rk[rounds]; rk itself
 * for the passes that load each key where they use it (gcm_pass). */
typedef struct sc_aes_arm_keys {
    uint8x16_t k[13], kf, kl;
    unsigned nr;
    const uint8_t (*rk)[16];
} sc_aes_arm_keys;

/* Round key r (0..8) loaded where it is used (fresh). */
SC_AES_ARM_INLINE uint8x16_t key_fresh(const sc_aes_arm_keys *s, int r) { return vld1q_u8(fresh(s->rk[0]) + 16 * r); }

SC_AES_ARM_INLINE sc_aes_arm_keys keys_load(const uint8_t (*rk)[16], unsigned nr)
{
    sc_aes_arm_keys s;
    UNROLL
    for (int r = 0; r < 13; r++) s.k[r] = vld1q_u8(rk[r]);
    s.kf = vld1q_u8(rk[nr - 1]);
    s.kl = vld1q_u8(rk[nr]);
    s.nr = nr;
    s.rk = rk;
    return s;
}

/* One middle round of nb blocks: encryption (AESE + AESMC) or decryption
 * (AESD + AESIMC), each pair adjacent. */
SC_AES_ARM_INLINE void round_enc(uint8x16_t *b, int nb, uint8x16_t key)
{
    UNROLL
    for (int i = 0; i < nb; i++) b[i] = vaesmcq_u8(vaeseq_u8(b[i], key));
}
SC_AES_ARM_INLINE void round_dec(uint8x16_t *b, int nb, uint8x16_t key)
{
    UNROLL
    for (int i = 0; i < nb; i++) b[i] = vaesimcq_u8(vaesdq_u8(b[i], key));
}

/* Rounds 9..nr-2 of AES-192/256 (nothing for AES-128), then the last
 * AESE/AESD: all but the last key. */
SC_AES_ARM_INLINE void rounds_tail(uint8x16_t *b, int nb, const sc_aes_arm_keys *s, int dec)
{
    if (s->nr > 10) {
        UNROLL
        for (int r = 9; r < 11; r++) dec ? round_dec(b, nb, s->k[r]) : round_enc(b, nb, s->k[r]);
    }
    if (s->nr > 12) {
        UNROLL
        for (int r = 11; r < 13; r++) dec ? round_dec(b, nb, s->k[r]) : round_enc(b, nb, s->k[r]);
    }
    UNROLL
    for (int i = 0; i < nb; i++) b[i] = dec ? vaesdq_u8(b[i], s->kf) : vaeseq_u8(b[i], s->kf);
}

/* The cipher (dec = 0) or inverse cipher (dec = 1) on nb blocks, all but
 * the last key, which CTR adds together with the data (one EOR3). */
SC_AES_ARM_INLINE void crypt_rounds(uint8x16_t *b, int nb, const sc_aes_arm_keys *s, int dec)
{
    UNROLL
    for (int r = 0; r < 9; r++) dec ? round_dec(b, nb, s->k[r]) : round_enc(b, nb, s->k[r]);
    rounds_tail(b, nb, s, dec);
}
SC_AES_ARM_INLINE void crypt_blocks(uint8x16_t *b, int nb, const sc_aes_arm_keys *s, int dec)
{
    crypt_rounds(b, nb, s, dec);
    UNROLL
    for (int i = 0; i < nb; i++) b[i] = veorq_u8(b[i], s->kl);
}

/* Load the first `live` of 8 blocks (the others zero: a tail pass). */
SC_AES_ARM_INLINE void load8(uint8x16_t b[8], const uint8_t *in, size_t live)
{
    UNROLL
    for (size_t i = 0; i < SC_AES_ARM_PAR; i++) b[i] = i < live ? vld1q_u8(in + 16 * i) : vdupq_n_u8(0);
}
SC_AES_ARM_INLINE void store8(uint8_t *out, const uint8x16_t b[8], size_t live)
{
    UNROLL
    for (size_t i = 0; i < live && i < SC_AES_ARM_PAR; i++) vst1q_u8(out + 16 * i, b[i]);
}

SC_AES_ARM_BODY void ecb(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n, int dec)
{
    const sc_aes_arm_keys s = keys_load(dec ? k->rk_dec : k->rk, k->rounds);
    uint8x16_t b[SC_AES_ARM_PAR];
    for (; n >= SC_AES_ARM_PAR; n -= SC_AES_ARM_PAR, in += 128, out += 128) {
        load8(b, in, SC_AES_ARM_PAR);
        crypt_blocks(b, SC_AES_ARM_PAR, &s, dec);
        store8(out, b, SC_AES_ARM_PAR);
    }
    if (n) {
        load8(b, in, n);
        crypt_blocks(b, SC_AES_ARM_PAR, &s, dec);
        store8(out, b, n);
    }
}


/* Serial: C_i = E(P_i ^ C_(i-1)). The chain runs on s = the last AESE's
 * output (C = s ^ rk[nr]): AESE(s, P ^ rk[nr] ^ rk[0]) starts the next
 * block with rk[0] and the previous block's last key already added, so no
 * XOR sits between the AES instructions of two blocks. */
SC_AES_ARM_BODY void cbc_encrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    if (n == 0) return;
    const sc_aes_arm_keys s = keys_load(k->rk, k->rounds);
    const uint8x16_t k0kl = veorq_u8(s.k[0], s.kl);
    /* the first block: s is the IV ^ rk[nr], so that C_(-1) = IV */
    uint8x16_t x = veorq_u8(vld1q_u8(iv), s.kl);
    for (size_t i = 0; i < n; i++, in += 16, out += 16) {
        uint8x16_t b[1] = {vaesmcq_u8(vaeseq_u8(x, veorq_u8(vld1q_u8(in), k0kl)))};
        UNROLL
        for (int r = 1; r < 9; r++) round_enc(b, 1, s.k[r]);
        if (s.nr > 10) {
            round_enc(b, 1, s.k[9]), round_enc(b, 1, s.k[10]);
            if (s.nr > 12) round_enc(b, 1, s.k[11]), round_enc(b, 1, s.k[12]);
        }
        x = vaeseq_u8(b[0], s.kf);
        vst1q_u8(out, veorq_u8(x, s.kl));
    }
    vst1q_u8(iv, veorq_u8(x, s.kl));
}

/* CFB-8 and CFB-1 (struct sc_aes_ops.cfb_small; SP 800-38A 6.3), as the
 * x86 kernels' (src/arch/x86/aes_x86_cfb.h, where the reasons are): the
 * shift register in a vector, one block per segment, the segment's input
 * bits added with the last key so that byte 0 (s = 8) or its top bit
 * (s = 1) of the result is the output. I_(j+1): s = 8, EXT of (I_j, C_j)
 * by one byte; s = 1, each byte doubled plus the top bit of the next (CMLT
 * against zero gives -1 there: subtracted, it adds one), then C_j's sign
 * moved to byte 15 (EXT of (zero, mask) by 1) and subtracted the same way.
 * Decryption's register takes the ciphertext, so its blocks overlap. */
SC_AES_ARM_INLINE uint8x16_t cfb_block(const sc_aes_arm_keys *s, uint8x16_t x)
{
    uint8x16_t b[1] = {x};
    UNROLL
    for (int r = 0; r < 9; r++) round_enc(b, 1, s->k[r]);
    rounds_tail(b, 1, s, 0);
    return b[0]; /* all but the last key */
}
SC_AES_ARM_INLINE uint8x16_t sign_mask(uint8x16_t v) { return vcltzq_s8(vreinterpretq_s8_u8(v)); }

SC_AES_ARM_BODY void cfb_small(const sc_aes_key *k, uint8_t reg[16], int encrypt, unsigned seg_bits, const uint8_t *in,
                               uint8_t *out, size_t len)
{
    const sc_aes_arm_keys s = keys_load(k->rk, k->rounds);
    const uint8x16_t zero = vdupq_n_u8(0);
    uint8x16_t r = vld1q_u8(reg);
    if (seg_bits == 8) {
        for (size_t i = 0; i < len; i++) {
            const uint8x16_t x = vsetq_lane_u8(in[i], zero, 0);
            const uint8x16_t o = SC_AES_ARM_XOR3(cfb_block(&s, r), s.kl, x);
            out[i] = vgetq_lane_u8(o, 0);
            r = vextq_u8(r, encrypt ? o : x, 1);
        }
    } else {
        for (size_t i = 0; i < len; i++) {
            const unsigned in_byte = in[i];
            unsigned y = 0;
            for (int b = 7; b >= 0; b--) {
                const uint8x16_t x = vsetq_lane_u8((uint8_t)(in_byte << (7 - b)), zero, 0);
                const uint8x16_t o = SC_AES_ARM_XOR3(cfb_block(&s, r), s.kl, x);
                y |= (unsigned)(vgetq_lane_u8(o, 0) >> 7) << b; /* P_j or C_j */
                const uint8x16_t doubled = vsubq_u8(vaddq_u8(r, r), sign_mask(vextq_u8(r, zero, 1)));
                r = vsubq_u8(doubled, vextq_u8(zero, sign_mask(encrypt ? o : x), 1));
            }
            out[i] = (uint8_t)y;
        }
    }
    vst1q_u8(reg, r);
}

/* P_i = D(C_i) ^ C_(i-1) for `live` <= 8 blocks, every C read before the
 * first P is written (in == out); returns the last C. */
SC_AES_ARM_INLINE uint8x16_t cbc_dec_pass(const sc_aes_arm_keys *s, uint8x16_t prev, const uint8_t *in, uint8_t *out,
                                          size_t live)
{
    uint8x16_t c[SC_AES_ARM_PAR], b[SC_AES_ARM_PAR];
    load8(c, in, live);
    UNROLL
    for (int i = 0; i < SC_AES_ARM_PAR; i++) b[i] = c[i];
    crypt_blocks(b, SC_AES_ARM_PAR, s, 1);
    b[0] = veorq_u8(b[0], prev);
    UNROLL
    for (int i = 1; i < SC_AES_ARM_PAR; i++) b[i] = veorq_u8(b[i], c[i - 1]);
    store8(out, b, live);
    UNROLL
    for (size_t i = 0; i < SC_AES_ARM_PAR; i++) prev = i + 1 == live ? c[i] : prev;
    return prev;
}

SC_AES_ARM_BODY void cbc_decrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_aes_arm_keys s = keys_load(k->rk_dec, k->rounds);
    uint8x16_t prev = vld1q_u8(iv);
    for (; n >= SC_AES_ARM_PAR; n -= SC_AES_ARM_PAR, in += 128, out += 128)
        prev = cbc_dec_pass(&s, prev, in, out, SC_AES_ARM_PAR);
    if (n) prev = cbc_dec_pass(&s, prev, in, out, n);
    vst1q_u8(iv, prev);
}

/* Counter blocks: the counter is kept with each 32-bit word byte-swapped
 * (REV32), so its low word is lane 3 as a native integer and block i is
 * REV32(ctr + i * one), one = {0, 0, 0, 1}. The caller guarantees no wrap
 * past 2^32. */
SC_AES_ARM_INLINE uint32x4_t ctr_one(void)
{
    uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
    /* opaque to the optimiser: one chain of ADDs from a single register,
     * rather than eight constants reloaded from memory in every pass */
    __asm__("" : "+w"(one));
    return one;
}
/* b = the 8 counter blocks from ctr; returns ctr + 8. */
SC_AES_ARM_INLINE uint32x4_t counters8(uint8x16_t b[8], uint32x4_t ctr, uint32x4_t one)
{
    UNROLL
    for (int i = 0; i < SC_AES_ARM_PAR; i++, ctr = vaddq_u32(ctr, one)) b[i] = vrev32q_u8(vreinterpretq_u8_u32(ctr));
    return ctr;
}
SC_AES_ARM_INLINE uint32x4_t ctr_load(const uint8_t ctr[16]) { return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(ctr))); }
SC_AES_ARM_INLINE void ctr_store(uint8_t ctr[16], uint32x4_t c) { vst1q_u8(ctr, vrev32q_u8(vreinterpretq_u8_u32(c))); }

/* out = in ^ E(8 counter blocks from ctr) for `live` <= 8 blocks, the key
 * stream's last AddRoundKey and the XOR with in as one three-way XOR;
 * returns ctr + 8. */
SC_AES_ARM_INLINE uint32x4_t ctr_pass(const sc_aes_arm_keys *s, uint32x4_t ctr, uint32x4_t one, const uint8_t *in,
                                      uint8_t *out, size_t live)
{
    uint8x16_t b[SC_AES_ARM_PAR], d[SC_AES_ARM_PAR];
    ctr = counters8(b, ctr, one);
    crypt_rounds(b, SC_AES_ARM_PAR, s, 0);
    load8(d, in, live);
    UNROLL
    for (int i = 0; i < SC_AES_ARM_PAR; i++) b[i] = SC_AES_ARM_XOR3(b[i], s->kl, d[i]);
    store8(out, b, live);
    return ctr;
}

/* The counter after a tail of n < 8 blocks. */
SC_AES_ARM_INLINE uint32x4_t ctr_add(uint32x4_t ctr, uint32x4_t one, size_t n)
{
    return vmlaq_n_u32(ctr, one, (uint32_t)n);
}

SC_AES_ARM_BODY void ctr32(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_aes_arm_keys s = keys_load(k->rk, k->rounds);
    const uint32x4_t one = ctr_one();
    uint32x4_t c = ctr_load(ctr);
    for (; n >= SC_AES_ARM_PAR; n -= SC_AES_ARM_PAR, in += 128, out += 128) c = ctr_pass(&s, c, one, in, out, SC_AES_ARM_PAR);
    if (n) {
        ctr_pass(&s, c, one, in, out, n);
        c = ctr_add(c, one, n);
    }
    ctr_store(ctr, c);
}

/* ---- XTS (IEEE 1619-2018 5.3.1/5.4.1) --------------------------------- */

/* T * alpha: the tweak as a little-endian 128-bit value (lane 0 the low
 * half), shifted left by one; the bit shifted out of each half comes back
 * through a mask made from its sign (SSHR #63), the two masks swapped (EXT)
 * and anded with {0x87, 1}: the high half's top bit folds x^128 = x^7 + x^2
 * + x + 1 into the low half, the low half's carries into the high one.
 * Four instructions, no branch, no table. */
SC_AES_ARM_INLINE uint8x16_t xts_alpha(uint8x16_t t)
{
    const int64x2_t sign = vshrq_n_s64(vreinterpretq_s64_u8(t), 63);
    const uint64x2_t poly = vcombine_u64(vcreate_u64(0x87), vcreate_u64(1));
    const uint64x2_t carry = vandq_u64(vreinterpretq_u64_s64(vextq_s64(sign, sign, 1)), poly);
    return vreinterpretq_u8_u64(veorq_u64(vshlq_n_u64(vreinterpretq_u64_u8(t), 1), carry));
}

/* `live` <= 8 blocks under the tweaks T = t, T alpha, ...; returns the
 * tweak of the block after them. Each tweak is xored into its input block
 * (before round 0's key, which AESE adds) and parked where that block's
 * output goes, after the input is read (in == out), then read back for the
 * final XOR with the last round key (one EOR3 where FEAT_SHA3): 8 blocks,
 * 8 tweaks and 15 keys would not fit in the 32 registers. */
SC_AES_ARM_INLINE uint8x16_t xts_pass(const sc_aes_arm_keys *s, uint8x16_t t, const uint8_t *in, uint8_t *out,
                                      size_t live, int dec)
{
    uint8x16_t b[SC_AES_ARM_PAR];
    load8(b, in, live);
    UNROLL
    for (size_t i = 0; i < live && i < SC_AES_ARM_PAR; i++) {
        b[i] = veorq_u8(b[i], t);
        vst1q_u8(out + 16 * i, t);
        t = xts_alpha(t);
    }
    crypt_rounds(b, SC_AES_ARM_PAR, s, dec);
    const uint8_t *tw = fresh(out);
    UNROLL
    for (size_t i = 0; i < live && i < SC_AES_ARM_PAR; i++) b[i] = SC_AES_ARM_XOR3(b[i], s->kl, vld1q_u8(tw + 16 * i));
    store8(out, b, live);
    return t;
}

SC_AES_ARM_BODY void xts(const sc_aes_key *k, uint8_t tweak[16], const uint8_t *in, uint8_t *out, size_t n, int dec)
{
    const sc_aes_arm_keys s = keys_load(dec ? k->rk_dec : k->rk, k->rounds);
    uint8x16_t t = vld1q_u8(tweak);
    for (; n >= SC_AES_ARM_PAR; n -= SC_AES_ARM_PAR, in += 128, out += 128) t = xts_pass(&s, t, in, out, SC_AES_ARM_PAR, dec);
    if (n) t = xts_pass(&s, t, in, out, n, dec);
    vst1q_u8(tweak, t);
}

/* ---- GHASH -------------------------------------------------------------- */

/* g->tab: H^1..H^8 (bit-reversed bytes, see the top), then for m = 0..3
 * the Karatsuba halves {lo ^ hi of H^(2m+2), lo ^ hi of H^(2m+1)}. */
enum { SC_GH_POW = 0, SC_GH_KAR = 128 };

SC_AES_ARM_INLINE uint8x16_t pmull_lo(uint8x16_t a, uint8x16_t b)
{
    return vreinterpretq_u8_p128(vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u8(a), 0),
                                           vgetq_lane_p64(vreinterpretq_p64_u8(b), 0)));
}
SC_AES_ARM_INLINE uint8x16_t pmull_hi(uint8x16_t a, uint8x16_t b)
{
    return vreinterpretq_u8_p128(vmull_high_p64(vreinterpretq_p64_u8(a), vreinterpretq_p64_u8(b)));
}
SC_AES_ARM_INLINE uint8x16_t zip1_64(uint8x16_t a, uint8x16_t b)
{
    return vreinterpretq_u8_u64(vzip1q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)));
}
SC_AES_ARM_INLINE uint8x16_t zip2_64(uint8x16_t a, uint8x16_t b)
{
    return vreinterpretq_u8_u64(vzip2q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)));
}

/* An unreduced Karatsuba sum of products A*B: lo = sum A.lo*B.lo, hi = sum
 * A.hi*B.hi, mid = sum (A.lo^A.hi)*(B.lo^B.hi). */
typedef struct sc_gh_sum {
    uint8x16_t lo, mid, hi;
} sc_gh_sum;

/* x*p ^ y*q for two blocks x, y and two powers p, q of H whose Karatsuba
 * halves are the lanes of kpq; added to *acc unless first. */
SC_AES_ARM_INLINE void gh_pair(sc_gh_sum *acc, int first, uint8x16_t x, uint8x16_t p, uint8x16_t y, uint8x16_t q,
                               uint8x16_t kpq)
{
    const uint8x16_t t = veorq_u8(zip1_64(x, y), zip2_64(x, y)); /* {x.lo ^ x.hi, y.lo ^ y.hi} */
    const uint8x16_t lo1 = pmull_lo(x, p), lo2 = pmull_lo(y, q);
    const uint8x16_t hi1 = pmull_hi(x, p), hi2 = pmull_hi(y, q);
    const uint8x16_t mid1 = pmull_lo(t, kpq), mid2 = pmull_hi(t, kpq);
    if (first) {
        acc->lo = veorq_u8(lo1, lo2), acc->hi = veorq_u8(hi1, hi2), acc->mid = veorq_u8(mid1, mid2);
    } else {
        acc->lo = SC_AES_ARM_XOR3(acc->lo, lo1, lo2);
        acc->hi = SC_AES_ARM_XOR3(acc->hi, hi1, hi2);
        acc->mid = SC_AES_ARM_XOR3(acc->mid, mid1, mid2);
    }
}

/* x * the power of H whose Karatsuba half is the high lane of k. */
SC_AES_ARM_INLINE void gh_single(sc_gh_sum *acc, int first, uint8x16_t x, uint8x16_t p, uint8x16_t k)
{
    const uint8x16_t t = veorq_u8(x, vextq_u8(x, x, 8)); /* x.lo ^ x.hi in both lanes */
    const uint8x16_t lo = pmull_lo(x, p), hi = pmull_hi(x, p), mid = pmull_hi(t, k);
    if (first) {
        acc->lo = lo, acc->hi = hi, acc->mid = mid;
    } else {
        acc->lo = veorq_u8(acc->lo, lo), acc->hi = veorq_u8(acc->hi, hi), acc->mid = veorq_u8(acc->mid, mid);
    }
}

/* The 256-bit sum z3:z2:z1:z0 (64-bit words) = hi * x^128 + (mid ^ lo ^
 * hi) * x^64 + lo, modulo P = x^128 + g, g = x^7 + x^2 + x + 1 (0x87):
 * z3 * x^192 = (z3 * g) * x^64 (at most 71 bits: into z2:z1), then
 * z2 * x^128 = z2 * g (into z1:z0). */
SC_AES_ARM_INLINE uint8x16_t gh_reduce(sc_gh_sum s)
{
    const uint8x16_t g = vreinterpretq_u8_u64(vdupq_n_u64(0x87));
    const uint8x16_t t = pmull_hi(s.hi, g);                                  /* z3 * g */
    const uint8x16_t mid = SC_AES_ARM_XOR3(s.mid, s.lo, s.hi);              /* Karatsuba */
    const uint8x16_t z21 = SC_AES_ARM_XOR3(vextq_u8(s.lo, s.hi, 8), mid, t); /* {z1, z2} */
    return veorq_u8(zip1_64(s.lo, z21), pmull_hi(z21, g));                  /* {z0, z1} ^ z2 * g */
}

SC_AES_ARM_INLINE uint8x16_t gh_load(const uint8_t *p) { return vrbitq_u8(vld1q_u8(p)); }
SC_AES_ARM_INLINE uint8x16_t gh_pow(const uint8_t *tab, size_t j) { return vld1q_u8(tab + SC_GH_POW + 16 * (j - 1)); }
SC_AES_ARM_INLINE uint8x16_t gh_kar(const uint8_t *tab, size_t m) { return vld1q_u8(tab + SC_GH_KAR + 16 * m); }

/* y = (y ^ x_0) H^cnt ^ x_1 H^(cnt-1) ^ ... ^ x_(cnt-1) H, 1 <= cnt <= 8,
 * the x already bit-reversed; one reduction. An odd cnt starts with a single
 * block, then pairs (H^(2m+2), H^(2m+1)). */
SC_AES_ARM_INLINE uint8x16_t gh_blocks(const uint8_t *tab, uint8x16_t y, const uint8x16_t *x, size_t cnt)
{
    sc_gh_sum s;
    const size_t odd = cnt & 1;
    const uint8x16_t x0 = veorq_u8(x[0], y);
    if (odd) gh_single(&s, 1, x0, gh_pow(tab, cnt), gh_kar(tab, cnt / 2));
    UNROLL
    for (size_t j = 0; j < SC_AES_ARM_PAR / 2; j++) {
        const size_t i = odd + 2 * j;
        if (i >= cnt) break;
        const size_t p = cnt - i; /* even */
        gh_pair(&s, i == 0, i == 0 ? x0 : x[i], gh_pow(tab, p), x[i + 1], gh_pow(tab, p - 1), gh_kar(tab, p / 2 - 1));
    }
    return gh_reduce(s);
}

/* Pair j (blocks 2j, 2j+1, powers H^(8-2j), H^(7-2j)) of an 8-block pass. */
SC_AES_ARM_INLINE void gh_pair8(sc_gh_sum *acc, int first, const uint8x16_t x[8], const uint8_t *tab, int j)
{
    const size_t p = 8 - 2 * (size_t)j;
    gh_pair(acc, first, x[2 * j], gh_pow(tab, p), x[2 * j + 1], gh_pow(tab, p - 1), gh_kar(tab, p / 2 - 1));
}

/* One block times one: H's powers for ghash_init. */
static uint8x16_t gh_mul(uint8x16_t a, uint8x16_t b)
{
    sc_gh_sum s;
    const uint8x16_t bk = veorq_u8(b, vextq_u8(b, b, 8));
    gh_single(&s, 1, a, b, bk);
    return gh_reduce(s);
}

SC_AES_ARM_BODY void ghash_init(sc_ghash_key *g)
{
    uint8x16_t pw[SC_AES_ARM_PAR];
    pw[0] = gh_load(g->h);
    UNROLL
    for (int j = 1; j < SC_AES_ARM_PAR; j++) pw[j] = gh_mul(pw[j - 1], pw[0]);
    UNROLL
    for (int j = 0; j < SC_AES_ARM_PAR; j++) vst1q_u8(g->tab + SC_GH_POW + 16 * j, pw[j]);
    UNROLL
    for (int m = 0; m < SC_AES_ARM_PAR / 2; m++) {
        /* lane 0: H^(2m+2), lane 1: H^(2m+1) */
        const uint8x16_t e = pw[2 * m + 1], o = pw[2 * m];
        vst1q_u8(g->tab + SC_GH_KAR + 16 * m, veorq_u8(zip1_64(e, o), zip2_64(e, o)));
    }
}

/* Load and bit-reverse `live` <= 8 blocks for gh_blocks. */
SC_AES_ARM_INLINE void gh_load8(uint8x16_t x[8], const uint8_t *in, size_t live)
{
    UNROLL
    for (size_t i = 0; i < live && i < SC_AES_ARM_PAR; i++) x[i] = gh_load(in + 16 * i);
}

SC_AES_ARM_BODY void ghash(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    uint8x16_t y = gh_load(acc), x[SC_AES_ARM_PAR];
    for (; n >= SC_AES_ARM_PAR; n -= SC_AES_ARM_PAR, in += 128) {
        gh_load8(x, in, SC_AES_ARM_PAR);
        y = gh_blocks(fresh(g->tab), y, x, SC_AES_ARM_PAR);
    }
    if (n) {
        gh_load8(x, in, n);
        y = gh_blocks(g->tab, y, x, n);
    }
    vst1q_u8(acc, vrbitq_u8(y));
}

/* ---- GCM: CTR and GHASH in one pass ------------------------------------- */

/* out = in ^ E(8 counter blocks from ctr) while y absorbs the 8 ciphertext
 * blocks at gh (encryption: the previous pass's output; decryption: this
 * pass's input, all read before out is written); returns ctr + 8. GHASH's
 * four Karatsuba pairs, each loaded when it is used, and its reduction go
 * between the first rounds, which every key size has. Those rounds' keys
 * are loaded in every pass (key_fresh): 8 blocks, GHASH's operands and 15
 * keys do not fit in 32 registers, and a load per round beats gcc's spills. */
SC_AES_ARM_INLINE uint32x4_t gcm_pass(const sc_aes_arm_keys *s, uint32x4_t ctr, uint32x4_t one, const uint8_t *tab,
                                      uint8x16_t *y, const uint8_t *gh, const uint8_t *in, uint8_t *out)
{
    uint8x16_t b[SC_AES_ARM_PAR], d[SC_AES_ARM_PAR], x[SC_AES_ARM_PAR];
    sc_gh_sum sum;
    ctr = counters8(b, ctr, one);
    round_enc(b, SC_AES_ARM_PAR, key_fresh(s, 0));
    gh_load8(x, gh, 2);
    x[0] = veorq_u8(x[0], *y);
    gh_pair8(&sum, 1, x, tab, 0);
    UNROLL
    for (int r = 1; r < 4; r++) {
        round_enc(b, SC_AES_ARM_PAR, key_fresh(s, r));
        gh_load8(x + 2 * r, gh + 32 * r, 2);
        gh_pair8(&sum, 0, x, tab, r);
    }
    round_enc(b, SC_AES_ARM_PAR, key_fresh(s, 4));
    *y = gh_reduce(sum);
    UNROLL
    for (int r = 5; r < 9; r++) round_enc(b, SC_AES_ARM_PAR, key_fresh(s, r));
    rounds_tail(b, SC_AES_ARM_PAR, s, 0);
    load8(d, fresh(in), SC_AES_ARM_PAR);
    UNROLL
    for (int i = 0; i < SC_AES_ARM_PAR; i++) b[i] = SC_AES_ARM_XOR3(b[i], s->kl, d[i]);
    store8(out, b, SC_AES_ARM_PAR);
    return ctr;
}

SC_AES_ARM_BODY void gcm(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16], const uint8_t *in,
                uint8_t *out, size_t n, int dec)
{
    const sc_aes_arm_keys s = keys_load(k->rk, k->rounds);
    const uint32x4_t one = ctr_one();
    uint32x4_t c = ctr_load(ctr);
    uint8x16_t y = gh_load(acc), x[SC_AES_ARM_PAR];
    if (dec) {
        for (; n >= SC_AES_ARM_PAR; n -= SC_AES_ARM_PAR, in += 128, out += 128)
            c = gcm_pass(&s, c, one, fresh(g->tab), &y, in, in, out);
    } else if (n >= SC_AES_ARM_PAR) {
        /* the first pass has no previous ciphertext to hash, the last
         * pass's is hashed after the loop */
        c = ctr_pass(&s, c, one, in, out, SC_AES_ARM_PAR);
        for (n -= SC_AES_ARM_PAR, in += 128, out += 128; n >= SC_AES_ARM_PAR; n -= SC_AES_ARM_PAR, in += 128, out += 128)
            c = gcm_pass(&s, c, one, fresh(g->tab), &y, out - 128, in, out);
        gh_load8(x, out - 128, SC_AES_ARM_PAR);
        y = gh_blocks(g->tab, y, x, SC_AES_ARM_PAR);
    }
    if (n) {
        if (dec) gh_load8(x, in, n); /* before out overwrites it */
        ctr_pass(&s, c, one, in, out, n);
        c = ctr_add(c, one, n);
        if (!dec) gh_load8(x, out, n);
        y = gh_blocks(g->tab, y, x, n);
    }
    ctr_store(ctr, c);
    vst1q_u8(acc, vrbitq_u8(y));
}

/* ---- Entry points --------------------------------------------------------- */

/* Each entry point runs its body (SC_AES_ARM_BODY: a frame of its own), then
 * burn() overwrites the dead stack where that frame was: whatever the
 * compiler spilled there (round keys, H's powers, key stream) would
 * otherwise outlive the call. Both frames start at the entry point's stack
 * pointer, and SC_AES_ARM_FRAME is 3 times the largest body's (gcm: 640
 * bytes with gcc 12, 448 with clang 19, at -O2 and -O3, -fstack-usage). */
enum { SC_AES_ARM_FRAME = 2048 };
static __attribute__((noinline)) void burn(void)
{
    uint8_t dead[SC_AES_ARM_FRAME];
    sc_wipe(dead, sizeof dead);
}

static void aes_encrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    ecb(k, in, out, n, 0);
    burn();
}
static void aes_decrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    ecb(k, in, out, n, 1);
    burn();
}
static void aes_cbc_encrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    cbc_encrypt(k, iv, in, out, n);
    burn();
}
static void aes_cbc_decrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    cbc_decrypt(k, iv, in, out, n);
    burn();
}
static void aes_ctr32(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
    ctr32(k, ctr, in, out, n);
    burn();
}
static void aes_xts(const sc_aes_key *k, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out, size_t n)
{
    xts(k, tweak, in, out, n, !encrypt);
    burn();
}
static void aes_cfb_small(const sc_aes_key *k, uint8_t reg[16], int encrypt, unsigned seg_bits, const uint8_t *in,
                          uint8_t *out, size_t len)
{
    cfb_small(k, reg, encrypt, seg_bits, in, out, len);
    burn();
}
static void aes_ghash_init(sc_ghash_key *g)
{
    ghash_init(g);
    burn();
}
static void aes_ghash(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    ghash(g, acc, in, n);
    burn();
}
static void aes_gcm_encrypt(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16],
                            const uint8_t *in, uint8_t *out, size_t n)
{
    gcm(k, g, ctr, acc, in, out, n, 0);
    burn();
}
static void aes_gcm_decrypt(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16],
                            const uint8_t *in, uint8_t *out, size_t n)
{
    gcm(k, g, ctr, acc, in, out, n, 1);
    burn();
}

const struct sc_aes_ops SC_AES_ARM_OPS = {
    .prepare = NULL,
    .encrypt = aes_encrypt,
    .decrypt = aes_decrypt,
    .cbc_encrypt = aes_cbc_encrypt,
    .cbc_decrypt = aes_cbc_decrypt,
    .ctr32 = aes_ctr32,
    .xts = aes_xts,
    .cfb_small = aes_cfb_small,
    .ghash_init = aes_ghash_init,
    .ghash = aes_ghash,
    .gcm_encrypt = aes_gcm_encrypt,
    .gcm_decrypt = aes_gcm_decrypt,
};
