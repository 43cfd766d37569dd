/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: what a Magma kernel provides, and the block/word helpers the
 * reference and the modes share.
 *
 * Block model used everywhere (both byte conventions reduce to it): a block is
 * a 64-bit value v (big-endian bytes for GOST R 34.12-2015, little-endian for
 * GOST 28147-89); its halves are a1 = v >> 32 and a0 = (uint32_t)v. A round
 * (GOST R 34.12-2015 section 5.3.2) maps (a1, a0) to (a0, a1 ^ g(a0 + k)) with
 * g(x) = t(x) <<< 11; after 32 rounds the output value is (a0 << 32) | a1,
 * because the last round does not swap. Done in place in double rounds
 * (a1 ^= g(a0 + k[2r]); a0 ^= g(a1 + k[2r+1])), the two halves end where the
 * swapping form would have them, and the output is written as (a0, a1).
 */
#ifndef SC_MAGMA_INTERNAL_H
#define SC_MAGMA_INTERNAL_H

#include <simdcrypt/magma.h>

#include "../core/internal.h"
#include "../modes/block_cipher.h"

/* Longest CBC register (GOST R 34.13-2015 5.4: m = z * n bits), in blocks. */
enum { SC_MAGMA_CBC_MAX_BLOCKS = 32 };

/* A kernel's operations. `rk` is one of k->round_keys (32 words): the
 * encryption order gives E, the decryption order gives D. in == out allowed
 * (exactly, not partially overlapping). */
struct sc_magma_ops {
    /* Fill k->tables from k->sbox in this kernel's format. */
    void (*prepare)(sc_magma_key *k);
    /* nblocks independent blocks, in k->little_endian's byte order. */
    void (*ecb)(const sc_magma_key *k, const uint32_t *rk, const uint8_t *in, uint8_t *out,
                size_t nblocks);
    /* out = in ^ E(counter), E(counter + 1), ... (mod 2^64), nblocks whole
     * blocks; counter blocks written in k->little_endian's byte order. */
    void (*ctr)(const sc_magma_key *k, uint64_t counter, const uint8_t *in, uint8_t *out,
                size_t nblocks);
    /* GOST 28147-89 gamma mode (RFC 5830 section 6): out = in ^ E(N4_i, N3_i)
     * for i = 0 .. nblocks-1, where block i's counter halves are
     * N3_i = n3 + i * C2 mod 2^32 and N4_i = n4 (+) i * C1 mod 2^32 - 1
     * (sc_gost89_add_mod_m); the counter block has a1 = N4_i, a0 = N3_i and
     * is written in k->little_endian's byte order. n4 is in [1, 2^32 - 1]. */
    void (*cnt)(const sc_magma_key *k, uint32_t n3, uint32_t n4, const uint8_t *in, uint8_t *out,
                size_t nblocks);
    /* GOST R 34.13-2015 5.4 CBC decryption with a register of z blocks
     * (1 <= z <= SC_MAGMA_CBC_MAX_BLOCKS): out_i = D(in_i) ^ c_(i-z), where
     * c_j = in_j for j >= 0 and c_j = chain[z + j] (8-byte blocks) for j < 0,
     * i.e. chain holds the z ciphertext blocks before the message, oldest
     * first. On return chain holds the last z ciphertext blocks of
     * chain || in, oldest first. nblocks >= 1. */
    void (*cbc_decrypt)(const sc_magma_key *k, uint8_t *chain, size_t z, const uint8_t *in, uint8_t *out,
                        size_t nblocks);
    /* The serial chain of CBC encryption (z = 1) and of the MAC: for each
     * block s = E(s ^ in_i), values as sc_magma_load_block reads them, and
     * out_i = s when out is not NULL. Optional (NULL: the modes encrypt one
     * block at a time through ecb); a kernel provides it when it can keep
     * the chain in registers, since only latency counts here. */
    void (*chain)(const sc_magma_key *k, uint64_t *s, const uint8_t *in, uint8_t *out, size_t nblocks);
    /* The same chain through GOST 28147-89's MAC transformation (the first
     * 16 rounds, output without the final swap: sc_magma_mac16). Optional. */
    void (*chain16)(const sc_magma_key *k, uint64_t *s, const uint8_t *in, size_t nblocks);
};

/* The serial chains of a kernel, written once: the kernel provides
 * chain_rounds(k, s, in, out, nblocks, rounds) (rounds 32: the cipher, the
 * block read back with sc_magma_chain_block; rounds 16: GOST 28147-89's MAC
 * step) and this defines its chain and chain16 ops from it. */
#define SC_MAGMA_CHAIN_OPS(chain_rounds)                                                                          \
    static void chain(const sc_magma_key *k, uint64_t *s, const uint8_t *in, uint8_t *out, size_t nblocks)     \
    {                                                                                                          \
        chain_rounds(k, s, in, out, nblocks, 32);                                                              \
    }                                                                                                          \
    static void chain16(const sc_magma_key *k, uint64_t *s, const uint8_t *in, size_t nblocks)                 \
    {                                                                                                          \
        chain_rounds(k, s, in, NULL, nblocks, 16);                                                             \
    }

/* The block value after `rounds` rounds from the halves a1 (h1) and a0
 * (h0): a full encryption ends unswapped, (a0 << 32 | a1); the 16 rounds of
 * the MAC leave the halves as the 16th round wrote them. */
static inline uint64_t sc_magma_chain_block(uint32_t h1, uint32_t h0, int rounds)
{
    return rounds == 32 ? (uint64_t)h0 << 32 | h1 : (uint64_t)h1 << 32 | h0;
}

/* GOST 28147-89's MAC step (RFC 5830 section 8) on one block value, from
 * the key's S-box (constant time, any kernel): rounds with K1..K8 twice,
 * the halves left as the 16th round leaves them. */
uint64_t sc_magma_mac16(const sc_magma_key *k, uint64_t v);

/* cbc_decrypt from the kernel's ecb (the portable kernel's op). */
void sc_magma_cbc_decrypt_via_ecb(const sc_magma_key *k, uint8_t *chain, size_t z, const uint8_t *in,
                                  uint8_t *out, size_t nblocks);

/* Helpers of the SIMD cbc_decrypt ops, which decrypt a batch of nb blocks in
 * registers and xor each with the ciphertext z blocks before it, loaded
 * straight from `in` where it lies there. For the first blocks of a batch it
 * lies (partly) in the chain: `edge` gets chain || in[0 .. min(nb, MAX)), so
 * the operand of block i < MAX is at edge + 8 * i. */
static inline void sc_magma_cbc_edge(uint8_t edge[8 * 2 * SC_MAGMA_CBC_MAX_BLOCKS], const uint8_t *chain,
                                     size_t z, const uint8_t *in, size_t nb)
{
    memcpy(edge, chain, 8 * z);
    memcpy(edge + 8 * z, in, 8 * (nb < SC_MAGMA_CBC_MAX_BLOCKS ? nb : SC_MAGMA_CBC_MAX_BLOCKS));
}

/* The chain after the batch: the last z blocks of chain || in[0 .. nb).
 * Called after sc_magma_cbc_edge and before any output is stored (out may
 * be in): with nb < z they are in edge. */
static inline void sc_magma_cbc_advance(uint8_t *chain, size_t z, const uint8_t *edge, const uint8_t *in,
                                        size_t nb)
{
    memcpy(chain, nb >= z ? in + 8 * (nb - z) : edge + 8 * nb, 8 * z);
}

/* RFC 5830 section 6 (GOST 28147-89 3.1): the gamma counters step by C2
 * modulo 2^32 (N3) and by C1 modulo 2^32 - 1 (N4). */
#define SC_GOST89_C1 0x01010104u
#define SC_GOST89_C2 0x01010101u

/* a + d modulo 2^32 - 1 as GOST 28147-89's adder CM4 does it: the carry out
 * of bit 31 is added back in ("end-around carry"). For d != 0 the result is
 * the representative in [1, 2^32 - 1] of its class, so adding i * C1 at once
 * equals i steps of + C1 as long as i * C1 < 2^32 (i < 255): the kernels add
 * lane offsets i * C1 to a broadcast N4 with one vector add and a carry fix.
 * Branch-free: N4 derives from the key. */
static inline uint32_t sc_gost89_add_mod_m(uint32_t a, uint32_t d)
{
    uint64_t t = (uint64_t)a + d;
    return (uint32_t)t + (uint32_t)(t >> 32);
}

extern const struct sc_magma_ops sc_magma_portable;
/* Constant-time scalar kernel for CPUs without SIMD (magma_scalar.c). */
extern const struct sc_magma_ops sc_magma_scalar;
#if defined(SC_ARCH_X86_64)
extern const struct sc_magma_ops sc_magma_x86_ssse3;
extern const struct sc_magma_ops sc_magma_x86_avx2;
extern const struct sc_magma_ops sc_magma_x86_avx512bw;
extern const struct sc_magma_ops sc_magma_x86_avx512vbmi;
#endif
#if defined(SC_ARCH_AARCH64)
extern const struct sc_magma_ops sc_magma_arm_neon;
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
extern const struct sc_magma_ops sc_magma_rv_zbb;
extern const struct sc_magma_ops sc_magma_rv_v;
#endif

/* Streaming state of the modes (magma_modes.c), shared by the one-shot
 * functions of magma.h and the generic cipher API (magma_family.c). */

/* CBC of GOST R 34.13-2015 with an m-bit register of z blocks: a ring of the
 * last z ciphertext blocks (the IV at first); reg + 8 * pos chains next. */
typedef struct sc_magma_cbc {
    uint8_t reg[8 * SC_MAGMA_CBC_MAX_BLOCKS];
    size_t z, pos;
} sc_magma_cbc;
/* SC_EIVSIZE unless iv_len is 8 * z, 1 <= z <= SC_MAGMA_CBC_MAX_BLOCKS. */
int sc_magma_cbc_start(sc_magma_cbc *c, const uint8_t *iv, size_t iv_len);
void sc_magma_cbc_encrypt_blocks(const sc_magma_key *k, sc_magma_cbc *c, const uint8_t *in, uint8_t *out,
                                 size_t nblocks);
void sc_magma_cbc_decrypt_blocks(const sc_magma_key *k, sc_magma_cbc *c, const uint8_t *in, uint8_t *out,
                                 size_t nblocks);

/* Round keys of k (both orders) from a 32-byte key in k's byte order
 * (magma_key.c); the S-box and its kernel tables are untouched. */
void sc_magma_schedule(sc_magma_key *k, const uint8_t key[SC_MAGMA_KEY_SIZE]);
/* E(v) for one block value (k's byte order). */
uint64_t sc_magma_encrypt_value(const sc_magma_key *k, uint64_t v);
/* s = E(s ^ in_i) for each block, out_i = s (block bytes) unless out is
 * NULL: the kernel's register-resident chain when it has one (CBC
 * encryption, CFB encryption's gamma). */
void sc_magma_chain_blocks(const sc_magma_key *k, uint64_t *s, const uint8_t *in, uint8_t *out, size_t nblocks);
/* The key as the generic modes' block cipher (src/modes/block_cipher.h):
 * the kernel's ECB both ways, cbc_encrypt = sc_magma_chain_blocks. Blocks in
 * k->little_endian's byte order. Held on the stack per call: it points at k. */
sc_block_cipher sc_magma_block_cipher(const sc_magma_key *k);

/* CryptoPro key meshing, RFC 4357 section 2.3.2 (magma_mesh.c): the modes
 * replace the key every SC_GOST89_MESH_BLOCKS blocks (1024 bytes) with
 * K' = D_K(C), C the RFC's 32-byte constant. Only the round keys change:
 * the kernel tables derive from the S-box alone, so no kernel `prepare` is
 * needed; the old round keys are overwritten and the new key wiped. */
enum { SC_GOST89_MESH_BLOCKS = 128 };
void sc_gost89_mesh(sc_magma_key *k);
/* SC_KEY_MESHING_* / SC_SHORT_MAC_* of an option, the default resolved
 * (magma.h: gost-engine's defaults). */
static inline int sc_gost89_meshing_on(int key_meshing) { return key_meshing != SC_KEY_MESHING_NONE; }
static inline int sc_gost89_short_cryptopro(int short_mac) { return short_mac != SC_SHORT_MAC_BC; }

/* GOST 28147-89 gamma mode: N3/N4 after the encryption of the synchro (or,
 * with key meshing, of the counters at the last meshing), and the 1-based
 * index of the next gamma block counted from there. */
typedef struct sc_gost89_cnt_state {
    uint32_t n3, n4;
    uint64_t next;
    int meshing;
} sc_gost89_cnt_state;
void sc_gost89_cnt_start(const sc_magma_key *k, const uint8_t iv[8], uint64_t block_offset,
                         sc_gost89_cnt_state *st);
void sc_gost89_cnt_blocks(const sc_magma_key *k, sc_gost89_cnt_state *st, const uint8_t *in, uint8_t *out,
                          size_t nblocks);
/* The same with st->meshing honoured: k is re-keyed every 128 blocks and
 * the counters re-encrypted under the new key (gost-engine's
 * gost_cnt_next), so k must be the caller's working copy. */
void sc_gost89_cnt_run(sc_magma_key *k, sc_gost89_cnt_state *st, const uint8_t *in, uint8_t *out,
                       size_t nblocks);

/* Feedback modes over segments of s bytes with an m-byte register R
 * (magma_feedback.c): GOST R 34.13-2015 OFB (5.3) and CFB (5.5) and
 * GOST 28147-89 CFB (RFC 5830 section 7: m = s = 8, little-endian, with
 * optional CryptoPro meshing). Any length, any split. */
typedef struct sc_magma_fb {
    uint8_t reg[8 * SC_MAGMA_CBC_MAX_BLOCKS]; /* R, MSB_n(R) first */
    uint8_t gamma[8];                        /* E(MSB_n(R)) of the segment */
    uint8_t seg[8];                          /* CFB: ciphertext of the segment so far */
    uint32_t m, s, pos;                      /* bytes; pos == s: no segment open */
    uint32_t since_mesh;                     /* encryptions since the last meshing */
    uint8_t ofb, decrypt, meshing;
} sc_magma_fb;
/* SC_EIVSIZE unless iv_len is 8 * z (1 <= z <= SC_MAGMA_CBC_MAX_BLOCKS);
 * SC_EINVAL unless segment_bits is 0 (= 64) or 8..64 in steps of 8. */
int sc_magma_fb_start(sc_magma_fb *f, int ofb, int decrypt, int meshing, const uint8_t *iv, size_t iv_len,
                      unsigned segment_bits);
/* k is re-keyed when f->meshing: pass a working copy. */
void sc_magma_fb_run(sc_magma_key *k, sc_magma_fb *f, const uint8_t *in, uint8_t *out, size_t len);

/* 34.13 CTR: the 64-bit counter value of block `block_offset` of a message. */
uint64_t sc_magma_ctr_start(const sc_magma_key *k, const uint8_t iv[4], uint64_t block_offset);

/* MAC of GOST R 34.13-2015: running value and the two derived keys. */
/* GOST 28147-89 MAC: the chaining value (0 before the first block, whose
 * xor with 0 is the block itself, as in RFC 5830). */
typedef struct sc_gost89_mac_state {
    uint64_t s;
    uint32_t since_mesh; /* blocks since the last meshing */
    int meshing, short_cryptopro;
} sc_gost89_mac_state;
/* Whole blocks, none the message's last; k re-keyed when st->meshing (a
 * working copy). */
void sc_gost89_mac_blocks(sc_magma_key *k, sc_gost89_mac_state *st, const uint8_t *in, size_t nblocks);
/* last: the final 0..8 bytes of a message of `total` bytes, zero-padded;
 * the short-message rule of st->short_cryptopro (magma.h). */
void sc_gost89_mac_last(sc_magma_key *k, sc_gost89_mac_state *st, const uint8_t *last, size_t last_len,
                        uint64_t total, uint8_t tag[SC_GOST89_MAC_SIZE]);

/* CMAC of GOST R 34.13-2015 5.6: src/modes/cmac.c over the key's block
 * cipher (sc_magma_block_cipher); chain and subkeys as block bytes. */
typedef struct sc_magma_cmac_state {
    uint8_t c[8], k1[8], k2[8];
} sc_magma_cmac_state;
void sc_magma_cmac_start(const sc_magma_key *k, sc_magma_cmac_state *st);
/* Whole blocks, none of them the message's last. */
void sc_magma_cmac_blocks(const sc_magma_key *k, sc_magma_cmac_state *st, const uint8_t *in, size_t nblocks);
/* The last 0..8 bytes (0 only for the empty message); full 8-byte tag. */
void sc_magma_cmac_last(const sc_magma_key *k, sc_magma_cmac_state *st, const uint8_t *last, size_t last_len,
                        uint8_t tag[8]);

/* S-boxes (magma_sbox.c), constant time for a secret S-box: 1 when every
 * row is a permutation of 0..15, else 0; and sc_magma_sbox_from_hex on `len`
 * characters (no terminator read: the constant-time tests mark exactly the
 * digits secret, whereas strlen would branch on them). */
int sc_magma_sbox_valid(const uint8_t *sbox);
/* opts.sbox of the generic APIs: NULL (param-Z), a name or OID of
 * sc_magma_sbox_named, or 128 hex digits. SC_OK or SC_EINVAL. */
int sc_magma_sbox_resolve(const char *spec, uint8_t sbox[8][16]);
int sc_magma_sbox_parse_hex(const char *hex, size_t len, uint8_t sbox[8][16]);

/* sc_magma_key.magic of a context an init completed ("MGM1"). */
#define SC_MAGMA_MAGIC 0x4d474d31u
/* Is k a context an init completed, with a byte order flag and a kernel this
 * CPU runs? SC_OK, SC_EINVAL for NULL, SC_ESTATE otherwise. Every entry point
 * calls it before touching k (magma_key.c). */
int sc_magma_check(const sc_magma_key *k);

/* Stack hygiene. With a caller's S-box (possibly secret in GOST 28147-89
 * usage) the kernels' frames may hold spilled S-box tables, which no C code
 * can name: each public entry point calls sc_magma_burn(k) after its work,
 * which zeroes SC_MAGMA_BURN bytes below its frame (deeper than any kernel
 * and mode-layer frame under it; tests/test_stack_residue.c checks every
 * kernel). The named S-boxes (param-Z, ...) are public and round keys are
 * not spilled (the same test), so the usual path pays nothing. */
#include "../cipher/stack_burn.h"
enum { SC_MAGMA_BURN = 8192 };
static inline void sc_magma_burn(const sc_magma_key *k)
{
    if (k->custom_sbox) sc_burn_stack(SC_MAGMA_BURN);
}

/* The kernel a context was prepared for. */
static inline const struct sc_magma_ops *sc_magma_ops_of(const sc_magma_key *k)
{
    return (const struct sc_magma_ops *)k->kernel;
}

static inline uint32_t sc_magma_load32(const uint8_t *p, int little_endian)
{
    return little_endian
               ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
               : (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
}

static inline void sc_magma_store32(uint8_t *p, uint32_t v, int little_endian)
{
    for (int i = 0; i < 4; i++) p[little_endian ? i : 3 - i] = (uint8_t)(v >> (8 * i));
}

/* Block bytes <-> 64-bit block value in the given convention (written so
 * that compilers turn each direction into one load/store and a bswap). */
static inline uint64_t sc_magma_load_block(const uint8_t *p, int little_endian)
{
    uint64_t v = 0;
    if (little_endian)
        for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    else
        for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (56 - 8 * i);
    return v;
}

static inline void sc_magma_store_block(uint8_t *p, uint64_t v, int little_endian)
{
    if (little_endian)
        for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
    else
        for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (56 - 8 * i));
}

#endif
