/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed --peers: which peer library measures which cipher and
 * hash speed names (family_peers.c), for the peer plug-ins of this folder. */
#ifndef SC_CLI_PEERS_FAMILY_PEERS_H
#define SC_CLI_PEERS_FAMILY_PEERS_H

#include "bench.h"

enum family_peer {
    FAMILY_PEER_CRYPTOPP_KALYNA, /* kalyna_cryptopp.c(pp) */
    FAMILY_PEER_BOTAN_GOST,      /* gost_botan.c */
    FAMILY_PEER_GCRYPT_GOST,     /* gost_gcrypt.c */
    FAMILY_PEER_OPENSSL_GOST,    /* gost_openssl_engine.c */
    FAMILY_PEER_OPENSSL_AES,     /* aes_openssl.c */
    FAMILY_PEER_IPSECMB_AES,     /* aes_ipsecmb.c */
    FAMILY_PEER_IPSECMB_GHASH,   /* aes_ipsecmb.c */
    FAMILY_PEER_GCRYPT_AES,      /* aes_gcrypt.c */
    FAMILY_PEER_NETTLE_AES,      /* aes_nettle.c */
    FAMILY_PEER_BOTAN_AES,       /* aes_botan.c */
    FAMILY_PEER_SODIUM_AES,      /* aes_sodium.c */
    FAMILY_PEER_CRYPTOPP_AES,    /* aes_cryptopp.c(pp) */
    FAMILY_PEER_OPENSSL_CHACHA,  /* chacha_openssl.c */
    FAMILY_PEER_IPSECMB_CHACHA,  /* chacha_ipsecmb.c */
    FAMILY_PEER_SODIUM_CHACHA,   /* chacha_sodium.c */
    FAMILY_PEER_GCRYPT_CHACHA,   /* chacha_gcrypt.c */
    FAMILY_PEER_NETTLE_CHACHA,   /* chacha_nettle.c */
    FAMILY_PEER_BOTAN_CHACHA,    /* chacha_botan.c */
    FAMILY_PEER_CRYPTOPP_CHACHA, /* chacha_cryptopp.c(pp) */
    FAMILY_PEER_OPENSSL_HASH,    /* hash_openssl.c */
    FAMILY_PEER_GCRYPT_HASH,     /* hash_gcrypt.c */
    FAMILY_PEER_NETTLE_HASH,     /* hash_nettle.c */
    FAMILY_PEER_BOTAN_HASH,      /* hash_botan.c */
    FAMILY_PEER_CRYPTOPP_HASH,   /* hash_cryptopp.c(pp) */
};

/* 1 when --peers was given and `peer` measures the speed name `algorithm`:
 * then *params holds its fixed key/IV/S-box, *info what the name without
 * "-dec" means and *decrypt its direction (bench_cipher_parse). */
int family_peer_wants(const bench_set *set, const char *algorithm, enum family_peer peer,
                      bench_cipher_params *params, struct sc_cipher_info *info, int *decrypt);

/* What a speed name asks of a peer, cipher, MAC, AEAD or hash alike
 * (family_peer_want). */
typedef struct family_peer_name {
    bench_cipher_params params; /* the fixed key, IV or nonce, S-box */
    const char *base;           /* our name: without "-dec"/"-open" */
    char native[32];            /* hashes: the peer library's name for it
                                 * ("SHA3-256", "SHA-3(256)", "Weak::MD5") */
    const char *mode;           /* "ecb", "cbc", "ctr", "cmac", "gmac", "ghash", "gcm";
                                 * an AEAD's: its name's last part ("poly1305") */
    size_t key_size;            /* bytes */
    size_t iv_size;             /* the IV, or an AEAD's nonce (its recommended size) */
    size_t tag_size;            /* a MAC's or AEAD's full tag; 0 for ciphers;
                                 * a hash's output (bench_hash_out_len) */
    int decrypt;                /* "-dec" (ciphers), "-open" (AEADs) */
    int aead;                   /* an AEAD name: seal, or open when decrypt */
    int hash;                   /* a hash name */
    int xof;                    /* ... of an XOF: tag_size bytes of output */
} family_peer_name;

/* 1 when --peers was given and `peer` measures `algorithm`: then *name says
 * what the name means and *c is the case's shape (algorithm, kind, whole
 * blocks for ECB/CBC, the MAC's tag or the hash's output as out_size, the seal's tag as
 * out_extra, bench_aead_prepare for open; a peer's ctx for an open case
 * must begin with a bench_aead_tag, whose speed_name it sets to algorithm).
 * Every call restarts from the fixed IV or nonce: BENCH_IGNORES_CHAIN. */
int family_peer_want(const bench_set *set, const char *algorithm, enum family_peer peer, family_peer_name *name,
                     bench_case *c);
/* Add c under `label`: measured when the peer set c->run, "setup failed"
 * otherwise (then c->cleanup is not called: free the ctx first). */
void family_peer_add(bench_set *set, bench_case *c, const char *label);
#endif
