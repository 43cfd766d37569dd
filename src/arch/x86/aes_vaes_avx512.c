/* SPDX-License-Identifier: Apache-2.0 */
/* AES (FIPS-197) and GHASH (SP 800-38D) with VAES + VPCLMULQDQ on zmm
 * (AVX-512 F/BW/VL), constant time: every step is an AES round instruction,
 * a carry-less multiply, a shuffle or a xor, and every branch, memory
 * address or mask depends only on lengths and the key size.
 *
 * AES: four blocks per zmm. The round loop is instantiated per key size
 * (BY_ROUNDS), so the broadcast round keys are registers (or, in the GCM
 * loop, memory operands: see zkeys). The parallel modes (ECB, CBC
 * decryption, ctr32) run 8 zmm (32 blocks) per pass: twice the chains that
 * VAESENC's latency needs at one zmm per cycle (Zen 4 and 5, Sapphire
 * Rapids), so the AES units never wait. The last 1..31 blocks take one pass
 * of 1 to 8 zmm (BY_WIDTH) whose partial zmm is read and written block by
 * block (load_run), never a byte outside the buffers. CBC encryption is a
 * chain: one xmm block at a time, latency-bound by nature.
 *
 * GHASH works on bit-reflected values: a block's bytes reversed (vpshufb)
 * make the coefficient of x^i the integer bit 127 - i. A carry-less product
 * of two such values holds the product times x (bit 254 - k = coefficient
 * k), so the key powers are stored times x^-1 (H' = H x^-1 mod P: the
 * integer shifted left once, folded by 0xc2..01 = x^-1). The 256-bit
 * product (lo, mi, hi: a*b as bits 0..127, 64..191, 128..255) is reduced
 * exactly in two folds of 64 bits each: the low quadword q of a part stands
 * for degrees 128 higher than its image, x^128 = x^7 + x^2 + x + 1, so q
 * comes back as q * 0xc2<<56 (x^121 + x^126 + x^127 seen from 64 bits up)
 * plus q itself 64 bits up (the half swap).
 * 32 blocks per step: block j of the step is multiplied by H^(32-j) (table
 * g->tab, H^32 first), with Karatsuba (3 multiplies per block, the middle
 * terms' halves precomputed), the 32 products summed unreduced, reduced once
 * per 128-bit lane, then the four lanes added.
 *
 * Fused GCM: each 32-block step runs the AES-CTR of 8 zmm with the GHASH of
 * 32 ciphertext blocks spread between its rounds (gcm_step): the previous
 * step's output when encrypting (the last step's with the tail's AES), the
 * step's own input when decrypting. On Zen 4 a zmm carry-less multiply
 * takes the AES units for one cycle, so a step costs its AES rounds plus
 * 26 multiplies: the reason for Karatsuba and for 32 blocks per reduction.
 *
 * A whole message (gcm_message, the AEAD one-shot calls): what the generic
 * steps do in separate calls through memory is done here in registers. J0
 * is built from the nonce and E(J0) rides in the rounds of the last data
 * blocks; the data's last bytes and the length block (with a message
 * without data, the AAD's last bytes) are read with masked loads (nothing
 * outside the buffers), zero-padded, and multiplied by decreasing powers
 * of H into one unreduced sum, reduced once; the tag is stored once. Short
 * messages (the packet sizes) are where this counts: one AES pass and one
 * reduction (a second one for an AAD) in all.
 */
#include "../../aes/aes_internal.h"

#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
/* gcc with -fsanitize=address warns that zkeys.k may be read uninitialised
 * in rkey(): it is read only when zkeys.mem is NULL, which aux_keys() never
 * leaves it (a false positive; zeroing 15 zmm per call to silence it would
 * cost every short message). */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <string.h>

#include "aes_x86_ccm.h" /* the fused CCM loop, shared with the other x86 kernels */
#include "aes_x86_cfb.h" /* and the fused CFB-8/CFB-1 loops */
#include "../../aead/aead_family.h" /* struct sc_aead_msg (gcm_open) */

#define AI static inline __attribute__((always_inline))
/* Loops over registers and rounds must unroll fully: constant indices keep
 * the blocks and round keys in registers. */
#if defined(__clang__)
#define UNROLL _Pragma("unroll")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

/* The round count as a compile-time constant in each instantiation (the key
 * size is public). */
#define BY_ROUNDS(rounds, fn, ...)                   \
    do {                                             \
        if ((rounds) == 10) fn(__VA_ARGS__, 10);      \
        else if ((rounds) == 12) fn(__VA_ARGS__, 12); \
        else fn(__VA_ARGS__, 14);                     \
    } while (0)

/* g->tab: H^32 .. H^1 (16 bytes each, times x^-1), then at GH_KARA the same
 * powers' Karatsuba halves (high ^ low quadword, in both quadwords). */
enum { GH_POWERS = 32, GH_KARA = 16 * GH_POWERS };

/* A tail of nb (1..31) blocks in the fewest zmm among 1, 2, 3, 4, 6 and 8
 * (fewer widths, less code: at most one zmm of rounds wasted). */
#define BY_WIDTH(nb, fn, ...)                 \
    do {                                      \
        const size_t nb_ = (nb);              \
        if (nb_ > 24) fn(__VA_ARGS__, 8);     \
        else if (nb_ > 16) fn(__VA_ARGS__, 6); \
        else if (nb_ > 12) fn(__VA_ARGS__, 4); \
        else if (nb_ > 8) fn(__VA_ARGS__, 3);  \
        else if (nb_ > 4) fn(__VA_ARGS__, 2);  \
        else fn(__VA_ARGS__, 1);               \
    } while (0)

/* The same with every width, 1..8 zmm for 1..32 blocks: a message's last
 * blocks (one pass per message, where a zmm of rounds saved is worth the
 * code; 1420 bytes leave 25 blocks: 7 zmm, not 8). */
#define BY_ZMM(nb, fn, ...)                                      \
    do {                                                         \
        switch (((nb) + 3) / 4) {                                \
        case 1: fn(__VA_ARGS__, 1); break;                       \
        case 2: fn(__VA_ARGS__, 2); break;                       \
        case 3: fn(__VA_ARGS__, 3); break;                       \
        case 4: fn(__VA_ARGS__, 4); break;                       \
        case 5: fn(__VA_ARGS__, 5); break;                       \
        case 6: fn(__VA_ARGS__, 6); break;                       \
        case 7: fn(__VA_ARGS__, 7); break;                       \
        default: fn(__VA_ARGS__, 8); break;                      \
        }                                                        \
    } while (0)

/* ---- vectors ------------------------------------------------------------ */

AI __m128i load128(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
AI void store128(void *p, __m128i v) { _mm_storeu_si128((__m128i *)p, v); }
AI __m512i bcast128(const void *p) { return _mm512_broadcast_i32x4(load128(p)); }
#define XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)

/* vpshufb index reversing the 16 bytes of each lane (GHASH reflection) */
AI __m128i bswap_idx128(void) { return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
/* The zmm indices as whole 512-bit constants (one load, or a memory
 * operand): a broadcast of the xmm form, gcc rematerialises with a
 * vshufi32x4 (a port-5 uop on Golden Cove) in every pass of the GCM loop. */
AI __m512i bswap_idx(void)
{
    const long long a = 0x08090a0b0c0d0e0f, b = 0x0001020304050607;
    return _mm512_set_epi64(b, a, b, a, b, a, b, a);
}
/* vpshufb index reversing only the last 4 bytes (the counter's low word),
 * its own inverse */
AI __m512i ctr_swap_idx(void)
{
    const long long a = 0x0706050403020100, b = 0x0c0d0e0f0b0a0908;
    return _mm512_set_epi64(b, a, b, a, b, a, b, a);
}

/* The blocks of zmm j (0..4) in a run of nb blocks, and their opmask
 * (quadwords). */
AI size_t blocks_in(size_t nb, unsigned j)
{
    size_t b = nb > 4u * j ? nb - 4u * j : 0;
    return b > 4 ? 4 : b;
}
AI __mmask8 lane_mask(size_t nb, unsigned j) { return (__mmask8)((1u << (2 * blocks_in(nb, j))) - 1); }

/* zmm j of a run of nb blocks at p: one access when it is full, else its
 * blocks one xmm at a time (zeros past them). Never a byte outside the
 * run, and never a masked access: a caller's 16-byte stores forward to
 * 16-byte loads and a masked store forwards to nothing, so a short call
 * whose data was just written, or whose output is read at once (a GCM
 * partial block, a length block, E(J0)), would wait for the cache. */
AI __m512i load_run(const uint8_t *p, size_t nb, unsigned j)
{
    const size_t b = blocks_in(nb, j);
    p += 64 * j;
    if (b == 4) return _mm512_loadu_si512(p);
    __m512i v = _mm512_setzero_si512();
    if (b > 0) v = _mm512_zextsi128_si512(load128(p));
    if (b > 1) v = _mm512_inserti32x4(v, load128(p + 16), 1);
    if (b > 2) v = _mm512_inserti32x4(v, load128(p + 32), 2);
    return v;
}
AI void store_run(uint8_t *p, size_t nb, unsigned j, __m512i v)
{
    const size_t b = blocks_in(nb, j);
    p += 64 * j;
    if (b == 4) {
        _mm512_storeu_si512(p, v);
        return;
    }
    if (b > 0) store128(p, _mm512_castsi512_si128(v));
    if (b > 1) store128(p + 16, _mm512_extracti32x4_epi32(v, 1));
    if (b > 2) store128(p + 32, _mm512_extracti32x4_epi32(v, 2));
}

/* The same for a run of nbytes (any length): zmm j's whole blocks as
 * load_run / store_run, then its partial block, if any, by a masked xmm
 * access (zeros past the run when loading). */
AI size_t bytes_in(size_t nbytes, unsigned j)
{
    size_t b = nbytes > 64u * j ? nbytes - 64u * j : 0;
    return b > 64 ? 64 : b;
}
AI __mmask16 tail_mask(size_t b) { return (__mmask16)((1u << (b % 16)) - 1); }
AI __m512i load_bytes(const uint8_t *p, size_t nbytes, unsigned j)
{
    const size_t b = bytes_in(nbytes, j);
    if (b % 16 == 0) return load_run(p, b / 16 + 4 * j, j);
    __m512i v = load_run(p, b / 16 + 4 * j, j);
    const __m128i part = _mm_maskz_loadu_epi8(tail_mask(b), p + 64 * j + (b & ~(size_t)15));
    if (b < 16) return _mm512_zextsi128_si512(part);
    if (b < 32) return _mm512_inserti32x4(v, part, 1);
    if (b < 48) return _mm512_inserti32x4(v, part, 2);
    return _mm512_inserti32x4(v, part, 3);
}
AI void store_bytes(uint8_t *p, size_t nbytes, unsigned j, __m512i v)
{
    const size_t b = bytes_in(nbytes, j);
    store_run(p, b / 16 + 4 * j, j, v);
    if (b % 16 == 0) return;
    __m128i part = _mm512_castsi512_si128(v);
    if (b >= 48) part = _mm512_extracti32x4_epi32(v, 3);
    else if (b >= 32) part = _mm512_extracti32x4_epi32(v, 2);
    else if (b >= 16) part = _mm512_extracti32x4_epi32(v, 1);
    _mm_mask_storeu_epi8(p + 64 * j + (b & ~(size_t)15), tail_mask(b), part);
}
/* zmm j of a run of nbytes with the bytes past the run cleared */
AI __m512i clear_past(__m512i v, size_t nbytes, unsigned j)
{
    const size_t b = bytes_in(nbytes, j);
    return b == 64 ? v : _mm512_maskz_mov_epi8((__mmask64)((UINT64_C(1) << b) - 1), v);
}

/* ---- AES rounds --------------------------------------------------------- */

/* p, which the compiler can no longer prove anything about: secrets read
 * through it inside a loop (round keys, GHASH key powers) are loaded where
 * they are used, not hoisted out of the loop into registers it would then
 * spill (a key on the stack outlives the call). */
AI const void *opaque(const void *p)
{
    __asm__ volatile("" : "+r"(p)); /* volatile: not merged with its twin
                                      * in another branch and hoisted */
    return p;
}

/* The round keys: registers (k, load_keys), or the broadcast keys in
 * k->aux read at each round (mem, aux_keys): the GCM loop, whose GHASH
 * needs the registers, and whose tails gcc would otherwise enter with every
 * key loaded, then spill some. */
typedef struct zkeys {
    __m512i k[SC_AES_MAX_ROUNDS + 1];
    const uint64_t *mem;
} zkeys;

AI void load_keys(zkeys *K, const uint8_t (*rk)[16], const unsigned nr)
{
    K->mem = NULL;
    UNROLL for (unsigned r = 0; r <= nr; r++) K->k[r] = bcast128(rk[r]);
}

AI void aux_keys(zkeys *K, const sc_aes_key *k) { K->mem = k->aux; }

AI __m512i rkey(const zkeys *K, unsigned r)
{
    return K->mem ? _mm512_loadu_si512((const uint64_t *)opaque(K->mem) + 8 * r) : K->k[r];
}

/* k->aux: the encryption round keys broadcast to zmm (prepare). */
static void prepare(sc_aes_key *k)
{
    for (unsigned r = 0; r <= k->rounds; r++) _mm512_storeu_si512(k->aux + 8 * r, bcast128(k->rk[r]));
}

AI void enc_round(__m512i *x, unsigned nv, __m512i key)
{
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_aesenc_epi128(x[j], key);
}

AI void aes_enc(__m512i *x, unsigned nv, const zkeys *K, const unsigned nr)
{
    const __m512i k0 = rkey(K, 0);
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_xor_si512(x[j], k0);
    UNROLL for (unsigned r = 1; r < nr; r++) enc_round(x, nv, rkey(K, r));
    const __m512i kl = rkey(K, nr);
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_aesenclast_epi128(x[j], kl);
}

AI void aes_dec(__m512i *x, unsigned nv, const zkeys *K, const unsigned nr)
{
    const __m512i k0 = rkey(K, 0);
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_xor_si512(x[j], k0);
    UNROLL for (unsigned r = 1; r < nr; r++)
    {
        const __m512i kr = rkey(K, r);
        UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_aesdec_epi128(x[j], kr);
    }
    const __m512i kl = rkey(K, nr);
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_aesdeclast_epi128(x[j], kl);
}

/* ---- counters ----------------------------------------------------------- */

/* Counter lanes: the counter block with its low word byte-swapped to a
 * little-endian dword (lane i = c + i), so vpaddd steps it; the caller
 * guarantees no 32-bit wrap within a call. */
AI __m512i ctr_lanes_v(__m128i ctr)
{
    __m512i c = _mm512_shuffle_epi8(_mm512_broadcast_i32x4(ctr), ctr_swap_idx());
    return _mm512_add_epi32(c, _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
}

AI __m512i ctr_lanes(const uint8_t ctr[16]) { return ctr_lanes_v(load128(ctr)); }

/* nv zmm of counter blocks (big-endian again), advancing *c by 4 nv. */
AI void ctr_blocks(__m512i *x, unsigned nv, __m512i *c)
{
    const __m512i inc4 = _mm512_set_epi32(4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0);
    UNROLL for (unsigned j = 0; j < nv; j++)
    {
        x[j] = _mm512_shuffle_epi8(*c, ctr_swap_idx());
        *c = _mm512_add_epi32(*c, inc4);
    }
}

/* ctr's low word += n, written as one 16-byte store: the next call's vector
 * load of it is then forwarded from the store, where four byte stores
 * would stall it. */
AI void ctr_advance(uint8_t ctr[16], size_t n)
{
    const __m128i swap = _mm512_castsi512_si128(ctr_swap_idx());
    __m128i c = _mm_shuffle_epi8(load128(ctr), swap);
    c = _mm_add_epi32(c, _mm_set_epi32((int)(uint32_t)n, 0, 0, 0));
    store128(ctr, _mm_shuffle_epi8(c, swap));
}

/* ---- the parallel modes ------------------------------------------------- */

enum mode { ECB_ENC, ECB_DEC, CTR, CBC_DEC };

/* What a mode carries from one pass to the next. */
typedef struct chain {
    __m512i ctr;  /* CTR: the next counter lanes */
    __m512i prev; /* CBC: the previous ciphertext block in lane 3 */
} chain;

/* One pass over nv zmm: 4 nv blocks, or the first nb of them when partial
 * (load_run / store_run). */
AI void pass(enum mode m, unsigned nv, int partial, size_t nb, const zkeys *K, const unsigned nr, const uint8_t *in,
             uint8_t *out, chain *st)
{
    __m512i d[8], x[8];
    UNROLL for (unsigned j = 0; j < nv; j++) d[j] = partial ? load_run(in, nb, j) : _mm512_loadu_si512(in + 64 * j);
    if (m == CTR) {
        ctr_blocks(x, nv, &st->ctr);
        aes_enc(x, nv, K, nr);
        UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_xor_si512(x[j], d[j]);
    } else if (m == ECB_ENC) {
        UNROLL for (unsigned j = 0; j < nv; j++) x[j] = d[j];
        aes_enc(x, nv, K, nr);
    } else {
        UNROLL for (unsigned j = 0; j < nv; j++) x[j] = d[j];
        aes_dec(x, nv, K, nr);
        if (m == CBC_DEC) {
            /* the previous ciphertext of each block: one lane back */
            x[0] = _mm512_xor_si512(x[0], _mm512_alignr_epi64(d[0], st->prev, 6));
            UNROLL for (unsigned j = 1; j < nv; j++)
                x[j] = _mm512_xor_si512(x[j], _mm512_alignr_epi64(d[j], d[j - 1], 6));
            st->prev = d[nv - 1];
        }
    }
    UNROLL for (unsigned j = 0; j < nv; j++)
    {
        if (partial) store_run(out, nb, j, x[j]);
        else _mm512_storeu_si512(out + 64 * j, x[j]);
    }
}

AI void tail_pass(enum mode m, size_t nb, const zkeys *K, const unsigned nr, const uint8_t *in, uint8_t *out,
                  chain *st, unsigned nv)
{
    pass(m, nv, 1, nb, K, nr, in, out, st);
}

/* n blocks: 32 at a time, then one partial pass (BY_WIDTH). The loop and
 * the tail each load the round keys (rk): keys that stay live past the
 * loop, gcc keeps in two sets of registers and spills one, leaving round
 * keys on the stack. */
AI void run(enum mode m, const uint8_t (*rk)[16], const unsigned nr, const uint8_t *in, uint8_t *out, size_t n,
            chain *st)
{
    zkeys K;
    if (n >= 32) {
        load_keys(&K, rk, nr);
        for (; n >= 32; n -= 32, in += 512, out += 512) pass(m, 8, 0, 32, &K, nr, in, out, st);
    }
    if (n == 0) return;
    load_keys(&K, rk, nr);
    BY_WIDTH(n, tail_pass, m, n, &K, nr, in, out, st);
}

AI void ecb_nr(const sc_aes_key *k, enum mode m, const uint8_t *in, uint8_t *out, size_t n, const unsigned nr)
{
    chain st = {_mm512_setzero_si512(), _mm512_setzero_si512()};
    run(m, m == ECB_ENC ? k->rk : k->rk_dec, nr, in, out, n, &st);
}

static void ecb_encrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    BY_ROUNDS(k->rounds, ecb_nr, k, ECB_ENC, in, out, n);
}

static void ecb_decrypt(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    BY_ROUNDS(k->rounds, ecb_nr, k, ECB_DEC, in, out, n);
}

AI void cbc_dec_nr(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n, const unsigned nr)
{
    /* the next iv, read before an in-place pass overwrites it */
    const __m128i last = load128(n ? in + 16 * (n - 1) : iv);
    chain st = {_mm512_setzero_si512(), bcast128(iv)};
    run(CBC_DEC, k->rk_dec, nr, in, out, n, &st);
    store128(iv, last);
}

static void cbc_decrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    BY_ROUNDS(k->rounds, cbc_dec_nr, k, iv, in, out, n);
}

AI void ctr_nr(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n, const unsigned nr)
{
    chain st = {ctr_lanes(ctr), _mm512_setzero_si512()};
    run(CTR, k->rk, nr, in, out, n, &st);
    ctr_advance(ctr, n);
}

static void ctr32(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
    BY_ROUNDS(k->rounds, ctr_nr, k, ctr, in, out, n);
}

/* ---- XTS ---------------------------------------------------------------- */

/* IEEE 1619-2018 XTS over n whole blocks, the tweaks in registers: lane i
 * of zmm j holds T * alpha^(4j+i) for block 4j+i of the pass (the tweak as
 * a little-endian 128-bit value, alpha = x, P = x^128 + x^7 + x^2 + x + 1).
 * XTS_NV zmm (16 blocks) per pass: the four VAESENC chains that its latency
 * needs at one zmm per cycle, with their four tweak zmm and all 15 round
 * keys still in registers (at 8 zmm, AES-256 spills). Round 0 xors data,
 * tweak and key in one ternary op; the last round's key carries the tweak
 * (AESENCLAST(x, k ^ t) = AESENCLAST(x, k) ^ t, likewise AESDECLAST), so
 * the tweak costs one xor per zmm beyond the rounds. Each tweak zmm steps
 * to the next pass by alpha^16 on its own: four independent multiplies per
 * pass, off the AES chains. */
enum { XTS_NV = 4 }; /* the tail's switch below assumes 4 */

/* x^128 mod P = x^7 + x^2 + x + 1 in each quadword (the fold's multiplier) */
AI __m512i xts_poly(void) { return _mm512_set1_epi64(0x87); }

/* t * x^s in each 128-bit lane, 0 <= s[q] <= 57 per quadword q (the same
 * for both quadwords of a lane): both quadwords shifted left, the low one's
 * top s bits carried into the high one, the high one's top s bits (degrees
 * 128 .. 127 + s) folded back as their carry-less product with 0x87, which
 * fits the low quadword (s + 7 <= 64 bits). A count of 64 (s = 0) shifts
 * everything out: t itself. */
AI __m512i xts_mul_xv(__m512i t, __m512i s)
{
    const __m512i top = _mm512_srlv_epi64(t, _mm512_sub_epi64(_mm512_set1_epi64(64), s));
    return XOR3(_mm512_sllv_epi64(t, s), _mm512_bslli_epi128(top, 8),
                _mm512_clmulepi64_epi128(top, xts_poly(), 0x01));
}
/* the same by a constant 0 < s <= 57 (immediate shifts) */
AI __m512i xts_mul_x(__m512i t, const unsigned s)
{
    const __m512i top = _mm512_srli_epi64(t, 64 - s);
    return XOR3(_mm512_slli_epi64(t, s), _mm512_bslli_epi128(top, 8),
                _mm512_clmulepi64_epi128(top, xts_poly(), 0x01));
}

/* The same by x^16, the pass's alpha^16 (4 * XTS_NV blocks): a 2-byte
 * shift inside each lane and the top two bytes' carry-less product with
 * 0x87 (it fits the low quadword: 16 + 7 <= 64 bits), all port 5 on Intel
 * (Golden Cove), where VAESENC zmm is port 0 only and so are xts_mul_x's
 * bit shifts: with those, an AES-256 pass of 4 zmm took ~17 port-0 cycles
 * for 14 of AES (10.0-10.9 GB/s against AWS-LC's 12.4, Emerald Rapids).
 * Byte counts as literals: clang wants constants for the byte shifts. */
_Static_assert(4 * XTS_NV == 16, "xts_mul_x16 steps a pass of 16 blocks");
AI __m512i xts_mul_x16(__m512i t)
{
    return _mm512_xor_si512(_mm512_bslli_epi128(t, 2),
                            _mm512_clmulepi64_epi128(_mm512_bsrli_epi128(t, 14), xts_poly(), 0x00));
}

/* The lanes T, T x, T x^2, T x^3 from T. */
AI __m512i xts_lanes(__m128i t)
{
    return xts_mul_xv(_mm512_broadcast_i32x4(t), _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0));
}

/* All rounds over nv zmm x (blocks ^ nothing yet) under tweaks t: x ^ t ^
 * k0, the middle rounds, the last with k ^ t. */
AI void xts_rounds(__m512i *x, const __m512i *t, unsigned nv, const zkeys *K, const unsigned nr, const int enc)
{
    const __m512i k0 = rkey(K, 0);
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = XOR3(x[j], t[j], k0);
    UNROLL for (unsigned r = 1; r < nr; r++)
    {
        const __m512i kr = rkey(K, r);
        UNROLL for (unsigned j = 0; j < nv; j++) x[j] = enc ? _mm512_aesenc_epi128(x[j], kr)
                                                            : _mm512_aesdec_epi128(x[j], kr);
    }
    const __m512i kl = rkey(K, nr);
    UNROLL for (unsigned j = 0; j < nv; j++)
    {
        const __m512i kt = _mm512_xor_si512(kl, t[j]);
        x[j] = enc ? _mm512_aesenclast_epi128(x[j], kt) : _mm512_aesdeclast_epi128(x[j], kt);
    }
}

/* The last nb (1..15) blocks: nv zmm, the partial one block by block
 * (load_run / store_run). */
AI void xts_tail(const __m512i *t, const zkeys *K, const unsigned nr, const int enc, const uint8_t *in, uint8_t *out,
                 size_t nb, unsigned nv)
{
    __m512i x[XTS_NV];
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = load_run(in, nb, j);
    xts_rounds(x, t, nv, K, nr, enc);
    UNROLL for (unsigned j = 0; j < nv; j++) store_run(out, nb, j, x[j]);
}

AI void xts_nr(const sc_aes_key *k, uint8_t tweak[16], const int enc, const uint8_t *in, uint8_t *out, size_t n,
               const unsigned nr)
{
    /* The loop and the tail each load the round keys, as run() does: keys
     * live across both, gcc kept two sets and spilled one to the stack. */
    const uint8_t(*rk)[16] = enc ? k->rk : k->rk_dec;
    zkeys K;
    __m512i t[XTS_NV];
    t[0] = xts_lanes(load128(tweak));
    UNROLL for (unsigned j = 1; j < XTS_NV; j++) t[j] = xts_mul_x(t[0], 4 * j);
    if (n >= 4 * XTS_NV) load_keys(&K, rk, nr);
    for (; n >= 4 * XTS_NV; n -= 4 * XTS_NV, in += 64 * XTS_NV, out += 64 * XTS_NV) {
        __m512i x[XTS_NV];
        UNROLL for (unsigned j = 0; j < XTS_NV; j++) x[j] = _mm512_loadu_si512(in + 64 * j);
        xts_rounds(x, t, XTS_NV, &K, nr, enc);
        UNROLL for (unsigned j = 0; j < XTS_NV; j++)
        {
            _mm512_storeu_si512(out + 64 * j, x[j]);
            t[j] = xts_mul_x16(t[j]);
        }
    }
    /* the next tweak: block n of the tail, T x^n from lane 0 (n < 16) */
    const __m512i next = xts_mul_xv(t[0], _mm512_set1_epi64((long long)n));
    if (n) load_keys(&K, rk, nr);
    switch ((n + 3) / 4) { /* the zmm that hold blocks */
    case 0: break;
    case 1: xts_tail(t, &K, nr, enc, in, out, n, 1); break;
    case 2: xts_tail(t, &K, nr, enc, in, out, n, 2); break;
    case 3: xts_tail(t, &K, nr, enc, in, out, n, 3); break;
    default: xts_tail(t, &K, nr, enc, in, out, n, 4); break;
    }
    store128(tweak, _mm512_castsi512_si128(next));
}

static void xts(const sc_aes_key *k, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out, size_t n)
{
    /* each direction its own code, as for GCM */
    if (encrypt) BY_ROUNDS(k->rounds, xts_nr, k, tweak, 1, in, out, n);
    else BY_ROUNDS(k->rounds, xts_nr, k, tweak, 0, in, out, n);
}

/* CBC encryption: each block waits for the previous one. The chain is the
 * rounds alone: the next plaintext and round key 0 are folded into this
 * block's last round key (AESENCLAST(x, k ^ q) = AESENCLAST(x, k) ^ q), the
 * ciphertext computed beside the chain (as aes_x86_common.h). */
AI void cbc_enc_nr(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n, const unsigned nr)
{
    if (n == 0) return;
    __m128i K[SC_AES_MAX_ROUNDS + 1];
    UNROLL for (unsigned r = 0; r <= nr; r++) K[r] = load128(k->rk[r]);
    __m128i c = _mm_xor_si128(load128(iv), _mm_xor_si128(load128(in), K[0]));
    for (size_t i = 0; i + 1 < n; i++) {
        UNROLL for (unsigned r = 1; r < nr; r++) c = _mm_aesenc_si128(c, K[r]);
        const __m128i q = _mm_xor_si128(load128(in + 16 * (i + 1)), K[0]);
        c = _mm_aesenclast_si128(c, _mm_xor_si128(K[nr], q));
        store128(out + 16 * i, _mm_xor_si128(c, q));
    }
    UNROLL for (unsigned r = 1; r < nr; r++) c = _mm_aesenc_si128(c, K[r]);
    c = _mm_aesenclast_si128(c, K[nr]);
    store128(out + 16 * (n - 1), c);
    store128(iv, c);
}

static void cbc_encrypt(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    BY_ROUNDS(k->rounds, cbc_enc_nr, k, iv, in, out, n);
}

/* ---- GHASH -------------------------------------------------------------- */

/* x^-1 mod P in the reflected form: x^127 + x^6 + x + 1 (bits 0, 121, 126,
 * 127). Its high quadword 0xc2<<56 is also the folding constant. */
AI __m128i gf_poly128(void) { return _mm_set_epi64x((long long)0xc200000000000000ull, 1); }
AI __m512i gf_poly(void) { return _mm512_broadcast_i32x4(gf_poly128()); }

/* The unreduced sum of products, per 128-bit lane: lo and hi products,
 * and the Karatsuba middle products (mi = mk ^ lo ^ hi once, at the end). */
typedef struct gh_sum {
    __m512i lo, mk, hi, mi;
} gh_sum;

AI __m512i load_masked(const uint8_t *p, __mmask8 m, int masked)
{
    return masked ? _mm512_maskz_loadu_epi64(m, p) : _mm512_loadu_si512(p);
}

/* d times the four powers at p: three multiplies per block (Karatsuba), the
 * multiplier being the narrowest resource of the fused loop. Masked: the
 * lanes of m only (the tail of the table is read no further than it goes). */
AI void gh_mul(gh_sum *s, __m512i d, const uint8_t *p, __mmask8 m, int masked, int first)
{
    const __m512i h = load_masked(p, m, masked), hk = load_masked(p + GH_KARA, m, masked);
    __m512i lo = _mm512_clmulepi64_epi128(d, h, 0x00), hi = _mm512_clmulepi64_epi128(d, h, 0x11);
    __m512i mk = _mm512_clmulepi64_epi128(_mm512_xor_si512(d, _mm512_shuffle_epi32(d, _MM_PERM_BADC)), hk, 0x00);
    if (first) {
        s->lo = lo, s->hi = hi, s->mk = mk;
    } else {
        s->lo = _mm512_xor_si512(s->lo, lo), s->hi = _mm512_xor_si512(s->hi, hi);
        s->mk = _mm512_xor_si512(s->mk, mk);
    }
#if defined(__clang__)
    /* The sums as they are: clang reassociates the xor chains of a step into
     * trees that keep every product live to the end of the step (12% slower
     * GCM on Zen 4); gcc does better without the barrier (2%). */
    __asm__("" : "+v"(s->lo), "+v"(s->hi), "+v"(s->mk));
#endif
}

/* The two folds (see the top comment), each lane on its own. */
AI void gh_fold_lo(gh_sum *s)
{
    __m512i t = _mm512_clmulepi64_epi128(s->lo, gf_poly(), 0x10);
    s->mi = XOR3(s->mk, s->lo, s->hi);
    s->mi = XOR3(s->mi, t, _mm512_shuffle_epi32(s->lo, _MM_PERM_BADC));
}
AI void gh_fold_mi(gh_sum *s)
{
    __m512i t = _mm512_clmulepi64_epi128(s->mi, gf_poly(), 0x10);
    s->hi = XOR3(s->hi, t, _mm512_shuffle_epi32(s->mi, _MM_PERM_BADC));
}
/* The four reduced lanes added into one. */
AI __m128i gh_lanes(__m512i v)
{
    __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

AI __m128i gf_mul128(__m128i a, __m128i b)
{
    __m128i lo = _mm_clmulepi64_si128(a, b, 0x00), hi = _mm_clmulepi64_si128(a, b, 0x11);
    __m128i mi = _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01), _mm_clmulepi64_si128(a, b, 0x10));
    __m128i t = _mm_clmulepi64_si128(lo, gf_poly128(), 0x10);
    mi = _mm_xor_si128(mi, _mm_xor_si128(t, _mm_shuffle_epi32(lo, 0x4e)));
    t = _mm_clmulepi64_si128(mi, gf_poly128(), 0x10);
    return _mm_xor_si128(hi, _mm_xor_si128(t, _mm_shuffle_epi32(mi, 0x4e)));
}

/* tab: (H^p)' for p = GH_POWERS .. 1, H^p at index GH_POWERS - p, then
 * their Karatsuba halves. */
static void ghash_init(sc_ghash_key *g)
{
    __m128i h = _mm_shuffle_epi8(load128(g->h), bswap_idx128());
    /* H' = H x^-1: shift the integer left, fold the bit that leaves by x^-1 */
    __m128i out = _mm_srai_epi32(_mm_shuffle_epi32(h, 0xff), 31);
    h = _mm_or_si128(_mm_slli_epi64(h, 1), _mm_slli_si128(_mm_srli_epi64(h, 63), 8));
    h = _mm_xor_si128(h, _mm_and_si128(out, gf_poly128()));
    /* (A H)' = A' H' x: H^1..H^4 one by one, then four at a time (lane-wise
     * times H^4), 8 multiplies deep instead of 32 */
    const __m128i h2 = gf_mul128(h, h), h3 = gf_mul128(h2, h), h4 = gf_mul128(h2, h2);
    __m512i p = _mm512_inserti32x4(_mm512_castsi128_si512(h4), h3, 1);
    p = _mm512_inserti32x4(_mm512_inserti32x4(p, h2, 2), h, 3); /* H^4, H^3, H^2, H^1 */
    const __m512i p4 = _mm512_broadcast_i32x4(h4), p4k = _mm512_xor_si512(p4, _mm512_shuffle_epi32(p4, _MM_PERM_BADC));
    for (unsigned i = GH_POWERS - 4;; i -= 4) {
        _mm512_storeu_si512(g->tab + 16 * i, p);
        _mm512_storeu_si512(g->tab + GH_KARA + 16 * i, _mm512_xor_si512(p, _mm512_shuffle_epi32(p, _MM_PERM_BADC)));
        if (i == 0) break;
        gh_sum t = {.lo = _mm512_clmulepi64_epi128(p, p4, 0x00), .hi = _mm512_clmulepi64_epi128(p, p4, 0x11)};
        t.mk = _mm512_clmulepi64_epi128(_mm512_xor_si512(p, _mm512_shuffle_epi32(p, _MM_PERM_BADC)), p4k, 0x00);
        gh_fold_lo(&t);
        gh_fold_mi(&t);
        p = t.hi;
    }
}

/* The GHASH of GH_POWERS blocks at p, in pieces a fused loop places between
 * AES rounds: pieces 0..GH_V-1 multiply a pair of zmm in two halves each
 * (gh_mul2; the pair holding the running value last, so the chain from
 * step to step is short), then two folds, then the lanes added into *y. The blocks are read where a piece
 * needs them (the previous step's output, or this step's input: p through
 * opaque(), or gcc forwards the stored ciphertext from registers): 8 fewer
 * registers held across the rounds. */
enum { GH_V = GH_POWERS / 4, GH_MULS = GH_V, GH_PIECES = GH_MULS + 3 };
typedef struct gh_step {
    const uint8_t *p;   /* the blocks */
    const uint8_t *tab; /* g->tab, read through opaque() by each piece */
    gh_sum s;
    __m512i a, b, t, m; /* a pair between its two pieces (gh_mul2) */
} gh_step;

AI __m512i gh_reflect(__m512i v) { return _mm512_shuffle_epi8(v, bswap_idx()); }

/* Two zmm a, b (st->a, st->b) times the four powers at pa, pb, in two
 * halves (half 0: the low products and a's middle one; half 1: the rest;
 * any other value: both). Karatsuba's middle operands of both in one zmm:
 * per lane (a.lo ^ a.hi, b.lo ^ b.hi) = unpacklo(a, b) ^ unpackhi(a, b),
 * 3 uops where each zmm's own a ^ (a swapped) took 2; the key halves sit
 * in both quadwords of their table entries, so the multiplies pick them
 * with the data's imm8 (0x00 for a, 0x11 for b). Each sum takes the pair's
 * two products in one vpternlogq. The same 3 multiplies per zmm as gh_mul
 * (Zen 4/5, where they are the scarce resource, lose nothing) and fewer of
 * the other uops, which on Golden Cove all compete for port 5 (VAESENC zmm
 * holds port 0): with ctr_step, the AES-128 GCM loop's step went from 104
 * to 92 non-AES vector uops (gcc 12 objdump), and gcc no longer spills
 * four products to the stack. */
AI void gh_mul2(gh_step *st, unsigned half, const uint8_t *pa, const uint8_t *pb, int first)
{
    gh_sum *s = &st->s;
    if (half != 1) {
        const __m512i a = st->a, b = st->b;
        st->t = _mm512_xor_si512(_mm512_unpacklo_epi64(a, b), _mm512_unpackhi_epi64(a, b));
        const __m512i lo_a = _mm512_clmulepi64_epi128(a, _mm512_loadu_si512(pa), 0x00);
        const __m512i lo_b = _mm512_clmulepi64_epi128(b, _mm512_loadu_si512(pb), 0x00);
        st->m = _mm512_clmulepi64_epi128(st->t, _mm512_loadu_si512(pa + GH_KARA), 0x00);
        s->lo = first ? _mm512_xor_si512(lo_a, lo_b) : XOR3(s->lo, lo_a, lo_b);
    }
    if (half != 0) {
        const __m512i hi_a = _mm512_clmulepi64_epi128(st->a, _mm512_loadu_si512(pa), 0x11);
        const __m512i hi_b = _mm512_clmulepi64_epi128(st->b, _mm512_loadu_si512(pb), 0x11);
        const __m512i mk_b = _mm512_clmulepi64_epi128(st->t, _mm512_loadu_si512(pb + GH_KARA), 0x11);
        s->hi = first ? _mm512_xor_si512(hi_a, hi_b) : XOR3(s->hi, hi_a, hi_b);
        s->mk = first ? _mm512_xor_si512(st->m, mk_b) : XOR3(s->mk, st->m, mk_b);
    }
#if defined(__clang__)
    __asm__("" : "+v"(s->lo), "+v"(s->hi), "+v"(s->mk)); /* see gh_mul */
#endif
}

/* A step's GHASH in one go (GH_WHOLE, GH_PIECES pieces) or in two halves
 * (a seal's split steps, gcm_split_step): GH_FIRST, GH_FIRST_PIECES
 * pieces, multiplies zmm 0..GH_V/2-1 (the running value into block 0),
 * starting the sum; GH_SECOND, GH_SECOND_PIECES pieces, adds zmm
 * GH_V/2..GH_V-1 to that sum, then the folds and the lanes (into *y). The
 * same pairs, multiplies and folds as a whole step, in other places. */
enum { GH_WHOLE, GH_FIRST, GH_SECOND };
enum { GH_FIRST_PIECES = GH_MULS / 2, GH_SECOND_PIECES = GH_MULS / 2 + 3 };
AI unsigned gh_pieces(const int hs)
{
    return hs == GH_WHOLE ? GH_PIECES : hs == GH_FIRST ? GH_FIRST_PIECES : GH_SECOND_PIECES;
}
AI void gh_piece_h(gh_step *st, unsigned piece, __m128i *y, const int hs)
{
    /* the key powers loaded here and nowhere else (gcc once hoisted a whole
     * step's into registers above the branches of the tail, and spilled them) */
    const uint8_t *tab = opaque(st->tab);
    if (hs != GH_WHOLE && piece < GH_MULS / 2) {
        /* half a step: pairs (0, 1), (2, 3) or (4, 5), (6, 7) */
        const unsigned q = piece / 2, half = piece % 2;
        const unsigned ja = (hs == GH_SECOND ? GH_V / 2 : 0) + 2 * q, jb = ja + 1;
        if (half == 0) {
            st->a = gh_reflect(_mm512_loadu_si512(st->p + 64 * ja));
            st->b = gh_reflect(_mm512_loadu_si512(st->p + 64 * jb));
            if (ja == 0) st->a = _mm512_mask_xor_epi64(st->a, 0x03, st->a, _mm512_castsi128_si512(*y));
        }
        gh_mul2(st, half, tab + 64 * ja, tab + 64 * jb, hs == GH_FIRST && q == 0);
        return;
    }
    if (hs == GH_SECOND) piece += GH_MULS / 2; /* the folds and the lanes */
    if (piece < GH_MULS) {
        /* zmm 1..GH_V-2 in pairs (1, 2), (3, 4), ..., then the last zmm
         * with zmm 0 (with the running value: the chain from step to step
         * is short), two pieces a pair */
        const unsigned q = piece / 2, half = piece % 2;
        const unsigned ja = q == GH_V / 2 - 1 ? GH_V - 1 : 2 * q + 1, jb = q == GH_V / 2 - 1 ? 0 : 2 * q + 2;
        if (half != 1) {
            st->a = gh_reflect(_mm512_loadu_si512(st->p + 64 * ja));
            st->b = gh_reflect(_mm512_loadu_si512(st->p + 64 * jb));
            /* a masked xor: zero-extending y took a vmovdqa uop more */
            if (jb == 0) st->b = _mm512_mask_xor_epi64(st->b, 0x03, st->b, _mm512_castsi128_si512(*y));
        }
        gh_mul2(st, half, tab + 64 * ja, tab + 64 * jb, q == 0);
    } else if (piece == GH_MULS) {
        gh_fold_lo(&st->s);
    } else if (piece == GH_MULS + 1) {
        gh_fold_mi(&st->s);
    } else {
        *y = gh_lanes(st->s.hi);
    }
}
AI void gh_piece(gh_step *st, unsigned piece, __m128i *y) { gh_piece_h(st, piece, y, GH_WHOLE); }

AI __m128i gh_full(const sc_ghash_key *g, __m128i y, const uint8_t *p)
{
    gh_step st = {.p = p, .tab = g->tab};
    UNROLL for (unsigned i = 0; i < GH_PIECES; i++) gh_piece(&st, i, &y);
    return y;
}

/* gh_full not inlined: a GHASH step where it is off the hot path */
static __attribute__((noinline)) __m128i gh_step_call(const uint8_t *tab, const uint8_t *p, __m128i y)
{
    gh_step st = {.p = p, .tab = tab};
    UNROLL for (unsigned i = 0; i < GH_PIECES; i++) gh_piece(&st, i, &y);
    return y;
}

/* The second half of a split step's GHASH (*st, see gh_piece_h) where it
 * is off the hot path (a seal's end with fewer than 4 zmm of rounds). */
static __attribute__((noinline)) __m128i gh_second_call(gh_step st)
{
    __m128i y = _mm_setzero_si128();
    UNROLL for (unsigned i = 0; i < GH_SECOND_PIECES; i++) gh_piece_h(&st, i, &y, GH_SECOND);
    return y;
}

/* A batch: nb blocks in nv zmm (lanes past nb zero, not yet reflected),
 * block j times H^(top-j) (top <= GH_POWERS, from the table's tail; the
 * first `full` zmm known whole, read unmasked), added
 * unreduced into *s (first: *s starts here), the running value *y into
 * its first block (then zero: a batch takes it once). The blocks of a
 * message's end (a short AAD, the last data blocks, the length block) go
 * in one batch with decreasing powers and one reduction. */
AI void gh_batch(const sc_ghash_key *g, gh_sum *s, __m128i *y, const __m512i *c, unsigned nv, size_t nb, size_t top,
                 int first, unsigned full)
{
    const uint8_t *h = (const uint8_t *)opaque(g->tab) + 16 * (GH_POWERS - top);
    UNROLL for (unsigned j = 0; j < nv; j++)
    {
        __m512i d = gh_reflect(c[j]);
        if (j == 0) d = _mm512_xor_si512(d, _mm512_zextsi128_si512(*y));
        gh_mul(s, d, h + 64 * j, lane_mask(nb, j), j >= full, first && j == 0);
    }
    if (nv) *y = _mm_setzero_si128();
}
AI __m128i gh_reduce(gh_sum *s)
{
    gh_fold_lo(s);
    gh_fold_mi(s);
    return gh_lanes(s->hi);
}
AI gh_sum gh_zero(void)
{
    const __m512i z = _mm512_setzero_si512();
    return (gh_sum){z, z, z, z};
}

/* 1..GH_POWERS blocks in nv zmm (lanes past nb zero): block j times
 * H^(nb-j). */
AI __m128i gh_regs(const sc_ghash_key *g, __m128i y, const __m512i *c, unsigned nv, size_t nb)
{
    gh_sum s;
    gh_batch(g, &s, &y, c, nv, nb, nb, 1, 0);
    return gh_reduce(&s);
}

AI void gh_tail(const sc_ghash_key *g, __m128i *y, const uint8_t *p, size_t nb, unsigned nv)
{
    __m512i c[GH_V];
    UNROLL for (unsigned j = 0; j < nv; j++) c[j] = load_run(p, nb, j);
    *y = gh_regs(g, *y, c, nv, nb);
}

AI __m128i load_acc(const uint8_t acc[16]) { return _mm_shuffle_epi8(load128(acc), bswap_idx128()); }
AI void store_acc(uint8_t acc[16], __m128i y) { store128(acc, _mm_shuffle_epi8(y, bswap_idx128())); }

static void ghash(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    __m128i y = load_acc(acc);
    for (; n >= GH_POWERS; n -= GH_POWERS, in += 16 * GH_POWERS) y = gh_full(g, y, in);
    if (n == 1) {
        /* one block (a GCM length block, a short AAD): a multiply on xmm
         * has the shorter latency */
        const uint8_t *h1 = (const uint8_t *)opaque(g->tab) + 16 * (GH_POWERS - 1);
        y = gf_mul128(_mm_xor_si128(y, _mm_shuffle_epi8(load128(in), bswap_idx128())), load128(h1));
    } else if (n) {
        BY_WIDTH(n, gh_tail, g, &y, in, n);
    }
    store_acc(acc, y);
}

/* ---- fused GCM ---------------------------------------------------------- */

/* The round after which GHASH piece i runs in a step of nr rounds: spread
 * over the rounds when they outnumber the pieces (AES-256: 13 rounds, 11
 * pieces), else one per round from the first (those left over after the
 * last). Bunched into the first rounds, the pieces hold port 5 there while
 * the later rounds have little beside them (Emerald Rapids, AES-256 seal:
 * 7% slower with 7 bigger pieces in rounds 1-7, 3.8% with them spread). */
AI unsigned piece_round(unsigned i, const unsigned nr, const unsigned np)
{
    return np <= nr - 1 ? 1 + i * (nr - 1) / np : 1 + i;
}

/* The AES-CTR rounds of nv zmm of counters with a GHASH step (*gs, if
 * any) placed between them; pieces left over when the rounds are fewer
 * follow them. e, if any: one more block (a message's J0) in the same
 * rounds. */
AI void gcm_step_h(__m512i *x, unsigned nv, const zkeys *K, const unsigned nr, gh_step *gs, __m128i *y, __m128i *e,
                  const int hs)
{
    const unsigned np = gh_pieces(hs);
    const __m512i k0 = rkey(K, 0);
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_xor_si512(x[j], k0);
    if (e) *e = _mm_xor_si128(*e, _mm512_castsi512_si128(k0));
    UNROLL for (unsigned r = 1; r < nr; r++)
    {
        const __m512i kr = rkey(K, r);
        enc_round(x, nv, kr);
        if (e) *e = _mm_aesenc_si128(*e, _mm512_castsi512_si128(kr));
        if (gs) UNROLL for (unsigned i = 0; i < np; i++) if (piece_round(i, nr, np) == r) gh_piece_h(gs, i, y, hs);
    }
    const __m512i kl = rkey(K, nr);
    UNROLL for (unsigned j = 0; j < nv; j++) x[j] = _mm512_aesenclast_epi128(x[j], kl);
    if (e) *e = _mm_aesenclast_si128(*e, _mm512_castsi512_si128(kl));
    if (gs) UNROLL for (unsigned i = 0; i < np; i++) if (piece_round(i, nr, np) >= nr) gh_piece_h(gs, i, y, hs);
}
AI void gcm_step(__m512i *x, unsigned nv, const zkeys *K, const unsigned nr, gh_step *gs, __m128i *y, __m128i *e)
{
    gcm_step_h(x, nv, K, nr, gs, y, e, GH_WHOLE);
}

/* The counter blocks of a whole GCM step (GH_POWERS blocks in GH_V zmm),
 * advancing *c by GH_POWERS; lo8: the low byte of the step's first counter
 * (public, like the counter). When the step's counters do not carry out
 * of their last byte (lo8 <= 256 - GH_POWERS: 7 steps in 8), the blocks
 * are one byte swap and an add each to that byte (the counter word's most
 * significant byte when read little-endian): 1 vpshufb for the step, not
 * one per zmm (a port-5 uop on Golden Cove, where VAESENC zmm holds port 0
 * and everything else shares port 5: 7 of the step's ~104 non-AES uops). */
AI void ctr_step(__m512i *x, __m512i *c, unsigned lo8)
{
    if (lo8 > 256 - 4 * GH_V) {
        ctr_blocks(x, GH_V, c);
        return;
    }
    x[0] = _mm512_shuffle_epi8(*c, ctr_swap_idx());
    UNROLL for (unsigned j = 1; j < GH_V; j++)
    {
        const int inc = (int)(4 * j) << 24;
        x[j] = _mm512_add_epi32(x[0], _mm512_set_epi32(inc, 0, 0, 0, inc, 0, 0, 0, inc, 0, 0, 0, inc, 0, 0, 0));
    }
    const int n = 4 * GH_V;
    *c = _mm512_add_epi32(*c, _mm512_set_epi32(n, 0, 0, 0, n, 0, 0, 0, n, 0, 0, 0, n, 0, 0, 0));
}

/* A whole step of GH_POWERS blocks: out = in ^ keystream, with the GHASH
 * step *gs between the rounds (none when gs is NULL). */
AI void gcm_full(const zkeys *K, const unsigned nr, __m512i *ctr, unsigned lo8, const uint8_t *in, uint8_t *out,
                 gh_step *gs, __m128i *y)
{
    __m512i x[GH_V];
    ctr_step(x, ctr, lo8);
    gcm_step(x, GH_V, K, nr, gs, y, NULL);
    /* reloaded, not kept across the rounds: fewer live registers (and read
     * before the store of the same zmm when in place) */
    UNROLL for (unsigned j = 0; j < GH_V; j++)
        _mm512_storeu_si512(out + 64 * j, _mm512_xor_si512(x[j], _mm512_loadu_si512(in + 64 * j)));
}

/* zmm j0..j1-1 of a tail: x ^= the input, stored; the first `full` zmm
 * whole, the others by their bytes (past them cleared in x). The input is
 * read again, not held across the rounds (in place: read before the same
 * blocks are written). */
AI void tail_out(__m512i *x, unsigned j0, unsigned j1, const uint8_t *in, uint8_t *out, size_t nbytes, unsigned full)
{
    UNROLL for (unsigned j = j0; j < j1; j++)
    {
        if (j < full) {
            x[j] = _mm512_xor_si512(x[j], _mm512_loadu_si512(in + 64 * j));
            _mm512_storeu_si512(out + 64 * j, x[j]);
            continue;
        }
        x[j] = clear_past(_mm512_xor_si512(x[j], load_bytes(in, nbytes, j)), nbytes, j);
        store_bytes(out, nbytes, j, x[j]);
    }
}

/* The last nbytes (0..GH_POWERS*16-1) in nv zmm: CTR, and GHASH from
 * registers (not the ciphertext read back: its partial zmm was stored
 * block by block), the last partial block zero-padded, into the batch *s
 * (first: it starts here) with the powers from top down. An encryption's
 * pending GHASH step, if any, runs between the rounds; so does a message's
 * J0 (e). */
AI void gcm_tail_bytes(const zkeys *K, const unsigned nr, const sc_ghash_key *g, gh_sum *s, __m128i *y, __m512i *ctr,
                       __m128i *e, const uint8_t *in, uint8_t *out, size_t nbytes, int decrypt, gh_step *pending,
                       const int hs, size_t top, int first, int exact, unsigned nv)
{
    const size_t nb = (nbytes + 15) / 16;
    /* the zmm known whole, read and written without the partial-block
     * code: all but the last with the exact width (BY_ZMM: nb > 4 (nv - 1)),
     * those below the next smaller width with BY_WIDTH's (8 zmm: nb > 24) */
    const unsigned full = nv == 0 ? 0 : exact || nv <= 4 ? nv - 1 : nv == 6 ? 4 : 6;
    __m512i x[GH_V];
    if (pending && nv < 4) {
        /* too few rounds to hide a step in: run it first (interleaved,
         * gcc hoisted its key powers above the rounds and spilled them),
         * a call: one copy, not one per width */
        *y = hs == GH_SECOND ? gh_second_call(*pending) : gh_step_call(pending->tab, pending->p, *y);
        pending = NULL;
    }
    if (decrypt) {
        __m512i d[GH_V];
        UNROLL for (unsigned j = 0; j < nv; j++) d[j] =
            j < full ? _mm512_loadu_si512(in + 64 * j) : load_bytes(in, nbytes, j);
        gh_batch(g, s, y, d, nv, nb, top, first, full);
    }
    ctr_blocks(x, nv, ctr);
    /* Encrypting more than 4 zmm: the first 4 (whole) through the rounds
     * first, with the pending step, then the rest with E(J0): the first
     * 4's GHASH runs during the others' rounds, and only the rest's waits
     * for the last round (in one pass the whole batch did). Seal, 13-byte
     * AAD, Emerald Rapids, in-process A/B: 336-464 bytes 3-12% faster
     * (AES-256 8-12%), 1420 bytes 3%, none slower. */
    const unsigned na = !decrypt && nv > 4 ? 4 : nv;
    gcm_step_h(x, na, K, nr, pending, y, na == nv ? e : NULL, hs);
    tail_out(x, 0, na, in, out, nbytes, full);
    if (na < nv) {
        gh_batch(g, s, y, x, na, 4 * na, top, first, na);
        gcm_step(x + na, nv - na, K, nr, NULL, y, e);
        tail_out(x, na, nv, in, out, nbytes, full);
        gh_batch(g, s, y, x + na, nv - na, nb - 4 * na, top - 4 * na, 0, full - na);
    } else if (!decrypt) {
        gh_batch(g, s, y, x, nv, nb, top, first, full);
    }
}

/* The last 1..GH_POWERS-1 whole blocks of gcm_encrypt / gcm_decrypt. */
AI void gcm_tail(const zkeys *K, const unsigned nr, const sc_ghash_key *g, __m128i *y, __m512i *ctr,
                 const uint8_t *in, uint8_t *out, size_t nb, int decrypt, gh_step *pending, unsigned nv)
{
    gh_sum s;
    gcm_tail_bytes(K, nr, g, &s, y, ctr, NULL, in, out, 16 * nb, decrypt, pending, GH_WHOLE, nb, 1, 0, nv);
    *y = gh_reduce(&s);
}

/* A seal's step in two groups of GH_V/2 zmm: the first group's rounds
 * with the second half of the previous step's GHASH (*pending, if any:
 * its zmm GH_V/2.. added to the sum its first half started, reduced into
 * *y), the second group's with the first half of this step's (the
 * running value in its block 0), left in *pending. The same work as a
 * whole step hashing the previous one, but the GHASH trails the AES by half
 * a step: the first group's rounds are the only ones with nothing beside
 * them (a whole step's left port 5, which every later step saturates,
 * idle for ~80 core cycles, AES-128), and a message's end has half a
 * step's GHASH pending, not a whole one. */
AI void gcm_split_step(const zkeys *K, const unsigned nr, __m512i *c, unsigned lo8, const uint8_t *in, uint8_t *out,
                       gh_step *pending, int first, __m128i *y)
{
    enum { HV = GH_V / 2 };
    __m512i x[GH_V];
    ctr_step(x, c, lo8);
    gcm_step_h(x, HV, K, nr, first ? NULL : pending, y, NULL, GH_SECOND);
    tail_out(x, 0, HV, in, out, 16 * GH_POWERS, GH_V);
    pending->p = opaque(out);
    gcm_step_h(x + HV, HV, K, nr, pending, y, NULL, GH_FIRST);
    tail_out(x, HV, GH_V, in, out, 16 * GH_POWERS, GH_V);
}

/* Whole steps while *n >= GH_POWERS blocks (*in, *out, *n advanced).
 * Decrypting, each step hashes its own input (the ciphertext). Encrypting,
 * each hashes the previous step's output; the last one's is left in
 * *pending for the caller to run with its tail or alone (returns 1).
 * split: encrypting, split steps (gcm_split_step), the last one's second
 * half left pending. */
AI int gcm_bulk(const zkeys *K, const unsigned nr, const sc_ghash_key *g, __m512i *c, unsigned lo8, __m128i *y,
                const uint8_t **in, uint8_t **out, size_t *n, int decrypt, gh_step *pending, const int split)
{
    enum { STEP = 16 * GH_POWERS };
    if (*n < GH_POWERS) return 0;
    if (split && !decrypt) {
        pending->tab = g->tab;
        for (int first = 1; *n >= GH_POWERS; *n -= GH_POWERS, *in += STEP, *out += STEP, first = 0) {
            gcm_split_step(K, nr, c, lo8, *in, *out, pending, first, y);
            lo8 = (lo8 + GH_POWERS) & 0xff;
        }
        return 1;
    }
    /* lo8: the first counter's low byte (the caller's, read as a byte: an
     * extract from *c cost a 512-byte message 4%), then stepped in a
     * scalar register (ctr_step) */
    if (decrypt) {
        for (; *n >= GH_POWERS; *n -= GH_POWERS, *in += STEP, *out += STEP, lo8 = (lo8 + GH_POWERS) & 0xff) {
            gh_step gs = {.p = *in, .tab = g->tab};
            gcm_full(K, nr, c, lo8, *in, *out, &gs, y);
        }
        return 0;
    }
    gcm_full(K, nr, c, lo8, *in, *out, NULL, y);
    *pending = (gh_step){.p = opaque(*out), .tab = g->tab};
    for (*n -= GH_POWERS, *in += STEP, *out += STEP; *n >= GH_POWERS; *n -= GH_POWERS, *in += STEP, *out += STEP) {
        lo8 = (lo8 + GH_POWERS) & 0xff;
        gcm_full(K, nr, c, lo8, *in, *out, pending, y);
        pending->p = opaque(*out);
    }
    return 1;
}

AI void gh_step_run(gh_step *gs, __m128i *y)
{
    UNROLL for (unsigned i = 0; i < GH_PIECES; i++) gh_piece(gs, i, y);
}

/* The tails below, each once per key size and kind, not inlined: an
 * encryption without a step pending (GCM_ENC), one after the fused loop
 * with the loop's last step pending (GCM_ENC_STEP: the GH_POWERS blocks at
 * pending, hashed between the tail's rounds), a decryption (GCM_DEC);
 * a whole message's end also after split steps (GCM_ENC_HALF: the second
 * half of the last one's GHASH pending, gcm_split_step).
 * Inlined into every caller and branch, the tails made gcm_message 464 KB
 * and the file's ASan+UBSan clang-19 compile 306 s. A run-time pending
 * step in one copy for both encryption kinds was smaller, but its pieces
 * became branches between the rounds and its sums lived in memory: 1420-byte
 * seals 3.5% slower (Emerald Rapids). */
enum { GCM_ENC, GCM_ENC_STEP, GCM_DEC, GCM_ENC_HALF };

/* The last 1..GH_POWERS-1 blocks of a gcm_encrypt / gcm_decrypt call. */
AI __m128i gcm_nr_tail(const sc_aes_key *k, const sc_ghash_key *g, __m128i y, __m512i c, const uint8_t *in,
                       uint8_t *out, size_t n, const uint8_t *pending, const int kind, const unsigned nr)
{
    zkeys K;
    aux_keys(&K, k);
    gh_step gs = {.p = pending, .tab = g->tab};
    BY_WIDTH(n, gcm_tail, &K, nr, g, &y, &c, in, out, n, kind == GCM_DEC, kind == GCM_ENC_STEP ? &gs : NULL);
    return y;
}
#define GCM_TAIL_ARGS                                                                                                  \
    (const sc_aes_key *k, const sc_ghash_key *g, __m128i y, __m512i c, const uint8_t *in, uint8_t *out, size_t n,      \
     const uint8_t *pending)
typedef __m128i(*gcm_tail_fn) GCM_TAIL_ARGS;
#define GCM_TAIL(kind, nr)                                                                                             \
    static __attribute__((noinline)) __m128i gcm_tail_##kind##_##nr GCM_TAIL_ARGS                                      \
    {                                                                                                                  \
        return gcm_nr_tail(k, g, y, c, in, out, n, pending, kind, nr);                                                 \
    }
#define GCM_KINDS(def, nr) def(GCM_ENC, nr) def(GCM_ENC_STEP, nr) def(GCM_DEC, nr)
GCM_KINDS(GCM_TAIL, 10)
GCM_KINDS(GCM_TAIL, 12)
GCM_KINDS(GCM_TAIL, 14)
/* [kind][key size], indexed by constants: direct calls */
#define GCM_FNS(name, kind) {name##_##kind##_10, name##_##kind##_12, name##_##kind##_14}
static const gcm_tail_fn gcm_tails[3][3] = {GCM_FNS(gcm_tail, GCM_ENC), GCM_FNS(gcm_tail, GCM_ENC_STEP),
                                            GCM_FNS(gcm_tail, GCM_DEC)};

AI void gcm_nr(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16], const uint8_t *in,
               uint8_t *out, size_t n, int decrypt, const unsigned nr)
{
    zkeys K; /* from k->aux, see zkeys */
    aux_keys(&K, k);
    __m128i y = load_acc(acc);
    __m512i c = ctr_lanes(ctr);
    const size_t total = n;
    gh_step gs;
    int kind = decrypt ? GCM_DEC : GCM_ENC;
    if (gcm_bulk(&K, nr, g, &c, ctr[15], &y, &in, &out, &n, decrypt, &gs, 0)) {
        if (n) kind = GCM_ENC_STEP;
        else gh_step_run(&gs, &y);
    }
    if (n) y = gcm_tails[kind][(nr - 10) / 2](k, g, y, c, in, out, n, kind == GCM_ENC_STEP ? gs.p : NULL);
    store_acc(acc, y);
    ctr_advance(ctr, total);
}

static void gcm_encrypt(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16],
                        const uint8_t *in, uint8_t *out, size_t n)
{
    BY_ROUNDS(k->rounds, gcm_nr, k, g, ctr, acc, in, out, n, 0);
}

static void gcm_decrypt(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16],
                        const uint8_t *in, uint8_t *out, size_t n)
{
    BY_ROUNDS(k->rounds, gcm_nr, k, g, ctr, acc, in, out, n, 1);
}

/* ---- a whole GCM message ---------------------------------------------- */

/* GHASH of a run of nbytes (1..16 GH_POWERS, the last block zero-padded)
 * from registers into the batch *s, powers from top down. */
AI void gh_bytes(const sc_ghash_key *g, gh_sum *s, __m128i *y, const uint8_t *p, size_t nbytes, size_t top, int first,
                 unsigned nv)
{
    __m512i c[GH_V];
    UNROLL for (unsigned j = 0; j < nv; j++) c[j] = load_bytes(p, nbytes, j);
    gh_batch(g, s, y, c, nv, (nbytes + 15) / 16, top, first, 0);
}

/* The AAD from y = 0: whole steps reduced one by one, then the rest
 * (zero padded): into the batch *s with the powers from na + later down
 * when s is given and the rest fits (later: the blocks that follow it in
 * the batch), else reduced too. Returns y. The batch and the reduce
 * outcome from one BY_WIDTH (three xors more when it is reduced at once). */
AI __m128i gcm_aad_in(const sc_ghash_key *g, gh_sum *s, const uint8_t *aad, size_t aad_len, size_t later)
{
    enum { STEP = 16 * GH_POWERS };
    const size_t a_rest = aad_len % STEP, na = (a_rest + 15) / 16;
    __m128i y = _mm_setzero_si128();
    for (size_t i = 0; i + STEP <= aad_len; i += STEP) y = gh_full(g, y, aad + i);
    if (a_rest == 0) return y;
    const uint8_t *a = aad + (aad_len - a_rest);
    const int batch = s && na + later <= GH_POWERS;
    gh_sum t = batch ? *s : gh_zero();
    BY_WIDTH(na, gh_bytes, g, &t, &y, a, a_rest, batch ? na + later : na, 0);
    if (!batch) return gh_reduce(&t);
    *s = t;
    return y;
}

/* The AAD of a message with data, reduced: not inlined, one copy for every
 * key size and direction (it has no AES). Its batch is not carried into
 * the data's (that would pass through memory into the noinline tails: 25%
 * slower 256-byte GMAC, Emerald Rapids); a reduction more instead. */
static __attribute__((noinline)) __m128i gcm_aad(const sc_ghash_key *g, const uint8_t *aad, size_t aad_len)
{
    return gcm_aad_in(g, NULL, aad, aad_len, 0);
}

/* A message without data (GMAC): the AAD and the length block in one batch
 * and one reduction, E(J0) (j0 in) through the rounds one key at a time
 * (one block: a run-time round count, its latency under the GHASH's), the
 * tag. Not inlined, one copy for every key size and direction. */
static __attribute__((noinline)) void gcm_gmac(const sc_aes_key *k, const sc_ghash_key *g, __m128i j0,
                                               const uint8_t *aad, size_t aad_len, __m128i lb, uint8_t tag[16])
{
    const unsigned nr = k->rounds;
    __m128i e = _mm_xor_si128(j0, load128(k->rk[0]));
    for (unsigned r = 1; r < nr; r++) e = _mm_aesenc_si128(e, load128(k->rk[r]));
    e = _mm_aesenclast_si128(e, load128(k->rk[nr]));
    gh_sum s = gh_zero();
    __m128i y = gcm_aad_in(g, &s, aad, aad_len, 1);
    const uint8_t *h1 = (const uint8_t *)opaque(g->tab) + 16 * (GH_POWERS - 1);
    gh_mul(&s, _mm512_zextsi128_si512(_mm_xor_si128(lb, y)), h1, 0x03, 1, 0);
    y = gh_reduce(&s);
    store128(tag, _mm_xor_si128(_mm_shuffle_epi8(y, bswap_idx128()), e));
}

/* A message's last rest bytes (0..16 GH_POWERS: nb blocks) with E(J0)
 * in their rounds (*e: J0 in, E(J0) out), an encryption's pending step
 * (the GH_POWERS blocks at pending, if not NULL), the length block lb in
 * the same batch when it fits, and the tag. */
AI void gcm_msg_end(const sc_aes_key *k, const sc_ghash_key *g, __m128i y, __m512i c, __m128i e, const uint8_t *in,
                    uint8_t *out, size_t rest, const uint8_t *pending, __m128i lb, uint8_t tag[16], const int kind,
                    const unsigned nr)
{
    const int decrypt = kind == GCM_DEC;
    /* an encryption without a pending step is a short message's */
    if (kind == GCM_ENC && rest > 16 * GH_POWERS) __builtin_unreachable();
    zkeys K;
    aux_keys(&K, k);
    gh_step gs = {.p = pending, .tab = g->tab}, *ps = kind == GCM_ENC_STEP ? &gs : NULL;
    gh_step half; /* not gs: its initialiser kept the sums in memory (AES-256 1420 bytes 13% slower) */
    if (kind == GCM_ENC_HALF) {
        /* the whole message: its whole steps split (gcm_split_step), the
         * last one's second half pending */
        enum { STEP = 16 * GH_POWERS };
        size_t n = rest / 16;
        gcm_bulk(&K, nr, g, &c, 2, &y, &in, &out, &n, 0, &half, 1);
        rest %= STEP, ps = &half;
    }
    const int hs = kind == GCM_ENC_HALF ? GH_SECOND : GH_WHOLE;
    gh_sum sum = gh_zero(), *s = &sum;
    const size_t nb = (rest + 15) / 16;
    const int len_in = nb < GH_POWERS;
    if (rest) BY_ZMM(nb, gcm_tail_bytes, &K, nr, g, s, &y, &c, &e, in, out, rest, decrypt, ps, hs, nb + len_in, 0, 1);
    else gcm_tail_bytes(&K, nr, g, s, &y, &c, &e, in, out, 0, decrypt, ps, hs, 1, 0, 1, 0);
    const uint8_t *h1 = (const uint8_t *)opaque(g->tab) + 16 * (GH_POWERS - 1);
    if (len_in) {
        gh_mul(s, _mm512_zextsi128_si512(_mm_xor_si128(lb, y)), h1, 0x03, 1, 0);
        y = gh_reduce(s);
    } else {
        y = gf_mul128(_mm_xor_si128(gh_reduce(s), lb), load128(h1));
    }
    store128(tag, _mm_xor_si128(_mm_shuffle_epi8(y, bswap_idx128()), e));
    if (kind == GCM_ENC_HALF) {
        /* The split steps' state lives in this frame (its address goes to
         * the pieces): the sums of ciphertext times powers of H, from which
         * H could be solved for. Eight zmm stores, kept by the asm (which
         * may read them), where a memset call would cost ~30 cycles. */
        const __m512i z = _mm512_setzero_si512();
        half.s.lo = half.s.mk = half.s.hi = half.s.mi = half.a = half.b = half.t = half.m = z;
        __asm__ volatile("" : : "r"(&half) : "memory");
    }
}

/* gcm_msg_end once per key size and kind (see GCM_ENC), not inlined: the
 * short path and the end of the long one call it. */
#define GCM_END_ARGS                                                                                                   \
    (const sc_aes_key *k, const sc_ghash_key *g, __m128i y, __m512i c, __m128i e, const uint8_t *in, uint8_t *out,     \
     size_t rest, const uint8_t *pending, __m128i lb, uint8_t tag[16])
typedef void(*gcm_end_fn) GCM_END_ARGS;
#define GCM_END(kind, nr)                                                                                              \
    static __attribute__((noinline)) void gcm_end_##kind##_##nr GCM_END_ARGS                                           \
    {                                                                                                                  \
        gcm_msg_end(k, g, y, c, e, in, out, rest, pending, lb, tag, kind, nr);                                         \
    }
#define GCM_END_KINDS(def, nr) GCM_KINDS(def, nr) def(GCM_ENC_HALF, nr)
GCM_END_KINDS(GCM_END, 10)
GCM_END_KINDS(GCM_END, 12)
GCM_END_KINDS(GCM_END, 14)
static const gcm_end_fn gcm_ends[4][3] = {GCM_FNS(gcm_end, GCM_ENC), GCM_FNS(gcm_end, GCM_ENC_STEP),
                                          GCM_FNS(gcm_end, GCM_DEC), GCM_FNS(gcm_end, GCM_ENC_HALF)};

/* One message (gcm_message): J0 from the nonce in a register, E(J0) in the
 * rounds of the last data blocks. Without data: gcm_gmac. Else the AAD
 * reduced (gcm_aad); a message shorter than a step: the data blocks and
 * the length block multiplied by H^n..H^1 in one batch, reduced once.
 * Longer: the fused loop, then the rest and the length block in one batch
 * (created only there: a batch live across the loop would be spilled). */
AI void gcm_msg_nr(const sc_aes_key *k, const sc_ghash_key *g, const uint8_t nonce[12], const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, int decrypt, uint8_t tag[16],
                   const unsigned nr)
{
    enum { STEP = 16 * GH_POWERS, SPLIT_BYTES = 3 * STEP };
    const gcm_end_fn end = gcm_ends[decrypt ? GCM_DEC : GCM_ENC][(nr - 10) / 2];
    uint32_t n8;
    memcpy(&n8, nonce + 8, 4);
    /* J0 = nonce || 0^31 || 1; the data's counters from 2 */
    __m128i e = _mm_loadl_epi64((const __m128i *)nonce);
    e = _mm_insert_epi32(_mm_insert_epi32(e, (int)n8, 2), 0x01000000, 3);
    __m512i c = _mm512_add_epi32(ctr_lanes_v(e), _mm512_set_epi32(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0));
    __m128i y = _mm_setzero_si128();
    /* the length block (SP 800-38D 7.1 step 5), reflected: len(A) || len(C)
     * in bits, big-endian, byte-reversed */
    const __m128i lb = _mm_set_epi64x((long long)((uint64_t)aad_len * 8), (long long)((uint64_t)len * 8));
    if (len == 0) {
        gcm_gmac(k, g, e, aad, aad_len, lb, tag);
        return;
    }
    if (aad_len) y = gcm_aad(g, aad, aad_len);
    /* A one-step seal (512 bytes) as a tail too (gcm_tail_bytes: half its
     * GHASH under its own rounds), not one step of the loop and its whole
     * GHASH alone after it: 9-10% faster, AES-128 and AES-256 (Emerald
     * Rapids, in-process A/B). Longer seals ending on a whole step were
     * 1-3% slower that way (their pending step beside 4 zmm of rounds, not
     * 8). */
    if (len < STEP || (!decrypt && len == STEP)) {
        end(k, g, y, c, e, in, out, len, NULL, lb, tag);
        return;
    }
    /* Longer seals up to SPLIT_BYTES (one or two whole steps and a tail)
     * in split steps (gcm_split_step), the whole message in one end call:
     * 520-1535 bytes 1-13% faster (1420: 1.3%, AES-256 2.1%; 520-600: 7-13%),
     * other lengths unchanged (Emerald Rapids, 13-byte AAD, in-process A/B).
     * Split steps throughout were 2-5% slower from 4 KiB (AES-256 2048
     * bytes too): the whole step's eight zmm of rounds at once keep the
     * AES unit busier than two groups of four. */
    if (!decrypt && len < SPLIT_BYTES) {
        gcm_ends[GCM_ENC_HALF][(nr - 10) / 2](k, g, y, c, e, in, out, len, NULL, lb, tag);
        return;
    }
    zkeys K;
    aux_keys(&K, k);
    const size_t rest = len % STEP;
    size_t n = len / 16;
    gh_step gs;
    gcm_bulk(&K, nr, g, &c, 2, &y, &in, &out, &n, decrypt, &gs, 0); /* the data's counters from 2 */
    if (decrypt) end(k, g, y, c, e, in, out, rest, NULL, lb, tag);
    else gcm_ends[GCM_ENC_STEP][(nr - 10) / 2](k, g, y, c, e, in, out, rest, gs.p, lb, tag);
}

static void gcm_message(const sc_aes_key *k, const sc_ghash_key *g, const uint8_t nonce[12], const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, int encrypt, uint8_t tag[16])
{
    /* each direction its own code: smaller functions, fewer spills */
    if (encrypt) BY_ROUNDS(k->rounds, gcm_msg_nr, k, g, nonce, aad, aad_len, in, out, len, 0, tag);
    else BY_ROUNDS(k->rounds, gcm_msg_nr, k, g, nonce, aad, aad_len, in, out, len, 1, tag);
}

#if defined(__clang__) || defined(__SANITIZE_ADDRESS__)
/* clang 19 (and gcc with AddressSanitizer) spills this file's broadcast round keys (k->aux) and the raw key
 * into the frames of several entry points (tests/test_stack_residue.c with
 * a clang build); gcc spills none. Under clang each entry runs in a frame
 * of its own, called through a pointer so that it is not inlined, and that
 * frame is burned after it (src/cipher/stack_burn.h). */
#include "../../cipher/stack_burn.h"
enum { CLANG_BURN = SC_BURN_MAX / SC_BURN_SCALE }; /* the whole burn area: ASan frames are large */
#define BURNED(name, params, args)                                                                           \
    static void burned_##name params                                                                         \
    {                                                                                                        \
        void(*volatile fn) params = name;                                                                    \
        fn args;                                                                                             \
        sc_burn_stack(CLANG_BURN);                                                                           \
    }
BURNED(prepare, (sc_aes_key * k), (k))
BURNED(ecb_encrypt, (const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n), (k, in, out, n))
BURNED(ecb_decrypt, (const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n), (k, in, out, n))
BURNED(cbc_encrypt, (const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n),
       (k, iv, in, out, n))
BURNED(cbc_decrypt, (const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n),
       (k, iv, in, out, n))
BURNED(ctr32, (const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n),
       (k, ctr, in, out, n))
BURNED(xts, (const sc_aes_key *k, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out, size_t n),
       (k, tweak, encrypt, in, out, n))
BURNED(sc_aes_x86_ccm,
       (const sc_aes_key *k, uint8_t ctr[16], uint8_t mac[16], int encrypt, const uint8_t *in, uint8_t *out,
        size_t n),
       (k, ctr, mac, encrypt, in, out, n))
BURNED(sc_aes_x86_cfb_small,
       (const sc_aes_key *k, uint8_t reg[16], int encrypt, unsigned seg_bits, const uint8_t *in, uint8_t *out,
        size_t len),
       (k, reg, encrypt, seg_bits, in, out, len))
BURNED(ghash_init, (sc_ghash_key * g), (g))
BURNED(ghash, (const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n), (g, acc, in, n))
BURNED(gcm_encrypt,
       (const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16], const uint8_t *in,
        uint8_t *out, size_t n),
       (k, g, ctr, acc, in, out, n))
BURNED(gcm_decrypt,
       (const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16], const uint8_t *in,
        uint8_t *out, size_t n),
       (k, g, ctr, acc, in, out, n))
BURNED(gcm_message,
       (const sc_aes_key *k, const sc_ghash_key *g, const uint8_t nonce[12], const uint8_t *aad, size_t aad_len,
        const uint8_t *in, uint8_t *out, size_t len, int encrypt, uint8_t tag[16]),
       (k, g, nonce, aad, aad_len, in, out, len, encrypt, tag))
#define OP(name) burned_##name
#else
#define OP(name) name
#endif

/* ---- short calls on ymm ------------------------------------------------ */

/* Some short calls run the ymm code of the x86-vaes-avx2 kernel
 * (aes_vaes_avx512_ymm.c), which takes the same round keys (k->rk,
 * k->rk_dec; k->aux is this file's alone) and reads this file's GHASH
 * table. At 1-4 blocks its tails take two ymm vectors through the rounds
 * together, and on Golden Cove two ymm VAESENC issue per cycle (ports 0
 * and 1) where one zmm does (port 0); from 5 blocks this file's one pass
 * of 2+ zmm wins. Back-to-back kernel calls on Emerald Rapids (family 6
 * model 207), TSC cycles per call, ymm / zmm: AES-128 ECB 64 B 13.0 / 19.7,
 * 80 B 28.8 / 21.2; CBC decryption 64 B 15.3 / 19.3; CTR 64 B 44.1 / 52.0;
 * GHASH 32-128 B 20.1-27.2 / 28.8-29.0 (one block: 17.6 / 15.0, this
 * file's xmm multiply; 256 B even); an AAD-only GCM message (GMAC) of
 * 16-96 bytes 35-45 / 42-49. GCM messages with data run faster here at
 * every length (64 B: 68.7 / 60.0, 256 B: 156 / 102). The lengths are
 * public: the branches are constant time. */
#define YMM sc_aes_x86_vaes_avx512_ymm
enum {
    YMM_BLOCKS = 5,     /* ECB, CBC decryption, CTR: calls of fewer blocks */
    YMM_GH_BLOCKS = 16, /* GHASH: calls of 2 .. 15 blocks */
    YMM_GMAC_BYTES = 128, /* GCM messages without data: AAD shorter than this */
    YMM_OPEN_BYTES = 96,  /* gcm_open: data shorter than this */
};
static void ecb_encrypt_entry(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n < YMM_BLOCKS) YMM.encrypt(k, in, out, n);
    else OP(ecb_encrypt)(k, in, out, n);
}
static void ecb_decrypt_entry(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
    if (n < YMM_BLOCKS) YMM.decrypt(k, in, out, n);
    else OP(ecb_decrypt)(k, in, out, n);
}
static void cbc_decrypt_entry(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n)
{
    if (n < YMM_BLOCKS) YMM.cbc_decrypt(k, iv, in, out, n);
    else OP(cbc_decrypt)(k, iv, in, out, n);
}
static void ctr32_entry(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
    if (n < YMM_BLOCKS) YMM.ctr32(k, ctr, in, out, n);
    else OP(ctr32)(k, ctr, in, out, n);
}
/* ctr32_bytes (aes_internal.h; this file had none, so a call with a
 * partial block took the generic layer's two calls and its buffer): a
 * short call on ymm; a longer one's whole blocks here, then its partial
 * block (no whole block left) on ymm. */
static void ctr32_bytes_entry(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t len,
                              uint8_t ks[16])
{
    const size_t n = len / 16;
    if (n < YMM_BLOCKS) {
        YMM.ctr32_bytes(k, ctr, in, out, len, ks);
        return;
    }
    OP(ctr32)(k, ctr, in, out, n);
    if (len % 16) YMM.ctr32_bytes(k, ctr, in + 16 * n, out + 16 * n, len % 16, ks);
}
static void ghash_entry(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    if (n >= 2 && n < YMM_GH_BLOCKS) YMM.ghash(g, acc, in, n);
    else OP(ghash)(g, acc, in, n);
}
static void gcm_message_entry(const sc_aes_key *k, const sc_ghash_key *g, const uint8_t nonce[12],
                              const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len,
                              int encrypt, uint8_t tag[16])
{
    if (len == 0 && aad_len < YMM_GMAC_BYTES) YMM.gcm_message(k, g, nonce, aad, aad_len, in, out, len, encrypt, tag);
    else OP(gcm_message)(k, g, nonce, aad, aad_len, in, out, len, encrypt, tag);
}
/* gcm_open (aes_internal.h; without it the AEAD layer stored the tag, read
 * it back and compared it in memory). Under 96 bytes of data the ymm
 * code's, whose tag never leaves its registers (16-64 B: 66-68 against
 * 68-74 TSC cycles per call here; 96 B even, 128 B 98 against 83). Longer:
 * the received tag read first (it may lie in out), the message's through
 * gcm_message, compared in a register and wiped (it would authenticate the
 * forged message). Equal is a movemask of 0xffff, (mask + 1) >> 16 is then
 * 1, else 0: no branch. */
static int gcm_open_entry(const sc_aes_key *k, const sc_ghash_key *g, const struct sc_aead_msg *m)
{
    if (m->len < YMM_OPEN_BYTES) return YMM.gcm_open(k, g, m);
    const __m128i expect = load128(m->tag);
    _Alignas(16) uint8_t tag[16];
    gcm_message_entry(k, g, m->nonce, m->aad, m->aad_len, m->in, m->out, m->len, 0, tag);
    const unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(load128(tag), expect));
    sc_wipe_small(tag, sizeof tag);
    return (int)((mask + 1) >> 16);
}

const struct sc_aes_ops sc_aes_x86_vaes_avx512 = {
    .prepare = OP(prepare),
    .encrypt = ecb_encrypt_entry,
    .decrypt = ecb_decrypt_entry,
    .cbc_encrypt = OP(cbc_encrypt),
    .cbc_decrypt = cbc_decrypt_entry,
    .ctr32 = ctr32_entry,
    .ctr32_bytes = ctr32_bytes_entry,
    .xts = OP(xts),
    .ccm = OP(sc_aes_x86_ccm),
    .cfb_small = OP(sc_aes_x86_cfb_small),
    .ghash_init = OP(ghash_init),
    .ghash = ghash_entry,
    .gcm_encrypt = OP(gcm_encrypt),
    .gcm_decrypt = OP(gcm_decrypt),
    .gcm_message = gcm_message_entry,
    .gcm_open = gcm_open_entry,
};
