/* SPDX-License-Identifier: Apache-2.0 */
/* AES and ChaCha20 standard suites on every kernel of the family this CPU
 * runs, through the public API (opts.kernel names the kernel); the files
 * come from tools/vectors/convert_aes_vectors.py and convert_chacha_vectors.py
 * (sources and licences in their headers):
 *   tests/vectors/chacha_wycheproof_poly1305.txt, xchacha_wycheproof_poly1305.txt
 *       Wycheproof (X)ChaCha20-Poly1305, as the GCM records below (invalid
 *       nonce sizes: SC_EIVSIZE);
 *   tests/vectors/chacha_wycheproof_counter.txt  Wycheproof counter
 *       boundaries of ChaCha20 (32-bit counter) and XChaCha20 (64-bit):
 *       valid -> the exact ciphertext, invalid -> SC_ELENGTH, nothing written;
 *   tests/vectors/aes_cavp_cbc.txt        NIST AESAVS: every CBC KAT/MMT case
 *       (sc_cipher_crypt both ways, and ECB on the same blocks: CBC computes
 *       C_j = E(P_j ^ C_{j-1}), so ECB of the blocks P_j ^ C_{j-1}, C_{-1} =
 *       IV, must give exactly the CBC ciphertext) and the Monte Carlo test
 *       (AESAVS 6.4.2, 1000 chained blocks per outer iteration through one
 *       streaming context, checking the next iteration's key, IV and input
 *       derived from this one);
 *   tests/vectors/aes_cavp_gcm.txt        NIST GCMVS (every parameter set);
 *   tests/vectors/aes_wycheproof_gcm.txt  Wycheproof AES-GCM (every test).
 * GCM: valid -> seal gives ciphertext || tag, open gives the plaintext, both
 * again streamed in 3 random pieces (AAD and data); invalid -> open fails
 * with SC_EAUTH and a zeroed output, unless the parameters are ones SP
 * 800-38D excludes (empty IV, a tag length outside {4, 8, 12..16} bytes):
 * then the API must refuse them (SC_EIVSIZE / SC_ETAGSIZE), seal included;
 * acceptable -> either. Records without plaintext are GMAC vectors too
 * (aes-*-gmac: the tag, and sc_mac_verify's verdict). Counts per file and
 * kernel, and which invalid cases were refused by parameters, are printed.
 * The family descriptor's known answers (SP 800-38A, the GCM spec's test
 * cases) run on every kernel in `simdcrypt selftest` (test cli_selftest).
 * SC_TEST_QUICK=1 (set for the qemu runs): the Monte Carlo test runs its
 * first 10 outer iterations per key size and direction, not all 100. */
#include <simdcrypt/aead.h>
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>
#include <time.h>

#include "test_util.h"

enum { MAX_KERNELS = 16, MAX_FIELDS = 10, BUF = 4096, MCT_INNER = 1000, MCT_QUICK_OUTER = 10 };

static const char *kernels[MAX_KERNELS]; /* the runnable kernels of the family under test */
static size_t nkernels;
static int quick;

static void use_kernels(const char *alg)
{
    nkernels = 0;
    for (size_t i = 0; i < sc_kernel_count(alg) && nkernels < MAX_KERNELS; i++) {
        sc_kernel_info ki;
        if (sc_kernel_get(alg, i, &ki) != SC_OK) continue;
        if (test_kernel_selected(ki.runnable, ki.name)) kernels[nkernels++] = ki.name;
        else printf("skip kernel %s (not runnable here)\n", ki.name);
    }
    printf("%s kernels: %zu runnable, dispatched: %s\n", alg, nkernels, sc_kernel_active(alg));
    CHECK(nkernels > 0, "no runnable %s kernel", alg);
}

/* --- vector files: whole file in memory, fields split and hex decoded in place */

typedef struct field {
    char *text;     /* the token as written ("-" = empty) */
    uint8_t *bytes; /* its hex decoded (in place over the text; valid for hex fields) */
    size_t len;
} field;

typedef struct record {
    int line;
    int nfields;
    int ok; /* the fields its type needs, hex decoded */
    field f[MAX_FIELDS];
    char *rest; /* text after the last field (comment), "" if none */
} record;

typedef struct vecfile {
    const char *name;
    char *data;
    record *recs;
    size_t n;
} vecfile;

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Decode f->text as hex into its own storage; 0 if it is not hex. */
static int unhex_field(field *f)
{
    f->bytes = (uint8_t *)f->text;
    if (!strcmp(f->text, "-")) return f->len = 0, 1;
    size_t n = strlen(f->text);
    if (n % 2) return 0;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(f->text[2 * i]), lo = hexval(f->text[2 * i + 1]);
        if (hi < 0 || lo < 0) return 0;
        f->bytes[i] = (uint8_t)(hi << 4 | lo);
    }
    f->len = n / 2;
    return 1;
}

/* Split every non-comment line into at most nfields space-separated tokens
 * (the rest of the line is the comment). */
static int load(vecfile *vf, const char *name, int nfields)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SC_VECTORS_DIR, name);
    vf->name = name;
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL, "cannot open %s", path);
    if (f == NULL) return 0;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    vf->data = malloc((size_t)size + 1);
    size_t got = fread(vf->data, 1, (size_t)size, f);
    fclose(f);
    vf->data[got] = '\0';
    size_t lines = 1;
    for (char *p = vf->data; *p; p++) lines += *p == '\n';
    vf->recs = calloc(lines, sizeof *vf->recs);
    vf->n = 0;
    int lineno = 0;
    for (char *p = vf->data; *p;) {
        char *end = strchr(p, '\n');
        if (end) *end = '\0';
        lineno++;
        if (*p && *p != '#') {
            record *r = &vf->recs[vf->n++];
            r->line = lineno;
            char *q = p;
            while (r->nfields < nfields) {
                while (*q == ' ') q++;
                if (!*q) break;
                r->f[r->nfields++].text = q;
                while (*q && *q != ' ') q++;
                if (*q) *q++ = '\0';
            }
            while (*q == ' ') q++;
            r->rest = q;
        }
        if (!end) break;
        p = end + 1;
    }
    return 1;
}

/* Records of one type (NULL: every record) have nfields fields, of which
 * [hex_from, hex_to) are hex: decode those and mark the records usable. */
static void decode(vecfile *vf, const char *type, int nfields, int hex_from, int hex_to)
{
    for (size_t i = 0; i < vf->n; i++) {
        record *r = &vf->recs[i];
        if (type && strcmp(r->f[0].text, type)) continue;
        r->ok = r->nfields == nfields;
        CHECK(r->ok, "%s line %d: %d fields, want %d", vf->name, r->line, r->nfields, nfields);
        for (int k = hex_from; k < hex_to && r->ok; k++) {
            r->ok = unhex_field(&r->f[k]);
            CHECK(r->ok, "%s line %d field %d not hex", vf->name, r->line, k + 1);
        }
    }
}

static int same(const uint8_t *a, const uint8_t *b, size_t n) { return n == 0 || memcmp(a, b, n) == 0; }

static int all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i = 0;
    while (i < n && p[i] == v) i++;
    return i == n;
}

/* --- CBC / ECB ------------------------------------------------------------ */

/* kat <cipher> <key> <iv> <plaintext> <ciphertext> <source> */
static void cbc_kat(const record *r, const char *kernel)
{
    const char *cipher = r->f[1].text, *src = r->f[6].text;
    const field *key = &r->f[2], *iv = &r->f[3], *pt = &r->f[4], *ct = &r->f[5];
    sc_cipher_opts opts = {.kernel = kernel};
    uint8_t out[BUF], x[BUF];
    size_t n = 0, len = pt->len;
    int usable = len == ct->len && len % 16 == 0 && len > 0 && len <= BUF && iv->len == 16;
    CHECK(usable, "line %d: bad record", r->line);
    if (!usable) return;
    int rc = sc_cipher_crypt(cipher, 1, key->bytes, key->len, iv->bytes, 16, pt->bytes, len, out, BUF, &n, &opts);
    CHECK(rc == SC_OK && n == len && same(out, ct->bytes, len), "%s %s %s encrypt rc %d", src, cipher, kernel, rc);
    rc = sc_cipher_crypt(cipher, 0, key->bytes, key->len, iv->bytes, 16, ct->bytes, len, out, BUF, &n, &opts);
    CHECK(rc == SC_OK && n == len && same(out, pt->bytes, len), "%s %s %s decrypt rc %d", src, cipher, kernel, rc);
    /* ECB over X_j = P_j ^ C_{j-1} (C_{-1} = IV) is the CBC computation. */
    char ecb[32];
    snprintf(ecb, sizeof ecb, "%.*secb", (int)(strlen(cipher) - 3), cipher);
    for (size_t i = 0; i < len; i++) x[i] = pt->bytes[i] ^ (i < 16 ? iv->bytes[i] : ct->bytes[i - 16]);
    rc = sc_cipher_crypt(ecb, 1, key->bytes, key->len, NULL, 0, x, len, out, BUF, &n, &opts);
    CHECK(rc == SC_OK && n == len && same(out, ct->bytes, len), "%s %s %s encrypt rc %d", src, ecb, kernel, rc);
    rc = sc_cipher_crypt(ecb, 0, key->bytes, key->len, NULL, 0, ct->bytes, len, out, BUF, &n, &opts);
    CHECK(rc == SC_OK && n == len && same(out, x, len), "%s %s %s decrypt rc %d", src, ecb, kernel, rc);
}

/* What one outer Monte Carlo iteration hands to the next (AESAVS 6.4.2). */
typedef struct mct_next {
    char cipher[16], direction[8];
    uint8_t key[32], iv[16], in[16];
    int set;
} mct_next;

/* mct <cipher> <encrypt|decrypt> <key> <iv> <input> <output> <source>
 * Encryption: CT[j] = CBC(PT[j]) with the chain carried by the context,
 * PT[j+1] = IV for j = 0, else CT[j-1]. Decryption is the same with the
 * roles of PT and CT exchanged. */
static void cbc_mct(const record *r, const char *kernel, mct_next *next)
{
    const char *cipher = r->f[1].text, *dir = r->f[2].text, *src = r->f[7].text;
    const field *key = &r->f[3], *iv = &r->f[4], *in = &r->f[5], *want = &r->f[6];
    int encrypt = !strcmp(dir, "encrypt");
    int usable = iv->len == 16 && in->len == 16 && want->len == 16 && key->len <= 32;
    CHECK(usable, "line %d: bad record", r->line);
    if (!usable) return;
    /* The previous iteration derived this one's key, IV and input. */
    if (next->set && !strcmp(next->cipher, cipher) && !strcmp(next->direction, dir))
        CHECK(same(next->key, key->bytes, key->len) && same(next->iv, iv->bytes, 16) && same(next->in, in->bytes, 16),
              "%s %s %s: key/IV/input not those the previous iteration derives", src, cipher, kernel);
    sc_cipher_opts opts = {.kernel = kernel};
    sc_cipher_ctx c;
    int rc = sc_cipher_init_ex(&c, cipher, encrypt, key->bytes, key->len, iv->bytes, 16, &opts);
    uint8_t blk[16], out[16], prev[16] = {0};
    memcpy(blk, in->bytes, 16);
    for (int j = 0; j < MCT_INNER && rc == SC_OK; j++) {
        size_t n;
        rc = sc_cipher_update(&c, blk, 16, out, 16, &n);
        if (rc == SC_OK && n != 16) rc = SC_ELENGTH;
        memcpy(blk, j == 0 ? iv->bytes : prev, 16); /* the next input */
        memcpy(prev, out, 16);
    }
    sc_cipher_wipe(&c);
    CHECK(rc == SC_OK && same(out, want->bytes, 16), "%s %s %s mct %s rc %d", src, cipher, kernel, dir, rc);
    /* Key[i+1] = Key[i] ^ the last key-length bytes of (out[998] || out[999]);
     * IV[i+1] = out[999]; input = out[998] (blk holds it now). */
    uint8_t tail[32];
    memcpy(tail, blk, 16), memcpy(tail + 16, out, 16);
    for (size_t i = 0; i < key->len; i++) next->key[i] = key->bytes[i] ^ tail[32 - key->len + i];
    memcpy(next->iv, out, 16), memcpy(next->in, blk, 16);
    snprintf(next->cipher, sizeof next->cipher, "%s", cipher);
    snprintf(next->direction, sizeof next->direction, "%s", dir);
    next->set = 1;
}

static void run_cbc(const vecfile *vf)
{
    for (size_t k = 0; k < nkernels; k++) {
        clock_t t0 = clock();
        mct_next next = {.set = 0};
        long kat = 0, mct = 0, outer = 0;
        char group[40] = "";
        for (size_t i = 0; i < vf->n; i++) {
            const record *r = &vf->recs[i];
            CHECK(r->ok, "%s line %d: unknown or malformed record", vf->name, r->line);
            if (!r->ok) continue;
            if (!strcmp(r->f[0].text, "kat")) {
                cbc_kat(r, kernels[k]), kat++;
                continue;
            }
            /* outer: the index of this record within its cipher and direction */
            char this_group[40];
            snprintf(this_group, sizeof this_group, "%s %s", r->f[1].text, r->f[2].text);
            outer = strcmp(this_group, group) ? 0 : outer + 1;
            memcpy(group, this_group, sizeof group);
            if (quick && outer >= MCT_QUICK_OUTER) continue;
            cbc_mct(r, kernels[k], &next), mct++;
        }
        printf("%s on %s: %ld kat records (CBC and ECB, both ways), %ld mct iterations of %d blocks (%.2f s)\n",
               vf->name, kernels[k], kat, mct, MCT_INNER, (double)(clock() - t0) / CLOCKS_PER_SEC);
        CHECK(kat > 1000 && mct >= (quick ? 60 : 600), "%s: only %ld kat, %ld mct", vf->name, kat, mct);
    }
}

/* --- GCM ------------------------------------------------------------------ */

/* The tag lengths SP 800-38D section 5.2.1.2 allows: 128, 120, 112, 104, 96
 * bits, and 64 and 32 for some applications (its appendix C). */
static int sp800_38d_tag(size_t bytes) { return bytes == 4 || bytes == 8 || (bytes >= 12 && bytes <= 16); }

/* Counts of one file on one kernel; labels: which cases were refused how. */
typedef struct tally {
    long valid, invalid, acceptable, by_tag, by_params, acceptable_refused, gmac;
    char by_params_list[1024];
    char labels[16][48];
    long label_count[16];
    int nlabels;
} tally;

static void add_label(tally *t, const char *label)
{
    int i = 0;
    while (i < t->nlabels && strcmp(t->labels[i], label)) i++;
    if (i == t->nlabels && t->nlabels < 16) snprintf(t->labels[t->nlabels++], sizeof t->labels[0], "%s", label);
    if (i < 16) t->label_count[i]++;
}

static void append(char *list, size_t cap, const char *item)
{
    size_t used = strlen(list);
    snprintf(list + used, cap - used, "%s%s", used ? " " : "", item);
}

/* A GCM record in messages: line, source and comment. */
static const char *where(const record *r)
{
    static char buf[200];
    snprintf(buf, sizeof buf, "line %d %s%s%s%s", r->line, r->f[7].text, *r->rest ? " (" : "", r->rest,
             *r->rest ? ")" : "");
    return buf;
}

/* The three pieces [cut[i], cut[i+1]) of [0, len), cut at random points. */
static void cut3(size_t len, uint64_t *s, size_t cut[4])
{
    size_t a = (size_t)(test_rand(s) % (len + 1)), b = (size_t)(test_rand(s) % (len + 1));
    cut[0] = 0, cut[1] = a < b ? a : b, cut[2] = a < b ? b : a, cut[3] = len;
}

/* One message through the streaming API, AAD and data each in 3 random
 * pieces; tag: written (seal) or checked (open). */
static int stream(sc_aead_ctx *c, int encrypt, const field *iv, const field *aad, const uint8_t *in, size_t len,
                  uint8_t *out, uint8_t *tag, size_t tag_len, uint64_t seed)
{
    uint64_t s = seed | 1;
    size_t cut[4], n;
    int rc = sc_aead_start(c, encrypt, iv->bytes, iv->len);
    cut3(aad->len, &s, cut);
    for (int i = 0; i < 3 && rc == SC_OK; i++) rc = sc_aead_update_aad(c, aad->bytes + cut[i], cut[i + 1] - cut[i]);
    cut3(len, &s, cut);
    for (int i = 0; i < 3 && rc == SC_OK; i++) {
        size_t piece = cut[i + 1] - cut[i];
        rc = encrypt ? sc_aead_encrypt_update(c, in + cut[i], piece, out + cut[i], piece, &n)
                     : sc_aead_decrypt_update_UNVERIFIED(c, in + cut[i], piece, out + cut[i], piece, &n);
        if (rc == SC_OK && n != piece) rc = SC_ELENGTH;
    }
    if (rc == SC_OK) rc = encrypt ? sc_aead_encrypt_final(c, tag, tag_len) : sc_aead_decrypt_final(c, tag, tag_len);
    return rc;
}

/* Seal and open a record the API must take: exact ciphertext || tag and
 * plaintext, one shot and streamed. */
static void gcm_valid(sc_aead_ctx *c, const record *r, const char *kernel, const uint8_t *sealed, uint64_t seed)
{
    const field *iv = &r->f[2], *aad = &r->f[3], *pt = &r->f[4], *ct = &r->f[5], *tag = &r->f[6];
    uint8_t out[BUF], t[16];
    size_t n = 0, total = ct->len + tag->len;
    int rc = sc_aead_seal(c, iv->bytes, iv->len, aad->bytes, aad->len, pt->bytes, pt->len, out, BUF, &n, tag->len);
    CHECK(rc == SC_OK && n == total && same(out, sealed, total), "%s %s seal rc %d", where(r), kernel, rc);
    memset(out, 0x5a, pt->len);
    rc = sc_aead_open(c, iv->bytes, iv->len, aad->bytes, aad->len, sealed, total, out, BUF, &n, tag->len);
    CHECK(rc == SC_OK && n == pt->len && same(out, pt->bytes, n), "%s %s open rc %d", where(r), kernel, rc);
    rc = stream(c, 1, iv, aad, pt->bytes, pt->len, out, t, tag->len, seed);
    CHECK(rc == SC_OK && same(out, ct->bytes, ct->len) && same(t, tag->bytes, tag->len),
          "%s %s streamed seal rc %d", where(r), kernel, rc);
    memcpy(t, tag->bytes, tag->len);
    rc = stream(c, 0, iv, aad, ct->bytes, ct->len, out, t, tag->len, seed + 1);
    CHECK(rc == SC_OK && same(out, pt->bytes, pt->len), "%s %s streamed open rc %d", where(r), kernel, rc);
}

/* A record that must not open: SC_EAUTH with nothing released, or, when its
 * parameters are ones SP 800-38D excludes, refused for them (seal too).
 * Returns 1 when refused by parameters. */
static int gcm_reject(sc_aead_ctx *c, const record *r, const char *kernel, const uint8_t *sealed, uint64_t seed,
                      const sc_aead_info *info)
{
    const field *iv = &r->f[2], *aad = &r->f[3], *ct = &r->f[5], *tag = &r->f[6];
    uint8_t out[BUF], t[16];
    size_t n = 1, total = ct->len + tag->len;
    int want = iv->len < info->min_nonce_size || iv->len > info->max_nonce_size ? SC_EIVSIZE
               : !sc_aead_tag_size_ok(info, tag->len)                         ? SC_ETAGSIZE
                                                                             : SC_EAUTH;
    memset(out, 0x5a, BUF);
    int rc = sc_aead_open(c, iv->bytes, iv->len, aad->bytes, aad->len, sealed, total, out, BUF, &n, tag->len);
    /* SC_EAUTH: the plaintext's place zeroed; refused parameters: untouched */
    int released = want == SC_EAUTH ? !all_bytes(out, ct->len, 0) || out[ct->len] != 0x5a
                                    : !all_bytes(out, ct->len + 1, 0x5a);
    CHECK(rc == want && n == 0 && !released, "%s %s open rc %d, want %d", where(r), kernel, rc, want);
    memcpy(t, tag->bytes, tag->len);
    rc = stream(c, 0, iv, aad, ct->bytes, ct->len, out, t, tag->len, seed);
    CHECK(rc == want, "%s %s streamed open rc %d, want %d", where(r), kernel, rc, want);
    if (want == SC_EAUTH) return 0;
    rc = sc_aead_seal(c, iv->bytes, iv->len, aad->bytes, aad->len, ct->bytes, ct->len, out, BUF, &n, tag->len);
    CHECK(rc == want && n == 0, "%s %s seal rc %d, want %d", where(r), kernel, rc, want);
    return 1;
}

/* GMAC is GCM without plaintext (the AAD is the message): a record with an
 * empty ciphertext checks aes-*-gmac too. Valid: sc_mac_final gives the
 * record's tag and sc_mac_verify takes it; invalid: sc_mac_verify refuses it
 * (SC_EAUTH), or init the empty nonce (SC_EIVSIZE). */
static void gmac(const record *r, const char *kernel, int valid)
{
    const field *key = &r->f[1], *iv = &r->f[2], *aad = &r->f[3], *tag = &r->f[6];
    char name[16];
    snprintf(name, sizeof name, "aes-%zu-gmac", 8 * key->len);
    sc_cipher_opts opts = {.kernel = kernel};
    sc_mac_ctx m;
    uint8_t t[16];
    int rc = sc_mac_init_nonce(&m, name, key->bytes, key->len, iv->bytes, iv->len, &opts);
    if (iv->len == 0) {
        CHECK(rc == SC_EIVSIZE, "%s %s %s: empty nonce rc %d", where(r), name, kernel, rc);
        return;
    }
    if (rc == SC_OK) rc = sc_mac_update(&m, aad->bytes, aad->len);
    if (valid) { /* the tag itself, then the same message again to verify */
        if (rc == SC_OK) rc = sc_mac_final(&m, t, tag->len);
        CHECK(rc == SC_OK && same(t, tag->bytes, tag->len), "%s %s %s rc %d", where(r), name, kernel, rc);
        if (rc == SC_OK) rc = sc_mac_reset(&m);
        if (rc == SC_OK) rc = sc_mac_update(&m, aad->bytes, aad->len);
    }
    if (rc == SC_OK) rc = sc_mac_verify(&m, tag->bytes, tag->len);
    CHECK(rc == (valid ? SC_OK : SC_EAUTH), "%s %s %s verify rc %d", where(r), name, kernel, rc);
    sc_mac_wipe(&m);
}

/* <result> <key> <iv> <aad> <plaintext> <ciphertext> <tag> <source> [comment]
 * aead: the AEAD of the file, NULL for aes-<key bits>-gcm (and GMAC). */
static void gcm_record(const record *r, size_t k, tally *t, const char *aead)
{
    const char *kernel = kernels[k];
    const char *result = r->f[0].text, *src = r->f[7].text;
    const field *key = &r->f[1], *iv = &r->f[2], *ct = &r->f[5], *tag = &r->f[6];
    char name[24];
    if (aead) snprintf(name, sizeof name, "%s", aead);
    else snprintf(name, sizeof name, "aes-%zu-gcm", 8 * key->len);
    sc_aead_info info;
    CHECK(sc_aead_info_get(name, &info) == SC_OK, "line %d: %s info", r->line, name);
    /* parameters the standard allows (SP 800-38D: a non-empty IV, 4, 8,
     * 12..16-byte tags; RFC 8439: 12-byte nonces, 16-byte tags) */
    int legal = iv->len >= info.min_nonce_size && iv->len <= info.max_nonce_size &&
                sc_aead_tag_size_ok(&info, tag->len);
    uint8_t sealed[BUF];
    if (ct->len + tag->len > BUF || tag->len > 16 || r->f[4].len > BUF) {
        CHECK(0, "line %d: record too large", r->line);
        return;
    }
    memcpy(sealed, ct->bytes, ct->len), memcpy(sealed + ct->len, tag->bytes, tag->len);
    sc_aead_ctx c;
    sc_cipher_opts opts = {.kernel = kernel};
    int rc = sc_aead_init(&c, name, key->bytes, key->len, &opts);
    CHECK(rc == SC_OK, "line %d %s %s init rc %d", r->line, name, kernel, rc);
    if (rc != SC_OK) return;
    uint64_t seed = (uint64_t)r->line * 0x9E3779B97F4A7C15ull + k; /* the splits: reproducible */
    const char *label = strchr(src, ':') ? strchr(src, ':') + 1 : "GCMVS FAIL";
    if (!strcmp(result, "valid")) {
        CHECK(legal && r->f[4].len == ct->len, "%s: a valid record the standard excludes", where(r));
        gcm_valid(&c, r, kernel, sealed, seed);
        t->valid++;
        if (ct->len == 0 && !aead) gmac(r, kernel, 1), t->gmac++;
    } else if (!strcmp(result, "invalid")) {
        int by_params = gcm_reject(&c, r, kernel, sealed, seed, &info);
        t->invalid++;
        if (ct->len == 0 && !aead && sp800_38d_tag(tag->len)) gmac(r, kernel, 0), t->gmac++;
        if (by_params) t->by_params++, append(t->by_params_list, sizeof t->by_params_list, src);
        else t->by_tag++, add_label(t, label);
    } else if (!strcmp(result, "acceptable")) {
        /* legal parameters: the exact answer; else refused as for invalid */
        if (legal) gcm_valid(&c, r, kernel, sealed, seed);
        else t->acceptable_refused += gcm_reject(&c, r, kernel, sealed, seed, &info);
        t->acceptable++;
    } else {
        CHECK(0, "line %d: result %s", r->line, result);
    }
    sc_aead_wipe(&c);
}

static void run_gcm(const vecfile *vf, const char *aead)
{
    for (size_t k = 0; k < nkernels; k++) {
        clock_t t0 = clock();
        static tally t;
        memset(&t, 0, sizeof t);
        for (size_t i = 0; i < vf->n; i++)
            if (vf->recs[i].ok) gcm_record(&vf->recs[i], k, &t, aead);
        printf("%s on %s: %ld valid, %ld invalid, %ld acceptable; %ld of them also as GMAC (%.2f s)\n", vf->name,
               kernels[k], t.valid, t.invalid, t.acceptable, t.gmac, (double)(clock() - t0) / CLOCKS_PER_SEC);
        printf("  invalid refused by the tag (SC_EAUTH): %ld", t.by_tag);
        for (int i = 0; i < t.nlabels; i++) printf("%s %s x%ld", i ? "," : ":", t.labels[i], t.label_count[i]);
        printf("\n  invalid refused by parameters (SC_EIVSIZE/SC_ETAGSIZE): %ld%s%s\n", t.by_params,
               t.by_params ? ": " : "", t.by_params_list);
        if (t.acceptable) printf("  acceptable refused by parameters: %ld\n", t.acceptable_refused);
        CHECK(t.valid > 0 && t.invalid > 0 && (size_t)(t.valid + t.invalid + t.acceptable) == vf->n,
              "%s: %ld valid, %ld invalid, %ld acceptable of %zu records", vf->name, t.valid, t.invalid,
              t.acceptable, vf->n);
    }
}

/* Every tag length of the GCMVS records must be one the API takes, and the
 * API must refuse exactly the lengths SP 800-38D excludes. */
static void tag_lengths(const vecfile *gcmvs)
{
    uint32_t seen = 0;
    for (size_t i = 0; i < gcmvs->n; i++) seen |= gcmvs->recs[i].f[6].len < 32 ? 1u << gcmvs->recs[i].f[6].len : 0;
    sc_aead_info gcm128;
    CHECK(sc_aead_info_get("aes-128-gcm", &gcm128) == SC_OK, "aes-128-gcm info");
    printf("GCMVS tag lengths (bytes):");
    for (int b = 0; b < 32; b++)
        if (seen >> b & 1) printf(" %d%s", b, sc_aead_tag_size_ok(&gcm128, (size_t)b) ? "" : " (NOT accepted by aes-128-gcm)");
    printf("\n");
    uint32_t refused = seen & ~(uint32_t)(gcm128.tag_sizes << 1); /* bit t - 1 -> bit t */
    CHECK(refused == 0, "GCMVS tag lengths the API refuses: %08x", (unsigned)refused);
    CHECK(seen == (1u << 4 | 1u << 8 | 0x1Fu << 12), "GCMVS tag lengths %08x: expected 4, 8, 12..16", (unsigned)seen);
    static const uint8_t key[32], nonce[12];
    uint8_t out[64];
    for (size_t v = 0; sc_aead_name_at(v); v++) {
        sc_aead_info info;
        sc_aead_ctx c;
        const char *name = sc_aead_name_at(v);
        /* GCM's tag lengths (CCM's: tests/test_aes_modes_diff.c) */
        if (sc_aead_info_get(name, &info) != SC_OK || strcmp(info.algorithm, "aes") != 0 || !strstr(name, "-gcm"))
            continue;
        CHECK(sc_aead_init(&c, name, key, info.key_size, NULL) == SC_OK, "%s init", name);
        for (size_t b = 0; b <= 20; b++) {
            size_t n;
            int rc = sc_aead_seal(&c, nonce, 12, NULL, 0, NULL, 0, out, sizeof out, &n, b);
            int allowed = sp800_38d_tag(b);
            CHECK(rc == (allowed ? SC_OK : SC_ETAGSIZE) && sc_aead_tag_size_ok(&info, b) == allowed,
                  "%s: tag of %zu bytes rc %d", name, b, rc);
        }
        sc_aead_wipe(&c);
    }
}

/* <result> <cipher> <counter> <key> <iv> <msg> <ct> <source> [comment] */
static void run_counter(const vecfile *vf)
{
    for (size_t k = 0; k < nkernels; k++) {
        long valid = 0, invalid = 0;
        for (size_t i = 0; i < vf->n; i++) {
            const record *r = &vf->recs[i];
            if (!r->ok) continue;
            const field *key = &r->f[3], *iv = &r->f[4], *msg = &r->f[5], *ct = &r->f[6];
            sc_cipher_opts o = {.kernel = kernels[k], .counter = strtoull(r->f[2].text, NULL, 10)};
            uint8_t out[BUF];
            size_t n = 1;
            memset(out, 0x5a, msg->len + 1);
            int rc = sc_cipher_crypt(r->f[1].text, 1, key->bytes, key->len, iv->bytes, iv->len, msg->bytes, msg->len,
                                     out, BUF, &n, &o);
            if (!strcmp(r->f[0].text, "valid")) {
                valid++;
                CHECK(rc == SC_OK && n == msg->len && same(out, ct->bytes, ct->len) && msg->len == ct->len,
                      "%s line %d (%s) %s rc %d", vf->name, r->line, r->f[7].text, kernels[k], rc);
            } else {
                invalid++;
                CHECK(rc == SC_ELENGTH && n == 0 && all_bytes(out, msg->len + 1, 0x5a),
                      "%s line %d (%s) %s: rc %d, want SC_ELENGTH and nothing written", vf->name, r->line,
                      r->f[7].text, kernels[k], rc);
            }
        }
        printf("%s on %s: %ld valid, %ld invalid (refused: the counter would repeat a block)\n", vf->name, kernels[k],
               valid, invalid);
        CHECK(valid > 0 && invalid > 0 && (size_t)(valid + invalid) == vf->n, "%s: records", vf->name);
    }
}

int main(void)
{
    const char *q = getenv("SC_TEST_QUICK");
    quick = q && !strcmp(q, "1");
    use_kernels("aes");
    if (quick) printf("SC_TEST_QUICK: 10 Monte Carlo iterations per key size and direction\n");
    static vecfile cbc, gcmvs, wycheproof;
    if (load(&cbc, "aes_cavp_cbc.txt", 8)) {
        decode(&cbc, "kat", 7, 2, 6);
        decode(&cbc, "mct", 8, 3, 7);
        run_cbc(&cbc);
    }
    if (load(&gcmvs, "aes_cavp_gcm.txt", 8)) {
        decode(&gcmvs, NULL, 8, 1, 7);
        tag_lengths(&gcmvs);
        run_gcm(&gcmvs, NULL);
    }
    if (load(&wycheproof, "aes_wycheproof_gcm.txt", 8)) {
        decode(&wycheproof, NULL, 8, 1, 7);
        run_gcm(&wycheproof, NULL);
    }
    free(cbc.data), free(cbc.recs), free(gcmvs.data), free(gcmvs.recs), free(wycheproof.data), free(wycheproof.recs);
    use_kernels("chacha");
    static const char *const chacha_files[][2] = {{"chacha_wycheproof_poly1305.txt", "chacha20-poly1305"},
                                                   {"xchacha_wycheproof_poly1305.txt", "xchacha20-poly1305"}};
    for (int i = 0; i < 2; i++) {
        static vecfile vf;
        if (!load(&vf, chacha_files[i][0], 8)) continue;
        decode(&vf, NULL, 8, 1, 7);
        run_gcm(&vf, chacha_files[i][1]);
        free(vf.data), free(vf.recs);
    }
    static vecfile counter;
    if (load(&counter, "chacha_wycheproof_counter.txt", 8)) {
        decode(&counter, NULL, 8, 3, 7);
        run_counter(&counter);
        free(counter.data), free(counter.recs);
    }
    return test_finish();
}
