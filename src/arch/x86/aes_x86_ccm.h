/* SPDX-License-Identifier: Apache-2.0 */
/* Fused CCM (SP 800-38C 6.1/6.2) over whole blocks for every x86 AES kernel
 * (struct sc_aes_ops.ccm): the CBC-MAC chain and the counter mode of the
 * same blocks in one loop, round by round.
 *
 * Why xmm for every width: the chain is serial, one block per R AES
 * latencies (40 cycles for AES-128 on Zen 4: AESENC latency 4), and each
 * data block needs exactly one counter block besides its MAC block. One
 * keystream block per chain step fills one of the idle issue slots of each
 * chain round (the unit takes 2 per cycle); wider counter vectors would
 * only compute the keystream sooner, not shorten the chain. So the three
 * kernels (AES-NI, VAES-256, VAES-512) share this loop, as they share the
 * serial CBC encryption.
 *
 * Encryption, step i: the chain absorbs P_i while the keystream block i
 * runs beside it. Decryption needs P_i = C_i ^ E(Ctr_i) before the chain
 * absorbs it, so its keystream runs one block ahead: step i chains P_i and
 * computes P_(i+1), whose counter depends on nothing, so the out-of-order
 * core starts it as early as its window allows.
 * As in the CBC encryption, the chain is the rounds alone: the next block's
 * input and round key 0 are folded into this block's last round key
 * (AESENCLAST(x, k ^ q) = AESENCLAST(x, k) ^ q); likewise the data block
 * into the keystream's last round key, which then yields C_i (P_i) itself.
 *
 * Round keys are memory operands, read at each step through a pointer
 * hidden from the compiler (CCM_HIDE): 15 keys, the chain, the keystream
 * and the data do not fit in 16 xmm registers without a spill, and a
 * spilled key would outlive the call on the stack. Constant time: the only
 * branches are on n and the round count.
 *
 * Include from files built with at least -mssse3 -maes. */
#ifndef SC_AES_X86_CCM_H
#define SC_AES_X86_CCM_H
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../aes/aes_internal.h"
#include "../../core/unroll.h"

#define CCM_AI static inline __attribute__((always_inline))
#define CCM_HIDE(p) __asm__("" : "+r"(p))

CCM_AI __m128i ccm_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
CCM_AI void ccm_store(void *p, __m128i v) { _mm_storeu_si128((__m128i *)p, v); }
/* pshufb index reversing the counter's last 4 bytes (its own inverse): the
 * big-endian low word as a little-endian dword 3, which a 32-bit add steps */
CCM_AI __m128i ccm_swap(void) { return _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0); }
CCM_AI __m128i ccm_one(void) { return _mm_set_epi32(1, 0, 0, 0); }

/* Rounds 1 .. R-1 of the chain x and the keystream block s, side by side. */
CCM_AI void ccm_rounds(__m128i *x, __m128i *s, const uint8_t (*rk)[16], const int R)
{
    UNROLL for (int r = 1; r < R; r++) {
        const __m128i kr = ccm_load(rk[r]);
        *x = _mm_aesenc_si128(*x, kr);
        *s = _mm_aesenc_si128(*s, kr);
    }
}

/* Counter block from the swapped form *c, with round key 0; *c steps. */
CCM_AI __m128i ccm_next_ctr(__m128i *c, const uint8_t (*rk)[16])
{
    const __m128i b = _mm_xor_si128(_mm_shuffle_epi8(*c, ccm_swap()), ccm_load(rk[0]));
    *c = _mm_add_epi32(*c, ccm_one());
    return b;
}

/* Encryption of n >= 1 blocks; x enters as mac ^ P_0 ^ k0. */
CCM_AI __m128i ccm_enc_r(const uint8_t (*rk)[16], __m128i x, __m128i *c, const uint8_t *in, uint8_t *out, size_t n,
                         const int R)
{
    for (size_t i = 0;; i++) {
        CCM_HIDE(rk);
        __m128i s = ccm_next_ctr(c, rk);
        ccm_rounds(&x, &s, rk, R);
        const __m128i kl = ccm_load(rk[R]);
        s = _mm_aesenclast_si128(s, _mm_xor_si128(kl, ccm_load(in + 16 * i))); /* C_i */
        if (i + 1 == n) {
            ccm_store(out + 16 * i, s);
            return _mm_aesenclast_si128(x, kl);
        }
        /* P_(i+1) read before C_i is stored (in == out: different blocks) */
        x = _mm_aesenclast_si128(x, _mm_xor_si128(kl, _mm_xor_si128(ccm_load(in + 16 * (i + 1)), ccm_load(rk[0]))));
        ccm_store(out + 16 * i, s);
    }
}

/* Decryption of n >= 1 blocks; x enters as the mac. */
CCM_AI __m128i ccm_dec_r(const uint8_t (*rk)[16], __m128i x, __m128i *c, const uint8_t *in, uint8_t *out, size_t n,
                         const int R)
{
    /* P_0 alone (nothing to chain beside it yet) */
    __m128i s = ccm_next_ctr(c, rk);
    UNROLL for (int r = 1; r < R; r++) s = _mm_aesenc_si128(s, ccm_load(rk[r]));
    __m128i p = _mm_aesenclast_si128(s, _mm_xor_si128(ccm_load(rk[R]), ccm_load(in)));
    ccm_store(out, p);
    x = _mm_xor_si128(x, _mm_xor_si128(p, ccm_load(rk[0])));
    for (size_t i = 0; i + 1 < n; i++) {
        CCM_HIDE(rk);
        s = ccm_next_ctr(c, rk); /* block i + 1 */
        ccm_rounds(&x, &s, rk, R);
        const __m128i kl = ccm_load(rk[R]);
        p = _mm_aesenclast_si128(s, _mm_xor_si128(kl, ccm_load(in + 16 * (i + 1)))); /* P_(i+1) */
        ccm_store(out + 16 * (i + 1), p);
        x = _mm_aesenclast_si128(x, _mm_xor_si128(kl, _mm_xor_si128(p, ccm_load(rk[0]))));
    }
    CCM_HIDE(rk);
    UNROLL for (int r = 1; r < R; r++) x = _mm_aesenc_si128(x, ccm_load(rk[r]));
    return _mm_aesenclast_si128(x, ccm_load(rk[R]));
}

CCM_AI void aes_ccm_r(const sc_aes_key *k, uint8_t ctr[16], uint8_t mac[16], const int encrypt, const uint8_t *in,
                      uint8_t *out, size_t n, const int R)
{
    if (n == 0) return;
    const uint8_t(*rk)[16] = k->rk;
    __m128i c = _mm_shuffle_epi8(ccm_load(ctr), ccm_swap()), x = ccm_load(mac);
    if (encrypt) x = ccm_enc_r(rk, _mm_xor_si128(x, _mm_xor_si128(ccm_load(in), ccm_load(rk[0]))), &c, in, out, n, R);
    else x = ccm_dec_r(rk, x, &c, in, out, n, R);
    ccm_store(mac, x);
    ccm_store(ctr, _mm_shuffle_epi8(c, ccm_swap()));
}

/* The entry point, for struct sc_aes_ops.ccm (each direction and key size
 * its own code). */
static inline void sc_aes_x86_ccm(const sc_aes_key *k, uint8_t ctr[16], uint8_t mac[16], int encrypt,
                                  const uint8_t *in, uint8_t *out, size_t n)
{
#define CCM_BY_ROUNDS(dir)                                                                        \
    do {                                                                                          \
        if (k->rounds == 10) aes_ccm_r(k, ctr, mac, dir, in, out, n, 10);                         \
        else if (k->rounds == 12) aes_ccm_r(k, ctr, mac, dir, in, out, n, 12);                    \
        else aes_ccm_r(k, ctr, mac, dir, in, out, n, 14);                                         \
    } while (0)
    if (encrypt) CCM_BY_ROUNDS(1);
    else CCM_BY_ROUNDS(0);
#undef CCM_BY_ROUNDS
}
#endif
