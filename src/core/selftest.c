/* SPDX-License-Identifier: Apache-2.0 */
/* Known answers of every family on every kernel this CPU runs, and the same
 * keys on longer inputs against the portable kernel (include/simdcrypt/
 * selftest.h). Generic over the registry: a checksum family is checked
 * through its kernel functions, a cipher family through the generic
 * cipher/MAC API with each kernel named in the options. */
#include <simdcrypt/aead.h>
#include <simdcrypt/cipher.h>
#include <simdcrypt/hash.h>
#include <stdlib.h>

#include "family.h"

enum { MAX_FIELD = 512, LONG_LEN = 16384 + 13, BIG = 70000 };

int sc_kat_get(size_t index, sc_kat_info *kat)
{
    if (kat == NULL) return SC_EINVAL;
    for (size_t f = 0; sc_families[f]; f++) {
        if (index < sc_families[f]->nkats) {
            *kat = sc_families[f]->kats[index];
            return SC_OK;
        }
        index -= sc_families[f]->nkats;
    }
    return SC_EINVAL;
}

/* Public vectors: a plain decoder. Bytes written, or (size_t)-1. */
static size_t unhex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    for (; s[0] && s[1]; s += 2) {
        int v = 0;
        for (int i = 0; i < 2; i++) {
            char c = s[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) return (size_t)-1;
            v = v << 4 | d;
        }
        if (n == cap) return (size_t)-1;
        out[n++] = (uint8_t)v;
    }
    return s[0] ? (size_t)-1 : n;
}

typedef struct vector {
    uint8_t key[MAX_FIELD], iv[MAX_FIELD], in[MAX_FIELD], out[MAX_FIELD], aad[MAX_FIELD];
    size_t key_len, iv_len, in_len, out_len, aad_len;
} vector;

static int decode(const sc_kat_info *k, vector *v)
{
    v->key_len = unhex(k->key, v->key, MAX_FIELD);
    v->iv_len = unhex(k->iv, v->iv, MAX_FIELD);
    v->in_len = unhex(k->in, v->in, MAX_FIELD);
    v->out_len = unhex(k->out, v->out, MAX_FIELD);
    v->aad_len = unhex(k->aad ? k->aad : "", v->aad, MAX_FIELD);
    return v->key_len == (size_t)-1 || v->iv_len == (size_t)-1 || v->in_len == (size_t)-1 ||
                   v->out_len == (size_t)-1 || v->aad_len == (size_t)-1
               ? SC_EINVAL
               : SC_OK;
}

/* Deterministic bytes for the long inputs (xorshift32). */
static void fill(uint8_t *p, size_t n)
{
    uint32_t x = 0x2545F491u;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        p[i] = (uint8_t)x;
    }
}

/* --- checksums ------------------------------------------------------------ */

static int check_checksum(const sc_family *f, const sc_kernel *k, uint8_t *big, const char **detail)
{
    sc_checksum_fn fn = k->impl.checksum, ref = f->kernels->kernels[0].impl.checksum;
    vector v;
    for (size_t i = 0; i < f->nkats; i++) {
        if (decode(&f->kats[i], &v) != SC_OK || v.out_len != 4) return *detail = "malformed vector", SC_EINVAL;
        uint32_t want = (uint32_t)v.out[0] << 24 | (uint32_t)v.out[1] << 16 | (uint32_t)v.out[2] << 8 | v.out[3];
        if (fn(f->checksum_initial, v.in, v.in_len) != want) return *detail = f->kats[i].source, SC_EAUTH;
    }
    /* Lengths through every kernel's main loop and tails, odd alignment. */
    static const size_t lengths[] = {0, 1, 15, 16, 63, 64, 255, 256, 1000, 4096, 5552, 5553, 65536, BIG - 1};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++)
        if (fn(f->checksum_initial, big + 1, lengths[i]) != ref(f->checksum_initial, big + 1, lengths[i]))
            return *detail = "differs from portable on a long input", SC_EAUTH;
    return SC_OK;
}

/* --- ciphers and MACs ------------------------------------------------------ */

/* Encrypt (or decrypt) len bytes in two updates split at `split`; key
 * wrap (info.one_shot) in one sc_cipher_crypt, its output longer (wrap) or
 * shorter (unwrap) by at most a block. */
static int run_cipher(const sc_kat_info *k, const char *kernel, int encrypt, const vector *v, const uint8_t *in,
                      uint8_t *out, size_t len, size_t split)
{
    sc_cipher_ctx c;
    sc_cipher_opts o = {.kernel = kernel, .sbox = k->sbox};
    size_t n1 = 0, n2 = 0, n3 = 0;
    sc_cipher_info info;
    if (sc_cipher_info_get(k->name, &info) == SC_OK && info.one_shot) {
        int rc = sc_cipher_crypt(k->name, encrypt, v->key, v->key_len, NULL, 0, in, len, out, len + 64, &n1, &o);
        /* wrapping adds up to a block (AES KW: 8 bytes, KWP: 8 and the padding) */
        const int bad_len = encrypt ? n1 <= len || n1 > len + info.block_size : n1 >= len || n1 + info.block_size < len;
        return rc == SC_OK && bad_len ? SC_ELENGTH : rc;
    }
    int rc = sc_cipher_init_ex(&c, k->name, encrypt, v->key, v->key_len, v->iv_len ? v->iv : NULL, v->iv_len, &o);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in, split, out, len + 64, &n1);
    if (rc == SC_OK) rc = sc_cipher_update(&c, in + split, len - split, out + n1, len + 64 - n1, &n2);
    if (rc == SC_OK) rc = sc_cipher_final(&c, out + n1 + n2, len + 64 - n1 - n2, &n3);
    sc_cipher_wipe(&c);
    return rc == SC_OK && n1 + n2 + n3 != len ? SC_ELENGTH : rc;
}

/* The MAC of len bytes in two updates. */
static int run_mac(const sc_kat_info *k, const char *kernel, const vector *v, const uint8_t *in, size_t len,
                   uint8_t *tag, size_t tag_len)
{
    sc_mac_ctx m;
    sc_cipher_opts o = {.kernel = kernel, .sbox = k->sbox};
    int rc = sc_mac_init_nonce(&m, k->name, v->key, v->key_len, v->iv_len ? v->iv : NULL, v->iv_len, &o);
    if (rc == SC_OK) rc = sc_mac_update(&m, in, len / 3);
    if (rc == SC_OK) rc = sc_mac_update(&m, in + len / 3, len - len / 3);
    if (rc == SC_OK) rc = sc_mac_final(&m, tag, tag_len);
    sc_mac_wipe(&m);
    return rc;
}

static int check_cipher_kat(const sc_kat_info *k, const sc_cipher_info *info, const char *kernel, uint8_t *buf)
{
    vector v;
    uint8_t *got = buf, *back = buf + MAX_FIELD + 64;
    if (decode(k, &v) != SC_OK) return SC_EINVAL;
    if (info->tag_size) {
        int rc = run_mac(k, kernel, &v, v.in, v.in_len, got, v.out_len);
        return rc != SC_OK ? rc : sc_memeq(got, v.out, v.out_len) ? SC_OK : SC_EAUTH;
    }
    int rc = run_cipher(k, kernel, 1, &v, v.in, got, v.in_len, v.in_len / 2);
    if (rc != SC_OK) return rc;
    if ((v.in_len != v.out_len && !info->one_shot) || !sc_memeq(got, v.out, v.out_len)) return SC_EAUTH;
    rc = run_cipher(k, kernel, 0, &v, v.out, back, v.out_len, v.out_len / 2);
    return rc != SC_OK ? rc : sc_memeq(back, v.in, v.in_len) ? SC_OK : SC_EAUTH;
}

/* The vector's name, key and IV on longer inputs: kernel against portable. */
static int check_cipher_long(const sc_kat_info *k, const sc_cipher_info *info, const char *kernel, uint8_t *in,
                             uint8_t *ref, uint8_t *got)
{
    vector v;
    if (decode(k, &v) != SC_OK) return SC_EINVAL;
    size_t bs = info->block_size;
    const size_t lengths[] = {bs, 13 * bs, LONG_LEN / bs * bs, info->is_stream ? LONG_LEN : bs};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        size_t len = lengths[i], split = (len / 3) / bs * bs + (info->is_stream ? 5 : 0);
        int r1, r2;
        if (split > len) split = 0;
        if (info->tag_size) {
            r1 = run_mac(k, "portable", &v, in, len, ref, info->tag_size);
            r2 = run_mac(k, kernel, &v, in, len, got, info->tag_size);
            len = info->tag_size;
        } else {
            r1 = run_cipher(k, "portable", 1, &v, in, ref, len, split);
            r2 = run_cipher(k, kernel, 1, &v, in, got, len, split);
        }
        if (r1 != SC_OK || r2 != SC_OK || !sc_memeq(ref, got, len)) return SC_EAUTH;
    }
    return SC_OK;
}

/* --- AEADs ----------------------------------------------------------------- */

/* Seal len bytes with the vector's key, nonce and AAD (streaming, the data
 * split at `split`): ciphertext || full tag into out. */
static int run_seal(const sc_kat_info *k, const char *kernel, const vector *v, const uint8_t *in, size_t len,
                    size_t split, uint8_t *out, size_t tag_len)
{
    sc_aead_ctx c;
    sc_cipher_opts o = {.kernel = kernel};
    size_t n1 = 0, n2 = 0;
    int rc = sc_aead_init(&c, k->name, v->key, v->key_len, &o);
    if (rc == SC_OK) rc = sc_aead_start(&c, 1, v->iv, v->iv_len);
    if (rc == SC_OK) rc = sc_aead_update_aad(&c, v->aad, v->aad_len / 2);
    if (rc == SC_OK) rc = sc_aead_update_aad(&c, v->aad + v->aad_len / 2, v->aad_len - v->aad_len / 2);
    if (rc == SC_OK) rc = sc_aead_encrypt_update(&c, in, split, out, split, &n1);
    if (rc == SC_OK) rc = sc_aead_encrypt_update(&c, in + split, len - split, out + split, len - split, &n2);
    if (rc == SC_OK) rc = sc_aead_encrypt_final(&c, out + len, tag_len);
    sc_aead_wipe(&c);
    return rc;
}

/* The vector sealed, opened back, and a forged tag refused with nothing
 * released (one-shot open). */
static int check_aead_kat(const sc_kat_info *k, const char *kernel, uint8_t *buf)
{
    vector v;
    if (decode(k, &v) != SC_OK || v.out_len < v.in_len) return SC_EINVAL;
    const size_t tag_len = v.out_len - v.in_len;
    uint8_t *got = buf, *back = buf + MAX_FIELD + 64;
    int rc = run_seal(k, kernel, &v, v.in, v.in_len, v.in_len / 3, got, tag_len);
    if (rc != SC_OK) return rc;
    if (!sc_memeq(got, v.out, v.out_len)) return SC_EAUTH;
    sc_aead_ctx c;
    sc_cipher_opts o = {.kernel = kernel};
    size_t n = 0;
    rc = sc_aead_init(&c, k->name, v.key, v.key_len, &o);
    if (rc == SC_OK)
        rc = sc_aead_open(&c, v.iv, v.iv_len, v.aad, v.aad_len, v.out, v.out_len, back, MAX_FIELD, &n, tag_len);
    if (rc == SC_OK && (n != v.in_len || !sc_memeq(back, v.in, v.in_len))) rc = SC_EAUTH;
    if (rc == SC_OK) {
        got[v.out_len - 1] ^= 1; /* a forged tag */
        int forged = sc_aead_open(&c, v.iv, v.iv_len, v.aad, v.aad_len, got, v.out_len, back, MAX_FIELD, &n, tag_len);
        uint8_t any = 0;
        for (size_t i = 0; i < v.in_len; i++) any |= back[i];
        if (forged != SC_EAUTH || n != 0 || any != 0) rc = SC_EAUTH;
    }
    sc_aead_wipe(&c);
    return rc;
}

/* The vector's key, nonce and AAD on a long input: kernel against portable. */
static int check_aead_long(const sc_kat_info *k, const char *kernel, const uint8_t *in, uint8_t *ref, uint8_t *got)
{
    vector v;
    if (decode(k, &v) != SC_OK) return SC_EINVAL;
    static const size_t lengths[] = {1, 16, 64 + 5, 1420, LONG_LEN};
    sc_aead_info info;
    if (sc_aead_info_get(k->name, &info) != SC_OK) return SC_EINVAL;
    const size_t t = info.tag_size; /* the full tag: 8 bytes for magma-mgm */
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        size_t len = lengths[i], split = len / 3;
        int r1 = run_seal(k, "portable", &v, in, len, split, ref, t);
        int r2 = run_seal(k, kernel, &v, in, len, split, got, t);
        if (r1 != SC_OK || r2 != SC_OK || !sc_memeq(ref, got, len + t)) return SC_EAUTH;
    }
    return SC_OK;
}

static int check_cipher(const sc_family *f, const sc_kernel *k, uint8_t *buf, const char **detail)
{
    uint8_t *in = buf, *ref = in + LONG_LEN + 64, *got = ref + LONG_LEN + 64, *scratch = got + LONG_LEN + 64;
    fill(in, LONG_LEN);
    for (size_t i = 0; i < f->nkats; i++) {
        sc_cipher_info info;
        sc_aead_info ainfo;
        if (sc_aead_info_get(f->kats[i].name, &ainfo) == SC_OK) {
            int rc = check_aead_kat(&f->kats[i], k->name, scratch);
            if (rc != SC_OK) return *detail = f->kats[i].source, rc;
            rc = check_aead_long(&f->kats[i], k->name, in, ref, got);
            if (rc != SC_OK) return *detail = "differs from portable on a long input", rc;
            continue;
        }
        int rc = sc_cipher_info_get(f->kats[i].name, &info);
        if (rc == SC_OK) rc = check_cipher_kat(&f->kats[i], &info, k->name, scratch);
        if (rc != SC_OK) return *detail = f->kats[i].source, rc;
        rc = check_cipher_long(&f->kats[i], &info, k->name, in, ref, got);
        if (rc != SC_OK) return *detail = "differs from portable on a long input", rc;
    }
    return SC_OK;
}

/* --- hashes and XOFs -------------------------------------------------------- */

/* The digest (or out_len bytes of an XOF) of len bytes in three updates,
 * an XOF's output squeezed in two pieces. */
static int run_hash(const sc_kat_info *k, const char *kernel, const vector *v, const uint8_t *in, size_t len,
                    uint8_t *out, size_t out_len)
{
    sc_hash_ctx c;
    sc_hash_opts o = {.kernel = kernel};
    sc_hash_info info;
    int rc = sc_hash_info_get(k->name, &info);
    if (rc != SC_OK) return rc;
    if (strcmp(k->name, "kangarootwelve") == 0) o.custom = v->iv, o.custom_len = v->iv_len;
    if (info.is_xof && v->iv_len == 1 && strncmp(k->name, "turboshake", 10) == 0) o.domain = v->iv[0];
    rc = sc_hash_init_ex(&c, k->name, &o);
    if (rc == SC_OK) rc = sc_hash_update(&c, in, len / 3);
    if (rc == SC_OK) rc = sc_hash_update(&c, in + len / 3, len / 3);
    if (rc == SC_OK) rc = sc_hash_update(&c, in + 2 * (len / 3), len - 2 * (len / 3));
    if (rc == SC_OK && info.is_xof) rc = sc_hash_squeeze(&c, out, out_len / 3);
    if (rc == SC_OK) rc = sc_hash_final(&c, out + (info.is_xof ? out_len / 3 : 0), out_len - (info.is_xof ? out_len / 3 : 0));
    sc_hash_wipe(&c);
    return rc;
}

/* Messages of every length class, one at a time and in one batch (the
 * multi-lane kernel): kernel against portable. */
static int check_hash_long(const sc_kat_info *k, const char *kernel, const uint8_t *in, uint8_t *ref, uint8_t *got,
                           size_t out_len)
{
    vector v;
    if (decode(k, &v) != SC_OK) return SC_EINVAL;
    static const size_t lengths[] = {0, 1, 71, 72, 135, 136, 168, 64 * 7 + 55, 64 * 7 + 56, 1000, LONG_LEN, BIG - 1};
    enum { N = sizeof lengths / sizeof lengths[0] };
    for (size_t i = 0; i < N; i++) {
        int r1 = run_hash(k, "portable", &v, in + i, lengths[i], ref, out_len);
        int r2 = run_hash(k, kernel, &v, in + i, lengths[i], got, out_len);
        if (r1 != SC_OK || r2 != SC_OK || !sc_memeq(ref, got, out_len)) return SC_EAUTH;
    }
    if (strcmp(k->name, "kangarootwelve") == 0 || v.iv_len) return SC_OK; /* the batch takes no options */
    const void *msgs[N];
    size_t lens[N];
    for (size_t i = 0; i < N; i++) msgs[i] = in + i, lens[i] = lengths[N - 1 - i] % 20000;
    sc_hash_opts o = {.kernel = kernel};
    if (sc_hash_many(k->name, &o, N, msgs, lens, got, out_len) != SC_OK) return SC_EAUTH;
    for (size_t i = 0; i < N; i++) {
        o.kernel = "portable";
        if (sc_hash_ex(k->name, &o, msgs[i], lens[i], ref, out_len) != SC_OK) return SC_EAUTH;
        if (!sc_memeq(ref, got + i * out_len, out_len)) return SC_EAUTH;
    }
    return SC_OK;
}

static int check_hash(const sc_family *f, const sc_kernel *k, uint8_t *buf, const char **detail)
{
    const uint8_t *in = buf; /* BIG bytes filled by the driver */
    uint8_t *ref = buf + BIG + 64, *got = ref + 2 * MAX_FIELD;
    for (size_t i = 0; i < f->nkats; i++) {
        vector v;
        if (decode(&f->kats[i], &v) != SC_OK || v.out_len == 0) return *detail = "malformed vector", SC_EINVAL;
        int rc = run_hash(&f->kats[i], k->name, &v, v.in, v.in_len, got, v.out_len);
        if (rc == SC_OK && !sc_memeq(got, v.out, v.out_len)) rc = SC_EAUTH;
        if (rc != SC_OK) return *detail = f->kats[i].source, rc;
        rc = check_hash_long(&f->kats[i], k->name, in, ref, got, v.out_len < 64 ? v.out_len : 64);
        if (rc != SC_OK) return *detail = "differs from portable on a long input or in a batch", rc;
    }
    return SC_OK;
}

/* --- the driver ---------------------------------------------------------- */

int sc_selftest(sc_selftest_report_fn report, void *arg)
{
    int failed = 0;
    uint8_t *buf = malloc(4 * (LONG_LEN + 64) + 2 * (MAX_FIELD + 64) + BIG);
    if (buf == NULL) return -1;
    fill(buf, BIG);
    for (size_t i = 0; sc_families[i]; i++) {
        const sc_family *f = sc_families[i];
        if (f->nkats == 0 && f->selftest == NULL) { /* every family brings its known answers */
            if (report) report(arg, f->name, "(all)", SC_EINVAL, "no known-answer vector in its descriptor", 0);
            failed++;
            continue;
        }
        for (size_t j = 0; j < f->kernels->count; j++) {
            const sc_kernel *k = &f->kernels->kernels[j];
            if ((k->features & ~sc_cpu_features()) != 0) {
                if (report) report(arg, f->name, k->name, SC_ENOKERNEL, "not runnable on this CPU", f->nkats);
                continue;
            }
            const char *detail = NULL;
            int rc = f->selftest                ? f->selftest(k, &detail)
                     : f->kind == SC_KIND_CHECKSUM ? check_checksum(f, k, buf, &detail)
                     : f->cipher               ? check_cipher(f, k, buf, &detail)
                     : f->hash                 ? check_hash(f, k, buf, &detail)
                                               : (detail = "no self test for this kind", SC_EINVAL);
            failed += rc != SC_OK;
            if (report) report(arg, f->name, k->name, rc, rc == SC_OK ? NULL : detail, f->nkats);
        }
    }
    free(buf);
    return failed;
}
