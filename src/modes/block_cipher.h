/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: the NIST modes (SP 800-38A CFB/OFB, 38B CMAC, 38C CCM, 38E XTS,
 * 38F KW/KWP) written once over any block cipher's multi-block entry points,
 * so that AES, Kalyna (CFB, OFB) and Magma (CMAC) share them
 * (docs/adding-a-family.md, "Generic modes").
 *
 * A family fills an sc_block_cipher on the stack from its key for each call
 * (it holds a pointer to the key, so it is never stored in a context that
 * callers could copy). Every function: n whole blocks or len bytes, any
 * alignment, in == out allowed, constant time in the key and the data
 * (branches only on lengths and positions). Working buffers are wiped. */
#ifndef SC_MODES_BLOCK_CIPHER_H
#define SC_MODES_BLOCK_CIPHER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SC_MODES_MAX_BLOCK 64 /* bytes: Kalyna-512 */

typedef struct sc_block_cipher {
    size_t block_size; /* bytes: 8, 16, 32 or 64 */
    const void *key;   /* the family's expanded key */
    /* ECB over n blocks (the kernel's parallel path). */
    void (*encrypt)(const void *key, const uint8_t *in, uint8_t *out, size_t n);
    void (*decrypt)(const void *key, const uint8_t *in, uint8_t *out, size_t n);
    /* Optional CBC encryption (chain in: the previous block; out: the last
     * one written), the kernel's latency-optimised serial path for OFB's
     * gamma and CMAC/CCM's chains. NULL: one ECB call per block. */
    void (*cbc_encrypt)(const void *key, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n);
    /* Optional fused XTS over n whole blocks (tweak in: T of the first
     * block; out: T of the next), the kernel computing the tweaks in its
     * registers. NULL: sc_modes_xts_blocks' tweak buffer around the ECB. */
    void (*xts)(const void *key, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out, size_t n);
    /* Optional fused CCM over n whole 16-byte blocks (the CBC-MAC chain in
     * mac and the counter mode of the same blocks in one loop), the
     * contract of struct sc_aes_ops.ccm: ctr steps in its low 32 bits only,
     * the caller splits calls so that they never wrap. NULL: the chain,
     * then counter blocks through encrypt (sc_modes_ccm). */
    void (*ccm)(const void *key, uint8_t ctr[16], uint8_t mac[16], int encrypt, const uint8_t *in, uint8_t *out,
                size_t n);
    /* Optional fused CFB of 8- or 1-bit segments over len bytes (reg: the
     * shift register, block_size bytes, in and out), the contract of
     * struct sc_aes_ops.cfb_small: the register kept in the kernel's
     * registers. NULL: one encrypt call per segment (feedback.c). */
    void (*cfb_small)(const void *key, uint8_t *reg, int encrypt, unsigned seg_bits, const uint8_t *in, uint8_t *out,
                      size_t len);
} sc_block_cipher;

/* Blocks per batch of the modes' working buffers (2 KiB of 16-byte blocks). */
#define SC_MODES_WORK 2048

/* CBC encryption of n blocks through cbc_encrypt, or ECB one block at a time. */
void sc_modes_cbc_encrypt(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n);
/* CBC-MAC's chain over n blocks, the ciphertext discarded (CMAC, CCM). */
void sc_modes_cbc_mac(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *in, size_t n);

/* dst = a ^ b over n bytes (dst may equal a or b). */
static inline void sc_modes_xor(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        x ^= y;
        memcpy(dst + i, &x, 8);
    }
    for (; i < n; i++) dst[i] = a[i] ^ b[i];
}

#endif
