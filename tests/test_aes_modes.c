/* SPDX-License-Identifier: Apache-2.0 */
/* AES's NIST modes (src/modes/, through src/aes/aes_family.c) against the
 * standard suites, on every AES kernel this CPU runs, through the public
 * API. The files come from tools/vectors/convert_aes_vectors.py (sources and
 * licences in their headers; record formats there too):
 *   tests/vectors/aes_cavp_modes.txt      NIST AESAVS CFB128/CFB8/OFB KAT and
 *       MMT, XTSVS XTSGenAES128/256 (whole-byte data units);
 *   tests/vectors/aes_wycheproof_modes.txt  Wycheproof AES-CMAC, AES-CCM,
 *       AES-XTS, AES key wrap (KW) and KWP.
 * cipher: encryption and decryption, each in one update and again streamed
 * in place in three random pieces (the final call ends XTS's stolen block).
 * mac: final's tag and verify's verdict, the message in two pieces.
 * aead: seal and open; an invalid case must fail open with the output zeroed
 * (by the parameter checks when SP 800-38C excludes its nonce or tag size).
 * wrap: sc_cipher_crypt both ways; invalid ciphertexts fail, nothing
 * released. Counts per record kind and kernel are printed; a name the
 * library does not know is a failure. */
#include <simdcrypt/aead.h>
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>

#include "aes_modes_kernels.h"

enum { MAX_KERNELS = AES_MAX_KERNELS, MAX_TOKENS = 12, BUF = 8192 };

static const char *kernels[MAX_KERNELS];
static size_t nkernels;
static uint64_t seed = 0x5eed;
static long counts[4][MAX_KERNELS]; /* per kind: cipher, mac, aead, wrap */

typedef struct blob {
    uint8_t *p;
    size_t n;
} blob;

/* A hex token ("-" = empty) decoded into fresh memory (freed by the caller). */
static blob unhex(const char *tok)
{
    blob b = {malloc(strlen(tok) / 2 + 1), 0};
    if (strcmp(tok, "-") != 0) {
        long n = test_unhex(tok, b.p, strlen(tok) / 2 + 1);
        CHECK(n >= 0, "bad hex token %.20s", tok);
        b.n = n < 0 ? 0 : (size_t)n;
    }
    return b;
}

static int same(const uint8_t *a, const uint8_t *b, size_t n) { return n == 0 || memcmp(a, b, n) == 0; }

/* in -> out (n bytes) through one context: in place in one update
 * (pieces 0), or from in into out in `pieces` updates cut at random; then
 * final. SC_OK and *len = the bytes written, or the first error. */
static int run_cipher(const char *name, const char *kernel, int encrypt, const blob *key, const blob *iv,
                      const uint8_t *in, size_t n, uint8_t *out, size_t *len, int pieces)
{
    sc_cipher_ctx c;
    size_t w = 0, got = 0, done = 0;
    int rc = sc_cipher_init_kernel(&c, name, kernel, encrypt, key->p, key->n, iv->p, iv->n);
    if (rc == SC_OK && pieces == 0) {
        memmove(out, in, n);
        rc = sc_cipher_update(&c, out, n, out, BUF, &got);
        w = got;
    }
    for (int i = 0; rc == SC_OK && i < pieces; i++) {
        const size_t take = i + 1 == pieces ? n - done : (size_t)(test_rand(&seed) % (n - done + 1));
        rc = sc_cipher_update(&c, in + done, take, out + w, BUF - w, &got);
        done += take, w += got;
    }
    if (rc == SC_OK) rc = sc_cipher_final(&c, out + w, BUF - w, &got);
    *len = w + got;
    sc_cipher_wipe(&c);
    return rc;
}

/* cipher <name> <key> <iv> <plaintext> <ciphertext> <source> */
static void cipher_record(char **t, int line)
{
    blob key = unhex(t[2]), iv = unhex(t[3]), pt = unhex(t[4]), ct = unhex(t[5]);
    static uint8_t out[BUF];
    CHECK(pt.n == ct.n && pt.n <= BUF, "line %d: lengths", line);
    for (size_t k = 0; k < nkernels && pt.n == ct.n && pt.n <= BUF; k++) {
        for (int dir = 1; dir >= 0; dir--) {
            const blob *in = dir ? &pt : &ct, *want = dir ? &ct : &pt;
            for (int pieces = 0; pieces <= 3; pieces += 3) {
                size_t len = 0;
                const int rc = run_cipher(t[1], kernels[k], dir, &key, &iv, in->p, in->n, out, &len, pieces);
                CHECK(rc == SC_OK && len == want->n && same(out, want->p, len),
                      "line %d (%s) %s %s on %s, %s: rc %d len %zu", line, t[6], t[1], dir ? "encrypt" : "decrypt",
                      kernels[k], pieces ? "3 pieces" : "in place", rc, len);
            }
        }
        counts[0][k]++;
    }
    free(key.p), free(iv.p), free(pt.p), free(ct.p);
}

static int all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i] ^ v;
    return acc == 0;
}
static int all_zero(const uint8_t *p, size_t n) { return all_bytes(p, n, 0); }

/* mac <result> <name> <key> <msg> <tag> <source> */
static void mac_record(char **t, int line)
{
    blob key = unhex(t[3]), msg = unhex(t[4]), tag = unhex(t[5]);
    const int valid = strcmp(t[1], "valid") == 0;
    for (size_t k = 0; k < nkernels; k++) {
        sc_cipher_opts o = {.kernel = kernels[k]};
        sc_mac_ctx m;
        int rc = sc_mac_init_ex(&m, t[2], key.p, key.n, &o);
        if (!valid && rc == SC_EKEYSIZE) { /* a key size AES does not have */
            CHECK(key.n != 16 && key.n != 24 && key.n != 32, "line %d: key refused", line);
            counts[1][k]++;
            continue;
        }
        CHECK(rc == SC_OK, "line %d (%s) %s init on %s: %d", line, t[6], t[2], kernels[k], rc);
        if (rc != SC_OK) continue;
        const size_t cut = (size_t)(test_rand(&seed) % (msg.n + 1));
        uint8_t full[16];
        for (int pass = 0; pass < 2; pass++) { /* final, then verify after a reset */
            rc = sc_mac_update(&m, msg.p, cut);
            if (rc == SC_OK) rc = sc_mac_update(&m, msg.p + cut, msg.n - cut);
            if (pass == 0) {
                if (rc == SC_OK) rc = sc_mac_final(&m, full, tag.n);
                CHECK(rc == SC_OK && same(full, tag.p, tag.n) == valid, "line %d (%s) %s final on %s: %d", line,
                      t[6], t[2], kernels[k], rc);
                CHECK(sc_mac_reset(&m) == SC_OK, "line %d: reset", line);
            } else {
                if (rc == SC_OK) rc = sc_mac_verify(&m, tag.p, tag.n);
                CHECK(rc == (valid ? SC_OK : SC_EAUTH), "line %d (%s) %s verify on %s: %d", line, t[6], t[2],
                      kernels[k], rc);
            }
        }
        sc_mac_wipe(&m);
        counts[1][k]++;
    }
    free(key.p), free(msg.p), free(tag.p);
}

/* The error SP 800-38C's parameter checks must give an invalid case, or
 * SC_EAUTH when its sizes are fine (a modified tag). */
static int ccm_expected(size_t nonce_len, size_t tag_len)
{
    if (nonce_len < 7 || nonce_len > 13) return SC_EIVSIZE;
    if (tag_len < 4 || tag_len > 16 || tag_len % 2) return SC_ETAGSIZE;
    return SC_EAUTH;
}

/* aead <result> <name> <key> <nonce> <aad> <plaintext> <ciphertext> <tag> <source> */
static void aead_record(char **t, int line)
{
    blob key = unhex(t[3]), nonce = unhex(t[4]), aad = unhex(t[5]), pt = unhex(t[6]), ct = unhex(t[7]),
         tag = unhex(t[8]);
    const int valid = strcmp(t[1], "valid") == 0;
    static uint8_t in[BUF], out[BUF];
    CHECK(pt.n == ct.n && ct.n + tag.n <= BUF, "line %d: lengths", line);
    for (size_t k = 0; k < nkernels && pt.n == ct.n && ct.n + tag.n <= BUF; k++) {
        sc_cipher_opts o = {.kernel = kernels[k]};
        sc_aead_ctx c;
        size_t len = 0;
        int rc = sc_aead_init(&c, t[2], key.p, key.n, &o);
        CHECK(rc == SC_OK, "line %d (%s) %s init on %s: %d", line, t[9], t[2], kernels[k], rc);
        if (rc != SC_OK) continue;
        memcpy(in, ct.p, ct.n);
        memcpy(in + ct.n, tag.p, tag.n);
        memset(out, 0xa5, BUF);
        rc = sc_aead_open(&c, nonce.p, nonce.n, aad.p, aad.n, in, ct.n + tag.n, out, BUF, &len, tag.n);
        if (valid) {
            CHECK(rc == SC_OK && len == pt.n && same(out, pt.p, pt.n), "line %d (%s) %s open on %s: %d", line,
                  t[9], t[2], kernels[k], rc);
            rc = sc_aead_seal(&c, nonce.p, nonce.n, aad.p, aad.n, pt.p, pt.n, out, BUF, &len, tag.n);
            CHECK(rc == SC_OK && len == ct.n + tag.n && same(out, in, len), "line %d (%s) %s seal on %s: %d",
                  line, t[9], t[2], kernels[k], rc);
        } else {
            const int want = ccm_expected(nonce.n, tag.n);
            CHECK(rc == want && len == 0, "line %d (%s) %s open on %s: %d, want %d", line, t[9], t[2], kernels[k],
                  rc, want);
            CHECK(rc != SC_EAUTH || all_zero(out, ct.n), "line %d: output released", line);
            if (want != SC_EAUTH) {
                rc = sc_aead_seal(&c, nonce.p, nonce.n, aad.p, aad.n, pt.p, pt.n, out, BUF, &len, tag.n);
                CHECK(rc == want, "line %d (%s) %s seal on %s: %d, want %d", line, t[9], t[2], kernels[k], rc, want);
            }
        }
        sc_aead_wipe(&c);
        counts[2][k]++;
    }
    free(key.p), free(nonce.p), free(aad.p), free(pt.p), free(ct.p), free(tag.p);
}

/* wrap <result> <name> <key> <plaintext> <ciphertext> <source> */
static void wrap_record(char **t, int line)
{
    blob key = unhex(t[3]), pt = unhex(t[4]), ct = unhex(t[5]);
    static uint8_t out[BUF];
    const int valid = strcmp(t[1], "valid") == 0, acceptable = strcmp(t[1], "acceptable") == 0;
    for (size_t k = 0; k < nkernels && pt.n + 16 <= BUF && ct.n <= BUF; k++) {
        const sc_cipher_opts o = {.kernel = kernels[k]};
        size_t len = 0;
        memset(out, 0xa5, BUF);
        int rc = sc_cipher_crypt(t[2], 0, key.p, key.n, NULL, 0, ct.p, ct.n, out, BUF, &len, &o);
        if (valid || (acceptable && rc == SC_OK)) {
            CHECK(rc == SC_OK && len == pt.n && same(out, pt.p, len), "line %d (%s) %s unwrap on %s: %d", line,
                  t[6], t[2], kernels[k], rc);
        } else {
            /* a forgery: SC_EAUTH, what unwrap wrote zeroed; a length the
             * mode cannot have: SC_ELENGTH before anything is written */
            const size_t wrote = ct.n - 8; /* unwrap writes the semiblocks after A */
            const int ok = rc == SC_EAUTH ? all_zero(out, wrote) && all_bytes(out + wrote, 8, 0xa5)
                                          : rc == SC_ELENGTH && all_bytes(out, ct.n, 0xa5);
            CHECK(ok && len == 0, "line %d (%s) %s unwrap on %s: %d", line, t[6], t[2], kernels[k], rc);
        }
        rc = sc_cipher_crypt(t[2], 1, key.p, key.n, NULL, 0, pt.p, pt.n, out, BUF, &len, &o);
        if (valid || (acceptable && rc == SC_OK))
            CHECK(rc == SC_OK && len == ct.n && same(out, ct.p, len), "line %d (%s) %s wrap on %s: %d", line, t[6],
                  t[2], kernels[k], rc);
        counts[3][k]++;
    }
    free(key.p), free(pt.p), free(ct.p);
}

static void dispatch(char **t, int ntok, int line)
{
    static const struct {
        const char *kind;
        int ntok;
        void (*run)(char **, int);
    } kinds[] = {{"cipher", 7, cipher_record}, {"mac", 7, mac_record}, {"aead", 10, aead_record}, {"wrap", 7, wrap_record}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(t[0], kinds[i].kind) != 0) continue;
        CHECK(ntok == kinds[i].ntok, "line %d: %d fields", line, ntok);
        if (ntok == kinds[i].ntok) kinds[i].run(t, line);
        return;
    }
    CHECK(0, "line %d: unknown record %s", line, t[0]);
}

static void run_file(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", SC_VECTORS_DIR, name);
    char *data = test_read_file(path, NULL);
    CHECK(data != NULL, "cannot read %s", path);
    if (data == NULL) return;
    int line = 0;
    for (char *l = data, *next; l && *l; l = next) {
        next = strchr(l, '\n');
        if (next) *next++ = '\0';
        line++;
        if (l[0] == '#') continue;
        char *t[MAX_TOKENS];
        int ntok = 0;
        for (char *w = l; *w && ntok < MAX_TOKENS;) { /* space-separated tokens */
            t[ntok++] = w;
            while (*w && *w != ' ') w++;
            while (*w == ' ') *w++ = '\0';
        }
        if (ntok) dispatch(t, ntok, line);
    }
    free(data);
    printf("%s:", name);
    static const char *const kinds[] = {"cipher", "mac", "aead", "wrap"};
    for (size_t i = 0; i < 4; i++)
        for (size_t k = 0; k < nkernels; k++) {
            if (counts[i][k]) printf(" %s/%s %ld", kinds[i], kernels[k], counts[i][k]);
            counts[i][k] = 0;
        }
    printf("\n");
}

int main(void)
{
    nkernels = aes_kernels(kernels);
    run_file("aes_cavp_modes.txt");
    run_file("aes_wycheproof_modes.txt");
    return test_finish();
}
