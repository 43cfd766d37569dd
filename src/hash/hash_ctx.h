/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: what a hash name means and the context behind sc_hash_ctx.
 *
 * Three constructions over the two kernel interfaces of hash_internal.h:
 *   SC_HASH_MD      MD5's Merkle-Damgard strengthening (RFC 1321 3.1-3.2);
 *   SC_HASH_SPONGE  the Keccak sponge (FIPS 202 4 and 6, Keccak-256's
 *                   0x01 padding, TurboSHAKE's domain byte, RFC 9861 2.2);
 *   SC_HASH_KT      KangarooTwelve's tree over TurboSHAKE128 (RFC 9861 3).
 * Each family descriptor lists its names (src/hash/hash_family.c); the
 * generic layer (hash.c, hash_many.c) finds them through the registry. */
#ifndef SC_HASH_CTX_H
#define SC_HASH_CTX_H

#include <simdcrypt/hash.h>

#include "hash_internal.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the sponge XORs bytes into the state's words in place: little-endian hosts only"
#endif

enum sc_hash_construction { SC_HASH_MD = 1, SC_HASH_SPONGE, SC_HASH_KT };

typedef struct sc_hash_entry {
    const char *name;
    int construction;      /* enum sc_hash_construction */
    size_t digest_size;    /* 0: XOF */
    size_t block;          /* MD5 64; the sponge's rate in bytes */
    uint8_t pad;           /* the sponge's first padding byte (FIPS 202 B.2: 0x06 SHA-3, 0x1F SHAKE; 0x01 Keccak) */
    uint8_t rounds;        /* Keccak-p rounds: 24, or 12 (RFC 9861) */
    uint8_t has_domain;    /* TurboSHAKE: opts->domain replaces `pad` */
} sc_hash_entry;

/* A family's names (the `hash` field of its descriptor). */
typedef struct sc_hash_names {
    const sc_algorithm_desc *alg; /* the kernels every name of the family runs on */
    const sc_hash_entry *entries;
    size_t count;
} sc_hash_names;

/* A Keccak sponge: the state and the byte position in the current block
 * (absorbing: bytes XORed in; squeezing: bytes already output). */
typedef struct sc_sponge {
    uint64_t s[25];
    size_t pos;
} sc_sponge;

enum { SC_KT_CHUNK = 8192 };

enum sc_hash_phase { SC_HASH_ABSORB = 1, SC_HASH_SQUEEZE = 2, SC_HASH_DONE = 3 };

typedef struct sc_hash_state {
    uint64_t magic;
    const sc_hash_names *family;
    const sc_hash_entry *e;
    const void *ops; /* sc_md5_ops or sc_keccak_ops of the kernel chosen at init */
    int phase;       /* enum sc_hash_phase */
    uint8_t pad;     /* the padding byte in use (TurboSHAKE: the domain) */
    const uint8_t *custom; /* KangarooTwelve's C: the caller's buffer (hash.h) */
    size_t custom_len;
    union {
        struct {
            uint32_t h[4];
            uint64_t total; /* bytes */
            uint8_t buf[SC_MD5_BLOCK];
            /* To 96 bytes, a multiple of 16: sc_wipe_small then erases it with
             * six 16-byte stores; at 88 it fell back to memset, which gcc
             * inlines as REP STOSQ (~20% of a 64-byte one-shot MD5's
             * overhead on Zen 3, perf). */
            uint8_t wipe_pad[8];
        } md;
        sc_sponge sponge;
        struct {
            sc_sponge node, leaf; /* the final node (or the only one), the current leaf */
            uint64_t total;       /* bytes of S = M || C || length_encode(|C|) so far */
            uint64_t leaves;      /* chaining values absorbed into node */
        } kt;
    } u;
} sc_hash_state;

/* --- the sponge (hash_sponge.c) ------------------------------------------ */
void sc_sponge_absorb(sc_sponge *sp, const sc_keccak_ops *k, size_t rate, unsigned rounds, const uint8_t *in,
                      size_t len);
/* The padding of FIPS 202 5.1 with the domain bits folded into `pad` (B.2),
 * then the permutation: the sponge is ready to squeeze. */
void sc_sponge_pad(sc_sponge *sp, const sc_keccak_ops *k, size_t rate, unsigned rounds, uint8_t pad);
void sc_sponge_squeeze(sc_sponge *sp, const sc_keccak_ops *k, size_t rate, unsigned rounds, uint8_t *out,
                       size_t len);

/* --- MD5 (hash_md5.c) ----------------------------------------------------- */
void sc_md_init(sc_hash_state *st);
void sc_md_update(sc_hash_state *st, const uint8_t *in, size_t len);
void sc_md_final(sc_hash_state *st, uint8_t out[16]);
/* The final one or two blocks of a message whose last `rest` (< 64) bytes
 * are at `tail_in` and whose length is `total` bytes: written to `blocks`
 * (128 bytes), returns their number. */
size_t sc_md_tail(uint8_t blocks[2 * SC_MD5_BLOCK], const uint8_t *tail_in, size_t rest, uint64_t total);
void sc_md_digest(const uint32_t h[4], uint8_t out[16]);

/* --- KangarooTwelve (hash_kt.c) -------------------------------------------- */
void sc_kt_init(sc_hash_state *st);
void sc_kt_update(sc_hash_state *st, const uint8_t *in, size_t len);
/* Append C || length_encode(|C|) and pad the node: ready to squeeze. */
void sc_kt_finish(sc_hash_state *st);

/* --- the names ----------------------------------------------------------- */
/* The entry for `name` over every family of the registry, or NULL; *family
 * set when found. */
const sc_hash_entry *sc_hash_lookup(const char *name, const sc_hash_names **family);

#endif
