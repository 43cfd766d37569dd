/* SPDX-License-Identifier: Apache-2.0 */
/* Fused CFB-8 and CFB-1 (SP 800-38A 6.3 with s = 8 and s = 1) for every x86
 * AES kernel (struct sc_aes_ops.cfb_small): the shift register I_j in an
 * xmm register, one AES block per segment.
 *
 * Why a kernel: the generic loop (src/modes/feedback.c) calls the block
 * cipher for each segment through a pointer, then shifts I_j byte by byte
 * in memory, and the next call loads it as one 16-byte vector: a load that
 * spans sixteen smaller stores is not forwarded, so every segment paid the
 * stall on top of the call (aes-128-cfb1 616 core cycles a byte, 0.9x
 * OpenSSL's 550, Emerald Rapids). Here the chain of encryption is the AES
 * rounds plus the one to three vector operations that make I_(j+1) from
 * the output, as in the serial CBC encryption.
 *
 * Encryption: C_j = P_j ^ MSB_s(E(I_j)) feeds I_(j+1), so one block at a
 * time. The segment's plaintext bits are folded into the last round key
 * (AESENCLAST(x, k) ^ q = AESENCLAST(x, k ^ q)): the round's output holds
 * C_j in its first byte (s = 8) or its first bit (s = 1) at once.
 * Decryption: I_(j+1) takes the ciphertext, known before E(I_j) is, so the
 * register never waits for the rounds and the out-of-order core runs the
 * blocks of successive segments side by side; the same loop serves.
 *
 * I_(j+1) from I_j (bytes as SP 800-38A writes them, byte 0 first):
 *   s = 8: the 15 last bytes and C_j: PALIGNR of (C_j's vector, I_j) by 1;
 *   s = 1: I_j as a 128-bit big-endian number shifted left by one, its
 *     last bit C_j: each byte doubled (PADDB), plus the top bit of the next
 *     byte (PCMPGTB against zero gives -1 where it is set: subtracting it
 *     adds one), computed while the rounds run; then C_j, a sign bit of
 *     the round's output, moved to byte 15 by PSHUFB as 0 or -1 and
 *     subtracted the same way: three operations after the rounds.
 *
 * Round keys are memory operands read through a pointer hidden from the
 * compiler (CFB_HIDE, as aes_x86_ccm.h): none held in a register across
 * iterations, so none spilled to the stack. Constant time: the branches are
 * on the length, the segment size, the direction and the round count; the
 * data moves only through vector operations and a movemask.
 *
 * Include from files built with at least -mssse3 -maes. */
#ifndef SC_AES_X86_CFB_H
#define SC_AES_X86_CFB_H
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../aes/aes_internal.h"
#include "../../core/unroll.h"

#define CFB_AI static inline __attribute__((always_inline))
#define CFB_HIDE(p) __asm__("" : "+r"(p))

CFB_AI __m128i cfb_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }

/* E(x) but the last round key, which the caller passes to AESENCLAST with
 * the segment's input bits folded in. */
CFB_AI __m128i cfb_rounds(const uint8_t (*rk)[16], __m128i x, const int R)
{
    x = _mm_xor_si128(x, cfb_load(rk[0]));
    UNROLL for (int r = 1; r < R; r++) x = _mm_aesenc_si128(x, cfb_load(rk[r]));
    return x;
}

/* CFB-8 over len bytes. */
CFB_AI __m128i cfb8_r(const uint8_t (*rk)[16], __m128i reg, const int encrypt, const uint8_t *in, uint8_t *out,
                      size_t len, const int R)
{
    for (size_t i = 0; i < len; i++) {
        CFB_HIDE(rk);
        const __m128i x = _mm_cvtsi32_si128(in[i]);
        /* byte 0: the output byte (P_j or C_j), the rest E(I_j)'s */
        const __m128i o = _mm_aesenclast_si128(cfb_rounds(rk, reg, R), _mm_xor_si128(cfb_load(rk[R]), x));
        out[i] = (uint8_t)_mm_cvtsi128_si32(o);
        reg = _mm_alignr_epi8(encrypt ? o : x, reg, 1);
    }
    return reg;
}

/* CFB-1 over len bytes, eight segments each, most significant bit first. */
CFB_AI __m128i cfb1_r(const uint8_t (*rk)[16], __m128i reg, const int encrypt, const uint8_t *in, uint8_t *out,
                      size_t len, const int R)
{
    const __m128i zero = _mm_setzero_si128();
    /* byte 0 to byte 15, the others cleared */
    const __m128i to_last =
        _mm_set_epi8(0, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128);
    for (size_t i = 0; i < len; i++) {
        const unsigned x = in[i];
        unsigned y = 0;
        for (int b = 7; b >= 0; b--) {
            CFB_HIDE(rk);
            /* the segment's bit as the sign of byte 0 */
            const __m128i xb = _mm_cvtsi32_si128((int)(x << (7 - b)));
            const __m128i o = _mm_aesenclast_si128(cfb_rounds(rk, reg, R), _mm_xor_si128(cfb_load(rk[R]), xb));
            y |= ((unsigned)_mm_movemask_epi8(o) & 1u) << b; /* P_j or C_j */
            /* I_j << 1, bit 0 of each byte the top bit of the next one */
            const __m128i doubled = _mm_sub_epi8(_mm_add_epi8(reg, reg), _mm_cmpgt_epi8(zero, _mm_srli_si128(reg, 1)));
            /* C_j: -1 or 0 in byte 15 */
            const __m128i c = _mm_shuffle_epi8(_mm_cmpgt_epi8(zero, encrypt ? o : xb), to_last);
            reg = _mm_sub_epi8(doubled, c);
        }
        out[i] = (uint8_t)y;
    }
    return reg;
}

CFB_AI void aes_cfb_small_r(const sc_aes_key *k, uint8_t reg[16], const int encrypt, const int seg_bits,
                            const uint8_t *in, uint8_t *out, size_t len, const int R)
{
    const uint8_t(*rk)[16] = k->rk;
    __m128i r = cfb_load(reg);
    if (seg_bits == 8)
        r = cfb8_r(rk, r, encrypt, in, out, len, R);
    else
        r = cfb1_r(rk, r, encrypt, in, out, len, R);
    _mm_storeu_si128((__m128i *)reg, r);
}

/* The entry point, for struct sc_aes_ops.cfb_small (each segment size,
 * direction and key size its own loop). */
static inline void sc_aes_x86_cfb_small(const sc_aes_key *k, uint8_t reg[16], int encrypt, unsigned seg_bits,
                                        const uint8_t *in, uint8_t *out, size_t len)
{
#define CFB_BY_ROUNDS(dir, seg)                                                                                        \
    do {                                                                                                               \
        if (k->rounds == 10)                                                                                           \
            aes_cfb_small_r(k, reg, dir, seg, in, out, len, 10);                                                       \
        else if (k->rounds == 12)                                                                                      \
            aes_cfb_small_r(k, reg, dir, seg, in, out, len, 12);                                                       \
        else                                                                                                           \
            aes_cfb_small_r(k, reg, dir, seg, in, out, len, 14);                                                       \
    } while (0)
    if (seg_bits == 8) {
        if (encrypt)
            CFB_BY_ROUNDS(1, 8);
        else
            CFB_BY_ROUNDS(0, 8);
    } else {
        if (encrypt)
            CFB_BY_ROUNDS(1, 1);
        else
            CFB_BY_ROUNDS(0, 1);
    }
#undef CFB_BY_ROUNDS
}
#endif
