/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: AES (FIPS-197) and GHASH (SP 800-38D) kernels.
 *
 * One kernel object per CPU extension serves the whole family: the AES
 * modes, GHASH and (optionally) a fused GCM loop, because GCM needs an AES
 * and a GHASH from the same feature set. The modes and GCM's bookkeeping
 * (counters, partial blocks, lengths, limits) live once in src/aes/ and call
 * these multi-block entry points.
 *
 * Conventions for every entry point:
 *   - n whole 16-byte blocks, any n (0 included), any alignment, in == out
 *     allowed (no other overlap is ever passed);
 *   - constant time: no branch or memory index depends on the key, the data,
 *     the counter or the GHASH key/accumulator;
 *   - blocks and the GHASH accumulator are in the byte order of the standards
 *     (FIPS-197 state bytes in, bytes out; GHASH X as the 16 bytes of SP
 *     800-38D, bit 0 = the most significant bit of byte 0).
 */
#ifndef SC_AES_INTERNAL_H
#define SC_AES_INTERNAL_H

#include "../cipher/ctx_check.h"
#include "../core/internal.h"

#define SC_AES_BLOCK 16
#define SC_AES_MAX_ROUNDS 14

struct sc_aead_msg; /* ../aead/aead_family.h */

/* An expanded AES key. Filled by sc_aes_expand_key (aes_key.c, constant
 * time) and then by the kernel's optional `prepare`. */
typedef struct sc_aes_key {
    /* FIPS-197 section 5.2 round keys w[4r..4r+3] as 16 bytes each, r = 0..rounds. */
    _Alignas(64) uint8_t rk[SC_AES_MAX_ROUNDS + 1][16];
    /* The equivalent inverse cipher's keys (section 5.3.5), in the order the
     * AESDEC/AESD instructions consume them: rk_dec[0] = rk[rounds],
     * rk_dec[r] = InvMixColumns(rk[rounds - r]) for 0 < r < rounds,
     * rk_dec[rounds] = rk[0]. */
    _Alignas(64) uint8_t rk_dec[SC_AES_MAX_ROUNDS + 1][16];
    /* Kernel-private form of the keys (e.g. the portable kernel's bitsliced
     * round keys), written by the kernel's prepare(). */
    _Alignas(64) uint64_t aux[128];
    const struct sc_aes_ops *ops; /* the kernel */
    uint32_t rounds;              /* 10, 12, 14 */
    uint32_t key_size;            /* 16, 24, 32 bytes */
    uint32_t magic;               /* SC_AES_MAGIC once complete, 0 when wiped */
} sc_aes_key;
#define SC_AES_MAGIC 0x41455331u /* "AES1" */

/* A GHASH key H = E_K(0^128) and a kernel's precomputation from it
 * (powers H^1..H^n, Karatsuba halves, tables: 1024 bytes to use as it likes). */
typedef struct sc_ghash_key {
    _Alignas(64) uint8_t h[16]; /* H as SP 800-38D bytes */
    _Alignas(64) uint8_t tab[1024];
} sc_ghash_key;

struct sc_aes_ops {
    /* Optional: derive k->aux from k->rk / k->rk_dec (NULL: nothing to do). */
    void (*prepare)(sc_aes_key *k);
    /* ECB, n blocks. */
    void (*encrypt)(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n);
    void (*decrypt)(const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n);
    /* CBC: iv in = the previous ciphertext block, out = the last one written
     * (encrypt) / read (decrypt). Encryption is serial; decryption parallel. */
    void (*cbc_encrypt)(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n);
    void (*cbc_decrypt)(const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n);
    /* Counter mode on the low 32 bits: out_i = in_i ^ E(ctr with its last 4
     * bytes, a big-endian word c, replaced by c + i), i = 0..n-1; then stores
     * c + n (mod 2^32) back. The caller guarantees c + n <= 2^32 (no wrap
     * inside a call; it splits calls and carries for 128-bit CTR itself), so
     * a kernel may add to the low word of its counter lanes freely. */
    void (*ctr32)(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n);
    /* Optional: ctr32 over len bytes, the last block partial: the
     * len / 16 whole blocks as ctr32, then, if r = len % 16 is not 0, the
     * keystream block of the next counter to ks[16] (all 16 bytes: the
     * caller keeps the unused ones for its next call) and its first r bytes
     * xored into the last r bytes of in -> out; then stores c + ceil(len /
     * 16). The same no-wrap guarantee for ceil(len / 16) blocks. ks never
     * overlaps in or out. One kernel call for a call of whole blocks and a
     * tail (the CTR quick path, aes_family.c). NULL: the generic layer's
     * full path. */
    void (*ctr32_bytes)(const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t len,
                        uint8_t ks[16]);
    /* Optional fused XTS (IEEE 1619-2018 5.3.1/5.4.1) over n whole blocks
     * with this key as Key1 (encrypt: k->rk, else k->rk_dec): tweak in = T
     * of the first block (little-endian bytes), out = T of the next block,
     * T_(j+1) = T_j * alpha; ciphertext stealing stays in src/modes/xts.c.
     * NULL: the generic tweak buffer around encrypt/decrypt. */
    void (*xts)(const sc_aes_key *k, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out, size_t n);
    /* Optional fused CCM (SP 800-38C 6.1/6.2) over n whole blocks with
     * k->rk: encrypt: mac = E(mac ^ P_i), C_i = P_i ^ E(Ctr_i); decrypt:
     * P_i = C_i ^ E(Ctr_i), mac = E(mac ^ P_i). ctr in = Ctr of the first
     * block, out = Ctr of the next; it steps as ctr32's (the low 32 bits,
     * same no-wrap guarantee by the caller). mac = the CBC-MAC chain, in and
     * out. NULL: CBC-MAC then CTR through encrypt/cbc_encrypt (ccm.c). */
    void (*ccm)(const sc_aes_key *k, uint8_t ctr[16], uint8_t mac[16], int encrypt, const uint8_t *in, uint8_t *out,
                size_t n);
    /* Optional fused CFB with a segment of seg_bits = 8 or 1 (SP 800-38A
     * 6.3; s = 1: eight segments a byte, most significant bit first) over
     * len bytes with k->rk: reg = the shift register I_j, in and out. NULL:
     * one encrypt call per segment (src/modes/feedback.c). */
    void (*cfb_small)(const sc_aes_key *k, uint8_t reg[16], int encrypt, unsigned seg_bits, const uint8_t *in,
                      uint8_t *out, size_t len);
    /* GHASH: fill g->tab from g->h (g->h already set). */
    void (*ghash_init)(sc_ghash_key *g);
    /* acc = (...((acc ^ in_0) H ^ in_1) H ...) H over n blocks (SP 800-38D
     * algorithm 2). */
    void (*ghash)(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n);
    /* Optional fused GCM over n whole blocks (NULL: ctr32 then ghash in
     * chunks, aes_gcm.c). ctr as for ctr32 (same no-wrap guarantee); acc is
     * updated with the ciphertext blocks (out for encrypt, in for decrypt). */
    void (*gcm_encrypt)(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16],
                        const uint8_t *in, uint8_t *out, size_t n);
    void (*gcm_decrypt)(const sc_aes_key *k, const sc_ghash_key *g, uint8_t ctr[16], uint8_t acc[16],
                        const uint8_t *in, uint8_t *out, size_t n);
    /* Optional: one whole GCM message with a 12-byte nonce (SP 800-38D
     * 7.1/7.2 with J0 = nonce || 0^31 || 1): GHASH of the AAD (aad_len
     * bytes, zero-padded), len bytes in -> out (encrypt: ciphertext hashed;
     * decrypt: input hashed), the length block, and the full tag
     * GHASH ^ E(J0) into tag[16] (decrypt: the caller compares). Any
     * lengths (len <= 2^36 - 32, so the 32-bit counter from 2 never wraps),
     * in == out allowed, nothing read or written outside the buffers. NULL:
     * the generic steps of aes_gcm.c (one-shot calls with short messages are
     * where a kernel gains most by doing the partial blocks, E(J0) and the
     * length block in registers). */
    void (*gcm_message)(const sc_aes_key *k, const sc_ghash_key *g, const uint8_t nonce[12], const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, int encrypt, uint8_t tag[16]);
    /* Optional: gcm_message's decryption of m (the AEAD layer's message,
     * aead_family.h; m->nonce_len is 12, m->tag_len 16, the lengths within
     * gcm_message's) with the tag check in registers: the received tag
     * m->tag, read before out is written, against the computed one; 1 if
     * they are equal, else 0, computed without a branch. The AES-GCM open
     * of the AEAD API (aes_aead.c): one pointer where gcm_message takes ten
     * arguments, and no tag stored, read back, compared and wiped. NULL:
     * gcm_message. */
    int (*gcm_open)(const sc_aes_key *k, const sc_ghash_key *g, const struct sc_aead_msg *m);
};

/* FIPS-197 key expansion of a 16-, 24- or 32-byte key into k->rk, k->rk_dec,
 * rounds and key_size (constant time; aes_key.c). SC_OK or SC_EKEYSIZE. Does
 * not set ops/magic/aux. */
int sc_aes_expand_key(sc_aes_key *k, const uint8_t *key, size_t key_len);

/* Set up k for `kernel` (NULL = the dispatched one; else SC_EINVAL /
 * SC_ENOKERNEL): wipe, expand, prepare, set magic (aes_key.c). */
int sc_aes_setkey_kernel(sc_aes_key *k, const uint8_t *key, size_t key_len, const char *kernel);
/* Is k complete and consistent (magic, rounds, key size, a registered
 * runnable kernel)? SC_OK or SC_ESTATE. */
int sc_aes_check(const sc_aes_key *k);
/* The last kernel sc_aes_check found runnable (ctx_check.h): a key holding
 * it needs no walk over the kernels. */
extern sc_runnable_cache sc_aes_runnable;
/* sc_aes_check with its common case inline (a key of the kernel it found
 * last): the per-call check of the cipher, MAC and AEAD APIs, where the
 * call and its frame were a tenth of a 64-byte call's instructions. */
static inline int sc_aes_check_inline(const sc_aes_key *k)
{
    if (k != NULL && sc_ops_cached(&sc_aes_runnable, k->ops) &&
        k->magic == SC_AES_MAGIC && (k->key_size == 16 || k->key_size == 24 || k->key_size == 32) &&
        k->rounds == k->key_size / 4 + 6)
        return SC_OK;
    return sc_aes_check(k);
}
void sc_aes_wipe(sc_aes_key *k);

/* The AES S-box applied to each byte of a 32-bit word, constant time (the
 * portable kernel's circuit; the key schedule's SubWord). */
uint32_t sc_aes_subword(uint32_t w);

/* The portable constant-time kernel (bitsliced AES, carry-less multiply
 * without tables): the reference oracle of every test. */
extern const struct sc_aes_ops sc_aes_portable;

#if defined(SC_ARCH_X86_64)
extern const struct sc_aes_ops sc_aes_x86_aesni;      /* AES-NI + PCLMULQDQ, xmm, 8 blocks in flight */
extern const struct sc_aes_ops sc_aes_x86_vaes_avx2;  /* VAES + VPCLMULQDQ on ymm */
extern const struct sc_aes_ops sc_aes_x86_vaes_avx512; /* VAES + VPCLMULQDQ on zmm, fused GCM */
/* Not a kernel: the ymm code that the zmm kernel runs for short calls, over
 * the zmm kernel's GHASH table (aes_vaes_avx512_ymm.c). */
extern const struct sc_aes_ops sc_aes_x86_vaes_avx512_ymm;
#endif
#if defined(SC_ARCH_AARCH64)
extern const struct sc_aes_ops sc_aes_arm_aes;      /* AESE/AESMC + PMULL */
extern const struct sc_aes_ops sc_aes_arm_aes_eor3; /* the same with EOR3 in GHASH (SHA3 extension) */
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
extern const struct sc_aes_ops sc_aes_rv_zvkned; /* Zvkned + Zvkg + Zvkb (Zvbb), VLEN >= 128 */
extern const struct sc_aes_ops sc_aes_rv_zbc;    /* scalar GHASH with Zbc, AES portable */
#endif

/* Big-endian 32-bit helpers for the counter's low word. */
static inline uint32_t sc_aes_load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline void sc_aes_store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

#endif
