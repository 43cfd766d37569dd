/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time check (the ctgrind / TIMECOP technique): run under
 *   valgrind --tool=memcheck --error-exitcode=1 ct_ciphers
 * with the key and the data marked undefined (IVs and lengths are public). Memcheck then reports every
 * conditional jump and every memory address computed from them ("depends on
 * uninitialised value(s)"): a secret-dependent branch or table index.
 *
 * Every cipher and MAC name of the generic API (sc_cipher_name_at,
 * sc_mac_name_at) is run on every kernel of its algorithm that the CPU
 * valgrind emulates can run, so a new family (Magma) is covered as soon as
 * it is in src/cipher/cipher_table.c; CT_EXTRA_CASES below takes anything
 * else. For a MAC the tag check runs too (tests/ct/ct_tag.h: final and the
 * comparison with a secret expected tag; only the verdict is public), and
 * sc_memeq on secrets on its own. Kernels the emulated CPU lacks (valgrind
 * 3.19 has no AVX-512: tests/ct_trace on this same binary, tests/ct_dfsan
 * and the dudect test cover those) are counted as skipped, per kernel.
 *
 * `ct_ciphers --selfcheck branch|index` runs a deliberately leaky function
 * instead, which memcheck must report (ctest checks its message): the proof
 * that the secrets really are marked and watched.
 *
 * Exit status: 0 clean (valgrind's --error-exitcode turns findings into 1),
 * 77 when built without <valgrind/memcheck.h> (ctest: skipped). */
#include <simdcrypt.h>
#include <stdio.h>
#include <string.h>

#include "../mac_nonce.h"
#include "ct_cases.h"
#include "ct_tag.h"

#if defined(SC_HAVE_MEMCHECK_H)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#endif

enum { DATA = 3 * 64 + 5 };

/* Cases covered and skipped per algorithm and kernel, for the report. */
static struct kernel_count {
    const char *algorithm, *kernel;
    size_t covered, skipped;
} counts[32];
static size_t n_counts;

static struct kernel_count *count_of(const char *algorithm, const char *kernel)
{
    for (size_t i = 0; i < n_counts; i++)
        if (strcmp(counts[i].algorithm, algorithm) == 0 && strcmp(counts[i].kernel, kernel) == 0) return &counts[i];
    if (n_counts == sizeof counts / sizeof counts[0]) return &counts[n_counts - 1];
    counts[n_counts] = (struct kernel_count){algorithm, kernel, 0, 0};
    return &counts[n_counts++];
}

/* The MAC of `in` and its check against a secret expected tag (the right
 * one, then one with a flipped bit): final + comparison must not branch on
 * the tag either. The verdicts are public. */
static int mac_case(const char *name, const sc_cipher_info *info, const sc_cipher_opts *opts, const uint8_t *key,
                    const uint8_t *in, size_t len)
{
    sc_mac_ctx m;
    uint8_t tag[64];
    int rc = test_mac_init(&m, name, key, info->key_size, opts);
    if (rc == SC_OK) rc = sc_mac_update(&m, in, len);
    if (rc == SC_OK) rc = sc_mac_final(&m, tag, info->tag_size);
    for (int wrong = 0; wrong < 2 && rc == SC_OK; wrong++) {
        int status = 0;
        tag[info->tag_size / 2] ^= (uint8_t)wrong;
        rc = sc_mac_reset(&m);
        if (rc == SC_OK) rc = sc_mac_update(&m, in, len);
        int match = ct_mac_check(&m, tag, info->tag_size, &status);
        PUBLIC(&match, sizeof match), PUBLIC(&status, sizeof status);
        if (rc == SC_OK && (status || match != !wrong)) rc = SC_EAUTH;
    }
    sc_mac_wipe(&m);
    return rc;
}

/* Key wrap (info.one_shot: sc_cipher_crypt): wrap the secret data, unwrap
 * it and a copy with a flipped bit; the checksum check and the zeroing of
 * a failed unwrap must not branch on secrets, only the verdicts are public. */
static int wrap_case(const char *name, const sc_cipher_info *info, const sc_cipher_opts *opts, const uint8_t *key,
                     const uint8_t *in, size_t len, uint8_t *out)
{
    uint8_t back[DATA + 64];
    size_t n = 0, m = 0;
    int rc = sc_cipher_crypt(name, 1, key, info->key_size, NULL, 0, in, len, out, DATA + 64, &n, opts);
    PUBLIC(&rc, sizeof rc), PUBLIC(&n, sizeof n);
    for (int forged = 0; forged < 2 && rc == SC_OK; forged++) {
        out[n / 2] ^= (uint8_t)forged;
        int verdict = sc_cipher_crypt(name, 0, key, info->key_size, NULL, 0, out, n, back, sizeof back, &m, opts);
        PUBLIC(&verdict, sizeof verdict);
        if (verdict != (forged ? SC_EAUTH : SC_OK)) rc = SC_EAUTH;
    }
    return rc;
}

/* Run one cipher or MAC name on one kernel with secret key/IV/data. */
static int run_case(const char *name, const char *kernel, int is_mac)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(name, &info) != SC_OK) return 1;
    uint8_t key[128], iv[128], in[DATA], out[DATA + 64];
    /* a key whose halves differ: XTS refuses Key1 = Key2 */
    for (size_t i = 0; i < sizeof key; i++) key[i] = (uint8_t)(0x5a ^ i * 29);
    memset(iv, 0xa5, sizeof iv);
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 7);
    SECRET(key, sizeof key), SECRET(in, sizeof in);
    if (strcmp(info.mode, "xts") == 0) {
        /* XTS refuses equal key halves at init: that verdict is public by
         * design (SP 800-38E / FIPS 140-3 IG C.I), so its key is public here
         * and its tweak secret instead, which keeps the tweak arithmetic
         * (E_K2(iv), then the doublings) and the data path under test; the
         * AES key schedule is checked by every other AES name. */
        PUBLIC(key, sizeof key), SECRET(iv, sizeof iv);
    }
    /* Lengths are public: a whole number of blocks (two and a bit, so both
     * the multi-block and the tail paths run) or any length for streams. */
    size_t len = info.is_stream ? sizeof in : (sizeof in / info.block_size) * info.block_size;
    sc_cipher_opts opts = {.kernel = kernel, .sbox = NULL};
    int rc;
    if (is_mac) {
        rc = mac_case(name, &info, &opts, key, in, len);
    } else if (info.one_shot) {
        rc = wrap_case(name, &info, &opts, key, in, len, out);
    } else {
        rc = SC_OK;
        for (int encrypt = 0; encrypt < 2 && rc == SC_OK; encrypt++) {
            sc_cipher_ctx c;
            size_t n, fin;
            rc = sc_cipher_init_ex(&c, name, encrypt, key, info.key_size, info.iv_size ? iv : NULL, info.iv_size,
                                   &opts);
            if (rc == SC_OK) rc = sc_cipher_update(&c, in, len, out, sizeof out, &n);
            if (rc == SC_OK) rc = sc_cipher_final(&c, out + n, sizeof out - n, &fin);
            sc_cipher_wipe(&c);
        }
    }
    PUBLIC(out, sizeof out);
    if (rc != SC_OK) {
        printf("FAIL %s on %s: %s\n", name, kernel, sc_strerror(rc));
        return 1;
    }
    return 0;
}

/* An AEAD: seal with a secret key, nonce-independent secrets (AAD and
 * plaintext), then open the result and a forgery: the tag comparison and
 * the zeroing of a failed open must not branch on secrets; only the
 * verdicts are public. */
static int run_aead_case(const char *name, const char *kernel)
{
    sc_aead_info info;
    if (sc_aead_info_get(name, &info) != SC_OK) return 1;
    uint8_t key[64], nonce[64], aad[37], in[DATA], out[DATA + 64], back[DATA]; /* tags up to 64 bytes */
    memset(key, 0x5a, sizeof key), memset(nonce, 0x25, sizeof nonce), memset(aad, 0x3c, sizeof aad); /* nonce top bit 0: MGM */
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 7);
    SECRET(key, sizeof key), SECRET(aad, sizeof aad), SECRET(in, sizeof in);
    sc_cipher_opts opts = {.kernel = kernel};
    sc_aead_ctx c;
    size_t n, m;
    int rc = sc_aead_init(&c, name, key, info.key_size, &opts);
    if (rc == SC_OK)
        rc = sc_aead_seal(&c, nonce, info.nonce_size, aad, sizeof aad, in, sizeof in, out, sizeof out, &n,
                          info.tag_size);
    PUBLIC(out, sizeof out); /* what goes on the wire */
    for (int forged = 0; forged < 2 && rc == SC_OK; forged++) {
        out[forged ? n - 1 : 0] ^= (uint8_t)forged;
        int verdict = sc_aead_open(&c, nonce, info.nonce_size, aad, sizeof aad, out, n, back, sizeof back, &m,
                                   info.tag_size);
        PUBLIC(&verdict, sizeof verdict);
        if (verdict != (forged ? SC_EAUTH : SC_OK)) rc = SC_EAUTH;
    }
    sc_aead_wipe(&c);
    if (rc != SC_OK) printf("FAIL %s on %s: %s\n", name, kernel, sc_strerror(rc));
    return rc != SC_OK;
}

/* PKCS#7 decryption of a secret plaintext: the padding check and the copy
 * of the last block must not branch on it (only the verdict is public). */
static int run_padding_case(const char *name, const char *kernel)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(name, &info) != SC_OK) return 1;
    uint8_t key[64], iv[64], in[3 * 64], ct[3 * 64 + 64], back[3 * 64 + 64];
    memset(key, 0x5a, sizeof key), memset(iv, 0xa5, sizeof iv);
    sc_cipher_opts opts = {.kernel = kernel, .padding = SC_PADDING_PKCS7};
    int failures = 0;
    for (size_t len = 0; len < 2 * info.block_size; len += 5) {
        size_t n, m;
        for (size_t i = 0; i < len; i++) in[i] = (uint8_t)(i * 3);
        int rc = sc_cipher_crypt(name, 1, key, info.key_size, info.iv_size ? iv : NULL, info.iv_size, in, len, ct,
                                 sizeof ct, &n, &opts);
        SECRET(key, sizeof key), SECRET(ct, sizeof ct);
        if (rc == SC_OK)
            rc = sc_cipher_crypt(name, 0, key, info.key_size, info.iv_size ? iv : NULL, info.iv_size, ct, n, back,
                                 sizeof back, &m, &opts);
        PUBLIC(&rc, sizeof rc), PUBLIC(&m, sizeof m), PUBLIC(key, sizeof key);
        failures += rc != SC_OK || m != len;
    }
    if (failures) printf("FAIL %s with PKCS#7 on %s\n", name, kernel);
    return failures != 0;
}

/* One name on one kernel (tests/ct/ct_cases.h enumerates them): run where
 * valgrind's CPU can; a CBC name also with PKCS#7 (one padded mode per
 * family), counted as a case of its own. */
static int name_on_kernel(enum ct_kind kind, const char *name, const sc_kernel_info *k, void *arg)
{
    (void)arg;
    struct kernel_count *c = count_of(k->algorithm, k->name);
    sc_cipher_info info;
    int padded = kind == CT_KIND_CIPHER && sc_cipher_info_get(name, &info) == SC_OK && strcmp(info.mode, "cbc") == 0;
    if (!k->runnable) {
        c->skipped += 1 + (size_t)padded;
        return 0;
    }
    int failures = kind == CT_KIND_AEAD ? run_aead_case(name, k->name) : run_case(name, k->name, kind == CT_KIND_MAC);
    if (padded) failures += run_padding_case(name, k->name);
    c->covered += 1 + (size_t)padded;
    return failures;
}

/* sc_memeq on secret buffers, equal and not: only the verdict is public. */
static int run_memeq(void)
{
    uint8_t a[64], b[64];
    int failures = 0;
    for (size_t diff = 0; diff <= sizeof a; diff += 21) {
        memset(a, 0x3c, sizeof a), memset(b, 0x3c, sizeof b);
        if (diff < sizeof b) b[diff] ^= 0x10;
        SECRET(a, sizeof a), SECRET(b, sizeof b);
        int eq = sc_memeq(a, b, sizeof a);
        PUBLIC(&eq, sizeof eq);
        failures += eq != (diff >= sizeof b);
    }
    struct kernel_count *c = count_of("sc_memeq", "portable");
    c->covered++;
    return failures;
}

/* Deliberately leaky: memcheck must report these (see the header). */
static int selfcheck(const char *kind)
{
    static const uint8_t table[256] = {1};
    volatile uint8_t secret[16] = {0}, other[16] = {0};
    SECRET((void *)secret, sizeof secret);
    if (strcmp(kind, "branch") == 0) { /* memcmp-style early exit */
        for (size_t i = 0; i < sizeof secret; i++)
            if (secret[i] != other[i]) return 0;
        return 0;
    }
    return table[secret[3]]; /* a table index */
}

/* Extra cases a family may want beyond its generic names: { name, is_mac }. */
#define CT_EXTRA_CASES /* e.g. {"magma-ecb", 0}, */
static const struct {
    const char *name;
    int is_mac;
} extra_cases[] = {CT_EXTRA_CASES{NULL, 0}};

int main(int argc, char **argv)
{
#if !defined(SC_HAVE_MEMCHECK_H)
    (void)argc, (void)argv;
    puts("skipped: built without <valgrind/memcheck.h>");
    return 77;
#else
    if (argc == 3 && strcmp(argv[1], "--selfcheck") == 0) return selfcheck(argv[2]);
    if (!RUNNING_ON_VALGRIND) puts("note: not running under valgrind: this only checks that the cases run");
    int failures = 0;
    for (enum ct_kind kind = CT_KIND_CIPHER; kind <= CT_KIND_AEAD; kind++)
        failures += ct_each_case(kind, name_on_kernel, NULL);
    for (size_t i = 0; extra_cases[i].name; i++)
        failures += ct_each_kernel(extra_cases[i].is_mac ? CT_KIND_MAC : CT_KIND_CIPHER, extra_cases[i].name,
                                   name_on_kernel, NULL);
    failures += run_memeq();
    size_t covered = 0, skipped = 0;
    for (size_t i = 0; i < n_counts; i++) {
        printf("%-8s %-28s %3zu covered, %3zu skipped%s\n", counts[i].algorithm, counts[i].kernel, counts[i].covered,
               counts[i].skipped, counts[i].skipped ? " (not runnable on this (emulated) CPU)" : "");
        covered += counts[i].covered, skipped += counts[i].skipped;
    }
    printf("%zu name/kernel cases checked (MACs with their tag check), %zu skipped, %d failed\n", covered, skipped,
           failures);
    return failures ? 1 : 0;
#endif
}
