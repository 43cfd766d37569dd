/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time check of every cipher kernel this CPU runs, AVX-512 included,
 * under the DFSan checker (tests/ct_dfsan/README.md): the complement of
 * tests/ct/ct_ciphers.c + ct_magma.c, whose valgrind cannot run AVX-512.
 *
 * Secrets: the key (label key), the data (label data) and, for Magma, the
 * S-box (label sbox); IVs, lengths and kernel choice are public. Cases:
 *   - every cipher and MAC name of the generic API (sc_cipher_name_at,
 *     sc_mac_name_at) on every runnable kernel of its algorithm, encrypt and
 *     decrypt, several lengths (one block, several, a 64-byte-register tail,
 *     stream tails) in one update and split in two;
 *   - every AEAD name (sc_aead_name_at) on every runnable kernel of its
 *     algorithm, and for MGM names on every GF kernel of "mgm" too (forced
 *     in turn): seal (the key, AAD and plaintext secret) in one call and
 *     streamed, then open it and a forgery (the verdict public);
 *   - every Kalyna GF kernel (GCM/GMAC's hash) on a secret H and data;
 *   - Magma with a secret S-box through sc_magma_* on every kernel (the
 *     kernels rebuild their tables from it), both byte conventions;
 *   - every hash and XOF name (sc_hash_name_at) on every runnable kernel of
 *     its algorithm with the message secret (a hash of a key or password
 *     must not leak it): one-shot, streaming in two pieces, and a batch
 *     (the multi-lane kernels);
 *   - the S-box hex parser and permutation check on a secret S-box, and
 *     sc_memeq, the comparison every tag check uses, on secrets.
 * Every secret-dependent address, index or branch is printed with its
 * source line; exit 1 if any. Secret scalar selects are listed as notes. */
#include <simdcrypt.h>
#include <simdcrypt/hash.h>
#include <simdcrypt/kernels.h>
#include <simdcrypt/magma.h>
#include <stdio.h>
#include <string.h>

#include "../ct/ct_cases.h"
#include "ct_checker.h"
#include "kalyna/kalyna_gf.h"
#include "magma/magma_internal.h"
#include "../mac_nonce.h"

enum { MAX_DATA = 9 * 64 + 5 }; /* nine 512-bit blocks and a tail */
static const size_t stream_lengths[] = {1, 15, 64 + 5, 3 * 64 + 5, MAX_DATA};
/* 33: 16-byte blocks past the zmm kernels' 16- and 32-block passes and
 * into their tails (XTS's fused loop; larger blocks exceed MAX_DATA) */
static const size_t block_counts[] = {1, 2, 5, 9, 33};

static size_t cases, failing_cases, selects;
static unsigned lost; /* labels missing from some output of the current case */

/* Every output must carry the secrets' labels: otherwise the kernel lost them
 * (an operation the checker does not model) and found nothing by blindness. */
static void expect_labels(const void *out, size_t n, unsigned want) { lost |= want & ~sc_ct_label_of(out, n); }

static void finish_case(const char *what)
{
    size_t violations = sc_ct_end(0);
    selects += sc_ct_selects();
    cases++;
    if (violations) {
        failing_cases++;
        printf("LEAK %s: %zu code site(s), unrolled and inlined copies counted apart\n", what, violations);
    } else if (lost) {
        failing_cases++;
        printf("FAIL %s: an output lost the secrets' labels (missing 0x%x): nothing was really checked\n", what,
               lost);
    } else {
        printf("ok   %s\n", what);
    }
    lost = 0;
}

static int run_lengths(const char *name, const char *kernel, const sc_cipher_info *info, int is_mac,
                       uint8_t *key, uint8_t *in)
{
    uint8_t iv[64] = {9, 8, 7, 6, 5, 4, 3, 2, 1}, xts_key[128];
    uint8_t out[MAX_DATA + 64], tag[64];
    sc_cipher_opts opts = {.kernel = kernel, .sbox = NULL};
    if (strcmp(info->mode, "xts") == 0) {
        /* XTS refuses equal key halves at init, a verdict public by design
         * (SP 800-38E / FIPS 140-3 IG C.I): its key is unlabelled here and
         * its tweak carries the key label instead, which keeps E_K2(tweak),
         * the doublings and the data path under test (the AES key schedule
         * is checked through every other AES name). */
        for (size_t i = 0; i < sizeof xts_key; i++) xts_key[i] = (uint8_t)(0x5a ^ i * 29);
        key = xts_key;
        sc_ct_secret(iv, 16, SC_CT_KEY);
    }
    /* whole blocks for every name; odd lengths for streams and MACs (a MAC
     * that refuses them answers SC_ELENGTH, skipped) */
    size_t lengths[16], n_lengths = 0;
    for (size_t i = 0; i < sizeof block_counts / sizeof *block_counts; i++)
        if (block_counts[i] * info->block_size <= MAX_DATA) lengths[n_lengths++] = block_counts[i] * info->block_size;
    if (info->is_stream || is_mac)
        for (size_t i = 0; i < sizeof stream_lengths / sizeof *stream_lengths; i++) lengths[n_lengths++] = stream_lengths[i];
    int ran = 0;
    for (size_t li = 0; li < n_lengths; li++) {
        size_t len = lengths[li];
        for (int split = 0; split < 2; split++) {
            size_t first = split ? len / 2 + 1 : len;
            if (first > len) first = len;
            int rc = SC_OK;
            if (is_mac) {
                sc_mac_ctx m;
                rc = test_mac_init(&m, name, key, info->key_size, &opts);
                if (rc == SC_OK) rc = sc_mac_update(&m, in, first);
                if (rc == SC_OK) rc = sc_mac_update(&m, in + first, len - first);
                if (rc == SC_OK) rc = sc_mac_final(&m, tag, info->tag_size);
                sc_mac_wipe(&m);
                if (rc == SC_ELENGTH) continue; /* a length this MAC refuses */
                if (rc == SC_OK) expect_labels(tag, info->tag_size, SC_CT_KEY | SC_CT_DATA);
            } else if (info->one_shot) { /* key wrap: the whole message, wrapped (unwrap: ct_ciphers) */
                size_t n = 0;
                rc = sc_cipher_crypt(name, 1, key, info->key_size, NULL, 0, in, len, out, sizeof out, &n, &opts);
                if (rc == SC_OK) expect_labels(out, n, SC_CT_KEY | SC_CT_DATA);
            } else {
                for (int encrypt = 0; encrypt < 2 && rc == SC_OK; encrypt++) {
                    sc_cipher_ctx c;
                    size_t n1 = 0, n2 = 0, fin = 0;
                    rc = sc_cipher_init_ex(&c, name, encrypt, key, info->key_size, info->iv_size ? iv : NULL,
                                           info->iv_size, &opts);
                    if (rc == SC_OK) rc = sc_cipher_update(&c, in, first, out, sizeof out, &n1);
                    if (rc == SC_OK) rc = sc_cipher_update(&c, in + first, len - first, out + n1, sizeof out - n1, &n2);
                    if (rc == SC_OK) rc = sc_cipher_final(&c, out + n1 + n2, sizeof out - n1 - n2, &fin);
                    sc_cipher_wipe(&c);
                    if (rc == SC_OK) expect_labels(out, n1 + n2 + fin, SC_CT_KEY | SC_CT_DATA);
                }
            }
            if (rc != SC_OK) {
                printf("FAIL %s on %s, %zu bytes: %s\n", name, kernel, len, sc_strerror(rc));
                return 1;
            }
            ran++;
        }
    }
    if (!ran) printf("FAIL %s on %s: no length accepted\n", name, kernel);
    return ran == 0;
}

/* Every runnable kernel of one name (tests/ct/ct_cases.h), each a case of
 * its own. */
typedef int (*case_fn)(const char *name, const char *kernel, void *arg);
struct each_case {
    case_fn run;
    void *arg;
};

static int case_on_kernel(enum ct_kind kind, const char *name, const sc_kernel_info *k, void *arg)
{
    const struct each_case *e = arg;
    (void)kind;
    if (!k->runnable) {
        printf("skip %s on %s: this CPU lacks a feature\n", name, k->name);
        return 0;
    }
    char what[160];
    snprintf(what, sizeof what, "%s on %s", name, k->name);
    sc_ct_begin(what);
    int errors = e->run(name, k->name, e->arg);
    finish_case(what);
    return errors;
}

static int each_kernel(enum ct_kind kind, const char *name, case_fn run, void *arg)
{
    struct each_case e = {run, arg};
    return ct_each_kernel(kind, name, case_on_kernel, &e);
}

struct cipher_case {
    const sc_cipher_info *info;
    int is_mac;
    uint8_t *key, *in;
};

static int cipher_case_run(const char *name, const char *kernel, void *arg)
{
    const struct cipher_case *c = arg;
    return run_lengths(name, kernel, c->info, c->is_mac, c->key, c->in);
}

/* Every runnable kernel of one generic name. */
static int run_name(const char *name, int is_mac, uint8_t *key, uint8_t *in)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(name, &info) != SC_OK) return 1;
    struct cipher_case c = {&info, is_mac, key, in};
    return each_kernel(is_mac ? CT_KIND_MAC : CT_KIND_CIPHER, name, cipher_case_run, &c);
}

/* An AEAD name on one kernel: seal one-shot and streamed, open, a forgery. */
static int aead_case_run(const char *name, const char *kernel, void *arg)
{
    static const uint8_t nonce[64] = {0x25, 8, 7, 6, 5, 4, 3, 2, 1}; /* top bit 0: MGM */
    /* 4 * 64 and 400: the x86-avx512-ifma ChaCha20-Poly1305's block 0
     * beside one row set and its 8-lane MAC path (16-31 blocks) */
    static const size_t lengths[] = {1, 15, 64 + 5, 4 * 64, 400, MAX_DATA - 64};
    const uint8_t *key = ((uint8_t *const *)arg)[0], *in = ((uint8_t *const *)arg)[1];
    uint8_t out[MAX_DATA + 64], back[MAX_DATA + 64];
    sc_aead_info info;
    sc_aead_info_get(name, &info);
    sc_cipher_opts opts = {.kernel = kernel};
    sc_aead_ctx c;
    int rc = sc_aead_init(&c, name, key, info.key_size, &opts);
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths && rc == SC_OK; i++) {
        size_t len = lengths[i], n = 0, m = 0, n2 = 0, aad = 37; /* AAD: the first bytes of in */
        rc = sc_aead_seal(&c, nonce, info.nonce_size, in, aad, in + aad, len, out, sizeof out, &n, info.tag_size);
        if (rc == SC_OK) expect_labels(out, n, SC_CT_KEY | SC_CT_DATA);
        int streams = rc == SC_OK && sc_aead_start(&c, 1, nonce, info.nonce_size) != SC_EINVAL; /* CCM: one-shot */
        if (rc == SC_OK && streams) rc = sc_aead_update_aad(&c, in, aad / 2);
        if (rc == SC_OK && streams) rc = sc_aead_update_aad(&c, in + aad / 2, aad - aad / 2);
        if (rc == SC_OK && streams) rc = sc_aead_encrypt_update(&c, in + aad, len / 2, back, sizeof back, &m);
        if (rc == SC_OK && streams) rc = sc_aead_encrypt_update(&c, in + aad + m, len - m, back + m, sizeof back - m, &n2);
        if (rc == SC_OK && streams) rc = sc_aead_encrypt_final(&c, back + len, info.tag_size);
        for (int forged = 0; forged < 2 && rc == SC_OK; forged++) {
            out[n - 1] ^= (uint8_t)forged;
            int verdict = sc_aead_open(&c, nonce, info.nonce_size, in, aad, out, n, back, sizeof back, &m, info.tag_size);
            sc_ct_secret(&verdict, sizeof verdict, 0); /* the verdict is public */
            if (verdict != (forged ? SC_EAUTH : SC_OK)) rc = SC_EAUTH;
        }
    }
    sc_aead_wipe(&c);
    if (rc != SC_OK) printf("FAIL %s on %s: %s\n", name, kernel, sc_strerror(rc));
    return rc != SC_OK;
}

/* Every Kalyna GF kernel on every field: H (label key) and the data secret. */
static void run_kalyna_gf(const uint8_t *key, const uint8_t *in)
{
    for (size_t g = 0; g < sc_alg_kalyna_gf.count; g++)
        for (unsigned nw = 2; nw <= 8; nw *= 2) {
            char what[160];
            uint64_t h[8], acc[8] = {0};
            sc_kgf_key k;
            memcpy(h, key, sizeof h);
            if (sc_kgf_setkey(&k, h, nw, sc_alg_kalyna_gf.kernels[g].name) != SC_OK) continue; /* not runnable */
            snprintf(what, sizeof what, "kalyna GF(2^%u) hash on %s", 64 * nw, sc_alg_kalyna_gf.kernels[g].name);
            sc_ct_begin(what);
            k.ops->hash(&k, acc, in, 9 * 8 / nw);
            expect_labels(acc, 8 * nw, SC_CT_KEY | SC_CT_DATA);
            finish_case(what);
            sc_wipe(&k, sizeof k);
        }
}

/* Every runnable kernel of an AEAD name; an MGM name on every GF kernel too. */
static int run_aead_name(const char *name, uint8_t *key, uint8_t *in)
{
    uint8_t *arg[2] = {key, in};
    size_t len = strlen(name);
    int errors = 0, mgm = len > 4 && strcmp(name + len - 4, "-mgm") == 0;
    for (size_t g = 0; g < (mgm ? sc_kernel_count("mgm") : 1); g++) {
        sc_kernel_info k;
        if (mgm && (sc_kernel_get("mgm", g, &k) != SC_OK || !k.runnable || sc_kernel_force("mgm", k.name) != SC_OK))
            continue;
        if (mgm) printf("mgm kernel %s:\n", k.name);
        errors += each_kernel(CT_KIND_AEAD, name, aead_case_run, arg);
    }
    if (mgm) sc_kernel_force("mgm", NULL);
    return errors;
}

/* One hash name on one kernel, the message secret. */
static int run_hash_lengths(const char *name, const char *kernel, const uint8_t *in)
{
    static const size_t lengths[] = {1, 71, 136 + 5, 3 * 168 + 5, MAX_DATA};
    sc_hash_info info;
    sc_hash_opts opts = {.kernel = kernel};
    uint8_t out[5 * 64];
    int rc = sc_hash_info_get(name, &info);
    size_t olen = info.is_xof ? 40 : info.digest_size;
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths && rc == SC_OK; i++) {
        size_t len = lengths[i];
        sc_hash_ctx c;
        rc = sc_hash_ex(name, &opts, in, len, out, olen);
        if (rc == SC_OK) expect_labels(out, olen, SC_CT_DATA);
        if (rc == SC_OK) rc = sc_hash_init_ex(&c, name, &opts);
        if (rc == SC_OK) rc = sc_hash_update(&c, in, len / 2 + 1);
        if (rc == SC_OK) rc = sc_hash_update(&c, in + len / 2 + 1, len - (len / 2 + 1));
        if (rc == SC_OK) rc = sc_hash_final(&c, out, olen);
        if (rc == SC_OK) expect_labels(out, olen, SC_CT_DATA);
        sc_hash_wipe(&c);
    }
    /* five messages at once: the lanes, a refill, the single-stream finish */
    const void *msgs[5] = {in, in + 1, in + 7, in + 64, in + 3};
    size_t lens[5] = {MAX_DATA - 7, 200, 5, 300, MAX_DATA - 3};
    if (rc == SC_OK) rc = sc_hash_many(name, &opts, 5, msgs, lens, out, olen);
    if (rc == SC_OK) expect_labels(out, 5 * olen, SC_CT_DATA);
    if (rc != SC_OK) printf("FAIL %s on %s: %s\n", name, kernel, sc_strerror(rc));
    return rc != SC_OK;
}

static int hash_case_run(const char *name, const char *kernel, void *arg)
{
    return run_hash_lengths(name, kernel, arg);
}

static int run_hash_name(const char *name, const uint8_t *in)
{
    return each_kernel(CT_KIND_HASH, name, hash_case_run, (void *)in);
}

/* Magma with the S-box secret as well (GOST 28147-89 allowed secret S-boxes),
 * every mode of sc_magma_*, both byte conventions. */
static int run_magma_secret_sbox(const char *kernel, uint8_t *key, uint8_t *in)
{
    enum { LEN = 19 * 8 + 3 };
    uint8_t out[LEN], iv[8] = {1, 2, 3, 4, 5, 6, 7, 8}, tag[8], sbox[8][16];
    int rc = SC_OK;
    for (int le = 0; le < 2 && rc == SC_OK; le++) {
        sc_magma_key k;
        sc_magma_sbox_named("cryptopro-a", sbox);
        rc = le ? sc_gost89_init(&k, key, 32, &sbox[0][0]) : sc_magma_init(&k, key, 32, &sbox[0][0]);
        /* The S-box is secret from here: init's validity check (one branch
         * on the verdict of sc_magma_sbox_valid, checked on its own in
         * run_sbox_and_tags) reveals only "not a permutation, refused", by
         * design; the kernel rebuilds its tables from the secret S-box in
         * sc_magma_use_kernel. */
        sc_ct_secret(k.sbox, sizeof k.sbox, SC_CT_SBOX);
        sc_ct_secret(k.tables, sizeof k.tables, SC_CT_SBOX);
        if (rc == SC_OK) rc = sc_magma_use_kernel(&k, kernel);
        if (rc == SC_OK) rc = sc_magma_ecb_encrypt(&k, in, out, LEN / 8 * 8);
        if (rc == SC_OK) rc = sc_magma_ecb_decrypt(&k, in, out, LEN / 8 * 8);
        if (rc == SC_OK) rc = sc_magma_cbc_encrypt(&k, iv, 8, in, out, LEN / 8 * 8);
        if (rc == SC_OK) rc = sc_magma_cbc_decrypt(&k, iv, 8, in, out, LEN / 8 * 8);
        if (rc == SC_OK) rc = sc_magma_ctr(&k, iv, 4, 0xFFFFFFF0u, in, out, LEN);
        if (rc == SC_OK) rc = sc_gost89_cnt(&k, iv, 8, 0, in, out, LEN);
        if (rc == SC_OK) rc = sc_magma_cmac(&k, in, LEN, tag, 8);
        if (rc == SC_OK) expect_labels(out, LEN, SC_CT_KEY | SC_CT_DATA | SC_CT_SBOX);
        if (rc == SC_OK) expect_labels(tag, 8, SC_CT_KEY | SC_CT_DATA | SC_CT_SBOX);
        sc_magma_wipe(&k);
    }
    if (rc != SC_OK) printf("FAIL magma (secret S-box) on %s: %s\n", kernel, sc_strerror(rc));
    return rc != SC_OK;
}

/* The S-box parser and permutation check on a secret S-box, and sc_memeq
 * on secret tags, equal and not: only their verdicts are public (declassified
 * here, before the harness branches on them). */
static int run_sbox_and_tags(void)
{
    uint8_t want[8][16], got[8][16], a[32], b[32];
    char hex[8 * 17];
    int wrong = 0;
    sc_magma_sbox_named("test", want);
    char *p = hex;
    for (int i = 0; i < 128; i++) {
        if (i && i % 16 == 0) *p++ = ' '; /* the layout is public */
        *p++ = "0123456789abcdef"[want[i / 16][i % 16]];
    }
    size_t len = (size_t)(p - hex);
    sc_ct_secret(hex, len, SC_CT_SBOX);
    int rc = sc_magma_sbox_parse_hex(hex, len, got);
    expect_labels(got, sizeof got, SC_CT_SBOX);
    int ok = sc_magma_sbox_valid(&got[0][0]);
    sc_ct_secret(&rc, sizeof rc, 0), sc_ct_secret(&ok, sizeof ok, 0);
    sc_ct_secret(got, sizeof got, 0);
    wrong += rc != SC_OK || ok != 1 || memcmp(got, want, sizeof got) != 0;
    for (int differ = 0; differ < 2; differ++) {
        memset(a, 0x3c, sizeof a), memset(b, 0x3c, sizeof b);
        b[17] ^= (uint8_t)differ;
        sc_ct_secret(a, sizeof a, SC_CT_KEY), sc_ct_secret(b, sizeof b, SC_CT_DATA);
        int eq = sc_memeq(a, b, sizeof a);
        sc_ct_secret(&eq, sizeof eq, 0);
        wrong += eq != !differ;
    }
    if (wrong) printf("FAIL the S-box parser, check or sc_memeq answered wrongly\n");
    return wrong;
}

int main(void)
{
    uint8_t key[128], in[MAX_DATA];
    for (size_t i = 0; i < sizeof key; i++) key[i] = (uint8_t)(0x5a ^ i * 29);
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 7 + 3);
    /* Dispatch and feature detection first, while nothing is labelled. */
    (void)sc_cpu_features();
    sc_ct_secret(key, sizeof key, SC_CT_KEY);
    sc_ct_secret(in, sizeof in, SC_CT_DATA);

    int errors = 0;
    const char *name;
    for (size_t i = 0; (name = sc_cipher_name_at(i)) != NULL; i++) errors += run_name(name, 0, key, in);
    for (size_t i = 0; (name = sc_mac_name_at(i)) != NULL; i++) errors += run_name(name, 1, key, in);
    for (size_t i = 0; (name = sc_aead_name_at(i)) != NULL; i++) errors += run_aead_name(name, key, in);
    for (size_t i = 0; (name = sc_hash_name_at(i)) != NULL; i++) errors += run_hash_name(name, in);
    run_kalyna_gf(key, in);
    for (size_t i = 0; i < sc_kernel_count("magma"); i++) {
        sc_kernel_info k;
        sc_kernel_get("magma", i, &k);
        if (!k.runnable) continue;
        char what[160];
        snprintf(what, sizeof what, "magma with secret S-box on %s", k.name);
        sc_ct_begin(what);
        errors += run_magma_secret_sbox(k.name, key, in);
        finish_case(what);
    }
    sc_ct_begin("S-box parser and check, sc_memeq");
    errors += run_sbox_and_tags();
    finish_case("S-box parser and check, sc_memeq");
    printf("%zu name/kernel cases checked: %zu with secret-dependent addresses or branches, "
           "%zu scalar select code sites on secrets (notes, each listed once above), %d run errors\n",
           cases, failing_cases, selects, errors);
    printf("%zu passed, %zu failed\n", cases - failing_cases, failing_cases + (size_t)(errors != 0));
    return failing_cases || errors ? 1 : 0;
}
