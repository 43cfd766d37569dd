/* SPDX-License-Identifier: Apache-2.0 */
/* Driver for tools/icount.py (the QEMU performance proxy), not a test:
 *   icount_driver list                      every checksum kernel, "alg name runnable"
 *   icount_driver ALG KERNEL LEN [call|skip] one call of that kernel on LEN bytes
 *   icount_driver list-kalyna               every Kalyna variant x kernel, same format
 *   icount_driver kalyna-B-K KERNEL LEN [call|skip]  ECB encryption of LEN
 *                                           bytes, block B and key K bits
 *   icount_driver list-kalyna-chain         the serial Kalyna modes x kernel
 *   icount_driver kalyna-OP-B-K KERNEL LEN [call|skip]  OP on LEN bytes: cbc
 *                                           (CBC encryption), mac (the DSTU
 *                                           7624 MAC, full-block tag) or ctr
 *   icount_driver list-magma                every Magma operation x kernel, same format
 *   icount_driver magma-OP KERNEL LEN [call|skip]  OP on LEN bytes: ecb (ECB
 *                                           encryption), cbc (CBC encryption:
 *                                           the serial chain op) or mac16
 *                                           (GOST 28147-89 MAC: chain16)
 *   icount_driver list-kalyna-gf            Kalyna GCM/GMAC's GF hash x kernel, same format
 *   icount_driver kgf-BITS KERNEL LEN [call|skip]  the GF(2^BITS) hash (128,
 *                                           256, 512) of LEN bytes, H set up
 *                                           in both runs
 *   icount_driver list-hash                 every hash case x kernel, same format
 *   icount_driver hash-NAME KERNEL LEN [call|skip]  one-shot NAME (md5,
 *                                           sha3-256) of LEN bytes on KERNEL
 *   icount_driver many-NAME KERNEL LEN [call|skip]  sc_hash_many of 16
 *                                           messages of LEN bytes each (the
 *                                           multi-lane kernels; one at a time
 *                                           on kernels without lanes)
 *   icount_driver list-aes                  every AES case x kernel, same format
 *   icount_driver aes-MODE KERNEL LEN [call|skip]  AES-128 MODE (ecb, xts)
 *                                           encryption of LEN bytes through
 *                                           the cipher API, init in both runs
 *   icount_driver list-chacha               every ChaCha20/Poly1305 case x chacha kernel
 *   icount_driver chacha20 KERNEL LEN [call|skip]  the kernel's ChaCha20 xor of
 *                                           LEN bytes (state set up in both runs)
 *   icount_driver poly1305 KERNEL LEN [call|skip]  the kernel's Poly1305
 *                                           blocks over LEN bytes (one call on
 *                                           a fresh key: its powers included)
 *   icount_driver chacha20-poly1305 KERNEL LEN [call|skip]  one AEAD seal of
 *                                           LEN bytes, no AAD, init in both runs
 *                                           (these three: 8192 / LEN messages
 *                                           when LEN < 8192, see chacha_run)
 * The "skip" run does everything except the call, so the difference between
 * the instruction counts of a "call" run and a "skip" run is exactly what the
 * call executed, callees included. Exit 77 when the CPU cannot run KERNEL. */
#include <simdcrypt.h>
#include <simdcrypt/aead.h>
#include <simdcrypt/hash.h>
#include <simdcrypt/kernels.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chacha/chacha_internal.h"
#include "kalyna/kalyna_gf.h"

/* ---- Kalyna: ECB encryption, the key schedule in both runs -------------- */

static const char *const kalyna_variants[] = {"kalyna-128-128", "kalyna-128-256", "kalyna-256-256", "kalyna-256-512",
                                              "kalyna-512-512"};

/* One line "<measured name> <kernel> <runnable>" per name and kernel of
 * the registry's `algorithm`: what tools/icount.py iterates over. */
static int list_cases(const char *algorithm, const char *const *names, size_t n)
{
    for (size_t v = 0; v < n; v++) {
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(algorithm, i, &k) == SC_OK; i++)
            printf("%s %s %d\n", names[v], k.name, k.runnable);
    }
    return 0;
}

static int kalyna_list(void)
{
    return list_cases("kalyna", kalyna_variants, sizeof kalyna_variants / sizeof kalyna_variants[0]);
}

/* The serial chains (the kernels' cbc_encrypt and mac ops) at the smallest
 * and largest block. */
static const char *const kalyna_chain_variants[] = {"kalyna-cbc-128-128", "kalyna-mac-128-128", "kalyna-cbc-512-512",
                                                    "kalyna-mac-512-512"};

static int kalyna_chain_list(void)
{
    return list_cases("kalyna", kalyna_chain_variants, sizeof kalyna_chain_variants / sizeof kalyna_chain_variants[0]);
}

/* The data is zeros: a constant-time kernel executes the same instructions
 * whatever it encrypts. */
static int kalyna_run(const char *alg, const char *kernel, size_t len, int call)
{
    unsigned block_bits, key_bits;
    char op[4] = "ecb";
    if (sscanf(alg, "kalyna-%u-%u", &block_bits, &key_bits) != 2 &&
        sscanf(alg, "kalyna-%3[a-z]-%u-%u", op, &block_bits, &key_bits) != 3)
        return 2;
    static const uint8_t key[64] = {1, 2, 3, 4, 5, 6, 7, 8};
    sc_kalyna_key k;
    int st = sc_kalyna_setkey_kernel(&k, block_bits / 8, key, key_bits / 8, kernel);
    if (st != SC_OK) return st == SC_ENOKERNEL ? 77 : 2;
    len -= len % (block_bits / 8);
    static const uint8_t iv[64] = {9};
    uint8_t *buf = calloc(len + 64, 1);
    if (buf == NULL) return 2;
    if (call) {
        if (!strcmp(op, "ecb"))
            st = sc_kalyna_ecb_encrypt(&k, buf, buf, len);
        else if (!strcmp(op, "cbc"))
            st = sc_kalyna_cbc_encrypt(&k, iv, block_bits / 8, buf, buf, len);
        else if (!strcmp(op, "mac"))
            st = sc_kalyna_mac(&k, buf, len, buf + len, block_bits / 8);
        else if (!strcmp(op, "ctr"))
            st = sc_kalyna_ctr(&k, iv, block_bits / 8, buf, buf, len);
        else
            st = SC_EINVAL;
        if (st != SC_OK) return 2;
    }
    printf("%02x %02x\n", buf[0], buf[len]);
    free(buf);
    sc_kalyna_wipe(&k);
    return 0;
}

/* ---- Magma: ECB and the two serial chains, key setup in both runs ------- */

static const char *const magma_ops[] = {"magma-ecb", "magma-cbc", "magma-mac16"};

static int magma_list(void) { return list_cases("magma", magma_ops, sizeof magma_ops / sizeof magma_ops[0]); }

/* Zero data, as for Kalyna: the kernels are constant time. The MAC takes a
 * GOST 28147-89 (little-endian) key, the others a GOST R 34.12-2015 one. */
static int magma_run(const char *op, const char *kernel, size_t len, int call)
{
    static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8};
    static const uint8_t iv[8] = {9};
    int mac = !strcmp(op, "magma-mac16");
    sc_magma_key k;
    if ((mac ? sc_gost89_init(&k, key, 32, NULL) : sc_magma_init(&k, key, 32, NULL)) != SC_OK) return 2;
    int st = sc_magma_use_kernel(&k, kernel);
    if (st != SC_OK) return st == SC_ENOKERNEL ? 77 : 2;
    len -= len % 8;
    uint8_t *buf = calloc(len + 8, 1);
    if (buf == NULL) return 2;
    if (call) {
        if (!strcmp(op, "magma-ecb"))
            st = sc_magma_ecb_encrypt(&k, buf, buf, len);
        else if (!strcmp(op, "magma-cbc"))
            st = sc_magma_cbc_encrypt(&k, iv, 8, buf, buf, len);
        else if (mac)
            st = sc_gost89_mac(&k, buf, len, buf + len, 4);
        else
            st = SC_EINVAL;
        if (st != SC_OK) return 2;
    }
    printf("%02x\n", buf[len]);
    free(buf);
    sc_magma_wipe(&k);
    return 0;
}

/* ---- MD5 and SHA3-256: one stream, and 16 streams through the batch API -- */

static const char *const hash_cases[] = {"hash-md5", "many-md5", "hash-sha3-256", "many-sha3-256"};
enum { HASH_MANY = 16 }; /* a multiple of every lane count (2, 4, 8, 16) */

static int hash_list(void)
{
    for (size_t v = 0; v < sizeof hash_cases / sizeof hash_cases[0]; v++) {
        const char *family = strstr(hash_cases[v], "md5") ? "md5" : "keccak";
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(family, i, &k) == SC_OK; i++)
            printf("%s %s %d\n", hash_cases[v], k.name, k.runnable);
    }
    return 0;
}

/* Zero data: the kernels are constant time. The skip run allocates and
 * fills the same buffers. */
static int hash_run(const char *alg, const char *kernel, size_t len, int call)
{
    int many = !strncmp(alg, "many-", 5);
    const char *name = alg + 5;
    sc_hash_opts opts = {0};
    opts.kernel = kernel;
    sc_hash_ctx c; /* in both runs: does this CPU run the kernel? */
    int st = sc_hash_init_ex(&c, name, &opts);
    if (st != SC_OK) return st == SC_ENOKERNEL ? 77 : 2;
    sc_hash_wipe(&c);
    size_t n = many ? HASH_MANY : 1;
    uint8_t *buf = calloc(n * len + 1, 1), out[HASH_MANY * 32];
    const void *msgs[HASH_MANY];
    size_t lens[HASH_MANY];
    if (buf == NULL) return 2;
    for (size_t i = 0; i < n; i++) msgs[i] = buf + i * len, lens[i] = len;
    size_t dlen = sc_hash_digest_size(name);
    memset(out, 0, sizeof out);
    if (call)
        st = many ? sc_hash_many(name, &opts, n, msgs, lens, out, dlen) : sc_hash_ex(name, &opts, buf, len, out, dlen);
    free(buf);
    if (st != SC_OK) return 2;
    printf("%02x\n", out[0]);
    return 0;
}

/* ---- AES: ECB against XTS (the fused tweak loop), key setup in both runs -- */

static const char *const aes_cases[] = {"aes-ecb", "aes-xts"};

static int aes_list(void) { return list_cases("aes", aes_cases, sizeof aes_cases / sizeof aes_cases[0]); }

/* Zero data: the kernels are constant time. */
static int aes_run(const char *alg, const char *kernel, size_t len, int call)
{
    static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
    static const uint8_t iv[16] = {9};
    char name[32];
    int xts = !strcmp(alg, "aes-xts");
    snprintf(name, sizeof name, "aes-128-%s", alg + 4);
    sc_cipher_ctx c;
    int st = sc_cipher_init_kernel(&c, name, kernel, 1, key, xts ? 32 : 16, iv, xts ? 16 : 0);
    if (st != SC_OK) return st == SC_ENOKERNEL ? 77 : 2;
    len -= len % 16;
    uint8_t *buf = calloc(len + 16, 1);
    if (buf == NULL) return 2;
    size_t n = 0, m = 0;
    if (call && (sc_cipher_update(&c, buf, len, buf, len + 16, &n) != SC_OK ||
                 sc_cipher_final(&c, buf + n, len + 16 - n, &m) != SC_OK || n + m != len))
        return 2;
    printf("%02x\n", buf[0]);
    free(buf);
    sc_cipher_wipe(&c);
    return 0;
}

/* ---- ChaCha20, Poly1305 and their AEAD per chacha kernel ------------------ */

static const char *const chacha_cases[] = {"chacha20", "poly1305", "chacha20-poly1305"};

static int chacha_list(void)
{
    return list_cases("chacha", chacha_cases, sizeof chacha_cases / sizeof chacha_cases[0]);
}

/* The kernel object by name (the registry's ops table), NULL when this CPU
 * lacks its features. */
static const sc_chacha_ops *chacha_ops(const char *kernel)
{
    for (size_t i = 0; i < sc_alg_chacha.count; i++) {
        const sc_kernel *k = &sc_alg_chacha.kernels[i];
        if (!strcmp(k->name, kernel) && (k->features & ~sc_cpu_features()) == 0) return k->impl.ops;
    }
    return NULL;
}

/* Short messages repeat: qemu's count of a whole run varies by a few dozen
 * instructions from run to run (libc start-up), as much as a 64-byte
 * message costs, so LEN < 8192 runs 8192 / LEN messages (tools/icount.py
 * divides by as many bytes). Zero data: the kernels are constant time. */
static int chacha_run(const char *alg, const char *kernel, size_t len, int call)
{
    static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
    static const uint8_t nonce[12] = {9};
    const sc_chacha_ops *ops = chacha_ops(kernel);
    if (ops == NULL) return 77;
    const size_t reps = len && len < 8192 ? 8192 / len : 1;
    uint8_t *buf = calloc(len + 16, 1), tag[16] = {0};
    sc_poly1305 *p = aligned_alloc(64, sizeof *p);
    sc_aead_ctx *c = malloc(sizeof *c);
    sc_cipher_opts o = {.kernel = kernel};
    uint32_t st[16];
    if (buf == NULL || p == NULL || c == NULL || sc_aead_init(c, "chacha20-poly1305", key, 32, &o) != SC_OK) return 2;
    sc_chacha20_setup(st, key, 1, nonce);
    for (size_t i = 0; i < reps; i++) {
        if (!strcmp(alg, "chacha20")) {
            if (call) ops->chacha20(st, buf, buf, len);
        } else if (!strcmp(alg, "poly1305")) {
            sc_poly1305_setkey(p, key); /* a fresh key: the powers are part of the call */
            if (call) ops->poly_blocks(p, buf, len / 16);
            tag[0] ^= (uint8_t)p->h[0];
        } else if (!strcmp(alg, "chacha20-poly1305")) {
            size_t n = 0;
            if (call && sc_aead_seal_detached(c, nonce, 12, NULL, 0, buf, len, buf, len, &n, tag, 16) != SC_OK)
                return 2;
        } else {
            return 2;
        }
    }
    printf("%02x %02x\n", buf[0], tag[0]);
    sc_aead_wipe(c);
    free(c), free(p), free(buf);
    return 0;
}

static int list(void)
{
    static const char *const algs[] = {"adler32", "crc32", "crc32c"};
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(algs[a], i, &k) == SC_OK; i++)
            printf("%s %s %d\n", algs[a], k.name, k.runnable);
    }
    return 0;
}

/* ---- Kalyna GCM/GMAC's GF hash (kalyna_gf.h: not a registry family, so its
 * own kernel list) ---------------------------------------------------------- */

static int kgf_list(void)
{
    static const char *const fields[] = {"kgf-128", "kgf-512"};
    for (size_t f = 0; f < 2; f++)
        for (size_t i = 0; i < sc_alg_kalyna_gf.count; i++) {
            const sc_kernel *k = &sc_alg_kalyna_gf.kernels[i];
            printf("%s %s %d\n", fields[f], k->name, (k->features & ~sc_cpu_features()) == 0);
        }
    return 0;
}

static int kgf_run(const char *alg, const char *kernel, size_t len, int call)
{
    unsigned bits;
    if (sscanf(alg, "kgf-%u", &bits) != 1 || (bits != 128 && bits != 256 && bits != 512)) return 2;
    const unsigned nw = bits / 64;
    static const uint64_t h[SC_KGF_MAX_WORDS] = {0x0123456789abcdefu, 3, 5, 7, 11, 13, 17, 19};
    sc_kgf_key k;
    int st = sc_kgf_setkey(&k, h, nw, kernel);
    if (st != SC_OK) return st == SC_ENOKERNEL ? 77 : 2;
    len -= len % (8 * nw);
    uint8_t *buf = calloc(1, len + 1);
    uint64_t acc[SC_KGF_MAX_WORDS] = {0};
    if (call) k.ops->hash(&k, acc, buf, len / (8 * nw));
    printf("%016llx\n", (unsigned long long)acc[0]);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "list")) return list();
    if (argc == 2 && !strcmp(argv[1], "list-kalyna")) return kalyna_list();
    if (argc == 2 && !strcmp(argv[1], "list-kalyna-chain")) return kalyna_chain_list();
    if (argc >= 4 && !strncmp(argv[1], "kalyna-", 7))
        return kalyna_run(argv[1], argv[2], strtoul(argv[3], NULL, 10), argc < 5 || strcmp(argv[4], "skip") != 0);
    if (argc == 2 && !strcmp(argv[1], "list-magma")) return magma_list();
    if (argc >= 4 && !strncmp(argv[1], "magma-", 6))
        return magma_run(argv[1], argv[2], strtoul(argv[3], NULL, 10), argc < 5 || strcmp(argv[4], "skip") != 0);
    if (argc == 2 && !strcmp(argv[1], "list-kalyna-gf")) return kgf_list();
    if (argc >= 4 && !strncmp(argv[1], "kgf-", 4))
        return kgf_run(argv[1], argv[2], strtoul(argv[3], NULL, 10), argc < 5 || strcmp(argv[4], "skip") != 0);
    if (argc == 2 && !strcmp(argv[1], "list-hash")) return hash_list();
    if (argc >= 4 && (!strncmp(argv[1], "hash-", 5) || !strncmp(argv[1], "many-", 5)))
        return hash_run(argv[1], argv[2], strtoul(argv[3], NULL, 10), argc < 5 || strcmp(argv[4], "skip") != 0);
    if (argc == 2 && !strcmp(argv[1], "list-aes")) return aes_list();
    if (argc >= 4 && !strncmp(argv[1], "aes-", 4))
        return aes_run(argv[1], argv[2], strtoul(argv[3], NULL, 10), argc < 5 || strcmp(argv[4], "skip") != 0);
    if (argc == 2 && !strcmp(argv[1], "list-chacha")) return chacha_list();
    if (argc >= 4 && (!strncmp(argv[1], "chacha20", 8) || !strcmp(argv[1], "poly1305")))
        return chacha_run(argv[1], argv[2], strtoul(argv[3], NULL, 10), argc < 5 || strcmp(argv[4], "skip") != 0);
    if (argc < 4) {
        fprintf(stderr, "usage: icount_driver list | ALG KERNEL LEN [call|skip]\n");
        return 2;
    }
    size_t len = strtoul(argv[3], NULL, 10);
    int call = argc < 5 || strcmp(argv[4], "skip") != 0;
    sc_checksum_fn fn;
    int st = sc_checksum_kernel(argv[1], argv[2], &fn);
    if (st != SC_OK) return st == SC_ENOKERNEL ? 77 : 2;
    /* 64-byte aligned, pseudo-random contents (xorshift32). */
    uint8_t *buf = aligned_alloc(64, (len + 63) / 64 * 64 + 64);
    uint32_t x = 0x9e3779b9u;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        buf[i] = (uint8_t)x;
    }
    uint32_t v = call ? fn(0, buf, len) : 0;
    printf("%08x\n", v);
    free(buf);
    return 0;
}
