/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: ChaCha20 (RFC 8439 2.3-2.4), Poly1305 (RFC 8439 2.5) and their
 * AEAD (2.8) kernels.
 *
 * One kernel object per CPU extension serves the whole family (a ChaCha20,
 * a Poly1305 and optionally a fused AEAD loop from the same feature set), as
 * for AES. The parts are separate functions in src/arch/<isa>/ files
 * (chacha20_<ext>.c, poly1305_<ext>.c), composed into kernel objects by
 * chacha_kernels.c, so a ChaCha20 and a Poly1305 of different widths can be
 * paired where that measures best.
 *
 * Conventions for every entry point:
 *   - any alignment; in == out allowed (no other overlap is ever passed);
 *   - constant time: no branch or memory index depends on the key, the
 *     nonce, the data, the Poly1305 key or accumulator (lengths are public);
 *   - no secret left in memory the function owns (its stack frame) beyond
 *     what the callers' stack burn covers (tests/test_stack_residue.c).
 */
#ifndef SC_CHACHA_INTERNAL_H
#define SC_CHACHA_INTERNAL_H

#include "../core/internal.h"
#if defined(SC_ARCH_X86_64)
#include <emmintrin.h>
#endif

#define SC_CHACHA_BLOCK 64
#define SC_POLY1305_BLOCK 16

/* ChaCha20 over len bytes (any length, 0 included): out = in ^ keystream,
 * the keystream of blocks state[12], state[12] + 1, ... (state = the 16
 * input words of RFC 8439 2.3: constants, key, 32-bit block counter,
 * nonce). The counter wraps modulo 2^32 and never carries into the nonce;
 * the keystream left in a partial last block is discarded. state is not
 * updated (the caller advances state[12] by the blocks it used). */
typedef void sc_chacha20_fn(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len);

/* A Poly1305 key and accumulator.
 *
 * Canonical form, shared by every kernel: the accumulator h = h[0] +
 * 2^64 h[1] + 2^128 h[2] with h[2] < 8 (partially reduced modulo
 * p = 2^130 - 5), r clamped as two 64-bit words r[0], r[1] (RFC 8439 2.5.1),
 * s as two words. Every poly_blocks call takes and leaves h in this form,
 * so a kernel may convert to its own radix (2^26, 2^44) inside a call. */
typedef struct sc_poly1305 {
    uint64_t h[3];
    uint64_t r[2];
    uint64_t s[2];
    /* Kernel-private precomputation from r (e.g. r^1..r^8 in radix 2^44
     * for 8-way IFMA, or radix 2^26 powers for AVX2): 1536 bytes to use as
     * it likes. sc_poly1305_setkey sets pow[0] = 0 and nothing else: a
     * kernel computes its powers lazily, in the first poly_blocks call long
     * enough to use them, and marks pow[0] (a 64-byte message, one key per
     * message in the AEAD, must not pay for r^8). */
    _Alignas(64) uint64_t pow[192];
} sc_poly1305;

/* Absorb n whole 16-byte blocks, each with 2^128 added (RFC 8439 2.5.1:
 * the 0x01 byte after a full block): h = (h + block) * r, block by block. */
typedef void sc_poly1305_blocks_fn(sc_poly1305 *p, const uint8_t *in, size_t nblocks);

struct sc_chacha_ops {
    sc_chacha20_fn *chacha20;
    sc_poly1305_blocks_fn *poly_blocks;
    /* Optional: one whole ChaCha20-Poly1305 message (RFC 8439 2.8): state
     * holds the key and nonce with state[12] = 0; block 0 gives the
     * Poly1305 key, data uses blocks 1.. (len <= 2^38 - 64, so the counter
     * never wraps); the MAC covers aad || pad16 || ciphertext || pad16 ||
     * le64(aad_len) || le64(len); the full tag is written (decrypt: the
     * caller compares). NULL: the generic two passes of chacha_aead.c. */
    void (*aead_message)(const uint32_t state[16], const uint8_t *aad, size_t aad_len, const uint8_t *in,
                         uint8_t *out, size_t len, int encrypt, uint8_t tag[16]);
};
typedef struct sc_chacha_ops sc_chacha_ops;

/* --- Portable pieces (src/chacha/): the reference of every test ---------- */

/* The 16 input words from a 32-byte key, a 32-bit counter and a 12-byte
 * nonce (RFC 8439 2.3). */
void sc_chacha20_setup(uint32_t state[16], const uint8_t key[32], uint32_t counter, const uint8_t nonce[12]);
/* HChaCha20 (draft-irtf-cfrg-xchacha 2.2): a subkey from a key and the
 * first 16 bytes of an XChaCha20 nonce. */
void sc_hchacha20(uint8_t subkey[32], const uint8_t key[32], const uint8_t nonce16[16]);
/* One ChaCha20 block function output (RFC 8439 2.3.2): the 64 keystream
 * bytes of `state` (used by kernels for their short tails if they like). */
void sc_chacha20_block(const uint32_t state[16], uint8_t out[64]);
sc_chacha20_fn sc_chacha20_portable;

/* Poly1305 key setup into the canonical form (clamps r; h = 0; pow[0] = 0). */
void sc_poly1305_setkey(sc_poly1305 *p, const uint8_t key[32]);
/* The portable 2^64-radix block function (also the scalar tail of wider
 * kernels). */
sc_poly1305_blocks_fn sc_poly1305_blocks_portable;
/* Last partial block (last_len 0..15: padded with 0x01 then zeros, no
 * 2^128), final reduction modulo p, + s mod 2^128: the 16-byte tag. Wipes
 * nothing (the caller wipes p). */
void sc_poly1305_finish(sc_poly1305 *p, const uint8_t *last, size_t last_len, uint8_t tag[16]);

extern const sc_chacha_ops sc_chacha_portable;

/* Kernel parts per ISA (src/arch/<isa>/), composed in chacha_kernels.c. */
#if defined(SC_ARCH_X86_64)
sc_chacha20_fn sc_chacha20_x86_ssse3;   /* 4 blocks per xmm group */
sc_chacha20_fn sc_chacha20_x86_avx2;    /* 8 blocks per ymm group */
sc_chacha20_fn sc_chacha20_x86_avx512;  /* 16 blocks per zmm group, vprold */
sc_chacha20_fn sc_chacha20_x86_avx512_zen4; /* the same, the one-block path rotating with vpternlogd */
sc_poly1305_blocks_fn sc_poly1305_x86_mulx; /* scalar 2^64 radix, MULX/ADX */
sc_poly1305_blocks_fn sc_poly1305_x86_avx2; /* radix 2^26, 4-way */
sc_poly1305_blocks_fn sc_poly1305_x86_ifma; /* radix 2^44, 8-way AVX-512 IFMA */
/* the AVX2 ChaCha20 and the MULX Poly1305 stitched (aead_message) */
void sc_chacha20_poly1305_x86_avx2(const uint32_t state[16], const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                   uint8_t *out, size_t len, int encrypt, uint8_t tag[16]);
/* the AVX-512 ChaCha20 and the IFMA Poly1305 stitched (aead_message) */
void sc_chacha20_poly1305_x86_avx512(const uint32_t state[16], const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                     uint8_t *out, size_t len, int encrypt, uint8_t tag[16]);
/* the same in the forms tuned on Zen 4 (vpternlogd rotations, stitched from 65 bytes) */
void sc_chacha20_poly1305_x86_avx512_zen4(const uint32_t state[16], const uint8_t *aad, size_t aad_len,
                                          const uint8_t *in, uint8_t *out, size_t len, int encrypt, uint8_t tag[16]);
#endif
#if defined(SC_ARCH_AARCH64)
sc_chacha20_fn sc_chacha20_arm_neon;
sc_poly1305_blocks_fn sc_poly1305_arm_neon; /* radix 2^26 x4, its scalar path mul/umulh */
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
sc_chacha20_fn sc_chacha20_rv_v;    /* RVV, vertical layout */
sc_chacha20_fn sc_chacha20_rv_zvbb; /* the same with vror (Zvbb/Zvkb) */
sc_poly1305_blocks_fn sc_poly1305_rv_scalar; /* radix 2^64, mul/mulhu (base ISA) */
#endif

/* Little-endian loads and stores (RFC 8439 2.1: words are little-endian). */
static inline uint32_t sc_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t sc_le64(const uint8_t *p) { return (uint64_t)sc_le32(p) | (uint64_t)sc_le32(p + 4) << 32; }
static inline void sc_put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}
static inline void sc_put_le64(uint8_t *p, uint64_t v) { sc_put_le32(p, (uint32_t)v), sc_put_le32(p + 4, (uint32_t)(v >> 32)); }

/* Row 3 of a ChaCha20 state (counter || nonce, RFC 8439 2.3) for a state a
 * kernel reads right after: on x86-64 one 16-byte store. The x86 kernels
 * load the state row by row as vectors, and a load spanning several
 * smaller stores is not forwarded from them but waits for them to reach
 * L1 (Emerald Rapids: the ChaCha20-Poly1305 one-shot's public cost over
 * its kernel 86/72/63 -> 42/37/31 TSC cycles at 0/64/256 B; BENCHMARKS.md
 * 7.6). */
static inline void sc_chacha20_store_row3(uint32_t row[4], uint32_t counter, const uint8_t nonce[12])
{
#if defined(SC_ARCH_X86_64)
    const __m128i n = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)nonce),
                                         _mm_cvtsi32_si128((int)sc_le32(nonce + 8)));
    _mm_storeu_si128((__m128i *)(void *)row, _mm_or_si128(_mm_slli_si128(n, 4), _mm_cvtsi32_si128((int)counter)));
#else
    row[0] = counter;
    for (int i = 0; i < 3; i++) row[1 + i] = sc_le32(nonce + 4 * i);
#endif
}

/* sc_chacha20_setup for a state a kernel reads right after: each row one
 * 16-byte store on x86-64 (as sc_chacha20_store_row3; the scalar setup's
 * 16 stores cost an XChaCha20-Poly1305 seal ~90 TSC cycles of 606 on
 * Emerald Rapids, with HChaCha20's). Little-endian: the key's bytes are
 * its words. */
static inline void sc_chacha20_setup_rows(uint32_t state[16], const uint8_t key[32], uint32_t counter,
                                          const uint8_t nonce[12])
{
#if defined(SC_ARCH_X86_64)
    _mm_storeu_si128((__m128i *)(void *)state, _mm_setr_epi32(0x61707865, 0x3320646e, 0x79622d32, 0x6b206574));
    _mm_storeu_si128((__m128i *)(void *)(state + 4), _mm_loadu_si128((const __m128i *)(const void *)key));
    _mm_storeu_si128((__m128i *)(void *)(state + 8), _mm_loadu_si128((const __m128i *)(const void *)(key + 16)));
    sc_chacha20_store_row3(state + 12, counter, nonce);
#else
    sc_chacha20_setup(state, key, counter, nonce);
#endif
}

#endif
