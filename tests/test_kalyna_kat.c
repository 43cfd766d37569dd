/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna known answers (tests/vectors/kalyna_dstu7624.txt, DSTU 7624:2014
 * Annex B) on every kernel this CPU runs, through the generic API (whole
 * input, then byte-by-byte and random splits) and the one-shot API. */
#include <simdcrypt.h>

#include "test_util.h"

enum { MAX_BYTES = 1024 };

typedef struct vec {
    char name[40];
    uint8_t key[64], iv[64], in[MAX_BYTES], out[MAX_BYTES];
    long key_len, iv_len, in_len, out_len;
    int line;
} vec;

/* Run the generic cipher over `in` with updates of the sizes `split`
 * produces; returns bytes written or -1. */
static long run_cipher(const vec *v, const char *kernel, int encrypt, const uint8_t *in, long len, uint8_t *out,
                       uint64_t split_seed)
{
    sc_cipher_ctx c;
    if (sc_cipher_init_kernel(&c, v->name, kernel, encrypt, v->key, (size_t)v->key_len, v->iv_len ? v->iv : NULL,
                              (size_t)v->iv_len) != SC_OK)
        return -1;
    long done = 0, pos = 0;
    uint64_t s = split_seed | 1;
    while (pos < len) {
        long step = split_seed == 0 ? len - pos : split_seed == 1 ? 1 : (long)(test_rand(&s) % 37);
        if (step > len - pos) step = len - pos;
        size_t wrote;
        if (sc_cipher_update(&c, in + pos, (size_t)step, out + done, MAX_BYTES - (size_t)done, &wrote) != SC_OK)
            return -1;
        pos += step, done += (long)wrote;
    }
    size_t wrote;
    if (sc_cipher_final(&c, out + done, MAX_BYTES - (size_t)done, &wrote) != SC_OK) return -1;
    sc_cipher_wipe(&c);
    return done + (long)wrote;
}

/* The kernel's name in messages; NULL asks the dispatch to choose. */
static const char *label(const char *kernel) { return kernel ? kernel : "(dispatched)"; }

static void check_cipher(const vec *v, const char *kernel)
{
    uint8_t got[MAX_BYTES];
    for (uint64_t split = 0; split < 4; split++) {
        long n = run_cipher(v, kernel, 1, v->in, v->in_len, got, split);
        CHECK(n == v->out_len && !memcmp(got, v->out, (size_t)n), "line %d %s %s encrypt split %d", v->line,
              v->name, label(kernel), (int)split);
        n = run_cipher(v, kernel, 0, v->out, v->out_len, got, split);
        CHECK(n == v->in_len && !memcmp(got, v->in, (size_t)n), "line %d %s %s decrypt split %d", v->line, v->name,
              label(kernel), (int)split);
    }
    /* one-shot API (ECB, CBC, CTR; the other modes: test_kalyna_modes) */
    sc_cipher_info info;
    sc_cipher_info_get(v->name, &info);
    if (strcmp(info.mode, "ecb") && strcmp(info.mode, "cbc") && strcmp(info.mode, "ctr")) return;
    sc_kalyna_key k;
    CHECK(sc_kalyna_setkey_kernel(&k, info.block_size, v->key, (size_t)v->key_len, kernel) == SC_OK, "setkey");
    int rc1 = SC_EINVAL, rc2 = SC_EINVAL;
    uint8_t back[MAX_BYTES];
    size_t n = (size_t)v->in_len;
    if (!strcmp(info.mode, "ecb")) {
        rc1 = sc_kalyna_ecb_encrypt(&k, v->in, got, n);
        rc2 = sc_kalyna_ecb_decrypt(&k, v->out, back, n);
    } else if (!strcmp(info.mode, "cbc")) {
        rc1 = sc_kalyna_cbc_encrypt(&k, v->iv, (size_t)v->iv_len, v->in, got, n);
        rc2 = sc_kalyna_cbc_decrypt(&k, v->iv, (size_t)v->iv_len, v->out, back, n);
    } else if (!strcmp(info.mode, "ctr")) {
        rc1 = sc_kalyna_ctr(&k, v->iv, (size_t)v->iv_len, v->in, got, n);
        rc2 = sc_kalyna_ctr(&k, v->iv, (size_t)v->iv_len, v->out, back, n);
    }
    CHECK(rc1 == SC_OK && rc2 == SC_OK && !memcmp(got, v->out, n) && !memcmp(back, v->in, n),
          "line %d %s %s one-shot", v->line, v->name, label(kernel));
    sc_kalyna_wipe(&k);
}

static void check_mac(const vec *v, const char *kernel)
{
    sc_cipher_opts opts = {.kernel = kernel, .sbox = NULL};
    for (uint64_t split = 0; split < 3; split++) {
        sc_mac_ctx m;
        uint8_t tag[64];
        CHECK(sc_mac_init_ex(&m, v->name, v->key, (size_t)v->key_len, &opts) == SC_OK, "mac init");
        uint64_t s = split | 1;
        for (long pos = 0; pos < v->in_len;) {
            long step = split == 0 ? v->in_len : split == 1 ? 1 : (long)(test_rand(&s) % 70);
            if (step > v->in_len - pos) step = v->in_len - pos;
            sc_mac_update(&m, v->in + pos, (size_t)step);
            pos += step;
        }
        int rc = sc_mac_final(&m, tag, (size_t)v->out_len);
        CHECK(rc == SC_OK && !memcmp(tag, v->out, (size_t)v->out_len), "line %d %s %s mac split %d rc %d", v->line,
              v->name, label(kernel), (int)split, rc);
        sc_mac_wipe(&m);
    }
    sc_cipher_info info;
    sc_cipher_info_get(v->name, &info);
    sc_kalyna_key k;
    uint8_t tag[64];
    sc_kalyna_setkey_kernel(&k, info.block_size, v->key, (size_t)v->key_len, kernel);
    CHECK(sc_kalyna_mac(&k, v->in, (size_t)v->in_len, tag, (size_t)v->out_len) == SC_OK &&
              !memcmp(tag, v->out, (size_t)v->out_len),
          "line %d %s one-shot mac", v->line, label(kernel));
    sc_kalyna_wipe(&k);
}

/* One vector on every kernel this CPU runs and on the dispatched one (NULL:
 * SIMDCRYPT_DISABLE forces each lower tier in the *_no_* runs of this test). */
static void run_vector(const vec *v)
{
    int is_mac = strstr(v->name, "-cmac") != NULL;
    for (size_t i = 0; i < sc_kernel_count("kalyna"); i++) {
        sc_kernel_info ki;
        sc_kernel_get("kalyna", i, &ki);
        if (!test_kernel_selected(ki.runnable, ki.name)) {
            printf("skip kernel %s (not runnable here)\n", ki.name);
            continue;
        }
        if (is_mac) check_mac(v, ki.name);
        else check_cipher(v, ki.name);
    }
    if (is_mac) check_mac(v, NULL);
    else check_cipher(v, NULL);
}

static int decode(vec *v, const char *key, const char *iv, const char *in, const char *out)
{
    v->key_len = test_unhex(key, v->key, sizeof v->key);
    v->iv_len = strcmp(iv, "-") && iv[0] ? test_unhex(iv, v->iv, sizeof v->iv) : 0;
    v->in_len = test_unhex(in, v->in, sizeof v->in);
    v->out_len = test_unhex(out, v->out, sizeof v->out);
    return v->key_len > 0 && v->iv_len >= 0 && v->in_len > 0 && v->out_len > 0;
}

int main(void)
{
    static vec v;
    int count = 0;
    /* The family descriptor's vectors (src/kalyna/kalyna_family.c, the ones
     * `simdcrypt selftest` runs), then the rest of Annex B from the file. */
    sc_kat_info kat;
    for (size_t i = 0; sc_kat_get(i, &kat) == SC_OK; i++) {
        sc_aead_info aead;
        /* GCM, CCM and GMAC known answers: test_kalyna_aead */
        if (strcmp(kat.family, "kalyna") != 0 || sc_aead_info_get(kat.name, &aead) == SC_OK || strstr(kat.name, "-gmac"))
            continue;
        snprintf(v.name, sizeof v.name, "%s", kat.name);
        v.line = -(int)i; /* negative: the i-th registry vector */
        CHECK(decode(&v, kat.key, kat.iv, kat.in, kat.out), "registry vector %zu hex", i);
        run_vector(&v);
        count++;
    }
    FILE *f = fopen(SC_VECTORS_DIR "/kalyna_dstu7624.txt", "r");
    CHECK(f != NULL, "cannot open the vector file");
    if (f == NULL) return test_finish();
    static char line[8192];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') continue;
        static char key[200], iv[200], in[4200], out[4200];
        if (sscanf(line, "%39s %199s %199s %4199s %4199s", v.name, key, iv, in, out) != 5) {
            CHECK(0, "line %d malformed", lineno);
            continue;
        }
        v.line = lineno;
        CHECK(decode(&v, key, iv, in, out), "line %d hex", lineno);
        run_vector(&v);
        count++;
    }
    fclose(f);
    CHECK(count >= 17, "only %d vectors", count);
    printf("%d vectors; dispatched kalyna kernel: %s\n", count, sc_kernel_active("kalyna"));
    return test_finish();
}
