/* SPDX-License-Identifier: Apache-2.0 */
/* The multi-block AES modes, GHASH and fused GCM of the x86 kernels, written
 * once for any vector width. The including file defines, for vec_t holding
 * VB blocks (one per 128-bit lane):
 *   VB, NV                  blocks per vector, vectors per batch (NB = VB*NV
 *                           blocks in flight; GHASH powers up to H^NB)
 *   v_load/v_store/v_xor/v_shuffle8/v_bcast128   (vec128.h / vec256.h)
 *   v_load_n(p, c), v_store_n(p, v, c)  the first c <= VB blocks only (the
 *                           rest zero); never touches memory past them
 *   v_aesenc/v_aesenclast/v_aesdec/v_aesdeclast(v, key)
 *   v_key(p)                the 16-byte round key at p (16-aligned) in
 *                           every lane
 *   v_load_tab(p)           v_load of 16-aligned table entries (for SSE: a
 *                           memory operand, no register)
 *   v_clmul(a, b, imm), v_swap64(v) (the qword halves of each lane)
 *   v_add32(a, b)
 *   v_from128(x)            x in lane 0, zero above
 *   v_fold128(v)            the xor of v's lanes
 *   v_first128(v), v_last128(v)  v's first, last lane
 *   v_shift_in(x, v)        blocks x, v_0 .. v_(VB-2) (the CBC "previous")
 *   v_ctr_first(c), v_ctr_step()  counter lanes c+0..c+VB-1; +VB in each
 *   v_ctr_first_raw(p), v_ctr_step_raw()  the same on the counter block at
 *                           p as it is (big-endian), adding to its last byte
 *                           only (ctr_r's no-carry case)
 *   GH_SHORT                GHASH calls of at most this many blocks take
 *                           the xmm loop gh_blocks_x (0: never)
 *   KERNEL_OPS              the name of the struct sc_aes_ops to define.
 * Every loop over vectors or rounds unrolls (the batch lives in registers);
 * the only branches are on n and the round count.
 *
 * No secret stays behind in the stack (include/simdcrypt/common.h): the
 * round keys and the powers of H are not held in registers across a loop
 * (11-15 keys and a batch do not fit in 16 vector registers: GCC and Clang
 * spilled them into frames of up to 2 KB, left in the dead stack). Every
 * batch reads them from the key structs, which live in the caller's
 * context, through a pointer hidden from the compiler at each step
 * (AES_HIDE), so it can neither hoist the loads out of the loop nor spill
 * them: one load per round key per batch, a load-port slot that the AES
 * units leave free (AESENC takes it as a memory operand). The data-derived
 * secrets (AES states, keystream, GHASH products and sums, the accumulator)
 * are kept out of the compilers' spills by the shape of the code (gh_pin,
 * gcm_reduce, the accumulator in acc, data re-read rather than held, tails
 * vector after vector); the one left, a few AES states of Clang's AES-NI
 * fused GCM batches, is burned (GCM_BURN). Checked by reading the generated
 * code (GCC 12, Clang 19) and by tests/test_stack_residue.c. */
#include <string.h>

#ifndef GH_KAR_REGS
/* 1: the Karatsuba operands of GHASH computed from the powers in registers,
 * not read from the table (gh_vector) */
#define GH_KAR_REGS 0
#endif

#include "../../aead/aead_family.h"
#include "aes_x86_common.h"
#include "aes_x86_ccm.h"
#include "aes_x86_cfb.h"

#define NB (VB * NV)
/* v as if computed here (an empty asm the compiler cannot see through) */
#define V_OPAQUE(v) __asm__("" : "+x"(v))

/* Blocks of the vector i of a batch of c blocks. */
AES_AI unsigned lane_count(size_t c, unsigned i)
{
    return c <= VB * i ? 0 : c - VB * i >= VB ? VB : (unsigned)(c - VB * i);
}
/* Vector i of a batch of c blocks at p (c < NB: the blocks past c zero). */
AES_AI vec_t load_vec(const uint8_t *p, size_t c, unsigned i)
{
    return c >= NB ? v_load(p + 16 * VB * i) : v_load_n(p + 16 * VB * i, lane_count(c, i));
}
AES_AI void store_vec(uint8_t *p, vec_t v, size_t c, unsigned i)
{
    if (c >= NB) v_store(p + 16 * VB * i, v);
    else v_store_n(p + 16 * VB * i, v, lane_count(c, i));
}
AES_AI void load_batch(vec_t *b, const uint8_t *p, size_t c)
{
    UNROLL for (unsigned i = 0; i < NV; i++) b[i] = load_vec(p, c, i);
}
AES_AI void store_batch(uint8_t *p, const vec_t *b, size_t c)
{
    UNROLL for (unsigned i = 0; i < NV; i++) store_vec(p, b[i], c, i);
}

typedef const uint8_t (*rk_t)[16];
/* All rounds over nv (a constant) registers, encryption or (dec, with
 * rk_dec keys) the equivalent inverse cipher: round by round across them,
 * each round key read once from rk. */
AES_AI void crypt_regs(vec_t *b, const unsigned nv, rk_t rk, const int R, const int dec)
{
    const vec_t k0 = v_key(rk[0]);
    UNROLL for (unsigned i = 0; i < nv; i++) b[i] = v_xor(b[i], k0);
    UNROLL for (int r = 1; r < R; r++) {
        const vec_t kr = v_key(rk[r]);
        UNROLL for (unsigned i = 0; i < nv; i++) b[i] = dec ? v_aesdec(b[i], kr) : v_aesenc(b[i], kr);
    }
    const vec_t kl = v_key(rk[R]);
    UNROLL for (unsigned i = 0; i < nv; i++) b[i] = dec ? v_aesdeclast(b[i], kl) : v_aesenclast(b[i], kl);
}
/* The whole batch. */
AES_AI void crypt_batch(vec_t *b, rk_t rk, const int R, const int dec) { crypt_regs(b, NV, rk, R, dec); }

/* A tail of VB + 1 .. 2 VB blocks (64 bytes on AVX2: the short messages of
 * issue 14) is two vectors, which run through the rounds together, each
 * round key loaded once for both (crypt_regs): crypt_vec after crypt_vec
 * loaded every key twice and issued the second vector's rounds behind the
 * first's (AES-128 ECB, 64 bytes: ~70 instructions, now ~40). Two states
 * and the 11-15 keys fit the 16 registers: nothing spilled. */
AES_AI int pair_tail(size_t n) { return NV >= 2 && n > VB && n <= 2 * VB; }

/* One vector through all the rounds, the keys read from rk again (hidden
 * at each call: kept across the vectors of a partial batch, they were
 * spilled). */
AES_AI vec_t crypt_vec(vec_t v, rk_t rk, const int R, const int dec)
{
    AES_HIDE(rk);
    v = v_xor(v, v_key(rk[0]));
    UNROLL for (int r = 1; r < R; r++) v = dec ? v_aesdec(v, v_key(rk[r])) : v_aesenc(v, v_key(rk[r]));
    return dec ? v_aesdeclast(v, v_key(rk[R])) : v_aesenclast(v, v_key(rk[R]));
}

/* Every mode runs its batch step over the full batches, then its TAIL over
 * the partial last one: the hot loop carries no branch on the count (with
 * one merged loop GCC kept the tail's branches in it and spilled a block
 * register: AES-256 CTR 0.41 against 0.33). A tail runs vector after
 * vector, only those holding blocks (lanes past them neither loaded nor
 * stored): the out-of-order core overlaps their independent rounds, and a
 * 64-byte message pays for its 4 blocks, not for a batch. */
#define FOR_BATCHES(n, in, out, rk, STEP, TAIL)                                                   \
    do {                                                                                          \
        for (; (n) >= NB; (in) += 16 * NB, (out) += 16 * NB, (n) -= NB) {                         \
            AES_HIDE(rk);                                                                         \
            STEP;                                                                                 \
        }                                                                                         \
        UNROLL for (unsigned i = 0; i < NV; i++)                                                  \
            if (VB * i < (n)) TAIL(i);                                                            \
    } while (0)

AES_AI void ecb_r(rk_t rk, const uint8_t *in, uint8_t *out, size_t n, const int R, const int dec)
{
    vec_t b[NV];
    if (pair_tail(n)) {
        b[0] = load_vec(in, n, 0), b[1] = load_vec(in, n, 1);
        AES_HIDE(rk);
        crypt_regs(b, 2, rk, R, dec);
        store_vec(out, b[0], n, 0), store_vec(out, b[1], n, 1);
        return;
    }
#define STEP (load_batch(b, in, NB), crypt_batch(b, rk, R, dec), store_batch(out, b, NB))
#define TAIL(i) store_vec(out, crypt_vec(load_vec(in, n, i), rk, R, dec), n, i)
    FOR_BATCHES(n, in, out, rk, STEP, TAIL);
#undef STEP
#undef TAIL
}
AES_SCHED static void aes_encrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
#define BODY(R) ecb_r(k->rk, in, out, n, R, 0)
    AES_BY_ROUNDS(k, BODY);
#undef BODY
}
AES_SCHED static void aes_decrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
#define BODY(R) ecb_r(k->rk_dec, in, out, n, R, 1)
    AES_BY_ROUNDS(k, BODY);
#undef BODY
}

static void aes_cbc_encrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
#define BODY(R) aes_cbc_encrypt_r(k, iv, in, out, n, R)
    AES_BY_ROUNDS(k, BODY);
#undef BODY
}

/* CBC decryption: the ciphertext is read again after the rounds (through
 * a hidden pointer: kept in registers, it would be spilled with the
 * rounds' states). Vector i's chain values, blocks VB i - 1 .. VB i +
 * VB - 2, are one unaligned load 16 bytes below it, not a lane shift of
 * two vectors (two shuffles per vector beside the AES units: 16 KiB ran
 * at 0.82x ECB decryption on Zen 3). The vectors are stored from the last
 * down, so that with in == out no store overwrites ciphertext a higher
 * vector still reads; the batch's last block, the next chain, is read
 * first. */
AES_AI void cbc_decrypt_step(vec_t *b, __m128i *prev, rk_t rk, const int R, const uint8_t *in, uint8_t *out)
{
    load_batch(b, in, NB);
    crypt_batch(b, rk, R, 1);
    AES_HIDE(in);
    const __m128i next = _mm_loadu_si128((const __m128i *)(in + 16 * (NB - 1)));
    UNROLL for (unsigned j = 0; j < NV; j++) {
        const unsigned i = NV - 1 - j;
        const vec_t c = i ? v_load(in + 16 * VB * i - 16) : v_shift_in(*prev, v_load(in));
        v_store(out + 16 * VB * i, v_xor(b[i], c));
    }
    *prev = next;
}
/* Vector i of the partial last batch of cnt blocks. */
AES_AI void cbc_decrypt_vec(__m128i *prev, rk_t rk, const int R, const uint8_t *in, uint8_t *out, size_t cnt,
                            unsigned i)
{
    const vec_t c = load_vec(in, cnt, i);
    store_vec(out, v_xor(crypt_vec(c, rk, R, 1), v_shift_in(*prev, c)), cnt, i);
    *prev = v_last128(c);
}
AES_AI void cbc_decrypt_r(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n, const int R)
{
    if (n == 0) return;
    vec_t b[NV];
    rk_t rk = k->rk_dec;
    const __m128i next_iv = _mm_loadu_si128((const __m128i *)(in + 16 * (n - 1))); /* before any store */
    __m128i prev = _mm_loadu_si128((const __m128i *)iv);
    if (pair_tail(n)) { /* both vectors loaded before either is stored (in == out) */
        const vec_t c0 = load_vec(in, n, 0), c1 = load_vec(in, n, 1);
        b[0] = c0, b[1] = c1;
        AES_HIDE(rk);
        crypt_regs(b, 2, rk, R, 1);
        store_vec(out, v_xor(b[0], v_shift_in(prev, c0)), n, 0);
        store_vec(out, v_xor(b[1], v_shift_in(v_last128(c0), c1)), n, 1);
        _mm_storeu_si128((__m128i *)iv, next_iv);
        return;
    }
#define STEP cbc_decrypt_step(b, &prev, rk, R, in, out)
#define TAIL(i) cbc_decrypt_vec(&prev, rk, R, in, out, n, i)
    FOR_BATCHES(n, in, out, rk, STEP, TAIL);
#undef STEP
#undef TAIL
    _mm_storeu_si128((__m128i *)iv, next_iv);
}
static void aes_cbc_decrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
#define BODY(R) cbc_decrypt_r(k, iv, in, out, n, R)
    AES_BY_ROUNDS(k, BODY);
#undef BODY
}

/* Counter lanes are kept byte-reflected (the low word in dword 0 of each
 * lane, where a 32-bit add works) and reflected back per block; or, raw
 * (ctr_r's no-carry case), as the blocks themselves, the step added to
 * their last byte (the top byte of dword 3), no shuffle. */
AES_AI void ctr_blocks_as(vec_t *b, vec_t *ctr, const vec_t step, const int raw)
{
    const vec_t bs = v_bcast128(aes_bswap_idx);
    UNROLL for (unsigned i = 0; i < NV; i++) {
        b[i] = raw ? *ctr : v_shuffle8(*ctr, bs);
        *ctr = v_add32(*ctr, step);
    }
}
AES_AI void ctr_blocks(vec_t *b, vec_t *ctr, const vec_t step) { ctr_blocks_as(b, ctr, step, 0); }
AES_AI void ctr_keystream(vec_t *b, vec_t *ctr, const vec_t step, rk_t rk, const int R)
{
    ctr_blocks(b, ctr, step);
    crypt_batch(b, rk, R, 0);
}
/* The keystream b xor a batch of input blocks, to out, a vector at a time
 * (in == out). The input is read here, not kept in registers from GCM
 * decryption's GHASH reading it. */
AES_AI void xor_store(const vec_t *b, const uint8_t *in, uint8_t *out)
{
    AES_HIDE(in);
    UNROLL for (unsigned i = 0; i < NV; i++) v_store(out + 16 * VB * i, v_xor(b[i], v_load(in + 16 * VB * i)));
}
/* A CTR batch: the keystream's rounds but the last, then the input folded
 * into the last round key, AESENCLAST(x, k ^ in) = AESENCLAST(x, k) ^ in
 * (the last round has no MixColumns: its key is a plain xor), so the
 * output is one operation after the rounds, not two: the xor waits for
 * the input only, beside the rounds, not for them. The same operations as
 * ctr_keystream then xor_store; one step off each block's latency, which a
 * call of a batch or two (256 B-1 KiB) pays in full. The counters: a chain
 * of adds of step, made opaque (V_OPAQUE): seeing c + 2i, GCC hoisted seven
 * offset constants out of the loop and spilled them into a 32-aligned
 * frame, a dozen instructions and the frame per call. (Each vector's
 * counter one add from the batch's, the offsets memory operands, ran 2-3 %
 * slower at 16-256 KiB and no faster at 256 B.) */
AES_AI void ctr_batch(vec_t *b, vec_t *ctr, vec_t step, rk_t rk, const int R, const uint8_t *in, uint8_t *out,
                      const int raw)
{
    V_OPAQUE(step);
    ctr_blocks_as(b, ctr, step, raw);
    const vec_t k0 = v_key(rk[0]);
    UNROLL for (unsigned i = 0; i < NV; i++) b[i] = v_xor(b[i], k0);
    UNROLL for (int r = 1; r < R; r++) {
        const vec_t kr = v_key(rk[r]);
        UNROLL for (unsigned i = 0; i < NV; i++) b[i] = v_aesenc(b[i], kr);
    }
    AES_HIDE(in);
    const vec_t kl = v_key(rk[R]);
    UNROLL for (unsigned i = 0; i < NV; i++)
        v_store(out + 16 * VB * i, v_aesenclast(b[i], v_xor(kl, v_load(in + 16 * VB * i))));
}
/* Lane j (< VB, a constant after unrolling or a public count) of v. */
AES_AI __m128i lane128(vec_t v, unsigned j) { return j == VB - 1 ? v_last128(v) : v_first128(v); }

/* Counter mode over the partial last batch, from counter c: its `whole`
 * blocks and, if r (a public length, 0 .. 15) is not 0, a partial block of
 * r bytes after them (ctr32_bytes in aes_internal.h). The partial block's
 * counter is one more lane of the tail, so that a 1420-byte call (88
 * blocks and 12 bytes) is one kernel call where the generic layer made two
 * (the whole blocks, then a block of keystream into its buffer): the whole
 * lanes are stored as before, the partial block's keystream goes to ks
 * (the generic layer keeps its unused bytes for the next call) and is
 * xored into its r bytes from there (aes_xor_partial). */
AES_AI void ctr_tail(vec_t c, const vec_t step, rk_t rk, const int R, const uint8_t *in, uint8_t *out, size_t whole,
                     size_t r, uint8_t *ks, const int raw)
{
    const vec_t bs = v_bcast128(aes_bswap_idx);
    const size_t cnt = whole + (r != 0); /* blocks of keystream */
    const unsigned pv = (unsigned)(whole / VB), pl = (unsigned)(whole % VB); /* the partial block's vector, lane */
    if (pair_tail(cnt)) {
        vec_t k2[2] = {raw ? c : v_shuffle8(c, bs), raw ? v_add32(c, step) : v_shuffle8(v_add32(c, step), bs)};
        AES_HIDE(rk);
        crypt_regs(k2, 2, rk, R, 0);
        AES_HIDE(in);
        store_vec(out, v_xor(k2[0], load_vec(in, whole, 0)), whole, 0);
        store_vec(out, v_xor(k2[1], load_vec(in, whole, 1)), whole, 1);
        if (r) _mm_storeu_si128((__m128i *)ks, lane128(pv ? k2[1] : k2[0], pl));
    } else {
        UNROLL for (unsigned i = 0; i < NV; i++) {
            if (VB * i < cnt) {
                const vec_t kv = crypt_vec(raw ? c : v_shuffle8(c, bs), rk, R, 0);
                if (VB * i < whole) store_vec(out, v_xor(kv, load_vec(in, whole, i)), whole, i);
                if (r && i == pv) _mm_storeu_si128((__m128i *)ks, lane128(kv, pl));
            }
            c = v_add32(c, step);
        }
    }
    if (r) aes_xor_partial(out + 16 * whole, in + 16 * whole, ks, r);
}
/* n whole blocks and a partial one of r bytes (0: none; ctr32_bytes);
 * raw: the counter blocks as they are (ctr_r). */
AES_AI void ctr_r_as(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n, size_t r,
                     uint8_t *ks, const int R, const int raw)
{
    vec_t b[NV];
    rk_t rk = k->rk;
    const __m128i c0 = gh_load(ctr);
    vec_t c = raw ? v_ctr_first_raw(ctr) : v_ctr_first(c0);
    const vec_t step = raw ? v_ctr_step_raw() : v_ctr_step();
    aes_ctr_store(ctr, c0, n + (r != 0));
    for (; n >= NB; in += 16 * NB, out += 16 * NB, n -= NB) {
        AES_HIDE(rk);
        ctr_batch(b, &c, step, rk, R, in, out, raw);
    }
    ctr_tail(c, step, rk, R, in, out, n, r, ks, raw);
}
/* When the counter's last byte does not wrap over the call's blocks
 * (libgcrypt's CTR does the same test on it), the blocks are the counter
 * block plus i in that byte alone: an add on the block as loaded, where
 * the general case reflects it (a shuffle), broadcasts the reflected value
 * across lanes and reflects each block back (a shuffle each), three steps
 * before the first round that a short call pays in full. The counter is
 * public (an IV: tests/ct/ct_ciphers.c), so is the branch on it. */
AES_AI void ctr_r(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n, size_t r,
                  uint8_t *ks, const int R)
{
    if ((size_t)ctr[15] + n + (r != 0) <= 256)
        ctr_r_as(k, ctr, in, out, n, r, ks, R, 1);
    else
        ctr_r_as(k, ctr, in, out, n, r, ks, R, 0);
}
static void aes_ctr32(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
#define BODY(R) ctr_r(k, ctr, in, out, n, 0, NULL, R)
    AES_BY_ROUNDS(k, BODY);
#undef BODY
}

static void aes_ctr32_bytes(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t len,
                            uint8_t ks[16])
{
#define BODY(R) ctr_r(k, ctr, in, out, len / 16, len % 16, ks, R)
    AES_BY_ROUNDS(k, BODY);
#undef BODY
}

/* Fused XTS (IEEE 1619-2018 5.3.1/5.4.1; the contract in aes_internal.h).
 * The tweak is a little-endian 128-bit value in each lane, alpha = x, P =
 * x^128 + x^7 + x^2 + x + 1. A batch derives its NV tweak vectors from the
 * running one t (lane j = T of the batch's block j) by independent
 * multiplies by x^(VB i), off any chain, and steps t by x^NB once.
 * Registers: NV blocks and NV tweaks do not fit in 16 with a key (the
 * compilers spilled the tweaks, key-derived, into the stack), so each
 * tweak goes where its output block will be stored (after that block's
 * input is loaded: in == out holds) and is read back for the final xor,
 * through a hidden pointer: one store and one load per vector, which the
 * load/store ports leave free. The tweak is xored outside crypt_batch: on
 * these instruction sets folding it into the round 0 and last round keys
 * (the VAES-512 kernel's way) takes the same number of xors. */

/* t * x^s in each lane, 0 < s <= 57: both quadwords shifted, the low one's
 * top s bits carried into the high one, the high one's (degrees 128 ..
 * 127 + s) folded back as their carry-less product with 0x87, which fits
 * the low quadword. Constant shifts, no branch: constant time. */
AES_AI vec_t xts_mul(vec_t t, const int s)
{
    const vec_t top = V_OP(srli_epi64)(t, 64 - s);
    const vec_t fold = v_clmul(top, V_OP(set1_epi64x)(0x87), 0x01);
    return v_xor(v_xor(V_OP(slli_epi64)(t, s), v_unpacklo64(v_zero(), top)), fold);
}
AES_AI void xts_batch(vec_t *b, vec_t *t, rk_t rk, const int R, const int dec, const uint8_t *in, uint8_t *out)
{
    UNROLL for (unsigned i = 0; i < NV; i++) {
        const vec_t ti = i ? xts_mul(*t, (int)(VB * i)) : *t;
        b[i] = v_xor(v_load(in + 16 * VB * i), ti);
        v_store(out + 16 * VB * i, ti);
        V_OPAQUE(b[i]); /* else GCC xored the tweaks in after round 0's key,
                         * holding them and spilling input blocks */
    }
    *t = xts_mul(*t, NB);
    crypt_batch(b, rk, R, dec);
    AES_HIDE(out);
    UNROLL for (unsigned i = 0; i < NV; i++) v_store(out + 16 * VB * i, v_xor(b[i], v_load(out + 16 * VB * i)));
}
AES_AI void xts_r(const sc_aes_key *k, uint8_t tweak[16], const uint8_t *in, uint8_t *out, size_t n, const int R,
                  const int dec)
{
    _Static_assert(VB <= 2 && NB <= 57, "the next tweak below; xts_mul's reach");
    if (n == 0) return;
    vec_t b[NV];
    rk_t rk = dec ? k->rk_dec : k->rk;
    const __m128i t0 = _mm_loadu_si128((const __m128i *)tweak);
    vec_t t = v_shift_in(t0, xts_mul(v_from128(t0), 1)), last = t; /* T, T x, ... */
#define STEP xts_batch(b, &t, rk, R, dec, in, out)
#define TAIL(i) (last = t, store_vec(out, v_xor(crypt_vec(v_xor(load_vec(in, n, i), t), rk, R, dec), t), n, i), \
                 t = xts_mul(t, VB))
    FOR_BATCHES(n, in, out, rk, STEP, TAIL);
#undef STEP
#undef TAIL
    /* T of block n: lane 1 of the last vector when it was half full, else
     * lane 0 of the next one */
    if (n % VB) _mm_storeu_si128((__m128i *)tweak, v_last128(last));
    else v_store_n(tweak, t, 1);
}
static void aes_xts(const sc_aes_key *k, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out, size_t n)
{
#define BODY(R) xts_r(k, tweak, in, out, n, R, 0)
#define BODY_DEC(R) xts_r(k, tweak, in, out, n, R, 1)
    if (encrypt) AES_BY_ROUNDS(k, BODY);
    else AES_BY_ROUNDS(k, BODY_DEC);
#undef BODY
#undef BODY_DEC
}

/* One vector x (byte-reflected blocks) times the powers at table entry e,
 * into the Karatsuba sums; then their reduction. */
AES_AI void gh_vector(const sc_ghash_key *g, vec_t *lo, vec_t *mi, vec_t *hi, vec_t x, unsigned e)
{
    const vec_t h = v_load_tab(gh_entry(g, e));
#if GH_KAR_REGS /* the operands not in the table past H^1 (aes_vaes_avx512_ymm.c) */
    const vec_t hk = v_xor(h, v_swap64(h));
#else
    const vec_t hk = v_load_tab(gh_entry(g, GH_KAR + e));
#endif
    *lo = v_xor(*lo, v_clmul(x, h, 0x00));
    *hi = v_xor(*hi, v_clmul(x, h, 0x11));
    *mi = v_xor(*mi, v_clmul(v_xor(x, v_swap64(x)), hk, 0x00));
}
/* The sums as they are here: else GCC reassociates the xors of a batch
 * into one tree at its end and spills the 3 * NV products (each one gives
 * away half of a power of H to whoever knows the data), and Clang spills
 * AES states in the fused GCM batch. Clang's GHASH alone needs no pin and
 * runs 3.5% slower with it (ghash_batch). */
AES_AI void gh_pin(vec_t *lo, vec_t *mi, vec_t *hi)
{
    V_OPAQUE(*lo);
    V_OPAQUE(*mi);
    V_OPAQUE(*hi);
}
AES_AI __m128i gh_finish(vec_t lo, vec_t mi, vec_t hi)
{
    const __m128i l = v_fold128(lo), h = v_fold128(hi);
    return gh_reduce(l, _mm_xor_si128(v_fold128(mi), _mm_xor_si128(l, h)), h);
}

/* GHASH of 0 < cnt <= NB blocks at p into acc with one reduction: block j
 * is multiplied by H^(cnt-j) (acc folded into block 0), zero padding by the
 * zero entries past H^1. Vector 0 goes last: only its product and the
 * reduction are on the acc-to-acc latency chain. Each vector is read where
 * it is multiplied (all of them loaded first, GCC spilled the products),
 * from memory (AES_HIDE: not forwarded from GCM's output registers). */
AES_AI __m128i ghash_batch(const sc_ghash_key *g, __m128i acc, const uint8_t *p, size_t cnt)
{
    if (cnt <= GH_SHORT) return gh_blocks_x(g, acc, p, cnt);
    AES_HIDE(p);
    const vec_t bs = v_bcast128(aes_bswap_idx);
    const unsigned m = (unsigned)((cnt + VB - 1) / VB);
    vec_t lo = v_zero(), mi = lo, hi = lo;
    UNROLL for (unsigned j = 0; j < NV; j++) {
        const unsigned i = NV - 1 - j;
        if (i >= m) continue;
        vec_t x = v_shuffle8(load_vec(p, cnt, i), bs);
        if (i == 0) x = v_xor(x, v_from128(acc));
        gh_vector(g, &lo, &mi, &hi, x, GH_POW(cnt) + VB * i);
#if !defined(__clang__)
        gh_pin(&lo, &mi, &hi);
#endif
    }
    return gh_finish(lo, mi, hi);
}
static void aes_ghash(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    __m128i x = gh_load(acc);
    for (; n >= NB; in += 16 * NB, n -= NB) {
        AES_HIDE(g);
        x = ghash_batch(g, x, in, NB);
    }
    if (n) x = ghash_batch(g, x, in, n);
    gh_store(acc, x);
}
static void aes_ghash_init(sc_ghash_key *g) { gh_init_tab(g, NB); }

/* Fused GCM. A full batch computes NB keystream blocks with the GHASH of
 * NB blocks at h (ciphertext already in memory) interleaved, one vector's
 * products per AES round and vector 0 (which carries acc) last, so the
 * AES and CLMUL units work side by side and the reduction overlaps the last
 * rounds. Decryption hashes its own input batch (before storing over it,
 * in == out); encryption hashes the previous batch's output, then the last
 * one alone (its first batch peeled: a branch on "is there a previous batch"
 * inside the loop measured 25% slower). A partial last batch is the plain
 * sequence. Measured on Zen 4, 16 KiB: 0.48 (xmm) and 0.22 (ymm) TSC cycles
 * per byte against 0.57 and 0.28 for ctr32 then ghash. */
AES_AI void gcm_batch(vec_t *b, vec_t *ctr, const vec_t step, rk_t rk, const int R, const sc_ghash_key *g,
                      const uint8_t *acc, const uint8_t *h, vec_t *sums)
{
    _Static_assert(NV <= 9, "one GHASH vector per AES round 1..9");
    const vec_t bs = v_bcast128(aes_bswap_idx);
    AES_HIDE(h); /* read from memory, not kept from the previous batch's output */
    AES_HIDE(acc);
    ctr_blocks(b, ctr, step);
    const vec_t k0 = v_key(rk[0]);
    UNROLL for (unsigned i = 0; i < NV; i++) b[i] = v_xor(b[i], k0);
    vec_t lo = v_zero(), mi = lo, hi = lo;
    UNROLL for (int r = 1; r < R; r++) {
        const vec_t kr = v_key(rk[r]);
        UNROLL for (unsigned i = 0; i < NV; i++) b[i] = v_aesenc(b[i], kr);
        if (r <= (int)NV) {
            const unsigned i = NV - (unsigned)r;
            vec_t x = v_shuffle8(v_load(h + 16 * VB * i), bs);
            if (i == 0) x = v_xor(x, v_from128(_mm_loadu_si128((const __m128i *)acc)));
            gh_vector(g, &lo, &mi, &hi, x, GH_POW(NB) + VB * i);
            gh_pin(&lo, &mi, &hi);
        }
    }
    const vec_t kl = v_key(rk[R]);
    UNROLL for (unsigned i = 0; i < NV; i++) b[i] = v_aesenclast(b[i], kl);
    sums[0] = lo, sums[1] = mi, sums[2] = hi;
}
/* The batch's GHASH sums reduced into acc, after its output is stored: with
 * the blocks still in registers, GCC folded the lanes through the stack. */
AES_AI void gcm_reduce(uint8_t *acc, const vec_t *sums)
{
    _mm_storeu_si128((__m128i *)acc, gh_finish(sums[0], sums[1], sums[2]));
}
AES_AI void gcm_r(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16], const uint8_t *in,
                  uint8_t *out, size_t n, const int R, const int dec)
{
    vec_t b[NV], sums[3];
    rk_t rk = k->rk;
    const __m128i c0 = gh_load(ctr);
    vec_t c = v_ctr_first(c0);
    const vec_t step = v_ctr_step();
    __m128i x = gh_load(acc);
    aes_ctr_store(ctr, c0, n);
    /* The batches keep the (reflected) accumulator in acc, not in a
     * register held across their rounds that the compiler spilled. */
    if (n >= NB) _mm_storeu_si128((__m128i *)acc, x);
    if (!dec && n >= NB) { /* the first output batch: nothing to hash yet */
        ctr_keystream(b, &c, step, rk, R);
        xor_store(b, in, out);
        in += 16 * NB, out += 16 * NB, n -= NB;
        for (; n >= NB; in += 16 * NB, out += 16 * NB, n -= NB) {
            AES_HIDE(rk);
            AES_HIDE(g);
            gcm_batch(b, &c, step, rk, R, g, acc, out - 16 * NB, sums);
            xor_store(b, in, out);
            gcm_reduce(acc, sums);
        }
        x = ghash_batch(g, _mm_loadu_si128((const __m128i *)acc), out - 16 * NB, NB);
    }
    if (dec && n >= NB) {
        for (; n >= NB; in += 16 * NB, out += 16 * NB, n -= NB) {
            AES_HIDE(rk);
            AES_HIDE(g);
            gcm_batch(b, &c, step, rk, R, g, acc, in, sums);
            xor_store(b, in, out);
            gcm_reduce(acc, sums);
        }
        x = _mm_loadu_si128((const __m128i *)acc);
    }
    if (n) {
        if (dec) x = ghash_batch(g, x, in, n); /* before out (maybe == in) is written */
        ctr_tail(c, step, rk, R, in, out, n, 0, NULL, 0);
        if (!dec) x = ghash_batch(g, x, out, n);
    }
    gh_store(acc, x);
}

/* GCM_BURN (bytes; the kernel file may define it): where a compiler still
 * spills AES states of the fused batches (registers too few for the blocks,
 * the GHASH sums, a key, data and the counter), calls of at least NB blocks
 * run in a worker never inlined, then burn its frame (stack_burn.h). The
 * shorter calls, which take no fused batch, neither pay nor need it. */
#ifndef GCM_BURN
#define GCM_BURN 0
#endif
#if GCM_BURN
#include "../../cipher/stack_burn.h"
#define GCM_WORKER static __attribute__((noinline))
#else
#define GCM_WORKER AES_AI
#endif
#define GCM_OP(name, dec)                                                                         \
    GCM_WORKER void name##_bulk(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16],    \
                                const uint8_t *in, uint8_t *out, size_t n)                        \
    {                                                                                             \
        AES_BY_ROUNDS(k, GCM_BODY##dec);                                                          \
    }                                                                                             \
    static void name(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16],  \
                     const uint8_t *in, uint8_t *out, size_t n)                                   \
    {                                                                                             \
        if (GCM_BURN && n >= NB) {                                                                \
            name##_bulk(k, g, ctr, acc, in, out, n);                                              \
            GCM_BURN_STACK();                                                                     \
            return;                                                                               \
        }                                                                                         \
        AES_BY_ROUNDS(k, GCM_BODY##dec);                                                          \
    }
#define GCM_BODY0(R) gcm_r(k, g, ctr, acc, in, out, n, R, 0)
#define GCM_BODY1(R) gcm_r(k, g, ctr, acc, in, out, n, R, 1)
#if GCM_BURN
#define GCM_BURN_STACK() sc_burn_stack(GCM_BURN)
#else
#define GCM_BURN_STACK() ((void)0)
#endif
GCM_OP(aes_gcm_encrypt, 0)
GCM_OP(aes_gcm_decrypt, 1)

/* One whole GCM message with a 12-byte nonce (the AEAD one-shot calls and
 * GMAC; contract in aes_internal.h). The generic steps (aes_gcm.c) took
 * three kernel calls (more with AAD) and their bookkeeping for a 64-byte
 * seal, E(J0) first on the critical path (~200 TSC cycles per
 * sc_aead_seal on Zen 3; ~165 with this). Here E(J0) is an xmm
 * block whose rounds overlap the AAD's GHASH and the data's CTR.
 *
 * A message whose GHASH input (AAD, data, the length block of SP 800-38D
 * 7.1 step 5) is at most NB blocks, 64 bytes with a 13-byte AAD say, takes
 * one reduction for all of it: block j of the t blocks times H^(t-j), the
 * products summed as they come (gh_sum) and reduced once, which is
 * GHASH's definition unrolled (S = sum X_j H^(t-j+1), the accumulator
 * starting at 0; the table's powers carry the x^-1 of the reflected
 * product, aes_x86_common.h). The stepwise form took two reductions, the
 * second after the first's latency and a store and a load of the
 * accumulator in between. Longer messages: the fused whole-block loop
 * (GCM_OP) for the data; the last partial block and the length block go
 * through GHASH in one call.
 *
 * The locals holding secrets (the accumulator, the partial block) are
 * wiped; every branch is on a public length. */
AES_AI __m128i aes_block_x(rk_t rk, __m128i x, const int R)
{
    AES_HIDE(rk);
    x = _mm_xor_si128(x, _mm_load_si128((const __m128i *)rk[0]));
    UNROLL for (int r = 1; r < R; r++) x = _mm_aesenc_si128(x, _mm_load_si128((const __m128i *)rk[r]));
    return _mm_aesenclast_si128(x, _mm_load_si128((const __m128i *)rk[R]));
}
/* The products of 0 < cnt <= NB blocks at p, block j times H^(top-j)
 * (cnt <= top <= NB), added into the Karatsuba sums s[0..2], unreduced.
 * Lanes past cnt are zero (load_vec), and so are their products. */
AES_AI void gh_sum(const sc_ghash_key *g, vec_t *s, const uint8_t *p, size_t cnt, unsigned top)
{
    AES_HIDE(p);
    const vec_t bs = v_bcast128(aes_bswap_idx);
    UNROLL for (unsigned i = 0; i < NV; i++) {
        if (VB * i < cnt) { /* a guard, not a break: Clang unrolls no loop with one */
            gh_vector(g, &s[0], &s[1], &s[2], v_shuffle8(load_vec(p, cnt, i), bs), GH_POW(top) + VB * i);
#if !defined(__clang__)
            gh_pin(&s[0], &s[1], &s[2]);
#endif
        }
    }
}
/* all ones, a lane mask through v_load_n */
static const _Alignas(64) uint8_t aes_lane_ones[64] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
/* Vector i (its first cnt <= VB lanes) of a short message's data from
 * counter lanes c: the keystream, the output, and the products of the
 * ciphertext held in registers (decryption: the input, hashed before out,
 * maybe == in, is written). A part-full vector's lanes past the data hold
 * keystream in o, which the zero lanes of d do not cancel: masked. */
AES_AI void gcm_short_vec(const sc_aes_key *k, const sc_ghash_key *g, vec_t *s, vec_t c, const uint8_t *in,
                          uint8_t *out, unsigned i, unsigned cnt, const int dec, const int R, unsigned t)
{
    const vec_t bs = v_bcast128(aes_bswap_idx);
    const vec_t d = cnt >= VB ? v_load(in + 16 * VB * i) : v_load_n(in + 16 * VB * i, cnt);
    const vec_t o = v_xor(crypt_vec(v_shuffle8(c, bs), k->rk, R, 0), d);
    if (cnt >= VB)
        v_store(out + 16 * VB * i, o);
    else
        v_store_n(out + 16 * VB * i, o, cnt);
    const vec_t h = dec ? d : cnt >= VB ? o : v_and(o, v_load_n(aes_lane_ones, cnt));
    gh_vector(g, &s[0], &s[1], &s[2], v_shuffle8(h, bs), GH_POW(t) + VB * i);
#if !defined(__clang__)
    gh_pin(&s[0], &s[1], &s[2]);
#endif
}
/* A short message's data of exactly two whole vectors (64 bytes on AVX2,
 * the 64-byte seal of issue 14) and E(J0), which gcm_msg_short then needs
 * no block of its own for: the three through the rounds together, each
 * round key read once for all (crypt_regs), where gcm_short_vec and
 * aes_block_x took them one by one, loading the keys three times (a third
 * of the message's ~240 instructions were key loads and rounds). The tag
 * mask E(J0) returned in *ekj0; the output and the products of the
 * ciphertext as gcm_short_vec. */
AES_AI void gcm_short_pair(const sc_aes_key *k, const sc_ghash_key *g, vec_t *s, __m128i c0, __m128i j0,
                           const uint8_t *in, uint8_t *out, const int dec, const int R, unsigned t, __m128i *ekj0)
{
    const vec_t bs = v_bcast128(aes_bswap_idx);
    const vec_t c = v_ctr_first(c0);
    vec_t x[3] = {v_shuffle8(c, bs), v_shuffle8(v_add32(c, v_ctr_step()), bs), v_from128(j0)};
    rk_t rk = k->rk;
    AES_HIDE(rk);
    crypt_regs(x, 3, rk, R, 0);
    *ekj0 = v_first128(x[2]);
    UNROLL for (unsigned i = 0; i < 2; i++) {
        const vec_t d = v_load(in + 16 * VB * i);
        const vec_t o = v_xor(x[i], d);
        v_store(out + 16 * VB * i, o);
        gh_vector(g, &s[0], &s[1], &s[2], v_shuffle8(dec ? d : o, bs), GH_POW(t) + VB * i);
#if !defined(__clang__)
        gh_pin(&s[0], &s[1], &s[2]);
#endif
    }
}
/* The short message above: t <= NB GHASH blocks, so n < NB whole data
 * blocks (ctr_tail, no fused batch). Decryption hashes its input before
 * out (maybe == in) is written; encryption its output, re-read. */
AES_AI __m128i gcm_msg_short(const sc_aes_key *k, const sc_ghash_key *g, __m128i j0, const uint8_t *aad, size_t aad_len,
                             const uint8_t *in, uint8_t *out, size_t len, const int dec, const int R, unsigned t)
{
    _Alignas(16) uint8_t last[32];
    const size_t a_whole = aad_len / 16, a_rest = aad_len % 16, n = len / 16, rest = len % 16;
    const int pair = n == 2 * VB; /* E(J0) with the data: gcm_short_pair */
    __m128i ekj0 = pair ? _mm_setzero_si128() : aes_block_x(k->rk, j0, R);
    vec_t s[3] = {v_zero(), v_zero(), v_zero()};
    if (a_whole) gh_sum(g, s, aad, a_whole, t);
    t -= (unsigned)a_whole;
    if (a_rest) {
        _mm_store_si128((__m128i *)last, _mm_setzero_si128());
        memcpy(last, aad + 16 * a_whole, a_rest);
        gh_sum(g, s, last, 1, t--);
    }
    /* the data's counters from inc32(J0), byte-reflected (ctr_r) */
    const __m128i c0 = _mm_add_epi32(_mm_shuffle_epi8(j0, aes_bswap_mask()), _mm_cvtsi32_si128(1));
    if (pair) {
        gcm_short_pair(k, g, s, c0, j0, in, out, dec, R, t, &ekj0);
        t -= (unsigned)n;
    } else if (n) { /* the whole vectors, then a part-full last one (no lane counts in the loop) */
        const vec_t step = v_ctr_step();
        vec_t c = v_ctr_first(c0);
        const unsigned whole = (unsigned)(n / VB), part = (unsigned)(n % VB);
        UNROLL for (unsigned i = 0; i < NV; i++) {
            if (i < whole) gcm_short_vec(k, g, s, c, in, out, i, VB, dec, R, t);
            c = v_add32(c, step);
        }
        c = v_ctr_first(_mm_add_epi32(c0, _mm_cvtsi32_si128((int)(VB * whole))));
        if (part) gcm_short_vec(k, g, s, c, in, out, whole, part, dec, R, t);
        t -= (unsigned)n;
    }
    if (rest) { /* the partial block: its keystream, and its ciphertext zero-padded for GHASH */
        _mm_store_si128((__m128i *)last, _mm_setzero_si128());
        memcpy(last, in + 16 * n, rest);
        const __m128i cb = _mm_shuffle_epi8(_mm_add_epi32(c0, _mm_cvtsi32_si128((int)n)), aes_bswap_mask());
        const __m128i y = _mm_xor_si128(_mm_load_si128((const __m128i *)last), aes_block_x(k->rk, cb, R));
        _mm_store_si128((__m128i *)(last + 16), y);
        memcpy(out + 16 * n, last + 16, rest);
        if (!dec) memset(last + 16 + rest, 0, 16 - rest);
        gh_sum(g, s, dec ? last : last + 16, 1, t--);
    }
    /* len(A) || len(C) in bits: its reflected form, the two words swapped */
    const __m128i lens = _mm_set_epi64x((long long)((uint64_t)aad_len * 8), (long long)((uint64_t)len * 8));
    gh_vector(g, &s[0], &s[1], &s[2], v_from128(lens), GH_POW(1));
    const __m128i x = gh_finish(s[0], s[1], s[2]);
    sc_wipe_small(last, sizeof last);
    return _mm_xor_si128(_mm_shuffle_epi8(x, aes_bswap_mask()), ekj0);
}
/* The message's tag, in a register (gcm_message stores it, gcm_open
 * compares it). */
AES_AI __m128i gcm_msg_r(const sc_aes_key *k, const sc_ghash_key *g, const uint8_t nonce[12], const uint8_t *aad,
                         size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, const int dec, const int R)
{
    _Alignas(16) uint8_t ctr[16], acc[16], last[32];
    /* J0 = nonce || 0^31 || 1; the data's counters from inc32(J0). Built in
     * a register: a 16-byte load of bytes just stored in pieces is not
     * forwarded (it waited ~20 cycles, a quarter of this function). */
    uint32_t n8;
    memcpy(&n8, nonce + 8, 4);
    const __m128i n0 = _mm_insert_epi32(_mm_loadl_epi64((const __m128i *)nonce), (int)n8, 2);
    const __m128i j0 = _mm_insert_epi32(n0, 0x01000000, 3);
    const size_t a_whole = aad_len / 16, a_rest = aad_len % 16, n = len / 16, rest = len % 16;
    /* GHASH blocks: public lengths, and no overflow (aad_len < 2^61) */
    const size_t t = a_whole + (a_rest != 0) + n + (rest != 0) + 1;
    if (t <= NB) return gcm_msg_short(k, g, j0, aad, aad_len, in, out, len, dec, R, (unsigned)t);
    /* computed apart in each path: held across the short path's branches,
     * E(J0) was spilled */
    const __m128i ekj0 = aes_block_x(k->rk, j0, R);
    _mm_storeu_si128((__m128i *)ctr, _mm_insert_epi32(n0, 0x02000000, 3));
    _mm_storeu_si128((__m128i *)acc, _mm_setzero_si128());
    if (a_whole) aes_ghash(g, acc, aad, a_whole);
    if (a_rest) {
        _mm_store_si128((__m128i *)last, _mm_setzero_si128());
        memcpy(last, aad + 16 * a_whole, a_rest);
        aes_ghash(g, acc, last, 1);
    }
    if (n && dec)
        aes_gcm_decrypt(k, g, ctr, acc, in, out, n);
    else if (n)
        aes_gcm_encrypt(k, g, ctr, acc, in, out, n);
    size_t m = 0;
    if (rest) { /* the partial block: its keystream, and its ciphertext zero-padded for GHASH */
        _mm_store_si128((__m128i *)last, _mm_setzero_si128());
        memcpy(last, in + 16 * n, rest);
        const __m128i x = _mm_load_si128((const __m128i *)last);
        const __m128i y = _mm_xor_si128(x, aes_block_x(k->rk, _mm_loadu_si128((const __m128i *)ctr), R));
        _mm_store_si128((__m128i *)(last + 16), y);
        memcpy(out + 16 * n, last + 16, rest);
        if (!dec) {
            memset(last + 16 + rest, 0, 16 - rest);
            _mm_store_si128((__m128i *)last, _mm_load_si128((const __m128i *)(last + 16)));
        }
        m = 1;
    }
    /* len(A) || len(C) in bits, big-endian: reflected, the two words swapped */
    gh_store(last + 16 * m, _mm_set_epi64x((long long)((uint64_t)aad_len * 8), (long long)((uint64_t)len * 8)));
    aes_ghash(g, acc, last, m + 1);
    const __m128i tag = _mm_xor_si128(_mm_load_si128((const __m128i *)acc), ekj0);
    sc_wipe_small(acc, sizeof acc);
    sc_wipe_small(last, sizeof last);
    return tag;
}
static void aes_gcm_message(const sc_aes_key *k, const sc_ghash_key *g, const uint8_t nonce[12], const uint8_t *aad,
                            size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, int encrypt, uint8_t tag[16])
{
#define GCM_MSG0(R) _mm_storeu_si128((__m128i *)tag, gcm_msg_r(k, g, nonce, aad, aad_len, in, out, len, 0, R))
#define GCM_MSG1(R) _mm_storeu_si128((__m128i *)tag, gcm_msg_r(k, g, nonce, aad, aad_len, in, out, len, 1, R))
    if (encrypt)
        AES_BY_ROUNDS(k, GCM_MSG0);
    else
        AES_BY_ROUNDS(k, GCM_MSG1);
#undef GCM_MSG0
#undef GCM_MSG1
}
/* gcm_open (aes_internal.h): the received tag loaded first (it may sit on
 * out), the computed one compared with it in a register: all 16 byte
 * lanes equal is a movemask of 0xffff, and (mask + 1) >> 16 is then 1,
 * else 0 (no branch; the AEAD layer declassifies the verdict). */
static int aes_gcm_open(const sc_aes_key *k, const sc_ghash_key *g, const struct sc_aead_msg *m)
{
    /* a copy (public bytes), read back through a hidden pointer: held in a
     * register across the message, it took one from the rounds */
    _Alignas(16) uint8_t expect[16];
    const uint8_t *e = expect;
    _mm_store_si128((__m128i *)expect, _mm_loadu_si128((const __m128i *)m->tag));
    __m128i tag;
#define GCM_OPEN(R) tag = gcm_msg_r(k, g, m->nonce, m->aad, m->aad_len, m->in, m->out, m->len, 1, R)
    AES_BY_ROUNDS(k, GCM_OPEN);
#undef GCM_OPEN
    AES_HIDE(e);
    const unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(tag, _mm_load_si128((const __m128i *)e)));
    return (int)((mask + 1) >> 16);
}

const struct sc_aes_ops KERNEL_OPS = {
    .prepare = NULL,
    .encrypt = aes_encrypt,
    .decrypt = aes_decrypt,
    .cbc_encrypt = aes_cbc_encrypt,
    .cbc_decrypt = aes_cbc_decrypt,
    .ctr32 = aes_ctr32,
    .ctr32_bytes = aes_ctr32_bytes,
    .xts = aes_xts,
    .ccm = sc_aes_x86_ccm,
    .cfb_small = sc_aes_x86_cfb_small,
    .ghash_init = aes_ghash_init,
    .ghash = aes_ghash,
    .gcm_encrypt = aes_gcm_encrypt,
    .gcm_decrypt = aes_gcm_decrypt,
    .gcm_message = aes_gcm_message,
    .gcm_open = aes_gcm_open,
};
