/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: MGM, the Multilinear Galois Mode of RFC 9058, written once over
 * any block cipher of n = 64 or 128 bits (Magma now, Kuznyechik later).
 *
 * RFC 9058 section 4, for a nonce ICN of n-1 bits (the top bit of the
 * n-bit nonce block is 0):
 *   Y_1 = E(0 || ICN), Y_(i+1) = incr_r(Y_i)    counter of the keystream
 *   Z_1 = E(1 || ICN), Z_(i+1) = incr_l(Z_i)    counter of the hash keys
 *   H_i = E(Z_i)
 *   C_i = P_i ^ E(Y_i)                          (the last block truncated)
 *   T   = MSB_S(E(H_1 * A_1 ^ ... ^ H_(h+q) * C_q ^ H_(h+q+1) * (len(A) || len(C))))
 * with A and C zero-padded to whole blocks, lengths in bits, n/2 bits each,
 * incr_r / incr_l adding 1 modulo 2^(n/2) to the right / left half, and *
 * the product in GF(2^n) (x^64 + x^4 + x^3 + x + 1, x^128 + x^7 + x^2 + x
 * + 1) of blocks read as big-endian integers (bit i the coefficient of x^i).
 *
 * A batch of blocks costs one call to the cipher's multi-block ECB for both
 * its keystream (Y_i) and its hash keys (Z_i): 2 x batch blocks; the GF
 * kernel then multiplies and accumulates the batch with one reduction. */
#ifndef SC_MGM_H
#define SC_MGM_H

#include "../core/internal.h"

/* RFC 9058 4: tags of S = 32..n bits (the AEAD spec's tag_sizes mask: bit
 * t - 1 for a t-byte tag), and len(A), len(C) each below 2^(n/2) bits, since
 * the last block holds them in n/2 bits each (the spec's max_aad, max_plaintext). */
#define SC_MGM_TAG_SIZES(block) ((UINT64_C(1) << (block)) - (UINT64_C(1) << 3))
#define SC_MGM_MAX_BYTES(block) ((UINT64_C(1) << (4 * (block) - 3)) - 1)

/* The block cipher MGM runs on: `block` bytes (8 or 16), and its encryption
 * of nblocks independent blocks (in == out allowed). */
typedef struct sc_mgm_cipher {
    size_t block;
    void (*ecb)(const void *key, const uint8_t *in, uint8_t *out, size_t nblocks);
} sc_mgm_cipher;

/* A GF kernel (kernel list "mgm", mgm_kernels.c): acc ^= H_1 * X_1 ^ ... ^
 * H_n * X_n in GF(2^64) (sum64: acc one word) or GF(2^128) (sum128: acc[0]
 * the high word), H_i and X_i the i-th 8- or 16-byte big-endian blocks of h
 * and x. Constant time: H_i is secret, and so are the X_i of a decryption
 * that fails. n >= 1. */
typedef struct sc_mgm_gf_ops {
    void (*sum64)(uint64_t *acc, const uint8_t *h, const uint8_t *x, size_t n);
    void (*sum128)(uint64_t acc[2], const uint8_t *h, const uint8_t *x, size_t n);
} sc_mgm_gf_ops;

extern const sc_algorithm_desc sc_alg_mgm;
extern const sc_mgm_gf_ops sc_mgm_gf_portable;
#if defined(SC_ARCH_X86_64)
extern const sc_mgm_gf_ops sc_mgm_x86_pclmul;
extern const sc_mgm_gf_ops sc_mgm_x86_avx512;
#endif
#if defined(SC_ARCH_AARCH64)
extern const sc_mgm_gf_ops sc_mgm_arm_pmull;
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
extern const sc_mgm_gf_ops sc_mgm_rv_zbc;
#endif

/* The family's self test of kernel k (mgm_selftest.c; src/core/family.h). */
struct sc_kernel;
int sc_mgm_selftest_kernel(const struct sc_kernel *k, const char **detail);

/* One product of the portable kernel (tests compare against them). */
uint64_t sc_mgm_gf64_mul(uint64_t a, uint64_t b);
void sc_mgm_gf128_mul(uint64_t r[2], const uint64_t a[2], const uint64_t b[2]);

/* Reductions of an unreduced carry-less sum, shared by the kernels:
 * (hi, lo) modulo x^64 + x^4 + x^3 + x + 1; w[0..3] (w[3] the highest word)
 * modulo x^128 + x^7 + x^2 + x + 1 into r[0] (high), r[1]. Branch-free. */
static inline uint64_t sc_mgm_reduce64(uint64_t hi, uint64_t lo)
{
    /* x^64 = x^4 + x^3 + x + 1: hi * 0x1B, whose bits past 63 fold once more */
    uint64_t o = hi >> 63 ^ hi >> 61 ^ hi >> 60;
    hi ^= o;
    return lo ^ hi ^ hi << 1 ^ hi << 3 ^ hi << 4;
}

static inline void sc_mgm_reduce128(uint64_t r[2], uint64_t w3, uint64_t w2, uint64_t w1, uint64_t w0)
{
    /* x^128 = x^7 + x^2 + x + 1 (0x87): fold w3 into w2:w1, then w2 into w1:w0 */
    w2 ^= w3 >> 63 ^ w3 >> 62 ^ w3 >> 57;
    w1 ^= w3 ^ w3 << 1 ^ w3 << 2 ^ w3 << 7;
    w1 ^= w2 >> 63 ^ w2 >> 62 ^ w2 >> 57;
    w0 ^= w2 ^ w2 << 1 ^ w2 << 2 ^ w2 << 7;
    r[0] = w1, r[1] = w0;
}

static inline uint64_t sc_mgm_load64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return v;
}

static inline void sc_mgm_store64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* A message's state. Counters and the sum as words: n = 64 uses [1] only,
 * n = 128 has [0] the left (high) half. */
typedef struct sc_mgm {
    const sc_mgm_gf_ops *gf;
    uint64_t y[2], z[2], acc[2];
    uint8_t ks[16];   /* keystream of the current partial data block */
    uint8_t pend[16]; /* the partial AAD block, then the partial ciphertext block */
    uint32_t pend_len, aad_closed, block;
    uint64_t aad_len, data_len; /* bytes */
} sc_mgm;

/* RFC 9058 4: the nonce is an n-bit block whose top bit is 0 (ICN has n-1
 * bits). 1 when nonce (len bytes) is one, else 0. */
int sc_mgm_nonce_ok(const uint8_t *nonce, size_t len, size_t block);
/* The GF kernel dispatch chose (sc_kernel_get("mgm", ...); SIMDCRYPT_KERNEL
 * and SIMDCRYPT_DISABLE apply). */
const sc_mgm_gf_ops *sc_mgm_gf_dispatched(void);

/* Start a message with a nonce of c->block bytes the caller checked with
 * sc_mgm_nonce_ok, on the GF kernel gf. */
void sc_mgm_start(sc_mgm *m, const sc_mgm_gf_ops *gf, const sc_mgm_cipher *c, const void *key,
                  const uint8_t *nonce);
/* AAD, any split, before any data. */
void sc_mgm_aad(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *aad, size_t len);
/* Data, any split; in == out allowed. */
void sc_mgm_encrypt(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *in, uint8_t *out,
                    size_t len);
void sc_mgm_decrypt(sc_mgm *m, const sc_mgm_cipher *c, const void *key, const uint8_t *in, uint8_t *out,
                    size_t len);
/* The full tag (c->block bytes; S-bit tags are its first S/8 bytes); the
 * message's secrets are wiped. */
void sc_mgm_tag(sc_mgm *m, const sc_mgm_cipher *c, const void *key, uint8_t *tag);

#endif
