/* SPDX-License-Identifier: Apache-2.0 */
/* Magma / GOST 28147-89 known answers (tests/vectors/magma_kat.txt, sources
 * named there), run on every kernel this CPU can execute, both directions. */
#include <simdcrypt/kernels.h>
#include <simdcrypt/magma.h>
#include <simdcrypt/selftest.h>

#include "test_util.h"

enum { MAX_BYTES = 4096 };

struct record {
    char mode[32], sbox[32];
    uint8_t key[64], iv[64], in[MAX_BYTES], out[MAX_BYTES];
    long key_len, iv_len, in_len, out_len;
};

static long unhex_field(const char *f, uint8_t *buf, size_t cap)
{
    return strcmp(f, "-") == 0 ? 0 : test_unhex(f, buf, cap);
}

static void run_record(const struct record *r, const char *kernel, int line)
{
    sc_magma_key k;
    uint8_t sbox[8][16], got[MAX_BYTES], back[MAX_BYTES];
    int gost89 = strncmp(r->mode, "gost89", 6) == 0;
    const char *op = strchr(r->mode, '-') + 1;
    CHECK(sc_magma_sbox_named(r->sbox, sbox) == SC_OK, "line %d: sbox %s", line, r->sbox);
    int st = gost89 ? sc_gost89_init(&k, r->key, (size_t)r->key_len, &sbox[0][0])
                    : sc_magma_init(&k, r->key, (size_t)r->key_len, &sbox[0][0]);
    CHECK(st == SC_OK, "line %d: init %d", line, st);
    CHECK(sc_magma_use_kernel(&k, kernel) == SC_OK, "line %d: kernel %s", line, kernel);
    size_t n = (size_t)r->in_len, iv_len = (size_t)r->iv_len;
    memset(got, 0xAA, sizeof got);
    memset(back, 0x55, sizeof back);
    if (!strcmp(op, "ecb")) {
        st = sc_magma_ecb_encrypt(&k, r->in, got, n);
        if (!st) st = sc_magma_ecb_decrypt(&k, got, back, n);
    } else if (!strcmp(op, "cbc")) {
        st = sc_magma_cbc_encrypt(&k, r->iv, iv_len, r->in, got, n);
        if (!st) st = sc_magma_cbc_decrypt(&k, r->iv, iv_len, got, back, n);
    } else if (!strcmp(op, "ctr")) {
        st = sc_magma_ctr(&k, r->iv, iv_len, 0, r->in, got, n);
        if (!st) st = sc_magma_ctr(&k, r->iv, iv_len, 0, got, back, n);
    } else if (!strcmp(op, "cnt")) {
        st = sc_gost89_cnt(&k, r->iv, iv_len, 0, r->in, got, n);
        if (!st) st = sc_gost89_cnt(&k, r->iv, iv_len, 0, got, back, n);
    } else if (!strcmp(op, "ofb")) {
        st = sc_magma_ofb(&k, 0, r->iv, iv_len, r->in, got, n);
        if (!st) st = sc_magma_ofb(&k, 0, r->iv, iv_len, got, back, n);
    } else if (!strcmp(op, "cfb") && gost89) {
        st = sc_gost89_cfb_encrypt(&k, SC_KEY_MESHING_DEFAULT, r->iv, iv_len, r->in, got, n);
        if (!st) st = sc_gost89_cfb_decrypt(&k, SC_KEY_MESHING_DEFAULT, r->iv, iv_len, got, back, n);
    } else if (!strcmp(op, "cfb")) {
        st = sc_magma_cfb_encrypt(&k, 0, r->iv, iv_len, r->in, got, n);
        if (!st) st = sc_magma_cfb_decrypt(&k, 0, r->iv, iv_len, got, back, n);
    } else if (!strcmp(op, "cmac")) {
        st = sc_magma_cmac(&k, r->in, n, got, (size_t)r->out_len);
        memcpy(back, r->in, n);
    } else if (!strcmp(op, "mac")) {
        /* The file's (line > 0) are Bouncy Castle's GOST28147Mac: its
         * conventions; the registry's follow the library defaults. */
        st = line > 0 ? sc_gost89_mac_ex(&k, SC_KEY_MESHING_NONE, SC_SHORT_MAC_BC, r->in, n, got, (size_t)r->out_len)
                      : sc_gost89_mac(&k, r->in, n, got, (size_t)r->out_len);
        memcpy(back, r->in, n);
    } else {
        CHECK(0, "line %d: unknown mode %s", line, r->mode);
        return;
    }
    CHECK(st == SC_OK, "line %d %s [%s]: status %d", line, r->mode, kernel, st);
    CHECK(memcmp(got, r->out, (size_t)r->out_len) == 0, "line %d %s [%s]: wrong output", line,
          r->mode, kernel);
    CHECK(memcmp(back, r->in, n) == 0, "line %d %s [%s]: inverse", line, r->mode, kernel);
    sc_magma_wipe(&k);
}

static void run_on_every_kernel(const struct record *r, int line)
{
    for (size_t i = 0; i < sc_kernel_count("magma"); i++) {
        sc_kernel_info info;
        sc_kernel_get("magma", i, &info);
        if (test_kernel_selected(info.runnable, info.name)) run_record(r, info.name, line);
    }
}

static int decode(struct record *r, const char *key, const char *iv, const char *in, const char *out)
{
    r->key_len = unhex_field(key, r->key, sizeof r->key);
    r->iv_len = unhex_field(iv, r->iv, sizeof r->iv);
    r->in_len = unhex_field(in, r->in, sizeof r->in);
    r->out_len = unhex_field(out, r->out, sizeof r->out);
    return r->key_len >= 0 && r->iv_len >= 0 && r->in_len >= 0 && r->out_len >= 0;
}

int main(void)
{
    static struct record r;
    int records = 0;
    /* The family descriptor's vectors (src/magma/magma_family.c, the ones
     * `simdcrypt selftest` runs), then the file's. */
    sc_kat_info kat;
    for (size_t i = 0; sc_kat_get(i, &kat) == SC_OK; i++) {
        if (strcmp(kat.family, "magma") != 0 || kat.aad != NULL) continue; /* AEADs (magma-mgm): test_mgm */
        snprintf(r.mode, sizeof r.mode, "%s", kat.name);
        snprintf(r.sbox, sizeof r.sbox, "%s", kat.sbox ? kat.sbox : "param-z");
        CHECK(decode(&r, kat.key, kat.iv[0] ? kat.iv : "-", kat.in, kat.out), "registry vector %zu: hex", i);
        run_on_every_kernel(&r, -(int)i);
        records++;
    }
    FILE *f = fopen(SC_VECTORS_DIR "/magma_kat.txt", "r");
    CHECK(f != NULL, "cannot open magma_kat.txt");
    if (!f) return test_finish();
    static char line[4 * MAX_BYTES];
    static char fk[200], fiv[200], fin[2 * MAX_BYTES + 8], fout[2 * MAX_BYTES + 8];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') continue;
        if (sscanf(line, "%31s %31s %199s %199s %8199s %8199s", r.mode, r.sbox, fk, fiv, fin, fout) != 6) {
            CHECK(0, "line %d: malformed", lineno);
            continue;
        }
        CHECK(decode(&r, fk, fiv, fin, fout), "line %d: hex", lineno);
        records++;
        run_on_every_kernel(&r, lineno);
    }
    fclose(f);
    CHECK(records >= 15, "only %d records", records);
    printf("%d records\n", records);
    return test_finish();
}
