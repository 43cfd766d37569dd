/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed --peers: the one table of which cipher or hash peer takes
 * which speed names, and the "absent" lines of the peers not built (each peer's
 * file is compiled only when its library was found: src/cli/CMakeLists.txt).
 *
 * Only peers whose byte order, S-box and counter match ours are listed:
 *   gost89-ecb(-dec)     Botan GOST-28147-89, libgcrypt GOST28147 ECB
 *   gost89-cfb(-dec)     OpenSSL GOST engine gost89, libgcrypt
 *                        GOST28147_MESH CFB (param-Z, key meshing)
 *   gost89-cnt(-dec)     OpenSSL GOST engine gost89-cnt-12 (param-Z)
 *   magma-cbc(-dec)      OpenSSL GOST engine magma-cbc
 *   magma-ctr            OpenSSL GOST engine magma-ctr
 *   kalyna-B-K-ecb/cbc/cfb/ofb
 *                        Crypto++ Kalyna (both directions; CFB with
 *                        whole-block feedback, DSTU 7624's default)
 * The CryptoPro modes (meshing on, our default) use param-Z (bench_params.c),
 * the S-box of gost-engine's gost89-cnt-12.
 * Left out, as no linked library computes the same bytes:
 *   gost89-cnt           libgcrypt's CTR is a plain big-endian counter over
 *                        the little-endian cipher; Botan 2 has no CNT
 *   gost89-cfb           Botan 2's GOST-28147-89 has no key meshing (speed
 *                        names always mesh, as gost-engine does)
 *   gost89-mac           libgcrypt's GCRY_MAC_GOST28147_IMIT (param-Z OID)
 *                        disagrees with ours and gost-engine's gost-mac-12
 *                        already at 1 byte (the short-message rule);
 *                        gost-engine's gost-mac-12 (tests/test_gost_interop.sh
 *                        agrees with it through openssl dgst) gave no tag
 *                        through EVP_DigestSign or EVP_Digest + its SET_KEY
 *                        ctrl under OpenSSL 3.0 here: not wired yet
 *   magma-ofb/cfb/mgm    gost-engine 3.0.1 has Magma ECB/CBC/CTR(-ACPKM)
 *                        only (OFB/CFB for Kuznyechik, MGM in no cipher);
 *                        libgcrypt 1.10 and Botan 2 have no big-endian
 *                        Magma (GOST R 34.12-2015) at all
 *   kalyna-B-K-xts       Crypto++'s XTS_Mode is IEEE 1619's two-key XTS, not
 *                        DSTU 7624's one-key mode
 *   kalyna-B-K-gcm/ccm/gmac
 *                        Crypto++'s GCM and CCM are NIST SP 800-38D/C's
 *                        (bit-reflected GHASH, big-endian counters, 128-bit
 *                        blocks only), not DSTU 7624's GCM/GMAC (little-
 *                        endian fields of the block's size) or CCM
 * No linked library implements the DSTU 7624 CTR (gamma_i = E(E(IV) + i),
 * little-endian) or MAC.
 *   aes-B-ecb/cbc(-dec), aes-B-ctr, aes-B-gcm(-open)
 *                        OpenSSL EVP, ipsec-mb, libgcrypt, Nettle, Crypto++,
 *                        Botan (GCM seal only: aes_botan.c says why)
 *   aes-B-gmac           OpenSSL EVP (GCM with AAD only), ipsec-mb GMAC
 *   ghash                ipsec-mb IMB_GHASH
 *   aes-B-cfb/cfb8/cfb1/ofb(-dec), aes-B-xts(-dec), aes-B-ccm(-open)
 *                        OpenSSL EVP (its cfb is CFB128, as ours; cfb1 takes
 *                        whole bytes, most significant bit first, as ours)
 *   aes-B-cmac           OpenSSL EVP_MAC "CMAC" over aes-B-cbc
 *   aes-256-gcm(-open)   libsodium crypto_aead_aes256gcm (AES-NI CPUs only)
 *   chacha20, poly1305, chacha20-poly1305(-open)
 *                        OpenSSL EVP (Poly1305: EVP_MAC), libsodium,
 *                        libgcrypt, Crypto++, Botan (no open: as for GCM);
 *                        Nettle (no Poly1305 alone: only Poly1305-AES is
 *                        public in Nettle 3.8); ipsec-mb job API but for
 *                        chacha20 (its counter starts at 1, ours at 0)
 *   xchacha20, xchacha20-poly1305(-open)
 *                        libsodium, Crypto++, Botan (24-byte nonces; no open)
 * All AES counters are the same 128-bit big-endian block; the fixed IV's
 * low word is far from 2^32, so the peers that carry only 32 bits (ipsec-mb)
 * agree at every length the harness uses. AEAD names have no
 * sc_cipher_info: their mode is the name's last part ("gcm").
 * The ChaCha20 rows (prefix NULL) list whole speed names: the AEADs' last
 * part ("poly1305") is also the MAC's name and mode. Every ChaCha20 here
 * starts at block counter 0 (the cipher names) or 1 (the AEADs, RFC 8439
 * 2.8), as ours does.
 *
 * Hashes (`natives` below: the library's name of each of its row's names,
 * in the same order; the XOFs' output length is bench_hash_out_len's):
 *   md5, sha3-224/256/384/512
 *                        OpenSSL EVP_MD, libgcrypt gcry_md, Nettle, Botan,
 *                        Crypto++ (Weak::MD5, SHA3_n)
 *   shake128             OpenSSL, libgcrypt, Botan, Crypto++ (Nettle 3.8
 *                        has SHAKE256 only: sha3_256_shake)
 *   shake256             OpenSSL, libgcrypt, Nettle, Botan, Crypto++
 *   keccak-256           Botan Keccak-1600(256), Crypto++ Keccak_256
 *                        (OpenSSL has KECCAK-256 from 3.2 on, not 3.0)
 * No linked library has TurboSHAKE or KangarooTwelve (XKCP, their
 * reference, is not packaged in Debian 12), and none but Botan and Crypto++
 * the pre-standard Keccak. ipsec-mb has no plain MD5: only HMAC-MD5 jobs
 * and IMB_MD5_ONE_BLOCK (one 64-byte compression from the IV, no padding
 * or chaining); libsodium has no MD5 or SHA-3.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"

#if defined(SC_HAVE_CRYPTOPP)
#define HAVE_CRYPTOPP 1
#else
#define HAVE_CRYPTOPP 0
#endif
#if defined(SC_HAVE_BOTAN)
#define HAVE_BOTAN 1
#else
#define HAVE_BOTAN 0
#endif
#if defined(SC_HAVE_GCRYPT)
#define HAVE_GCRYPT 1
#else
#define HAVE_GCRYPT 0
#endif
#if defined(SC_HAVE_OPENSSL)
#define HAVE_OPENSSL 1
#else
#define HAVE_OPENSSL 0
#endif
#if defined(SC_HAVE_IPSECMB)
#define HAVE_IPSECMB 1
#else
#define HAVE_IPSECMB 0
#endif
#if defined(SC_HAVE_NETTLE)
#define HAVE_NETTLE 1
#else
#define HAVE_NETTLE 0
#endif
#if defined(SC_HAVE_SODIUM)
#define HAVE_SODIUM 1
#else
#define HAVE_SODIUM 0
#endif

static const struct {
    const char *prefix; /* of the speed name; NULL: modes lists whole names */
    const char *modes;  /* sc_cipher_info.mode, space-separated, both directions
                         * (or, prefix NULL, the names without "-open") */
    const char *label;  /* the case name when absent */
    int built;
} peers[] = {
    [FAMILY_PEER_CRYPTOPP_KALYNA] = {"kalyna-", "ecb cbc cfb ofb", "crypto++ Kalyna", HAVE_CRYPTOPP},
    [FAMILY_PEER_BOTAN_GOST] = {"gost89-", "ecb", "botan GOST-28147-89", HAVE_BOTAN},
    [FAMILY_PEER_GCRYPT_GOST] = {"gost89-", "ecb cfb", "libgcrypt GOST28147", HAVE_GCRYPT},
    [FAMILY_PEER_OPENSSL_GOST] = {NULL, "magma-cbc magma-ctr gost89-cfb gost89-cnt", "openssl gost-engine", HAVE_OPENSSL},
    [FAMILY_PEER_OPENSSL_AES] = {"aes-", "ecb cbc ctr gcm gmac cfb cfb8 cfb1 ofb xts ccm cmac", "openssl EVP",
                                  HAVE_OPENSSL},
    [FAMILY_PEER_IPSECMB_AES] = {"aes-", "ecb cbc ctr gcm gmac", "ipsec-mb", HAVE_IPSECMB},
    [FAMILY_PEER_IPSECMB_GHASH] = {"ghash", "ghash", "ipsec-mb", HAVE_IPSECMB},
    [FAMILY_PEER_GCRYPT_AES] = {"aes-", "ecb cbc ctr gcm", "libgcrypt", HAVE_GCRYPT},
    [FAMILY_PEER_NETTLE_AES] = {"aes-", "ecb cbc ctr gcm", "nettle", HAVE_NETTLE},
    [FAMILY_PEER_BOTAN_AES] = {"aes-", "ecb cbc ctr gcm", "botan", HAVE_BOTAN},
    [FAMILY_PEER_SODIUM_AES] = {"aes-256-", "gcm", "libsodium", HAVE_SODIUM},
    [FAMILY_PEER_CRYPTOPP_AES] = {"aes-", "ecb cbc ctr gcm", "crypto++ AES", HAVE_CRYPTOPP},
#define CHACHA_IETF "chacha20 poly1305 chacha20-poly1305"
#define CHACHA_ALL CHACHA_IETF " xchacha20 xchacha20-poly1305"
    [FAMILY_PEER_OPENSSL_CHACHA] = {NULL, CHACHA_IETF, "openssl EVP", HAVE_OPENSSL},
    [FAMILY_PEER_IPSECMB_CHACHA] = {NULL, "poly1305 chacha20-poly1305", "ipsec-mb", HAVE_IPSECMB},
    [FAMILY_PEER_SODIUM_CHACHA] = {NULL, CHACHA_ALL, "libsodium", HAVE_SODIUM},
    [FAMILY_PEER_GCRYPT_CHACHA] = {NULL, CHACHA_IETF, "libgcrypt", HAVE_GCRYPT},
    [FAMILY_PEER_NETTLE_CHACHA] = {NULL, "chacha20 chacha20-poly1305", "nettle", HAVE_NETTLE},
    [FAMILY_PEER_BOTAN_CHACHA] = {NULL, CHACHA_ALL, "botan", HAVE_BOTAN},
    [FAMILY_PEER_CRYPTOPP_CHACHA] = {NULL, CHACHA_ALL, "crypto++", HAVE_CRYPTOPP},
#define SHA3 "sha3-224 sha3-256 sha3-384 sha3-512"
    [FAMILY_PEER_OPENSSL_HASH] = {NULL, "md5 " SHA3 " shake128 shake256", "openssl EVP_MD", HAVE_OPENSSL},
    [FAMILY_PEER_GCRYPT_HASH] = {NULL, "md5 " SHA3 " shake128 shake256", "libgcrypt gcry_md", HAVE_GCRYPT},
    [FAMILY_PEER_NETTLE_HASH] = {NULL, "md5 " SHA3 " shake256", "nettle", HAVE_NETTLE},
    [FAMILY_PEER_BOTAN_HASH] = {NULL, "md5 " SHA3 " shake128 shake256 keccak-256", "botan", HAVE_BOTAN},
    [FAMILY_PEER_CRYPTOPP_HASH] = {NULL, "md5 " SHA3 " shake128 shake256 keccak-256", "crypto++", HAVE_CRYPTOPP},
};
#define PEERS (sizeof peers / sizeof peers[0])

/* The hash peers' own names of their row's `modes`, word for word. */
static const char *const natives[PEERS] = {
    [FAMILY_PEER_OPENSSL_HASH] = "MD5 SHA3-224 SHA3-256 SHA3-384 SHA3-512 SHAKE128 SHAKE256",
    [FAMILY_PEER_GCRYPT_HASH] = "MD5 SHA3-224 SHA3-256 SHA3-384 SHA3-512 SHAKE128 SHAKE256",
    [FAMILY_PEER_NETTLE_HASH] = "md5 sha3_224 sha3_256 sha3_384 sha3_512 sha3_256",
    [FAMILY_PEER_BOTAN_HASH] = "MD5 SHA-3(224) SHA-3(256) SHA-3(384) SHA-3(512) SHAKE-128 SHAKE-256 Keccak-1600(256)",
    [FAMILY_PEER_CRYPTOPP_HASH] = "Weak::MD5 SHA3_224 SHA3_256 SHA3_384 SHA3_512 SHAKE128 SHAKE256 Keccak_256",
};

/* Where `word` is among the space-separated words of `list`: its index, or
 * -1. */
static int word_index(const char *list, const char *word)
{
    const size_t len = strlen(word);
    for (const char *m = strstr(list, word); m; m = strstr(m + 1, word))
        if ((m == list || m[-1] == ' ') && (m[len] == ' ' || m[len] == '\0')) {
            int index = 0;
            for (const char *p = list; p < m; p++) index += *p == ' ';
            return index;
        }
    return -1;
}

/* The index-th space-separated word of list into buf ("" past the end). */
static void word_at(const char *list, int index, char *buf, size_t size)
{
    for (; index > 0 && list; index--) {
        list = strchr(list, ' ');
        if (list) list++;
    }
    size_t len = list ? strcspn(list, " ") : 0;
    snprintf(buf, size, "%.*s", (int)len, list ? list : "");
}

/* Does `peer` measure `algorithm`? Fills *name (but its params). */
static int covers(size_t peer, const char *algorithm, family_peer_name *name)
{
    sc_cipher_info info;
    sc_aead_info aead;
    sc_hash_info hash;
    memset(name, 0, sizeof *name);
    if (peers[peer].prefix && strncmp(algorithm, peers[peer].prefix, strlen(peers[peer].prefix)) != 0) return 0;
    if (bench_cipher_parse(algorithm, &info, &name->decrypt)) {
        name->base = info.name, name->mode = info.mode, name->key_size = info.key_size, name->iv_size = info.iv_size;
        name->tag_size = info.tag_size;
    } else if (bench_aead_parse(algorithm, &aead, &name->decrypt)) {
        const char *last = strrchr(aead.name, '-');
        name->base = aead.name, name->mode = last ? last + 1 : aead.name, name->key_size = aead.key_size, name->iv_size = aead.nonce_size;
        name->tag_size = aead.tag_size, name->aead = 1;
    } else if (sc_hash_info_get(algorithm, &hash) == SC_OK) {
        name->base = name->mode = hash.name, name->tag_size = bench_hash_out_len(&hash);
        name->hash = 1, name->xof = hash.is_xof;
    } else {
        return 0;
    }
    const int index = word_index(peers[peer].modes, peers[peer].prefix ? name->mode : name->base);
    if (index >= 0 && natives[peer]) word_at(natives[peer], index, name->native, sizeof name->native);
    return index >= 0;
}

int family_peer_wants(const bench_set *set, const char *algorithm, enum family_peer peer,
                      bench_cipher_params *params, sc_cipher_info *info, int *decrypt)
{
    family_peer_name name;
    if (!bench_want_peers(set) || !covers(peer, algorithm, &name) || name.aead || name.hash) return 0;
    bench_cipher_parse(algorithm, info, decrypt);
    bench_cipher_params_get(algorithm, params);
    return 1;
}

int family_peer_want(const bench_set *set, const char *algorithm, enum family_peer peer, family_peer_name *name,
                     bench_case *c)
{
    if (!bench_want_peers(set) || !covers(peer, algorithm, name)) return 0;
    bench_cipher_params_get(algorithm, &name->params);
    sc_cipher_info info;
    int decrypt;
    const int blocks = !name->aead && bench_cipher_parse(algorithm, &info, &decrypt) && !info.is_stream &&
                       !info.tag_size;
    *c = (bench_case){.algorithm = algorithm, .kind = BENCH_PEER, .flags = BENCH_IGNORES_CHAIN};
    c->block = blocks ? info.block_size : 0;
    c->out_size = name->aead ? 0 : name->tag_size;
    c->out_extra = name->aead && !name->decrypt ? name->tag_size : 0;
    c->prepare = name->aead && name->decrypt ? bench_aead_prepare : NULL;
    return 1;
}

void family_peer_add(bench_set *set, bench_case *c, const char *label)
{
    snprintf(c->implementation, sizeof c->implementation, "%s", label);
    if (c->run == NULL) {
        c->ctx = NULL, c->cleanup = NULL;
        snprintf(c->note, sizeof c->note, "setup failed");
    }
    bench_add(set, c);
}

static void provide_absent_peers(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    if (!bench_want_peers(set)) return;
    for (size_t i = 0; i < PEERS; i++) {
        if (peers[i].built || !covers(i, algorithm, &name)) continue;
        bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER};
        snprintf(c.implementation, sizeof c.implementation, "%s", peers[i].label);
        snprintf(c.note, sizeof c.note, "absent");
        bench_add(set, &c);
    }
}
BENCH_PROVIDER(provide_absent_peers)
