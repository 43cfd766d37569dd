/* SPDX-License-Identifier: Apache-2.0 */
/* MGM (RFC 9058) and magma-mgm:
 *  - GF(2^64) / GF(2^128) products of the portable kernel against a plain
 *    shift-and-add reference, and every GF kernel's sums against it;
 *  - RFC 9058 Appendix A (tests/vectors/mgm_rfc9058.txt): Magma through the
 *    AEAD API on every Magma kernel and GF kernel, Kuznyechik through the
 *    generic MGM with a stand-in cipher answering the RFC's encryptions;
 *  - magma-mgm on every Magma kernel x GF kernel against portable/portable
 *    for data of 0..41 blocks and more, AAD lengths, streaming splits;
 *  - what is refused: tampered tag, AAD, ciphertext (SC_EAUTH, nothing
 *    released), a nonce with its top bit set (SC_EIVSIZE), tags of 3 and 9
 *    bytes, lengths past the RFC's limits; the S-box option. */
#include <simdcrypt/aead.h>
#include <simdcrypt/kernels.h>

#include "mgm/mgm.h"
#include "test_util.h"

/* --- GF reference: shift-and-add, branches and all (test only) ------------ */

static uint64_t ref_mul64(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int i = 63; i >= 0; i--) {
        int top = (int)(r >> 63);
        r <<= 1;
        if (top) r ^= 0x1B; /* x^64 = x^4 + x^3 + x + 1 */
        if (b >> i & 1) r ^= a;
    }
    return r;
}

static void ref_mul128(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t h = 0, l = 0;
    for (int i = 127; i >= 0; i--) {
        int top = (int)(h >> 63);
        h = h << 1 | l >> 63, l <<= 1;
        if (top) l ^= 0x87; /* x^128 = x^7 + x^2 + x + 1 */
        if ((i >= 64 ? b[0] >> (i - 64) : b[1] >> i) & 1) h ^= a[0], l ^= a[1];
    }
    r[0] = h, r[1] = l;
}

static void test_gf_products(void)
{
    uint64_t s = 7;
    long bad64 = 0, bad128 = 0;
    for (int i = 0; i < 3000; i++) {
        uint64_t a = test_rand(&s), b = test_rand(&s);
        if (i < 64) a = UINT64_C(1) << i, b = ~UINT64_C(0); /* every power of x */
        bad64 += sc_mgm_gf64_mul(a, b) != ref_mul64(a, b);
        uint64_t x[2] = {test_rand(&s), test_rand(&s)}, y[2] = {b, a}, r1[2], r2[2];
        sc_mgm_gf128_mul(r1, x, y);
        ref_mul128(r2, x, y);
        bad128 += r1[0] != r2[0] || r1[1] != r2[1];
    }
    CHECK(bad64 == 0, "GF(2^64): %ld of 3000 products differ from the reference", bad64);
    CHECK(bad128 == 0, "GF(2^128): %ld of 3000 products differ from the reference", bad128);
    /* x^63 * x = x^64 = x^4 + x^3 + x + 1; x^127 * x = 0x87 */
    CHECK(sc_mgm_gf64_mul(UINT64_C(1) << 63, 2) == 0x1B, "x^64 mod P64");
    uint64_t r[2], x127[2] = {UINT64_C(1) << 63, 0}, two[2] = {0, 2};
    sc_mgm_gf128_mul(r, x127, two);
    CHECK(r[0] == 0 && r[1] == 0x87, "x^128 mod P128");
}

/* Every GF kernel's sums (any batch length, a running accumulator) against
 * the reference products. */
static void test_gf_kernels(void)
{
    static uint8_t h[48 * 16], x[48 * 16];
    test_fill(h, sizeof h, 11), test_fill(x, sizeof x, 12);
    sc_kernel_info info;
    for (size_t k = 0; sc_kernel_get("mgm", k, &info) == SC_OK; k++) {
        int st;
        const sc_kernel *kern = sc_find_kernel(&sc_alg_mgm, info.name, &st);
        if (kern == NULL) {
            printf("mgm kernel %s: not runnable here\n", info.name);
            continue;
        }
        const sc_mgm_gf_ops *gf = kern->impl.ops;
        long bad = 0;
        for (size_t n = 1; n <= 48; n++) {
            uint64_t acc = n * 0x0123456789abcdefu, want = acc;
            for (size_t i = 0; i < n; i++) want ^= ref_mul64(sc_mgm_load64(h + 8 * i), sc_mgm_load64(x + 8 * i));
            gf->sum64(&acc, h, x, n);
            bad += acc != want;
            uint64_t a2[2] = {n, ~n}, w2[2] = {n, ~n};
            for (size_t i = 0; i < n; i++) {
                uint64_t p[2], hh[2] = {sc_mgm_load64(h + 16 * i), sc_mgm_load64(h + 16 * i + 8)},
                               xx[2] = {sc_mgm_load64(x + 16 * i), sc_mgm_load64(x + 16 * i + 8)};
                ref_mul128(p, hh, xx);
                w2[0] ^= p[0], w2[1] ^= p[1];
            }
            gf->sum128(a2, h, x, n);
            bad += a2[0] != w2[0] || a2[1] != w2[1];
        }
        CHECK(bad == 0, "mgm kernel %s: %ld sums of 1..48 blocks differ from the reference", info.name, bad);
        const char *detail = NULL;
        CHECK(sc_mgm_selftest_kernel(kern, &detail) == SC_OK, "mgm kernel %s self test: %s", info.name,
              detail ? detail : "");
    }
}

/* --- RFC 9058 Appendix A ---------------------------------------------------- */

enum { MAXV = 160, MAXB = 20 };
typedef struct rfc_vector {
    char cipher[16];
    uint8_t key[32], icn[16], aad[MAXV], pt[MAXV], ct[MAXV], tag[16], sum[16];
    uint8_t y[MAXB][16], ks[MAXB][16], z[MAXB][16], h[MAXB][16];
    size_t bs, aad_len, pt_len, ny, nz;
} rfc_vector;

static size_t field(const char *text, uint8_t *out, size_t cap)
{
    if (strcmp(text, "-") == 0) return 0;
    long n = test_unhex(text, out, cap);
    CHECK(n >= 0, "bad hex in the vector file: %.20s", text);
    return n < 0 ? 0 : (size_t)n;
}

/* A list of blocks: "v1 v2 ..." (each bs bytes). */
static size_t blocks(char *text, uint8_t out[MAXB][16])
{
    size_t n = 0;
    for (char *save = NULL, *w = strtok_r(text, " ", &save); w && n < MAXB; w = strtok_r(NULL, " ", &save))
        if (field(w, out[n], 16)) n++;
    return n;
}

static size_t read_vectors(rfc_vector *v, size_t cap)
{
    char *data = test_read_file(SC_VECTORS_DIR "/mgm_rfc9058.txt", NULL);
    CHECK(data != NULL, "cannot read mgm_rfc9058.txt");
    if (data == NULL) return 0;
    size_t n = 0;
    rfc_vector *c = NULL;
    for (char *save = NULL, *line = strtok_r(data, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *val = strchr(line, ' ');
        if (line[0] == '#' || val == NULL) continue;
        *val++ = '\0';
        if (!strcmp(line, "cipher") && n < cap) {
            c = &v[n++];
            memset(c, 0, sizeof *c);
            snprintf(c->cipher, sizeof c->cipher, "%s", val);
        } else if (c == NULL) continue;
        else if (!strcmp(line, "key")) field(val, c->key, 32);
        else if (!strcmp(line, "icn")) c->bs = field(val, c->icn, 16);
        else if (!strcmp(line, "aad")) c->aad_len = field(val, c->aad, MAXV);
        else if (!strcmp(line, "plaintext")) c->pt_len = field(val, c->pt, MAXV);
        else if (!strcmp(line, "ciphertext")) field(val, c->ct, MAXV);
        else if (!strcmp(line, "tag")) field(val, c->tag, 16);
        else if (!strcmp(line, "final_sum")) field(val, c->sum, 16);
        else if (!strcmp(line, "y")) c->ny = blocks(val, c->y);
        else if (!strcmp(line, "keystream")) blocks(val, c->ks);
        else if (!strcmp(line, "z")) c->nz = blocks(val, c->z);
        else if (!strcmp(line, "h")) blocks(val, c->h);
    }
    free(data);
    return n;
}

/* The stand-in cipher: E of exactly the blocks the RFC lists, and a count of
 * any other block asked for (only E(0 || ICN) of a message without data may
 * be unknown: MGM computes Y_1 at the start). */
static const rfc_vector *table;
static long table_misses;

static int table_lookup(const uint8_t *in, uint8_t *out)
{
    const rfc_vector *v = table;
    const size_t bs = v->bs;
    uint8_t n0[16], n1[16];
    memcpy(n0, v->icn, bs), memcpy(n1, v->icn, bs);
    n0[0] &= 0x7f, n1[0] |= 0x80;
    if (!memcmp(in, n0, bs)) return v->ny ? (memcpy(out, v->y[0], bs), 1) : (memset(out, 0, bs), 1);
    if (!memcmp(in, n1, bs)) return memcpy(out, v->z[0], bs), 1;
    for (size_t i = 0; i < v->ny; i++)
        if (!memcmp(in, v->y[i], bs)) return memcpy(out, v->ks[i], bs), 1;
    for (size_t i = 0; i < v->nz; i++)
        if (!memcmp(in, v->z[i], bs)) return memcpy(out, v->h[i], bs), 1;
    if (!memcmp(in, v->sum, bs)) return memcpy(out, v->tag, bs), 1;
    return 0;
}

static void table_ecb(const void *key, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    (void)key;
    uint8_t b[16];
    for (size_t i = 0; i < nblocks; i++) {
        const size_t bs = table->bs;
        if (!table_lookup(in + i * bs, b)) table_misses++, memset(b, 0, bs);
        memcpy(out + i * bs, b, bs);
    }
}

/* The generic MGM on the stand-in cipher with GF kernel gf, the AAD and
 * data each split at `split` bytes. */
static void table_run(const rfc_vector *v, const sc_mgm_gf_ops *gf, size_t split, int encrypt, uint8_t *out,
                      uint8_t tag[16])
{
    const sc_mgm_cipher c = {v->bs, table_ecb};
    sc_mgm m;
    const uint8_t *in = encrypt ? v->pt : v->ct;
    size_t sa = split < v->aad_len ? split : v->aad_len, sd = split < v->pt_len ? split : v->pt_len;
    table = v, table_misses = 0;
    sc_mgm_start(&m, gf, &c, NULL, v->icn);
    sc_mgm_aad(&m, &c, NULL, v->aad, sa);
    sc_mgm_aad(&m, &c, NULL, v->aad + sa, v->aad_len - sa);
    (encrypt ? sc_mgm_encrypt : sc_mgm_decrypt)(&m, &c, NULL, in, out, sd);
    (encrypt ? sc_mgm_encrypt : sc_mgm_decrypt)(&m, &c, NULL, in + sd, out + sd, v->pt_len - sd);
    sc_mgm_tag(&m, &c, NULL, tag);
}

static void test_rfc_table(const rfc_vector *v, const char *kernel, const sc_mgm_gf_ops *gf)
{
    static const size_t splits[] = {0, 1, 5, 15, 16, 17, 33, 200};
    for (size_t s = 0; s < SC_COUNT_OF(splits); s++) {
        uint8_t out[MAXV], tag[16];
        table_run(v, gf, splits[s], 1, out, tag);
        CHECK(table_misses == 0 && !memcmp(out, v->ct, v->pt_len) && !memcmp(tag, v->tag, v->bs),
              "RFC 9058 %s (%zu-byte AAD) on mgm:%s, split %zu: %ld unknown blocks, ct %s, tag %s", v->cipher,
              v->aad_len, kernel, splits[s], table_misses, memcmp(out, v->ct, v->pt_len) ? "wrong" : "ok",
              memcmp(tag, v->tag, v->bs) ? "wrong" : "ok");
        table_run(v, gf, splits[s], 0, out, tag);
        CHECK(!memcmp(out, v->pt, v->pt_len) && !memcmp(tag, v->tag, v->bs), "RFC 9058 %s decryption on mgm:%s",
              v->cipher, kernel);
    }
}

/* magma-mgm through the AEAD API with opts.kernel = the Magma kernel. */
static int seal(const char *kernel, const uint8_t *key, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                const uint8_t *in, size_t len, uint8_t *out, size_t tag_len, size_t split)
{
    sc_aead_ctx c;
    sc_cipher_opts o = {.kernel = kernel};
    size_t n;
    int rc = sc_aead_init(&c, "magma-mgm", key, 32, &o);
    if (split == SIZE_MAX) { /* one-shot */
        if (rc == SC_OK) rc = sc_aead_seal(&c, nonce, 8, aad, aad_len, in, len, out, len + tag_len, &n, tag_len);
    } else {
        size_t sa = split < aad_len ? split : aad_len, sd = split < len ? split : len;
        if (rc == SC_OK) rc = sc_aead_start(&c, 1, nonce, 8);
        if (rc == SC_OK) rc = sc_aead_update_aad(&c, aad, sa);
        if (rc == SC_OK) rc = sc_aead_update_aad(&c, aad + sa, aad_len - sa);
        if (rc == SC_OK) rc = sc_aead_encrypt_update(&c, in, sd, out, sd, &n);
        if (rc == SC_OK) rc = sc_aead_encrypt_update(&c, in + sd, len - sd, out + sd, len - sd, &n);
        if (rc == SC_OK) rc = sc_aead_encrypt_final(&c, out + len, tag_len);
    }
    sc_aead_wipe(&c);
    return rc;
}

static int open_msg(const char *kernel, const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
                    size_t aad_len, const uint8_t *in, size_t in_len, uint8_t *out, size_t *out_len, size_t tag_len)
{
    sc_aead_ctx c;
    sc_cipher_opts o = {.kernel = kernel};
    int rc = sc_aead_init(&c, "magma-mgm", key, 32, &o);
    if (rc == SC_OK) rc = sc_aead_open(&c, nonce, 8, aad, aad_len, in, in_len, out, in_len, out_len, tag_len);
    sc_aead_wipe(&c);
    return rc;
}

/* The kernels of `alg` this CPU runs (GF kernels are forced in turn with
 * sc_kernel_force: SIMDCRYPT_KERNEL's path). */
static size_t runnable_kernels(const char *alg, const char *names[8])
{
    size_t n = 0;
    sc_kernel_info info;
    for (size_t k = 0; sc_kernel_get(alg, k, &info) == SC_OK && n < 8; k++)
        if (info.runnable) names[n++] = info.name;
    return n;
}

static void test_rfc_magma(const rfc_vector *v)
{
    const char *gk[8], *mk[8];
    size_t ng = runnable_kernels("mgm", gk), nm = runnable_kernels("magma", mk);
    for (size_t g = 0; g < ng; g++) {
        CHECK(sc_kernel_force("mgm", gk[g]) == SC_OK, "force mgm:%s", gk[g]);
        for (size_t m = 0; m < nm; m++)
            for (size_t split = 0; split <= v->pt_len + 1; split += split < 20 ? 1 : 9) {
                uint8_t out[MAXV + 8], back[MAXV + 8];
                size_t n = 0;
                int rc = seal(mk[m], v->key, v->icn, v->aad, v->aad_len, v->pt, v->pt_len, out, 8,
                              split > v->pt_len ? SIZE_MAX : split);
                CHECK(rc == SC_OK && !memcmp(out, v->ct, v->pt_len) && !memcmp(out + v->pt_len, v->tag, 8),
                      "RFC 9058 magma (%zu-byte data) on magma:%s mgm:%s split %zu", v->pt_len, mk[m], gk[g], split);
                rc = open_msg(mk[m], v->key, v->icn, v->aad, v->aad_len, out, v->pt_len + 8, back, &n, 8);
                CHECK(rc == SC_OK && n == v->pt_len && !memcmp(back, v->pt, n), "RFC 9058 magma open on %s/%s",
                      mk[m], gk[g]);
            }
    }
    sc_kernel_force("mgm", NULL);
}

/* --- every kernel pair against portable/portable ----------------------------- */

static void test_diff(void)
{
    enum { LEN = 8 * 45 + 7 };
    static uint8_t in[LEN], aad[300], ref[LEN + 8], got[LEN + 8], back[LEN + 8];
    uint8_t key[32], nonce[8];
    test_fill(in, sizeof in, 21), test_fill(aad, sizeof aad, 22), test_fill(key, 32, 23), test_fill(nonce, 8, 24);
    nonce[0] &= 0x7f;
    const char *gk[8], *mk[8];
    size_t ng = runnable_kernels("mgm", gk), nm = runnable_kernels("magma", mk);
    static const size_t aad_lens[] = {0, 1, 7, 8, 9, 64, 255, 300};
    long cases = 0, bad = 0;
    for (size_t a = 0; a < SC_COUNT_OF(aad_lens); a++)
        for (size_t len = 0; len <= LEN; len += len < 8 * 41 ? 1 + len % 3 : 13) {
            size_t al = aad_lens[a];
            if (a % 2 && len % 5) continue; /* fewer data lengths on some AAD lengths: seconds, not minutes */
            sc_kernel_force("mgm", "portable");
            seal("portable", key, nonce, aad, al, in, len, ref, 8, SIZE_MAX);
            for (size_t g = 0; g < ng; g++) {
                sc_kernel_force("mgm", gk[g]);
                for (size_t m = 0; m < nm; m++) {
                    size_t split = (len * 7 + al + m) % (len + al + 1), n = 0;
                    int rc = seal(mk[m], key, nonce, aad, al, in, len, got, 8, (len + g + m) % 3 ? split : SIZE_MAX);
                    int rc2 = open_msg(mk[m], key, nonce, aad, al, got, len + 8, back, &n, 8);
                    cases++;
                    if (rc != SC_OK || memcmp(ref, got, len + 8) || rc2 != SC_OK || n != len || memcmp(back, in, len)) {
                        if (bad++ < 5) printf("differs: magma:%s mgm:%s aad %zu data %zu split %zu\n", mk[m], gk[g], al, len, split);
                    }
                }
            }
        }
    sc_kernel_force("mgm", NULL);
    printf("kernel pairs against portable: %ld messages (%zu Magma x %zu GF kernels)\n", cases, nm, ng);
    CHECK(bad == 0 && cases > 500, "%ld of %ld messages differ from portable", bad, cases);
}

/* --- what is refused ---------------------------------------------------------- */

static void test_refusals(const rfc_vector *v)
{
    uint8_t sealed[MAXV + 8], out[MAXV + 8], aad[MAXV];
    size_t n = 99, len = v->pt_len;
    CHECK(seal(NULL, v->key, v->icn, v->aad, v->aad_len, v->pt, len, sealed, 8, SIZE_MAX) == SC_OK, "seal");
    /* tampering: tag, ciphertext, AAD -> SC_EAUTH, nothing released */
    for (int what = 0; what < 3; what++) {
        uint8_t msg[MAXV + 8];
        memcpy(msg, sealed, len + 8), memcpy(aad, v->aad, v->aad_len);
        if (what == 0) msg[len + 7] ^= 0x80;
        if (what == 1) msg[len / 2] ^= 1;
        if (what == 2) aad[v->aad_len - 1] ^= 4;
        memset(out, 0x55, sizeof out);
        int rc = open_msg(NULL, v->key, v->icn, aad, v->aad_len, msg, len + 8, out, &n, 8);
        uint8_t any = 0;
        for (size_t i = 0; i < len; i++) any |= out[i];
        CHECK(rc == SC_EAUTH && n == 0 && any == 0, "tampered %s: rc %d, %zu bytes out", what == 0 ? "tag" : what == 1 ? "ciphertext" : "AAD", rc, n);
    }
    /* truncated tags: 4..8 bytes are the leading bytes of the full tag; 3 and 9 refused */
    for (size_t t = 2; t <= 10; t++) {
        uint8_t s2[MAXV + 16];
        int rc = seal(NULL, v->key, v->icn, v->aad, v->aad_len, v->pt, len, s2, t, SIZE_MAX);
        int rc2 = seal(NULL, v->key, v->icn, v->aad, v->aad_len, v->pt, len, s2, t, 3);
        if (t >= 4 && t <= 8) {
            CHECK(rc == SC_OK && rc2 == SC_OK && !memcmp(s2 + len, v->tag, t), "%zu-byte tag", t);
            CHECK(open_msg(NULL, v->key, v->icn, v->aad, v->aad_len, s2, len + t, out, &n, t) == SC_OK, "open %zu-byte tag", t);
        } else {
            CHECK(rc == SC_ETAGSIZE && rc2 == SC_ETAGSIZE, "%zu-byte tag refused (%d, %d)", t, rc, rc2);
        }
    }
    sc_aead_info info;
    /* the 128-bit instance's values (Kuznyechik-MGM to come): 4..16-byte tags, 2^61 - 1 bytes */
    CHECK(SC_MGM_TAG_SIZES(16) == 0xfff8 && SC_MGM_MAX_BYTES(16) == (UINT64_C(1) << 61) - 1, "MGM-128 limits");
    CHECK(sc_aead_info_get("magma-mgm", &info) == SC_OK && info.tag_size == 8 && info.tag_sizes == 0xf8 &&
              info.nonce_size == 8 && info.key_size == 32 && info.max_plaintext == (UINT64_C(1) << 29) - 1 &&
              info.max_aad == info.max_plaintext && !strcmp(info.algorithm, "magma"),
          "magma-mgm info");
    /* a nonce with its top bit set: refused before anything is written */
    uint8_t bad_nonce[8];
    memcpy(bad_nonce, v->icn, 8);
    bad_nonce[0] |= 0x80;
    sc_aead_ctx c;
    CHECK(sc_aead_init(&c, "magma-mgm", v->key, 32, NULL) == SC_OK, "init");
    CHECK(sc_aead_start(&c, 1, bad_nonce, 8) == SC_EIVSIZE, "start: top bit set refused");
    CHECK(sc_aead_update_aad(&c, v->aad, 1) == SC_ESTATE, "no message open after the refused nonce");
    CHECK(sc_aead_start(&c, 1, v->icn, 7) == SC_EIVSIZE && sc_aead_start(&c, 1, v->icn, 9) == SC_EIVSIZE, "7 and 9 bytes");
    memset(out, 0x55, sizeof out);
    CHECK(sc_aead_seal(&c, bad_nonce, 8, NULL, 0, v->pt, len, out, sizeof out, &n, 8) == SC_EIVSIZE && n == 0 &&
              out[0] == 0x55 && out[len + 7] == 0x55,
          "seal: top bit set refused, nothing written");
    CHECK(sc_aead_open(&c, bad_nonce, 8, v->aad, v->aad_len, sealed, len + 8, out, sizeof out, &n, 8) == SC_EIVSIZE &&
              out[0] == 0x55,
          "open: top bit set refused, nothing written");
    /* the RFC's limits: len(A), len(C) < 2^32 bits (refused before any byte is read) */
    CHECK(sc_aead_start(&c, 1, v->icn, 8) == SC_OK, "start");
    CHECK(sc_aead_update_aad(&c, v->aad, (size_t)1 << 29) == SC_ELENGTH, "AAD of 2^29 bytes refused");
    CHECK(sc_aead_seal(&c, v->icn, 8, v->aad, (size_t)1 << 29, v->pt, 0, out, sizeof out, &n, 8) == SC_ELENGTH,
          "seal: AAD of 2^29 bytes refused");
    CHECK(sc_aead_seal(&c, v->icn, 8, NULL, 0, v->pt, (size_t)1 << 29, out, ((size_t)1 << 29) + 8, &n, 8) ==
              SC_ELENGTH,
          "seal: 2^29 bytes of data refused");
    sc_aead_wipe(&c);
    /* the S-box option: param-Z by default, any other changes the result */
    uint8_t a[MAXV + 8], b[MAXV + 8];
    sc_cipher_opts z = {.sbox = "param-z"}, cp = {.sbox = "cryptopro-a"}, bad = {.sbox = "nope"};
    size_t na = 0, nb = 0;
    CHECK(sc_aead_init(&c, "magma-mgm", v->key, 32, &z) == SC_OK &&
              sc_aead_seal(&c, v->icn, 8, v->aad, v->aad_len, v->pt, len, a, sizeof a, &na, 8) == SC_OK &&
              !memcmp(a, sealed, len + 8),
          "sbox param-z is the default");
    CHECK(sc_aead_init(&c, "magma-mgm", v->key, 32, &cp) == SC_OK &&
              sc_aead_seal(&c, v->icn, 8, v->aad, v->aad_len, v->pt, len, b, sizeof b, &nb, 8) == SC_OK &&
              memcmp(b, sealed, len + 8) != 0,
          "sbox cryptopro-a changes the result");
    CHECK(sc_aead_init(&c, "magma-mgm", v->key, 32, &bad) == SC_EINVAL, "unknown sbox refused");
    CHECK(sc_aead_init(&c, "magma-mgm", v->key, 31, NULL) == SC_EKEYSIZE, "31-byte key refused");
    sc_aead_wipe(&c);
}

int main(void)
{
    test_gf_products();
    test_gf_kernels();
    static rfc_vector v[8];
    size_t nv = read_vectors(v, 8), magma = 0, kuz = 0;
    const char *gk[8];
    size_t ng = runnable_kernels("mgm", gk);
    for (size_t i = 0; i < nv; i++) {
        if (!strcmp(v[i].cipher, "magma")) {
            test_rfc_magma(&v[i]);
            if (magma++ == 0) test_refusals(&v[i]);
        }
        for (size_t g = 0; g < ng; g++) { /* both widths through the stand-in cipher */
            int st;
            const sc_kernel *k = sc_find_kernel(&sc_alg_mgm, gk[g], &st);
            if (k) test_rfc_table(&v[i], gk[g], k->impl.ops);
        }
        kuz += !strcmp(v[i].cipher, "kuznyechik");
    }
    CHECK(magma == 2 && kuz == 2, "RFC 9058 A: %zu Magma and %zu Kuznyechik examples read", magma, kuz);
    test_diff();
    return test_finish();
}
