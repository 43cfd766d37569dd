/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna GCM, GMAC and CCM (DSTU 7624:2014; docs/kalyna-aead.md):
 *   - known answers (tests/vectors/kalyna_aead.txt, each naming its source)
 *     on every Kalyna kernel, one-shot and streamed with random splits;
 *   - every GF kernel's hash against the portable multiply, every Kalyna
 *     kernel x GF kernel GCM against portable x portable at lengths 0 .. 3
 *     blocks + 3, AAD lengths around the block, random splits, in place;
 *     CCM likewise (kernels x lengths, against the portable kernel);
 *   - tampered tag, ciphertext or AAD: SC_EAUTH with the output zeroed;
 *   - refused: other nonce lengths, tag lengths outside the mode's set,
 *     GCM/GMAC's empty message, CCM streaming, a GMAC nonce. */
#include <simdcrypt.h>

#include "kalyna/kalyna_ccm.h"
#include "kalyna/kalyna_gcm.h"
#include "test_util.h"

enum { MAXB = 64, MAXLEN = 4 * MAXB + 8, LINE = 4096 };

typedef struct field {
    uint8_t b[MAXLEN];
    size_t n;
} field;

static int hex(const char *s, field *f)
{
    f->n = 0;
    if (strcmp(s, "-") == 0) return 1;
    for (; s[0] && s[1] && f->n < MAXLEN; s += 2) {
        unsigned v;
        if (sscanf(s, "%2x", &v) != 1) return 0;
        f->b[f->n++] = (uint8_t)v;
    }
    return *s == 0;
}

static size_t kernel_count(void) { return sc_kernel_count("kalyna"); }
static const char *kernel_at(size_t i)
{
    sc_kernel_info info;
    sc_kernel_get("kalyna", i, &info);
    return test_kernel_selected(info.runnable, info.name) ? info.name : NULL;
}

/* Seal and open through the AEAD API, one shot, then streamed (GCM). */
static void aead_vector(const char *name, const char *kernel, const field *key, const field *iv, const field *aad,
                        const field *pt, const field *ct, const field *tag, const char *src, uint64_t seed)
{
    sc_aead_ctx c;
    sc_cipher_opts o = {0};
    uint8_t out[MAXLEN + MAXB], back[MAXLEN];
    size_t n = 0, m = 0;
    o.kernel = kernel;
    CHECK(sc_aead_init(&c, name, key->b, key->n, &o) == SC_OK, "%s %s init", src, kernel);
    int rc = sc_aead_seal(&c, iv->b, iv->n, aad->b, aad->n, pt->b, pt->n, out, sizeof out, &n, tag->n);
    CHECK(rc == SC_OK && n == ct->n + tag->n && memcmp(out, ct->b, ct->n) == 0 &&
              memcmp(out + ct->n, tag->b, tag->n) == 0,
          "%s %s seal rc %d", src, kernel, rc);
    rc = sc_aead_open(&c, iv->b, iv->n, aad->b, aad->n, out, n, back, sizeof back, &m, tag->n);
    CHECK(rc == SC_OK && m == pt->n && memcmp(back, pt->b, pt->n) == 0, "%s %s open rc %d", src, kernel, rc);
    if (strstr(name, "-gcm")) { /* streamed decryption with random splits */
        uint64_t s = seed | 1;
        CHECK(sc_aead_start(&c, 0, iv->b, iv->n) == SC_OK, "%s start", src);
        for (size_t p = 0; p < aad->n;) {
            size_t step = 1 + test_rand(&s) % 40;
            step = step < aad->n - p ? step : aad->n - p;
            CHECK(sc_aead_update_aad(&c, aad->b + p, step) == SC_OK, "%s aad", src);
            p += step;
        }
        for (size_t p = 0; p < ct->n;) {
            size_t step = 1 + test_rand(&s) % 40, w;
            step = step < ct->n - p ? step : ct->n - p;
            CHECK(sc_aead_decrypt_update_UNVERIFIED(&c, ct->b + p, step, back + p, sizeof back - p, &w) == SC_OK,
                  "%s update", src);
            p += step;
        }
        CHECK(sc_aead_decrypt_final(&c, tag->b, tag->n) == SC_OK && memcmp(back, pt->b, pt->n) == 0,
              "%s %s streamed open", src, kernel);
    }
    sc_aead_wipe(&c);
}

static void gmac_vector(const char *name, const char *kernel, const field *key, const field *msg, const field *tag,
                        const char *src)
{
    sc_mac_ctx m;
    sc_cipher_opts o = {0};
    uint8_t t[MAXB];
    o.kernel = kernel;
    CHECK(sc_mac_init_ex(&m, name, key->b, key->n, &o) == SC_OK, "%s init", src);
    for (size_t p = 0; p < msg->n; p += 7) sc_mac_update(&m, msg->b + p, msg->n - p < 7 ? msg->n - p : 7);
    CHECK(sc_mac_final(&m, t, tag->n) == SC_OK && memcmp(t, tag->b, tag->n) == 0, "%s %s tag", src, kernel);
    sc_mac_wipe(&m);
}

static void ccm_vector(unsigned nb, const char *kernel, const field *key, const field *iv, const field *aad,
                       const field *pt, const field *ct, const field *tag, const char *src)
{
    sc_kalyna_key k;
    uint8_t out[MAXLEN], t[MAXB];
    CHECK(sc_kalyna_setkey_kernel(&k, iv->n, key->b, key->n, kernel) == SC_OK, "%s setkey", src);
    sc_kccm(&k, nb, 1, iv->b, aad->b, aad->n, pt->b, out, pt->n, tag->n, t);
    CHECK(memcmp(out, ct->b, ct->n) == 0 && memcmp(t, tag->b, tag->n) == 0, "%s %s sc_kccm seal", src, kernel);
    sc_kccm(&k, nb, 0, iv->b, aad->b, aad->n, ct->b, out, ct->n, tag->n, t);
    CHECK(memcmp(out, pt->b, pt->n) == 0 && memcmp(t, tag->b, tag->n) == 0, "%s %s sc_kccm open", src, kernel);
    sc_kalyna_wipe(&k);
}

static int vectors(void)
{
    FILE *f = fopen(SC_VECTORS_DIR "/kalyna_aead.txt", "r");
    static char line[LINE];
    static field key, iv, aad, pt, ct, tag;
    char type[8], name[40], a[6][600], src[40];
    int count = 0;
    CHECK(f != NULL, "open kalyna_aead.txt");
    if (f == NULL) return 0;
    while (fgets(line, sizeof line, f)) {
        unsigned nb = 0;
        if (line[0] == '#' || line[0] == '\n') continue;
        int ok = sscanf(line, "%7s", type) == 1;
        if (strcmp(type, "gmac") == 0)
            ok = sscanf(line, "%*s %39s %599s %599s %599s %39s", name, a[0], a[1], a[2], src) == 5 &&
                 hex(a[0], &key) && hex(a[1], &pt) && hex(a[2], &tag);
        else if (strcmp(type, "gcm") == 0)
            ok = sscanf(line, "%*s %39s %599s %599s %599s %599s %599s %599s %39s", name, a[0], a[1], a[2], a[3], a[4],
                        a[5], src) == 8;
        else
            ok = sscanf(line, "%*s %u %39s %599s %599s %599s %599s %599s %599s %39s", &nb, name, a[0], a[1], a[2],
                        a[3], a[4], a[5], src) == 9;
        if (strcmp(type, "gmac") != 0)
            ok = ok && hex(a[0], &key) && hex(a[1], &iv) && hex(a[2], &aad) && hex(a[3], &pt) && hex(a[4], &ct) &&
                 hex(a[5], &tag);
        CHECK(ok, "bad line: %s", line);
        if (!ok) continue;
        count++;
        for (size_t k = 0; k < kernel_count(); k++) {
            const char *kernel = kernel_at(k);
            if (kernel == NULL) continue;
            if (strcmp(type, "gmac") == 0) gmac_vector(name, kernel, &key, &pt, &tag, src);
            else if (strcmp(type, "ccm") == 0) ccm_vector(nb, kernel, &key, &iv, &aad, &pt, &ct, &tag, src);
            if (strcmp(type, "gcm") == 0 || (strcmp(type, "ccm") == 0 && nb == SC_KCCM_NB))
                aead_vector(name, kernel, &key, &iv, &aad, &pt, &ct, &tag, src, (uint64_t)count * 77 + k);
        }
    }
    fclose(f);
    return count;
}

/* Every GF kernel's hash against the portable multiply, 0..40 blocks (the
 * kernels' rounds of 4 and 16 blocks, two whole rounds and their tails). */
static void gf_kernels(void)
{
    static const unsigned widths[] = {2, 4, 8};
    for (size_t g = 0; g < sc_alg_kalyna_gf.count; g++) {
        const char *gname = sc_alg_kalyna_gf.kernels[g].name;
        for (size_t w = 0; w < 3; w++) {
            const unsigned nw = widths[w];
            uint64_t h[8], acc[8], ref[8];
            uint8_t in[41 * 64];
            sc_kgf_key k;
            test_fill((uint8_t *)h, sizeof h, 500 + w);
            int rc = sc_kgf_setkey(&k, h, nw, gname);
            if (rc == SC_ENOKERNEL) continue;
            CHECK(rc == SC_OK, "gf %s setkey", gname);
            for (size_t n = 0; n <= 40; n++) {
                test_fill(in, sizeof in, 600 + n);
                test_fill((uint8_t *)acc, sizeof acc, 700 + n);
                memcpy(ref, acc, sizeof acc);
                k.ops->hash(&k, acc, in, n);
                for (size_t b = 0; b < n; b++) {
                    for (unsigned i = 0; i < nw; i++) {
                        uint64_t v = 0;
                        for (int j = 7; j >= 0; j--) v = v << 8 | in[b * 8 * nw + 8 * i + (unsigned)j];
                        ref[i] ^= v;
                    }
                    sc_kgf_mul_portable(ref, ref, h, nw);
                }
                CHECK(memcmp(acc, ref, 8 * nw) == 0, "gf %s nw %u: %zu blocks", gname, nw, n);
            }
        }
    }
    /* the field: x * x^(64 nw - 1) = the polynomial's tail */
    static const uint64_t tails[] = {0x87, 0x425, 0x125};
    for (size_t w = 0; w < 3; w++) {
        const unsigned nw = widths[w];
        uint64_t x[8] = {2}, top[8] = {0}, z[8];
        top[nw - 1] = UINT64_C(1) << 63;
        sc_kgf_mul_portable(z, x, top, nw);
        int ok = z[0] == tails[w];
        for (unsigned i = 1; i < nw; i++) ok &= z[i] == 0;
        CHECK(ok, "x^(%u) reduces to %llx", 64 * nw, (unsigned long long)tails[w]);
    }
}

static const size_t sizes[][2] = {{16, 16}, {16, 32}, {32, 32}, {32, 64}, {64, 64}};

/* GCM past the data path's 16 KiB chunks (kalyna_gcm.c): the dispatched
 * kernels against portable x portable, one call and in two pieces that
 * split a chunk. */
static void gcm_long(void)
{
    enum { LONG = 2 * 16384 + 3 * 64 + 5 };
    static sc_kgcm ref, got;
    static uint8_t key[64], nonce[64], pt[LONG], c1[LONG], c2[LONG], t1[64], t2[64];
    static const size_t lens[] = {16384, 16384 + 64 + 5, LONG};
    for (size_t v = 0; v < 5; v++) {
        const size_t bs = sizes[v][0];
        test_fill(key, 64, 80 + v), test_fill(nonce, 64, 81 + v), test_fill(pt, sizeof pt, 82 + v);
        CHECK(sc_kgcm_setkey(&ref, bs, key, sizes[v][1], "portable", "portable") == SC_OK, "ref setkey");
        CHECK(sc_kgcm_setkey(&got, bs, key, sizes[v][1], NULL, NULL) == SC_OK, "setkey");
        for (size_t i = 0; i < 3; i++) {
            const size_t len = lens[i], cut = len / 3 + 1;
            sc_kgcm_start(&ref, nonce), sc_kgcm_encrypt(&ref, pt, c1, len), sc_kgcm_tag(&ref, t1);
            sc_kgcm_start(&got, nonce), sc_kgcm_encrypt(&got, pt, c2, len), sc_kgcm_tag(&got, t2);
            CHECK(memcmp(c1, c2, len) == 0 && memcmp(t1, t2, bs) == 0, "gcm %zu long %zu", bs, len);
            sc_kgcm_start(&got, nonce), sc_kgcm_decrypt(&got, c2, c2, cut);
            sc_kgcm_decrypt(&got, c2 + cut, c2 + cut, len - cut), sc_kgcm_tag(&got, t2);
            CHECK(memcmp(c2, pt, len) == 0 && memcmp(t1, t2, bs) == 0, "gcm %zu long %zu decrypt", bs, len);
        }
    }
}

/* GCM on (kernel, gf kernel) against portable x portable. */
static void gcm_diff(void)
{
    static sc_kgcm ref, got;
    static uint8_t key[64], nonce[64], aad[3 * 64 + 5], pt[MAXLEN], c1[MAXLEN], c2[MAXLEN], t1[64], t2[64];
    for (size_t v = 0; v < 5; v++) {
        const size_t bs = sizes[v][0], aads[] = {0, 1, bs - 1, bs, bs + 1, 2 * bs + 5};
        test_fill(key, 64, 10 + v), test_fill(nonce, 64, 20 + v), test_fill(aad, sizeof aad, 30 + v);
        test_fill(pt, sizeof pt, 40 + v);
        CHECK(sc_kgcm_setkey(&ref, bs, key, sizes[v][1], "portable", "portable") == SC_OK, "ref setkey");
        for (size_t k = 0; k < kernel_count(); k++)
            for (size_t g = 0; g < sc_alg_kalyna_gf.count && kernel_at(k); g++) {
                if (sc_kgcm_setkey(&got, bs, key, sizes[v][1], kernel_at(k), sc_alg_kalyna_gf.kernels[g].name) != SC_OK)
                    continue;
                for (size_t len = 0; len <= 3 * bs + 3; len += len < (test_quick() ? 5 : bs + 2) ? 1 : test_quick() ? bs / 4 + 3 : bs - 1)
                    for (size_t a = 0; a < 6; a++) {
                        uint64_t s = len * 31 + a + 1;
                        sc_kgcm_start(&ref, nonce), sc_kgcm_aad(&ref, aad, aads[a]);
                        sc_kgcm_encrypt(&ref, pt, c1, len), sc_kgcm_tag(&ref, t1);
                        /* in place, random splits */
                        memcpy(c2, pt, len);
                        sc_kgcm_start(&got, nonce);
                        for (size_t p = 0; p < aads[a];) {
                            size_t step = test_rand(&s) % (2 * bs);
                            step = step < aads[a] - p ? step : aads[a] - p;
                            sc_kgcm_aad(&got, aad + p, step), p += step;
                        }
                        for (size_t p = 0; p < len;) {
                            size_t step = test_rand(&s) % (2 * bs + 1);
                            step = step < len - p ? step : len - p;
                            sc_kgcm_encrypt(&got, c2 + p, c2 + p, step), p += step;
                        }
                        sc_kgcm_tag(&got, t2);
                        CHECK(memcmp(c1, c2, len) == 0 && memcmp(t1, t2, bs) == 0, "gcm %zu %s x %s len %zu aad %zu",
                              bs, kernel_at(k), sc_alg_kalyna_gf.kernels[g].name, len, aads[a]);
                        sc_kgcm_start(&got, nonce), sc_kgcm_aad(&got, aad, aads[a]);
                        sc_kgcm_decrypt(&got, c2, c2, len), sc_kgcm_tag(&got, t2);
                        CHECK(memcmp(c2, pt, len) == 0 && memcmp(t1, t2, bs) == 0, "gcm decrypt %zu len %zu", bs, len);
                    }
            }
    }
}

/* CCM on every kernel against the portable one, lengths and AAD around the block. */
static void ccm_diff(void)
{
    static uint8_t key[64], nonce[64], aad[3 * 64 + 5], pt[MAXLEN], c1[MAXLEN], c2[MAXLEN], t1[64], t2[64];
    for (size_t v = 0; v < 5; v++) {
        const size_t bs = sizes[v][0], aads[] = {0, 1, bs - 5, bs - 4, bs - 3, bs, 2 * bs + 5};
        sc_kalyna_key ref, got;
        test_fill(key, 64, 50 + v), test_fill(nonce, 64, 60 + v), test_fill(aad, sizeof aad, 70 + v);
        test_fill(pt, sizeof pt, 80 + v);
        sc_kalyna_setkey_kernel(&ref, bs, key, sizes[v][1], "portable");
        for (size_t k = 1; k < kernel_count(); k++) {
            if (kernel_at(k) == NULL) continue;
            sc_kalyna_setkey_kernel(&got, bs, key, sizes[v][1], kernel_at(k));
            for (size_t len = 0; len <= 3 * bs + 3; len += len < (test_quick() ? 5 : bs + 2) ? 1 : test_quick() ? bs / 4 + 3 : bs - 1)
                for (size_t a = 0; a < 7; a++) {
                    sc_kccm(&ref, 4, 1, nonce, aad, aads[a], pt, c1, len, 16, t1);
                    memcpy(c2, pt, len);
                    sc_kccm(&got, 4, 1, nonce, aad, aads[a], c2, c2, len, 16, t2);
                    CHECK(memcmp(c1, c2, len) == 0 && memcmp(t1, t2, bs) == 0, "ccm %zu %s len %zu aad %zu", bs,
                          kernel_at(k), len, aads[a]);
                    sc_kccm(&got, 4, 0, nonce, aad, aads[a], c2, c2, len, 16, t2);
                    CHECK(memcmp(c2, pt, len) == 0 && memcmp(t1, t2, bs) == 0, "ccm decrypt %zu len %zu", bs, len);
                }
        }
    }
}

/* Per AEAD name: tampering, nonce and tag lengths, empty messages, streaming. */
static void api(void)
{
    for (size_t i = 0; sc_aead_name_at(i); i++) {
        const char *name = sc_aead_name_at(i);
        sc_aead_info info;
        sc_aead_ctx c;
        if (sc_aead_info_get(name, &info) != SC_OK || strcmp(info.algorithm, "kalyna") != 0) continue;
        const size_t bs = info.nonce_size, len = 2 * bs + 3;
        const int ccm = strstr(name, "-ccm") != NULL;
        uint8_t key[64], nonce[64], aad[40], pt[200], sealed[300], out[300];
        size_t n, m;
        test_fill(key, 64, i), test_fill(nonce, 64, i + 1), test_fill(aad, 40, i + 2), test_fill(pt, 200, i + 3);
        CHECK(sc_aead_init(&c, name, key, info.key_size, NULL) == SC_OK, "%s init", name);
        CHECK(info.tag_size == bs && info.min_nonce_size == bs && info.max_nonce_size == bs, "%s info", name);
        for (size_t t = 0; t <= 65; t++) {
            int want = ccm ? (t == 8 || t == 16 || t == 32 || t == 48 || t == 64) && t <= bs : t >= 8 && t <= bs;
            int rc = sc_aead_seal(&c, nonce, bs, aad, 9, pt, len, sealed, sizeof sealed, &n, t);
            CHECK(sc_aead_tag_size_ok(&info, t) == want && rc == (want ? SC_OK : SC_ETAGSIZE), "%s tag %zu: rc %d",
                  name, t, rc);
            if (want)
                CHECK(sc_aead_open(&c, nonce, bs, aad, 9, sealed, n, out, sizeof out, &m, t) == SC_OK && m == len &&
                          memcmp(out, pt, len) == 0,
                      "%s tag %zu open", name, t);
        }
        CHECK(sc_aead_seal(&c, nonce, bs - 1, aad, 9, pt, len, sealed, sizeof sealed, &n, bs) == SC_EIVSIZE &&
                  sc_aead_seal(&c, nonce, bs + 1, aad, 9, pt, len, sealed, sizeof sealed, &n, bs) == SC_EIVSIZE,
              "%s nonce lengths", name);
        /* tampering: tag, ciphertext, AAD */
        CHECK(sc_aead_seal(&c, nonce, bs, aad, 9, pt, len, sealed, sizeof sealed, &n, bs) == SC_OK, "%s seal", name);
        for (int what = 0; what < 3; what++) {
            uint8_t *p = what == 0 ? sealed + len : what == 1 ? sealed + 3 : aad + 4;
            *p ^= 0x10;
            memset(out, 0x5a, sizeof out);
            int rc = sc_aead_open(&c, nonce, bs, aad, 9, sealed, n, out, sizeof out, &m, bs);
            int zeroed = 1;
            for (size_t b = 0; b < len; b++) zeroed &= out[b] == 0;
            CHECK(rc == SC_EAUTH && m == 0 && zeroed, "%s tamper %d: rc %d", name, what, rc);
            *p ^= 0x10;
        }
        /* the empty message: GCM refuses it (its tag would be H), CCM takes it */
        int rc = sc_aead_seal(&c, nonce, bs, NULL, 0, NULL, 0, sealed, sizeof sealed, &n, bs);
        CHECK(rc == (ccm ? SC_OK : SC_ELENGTH), "%s empty message: rc %d", name, rc);
        rc = sc_aead_start(&c, 1, nonce, bs);
        CHECK(rc == (ccm ? SC_EINVAL : SC_OK), "%s streaming: rc %d", name, rc);
        if (!ccm) CHECK(sc_aead_encrypt_final(&c, sealed, bs) == SC_ELENGTH, "%s streamed empty message", name);
        sc_aead_wipe(&c);
    }
    /* GMAC: no nonce, no empty message */
    static const uint8_t key[32];
    uint8_t tag[32];
    sc_mac_ctx m;
    CHECK(sc_mac_init_nonce(&m, "kalyna-256-256-gmac", key, 32, key, 32, NULL) == SC_EIVSIZE, "GMAC refuses a nonce");
    CHECK(sc_mac_init(&m, "kalyna-256-256-gmac", key, 32) == SC_OK && sc_mac_final(&m, tag, 32) == SC_ELENGTH,
          "GMAC refuses the empty message");
    CHECK(sc_mac_init(&m, "kalyna-256-256-gmac", key, 32) == SC_OK && sc_mac_update(&m, key, 1) == SC_OK &&
              sc_mac_final(&m, tag, 7) == SC_ETAGSIZE && sc_mac_final(&m, tag, 33) == SC_ETAGSIZE &&
              sc_mac_final(&m, tag, 8) == SC_OK,
          "GMAC tag lengths 8..32");
    sc_mac_wipe(&m);
}

int main(void)
{
    int n = vectors();
    CHECK(n >= 15, "only %d vectors", n);
    printf("%d vectors\n", n);
    gf_kernels();
    gcm_diff();
    gcm_long();
    ccm_diff();
    api();
    return test_finish();
}
