/* SPDX-License-Identifier: Apache-2.0 */
/* AES's NIST modes (src/modes/, via aes_family.c) on every AES kernel against
 * references written here straight from the standards, one block at a time
 * through the portable kernel: CFB-s bit by bit (SP 800-38A 6.3), OFB (6.4),
 * XTS block by block with the stealing of IEEE 1619-2018 5.3.2/5.4.2
 * (and up to 130 blocks, past every kernel's batch),
 * CMAC (SP 800-38B 6.2), CCM on its whole formatted input (SP 800-38C
 * A.2-A.3), KW/KWP by the indices of RFC 3394 2.2 and RFC 5649 4. Lengths
 * 0..600 bytes (CFB1 0..48: eight block calls a byte), the input in three
 * random pieces, in place, at odd alignments; key sizes by turns (under
 * qemu, SC_TEST_QUICK=1: lengths up to 100). Then the
 * API's refusals: key, IV, tag and nonce sizes, XTS's equal halves and
 * short data units, key wrap lengths and forgeries (nothing released), and
 * every new name in the registry's lists. */
#include <simdcrypt/aead.h>
#include <simdcrypt/cipher.h>
#include <simdcrypt/kernels.h>

#include "aes/aes_internal.h"
#include "aes_modes_kernels.h"

enum { MAXLEN = 600, QUICK_MAXLEN = 100, BUF = 2176 };
/* XTS up to 130 blocks: past the fused kernels' passes (16 blocks) and
 * the generic path's batch (128 blocks). */
enum { XTS_BLOCKS = 130 };
/* CCM up to 70 blocks: past every batch of the modes' and kernels' loops. */
enum { CCM_BLOCKS = 70 };

static const char *kernels[AES_MAX_KERNELS];
static size_t max_len = MAXLEN; /* QUICK_MAXLEN under qemu (SC_TEST_QUICK) */
static size_t nkernels;
static uint64_t rng = 0x600d;

/* --- references ------------------------------------------------------------ */

typedef struct ref_key {
    sc_aes_key k;
} ref_key;

static void ref_setkey(ref_key *r, const uint8_t *key, size_t len)
{
    CHECK(sc_aes_setkey_kernel(&r->k, key, len, "portable") == SC_OK, "portable key");
}
static void E(const ref_key *r, const uint8_t in[16], uint8_t out[16]) { sc_aes_portable.encrypt(&r->k, in, out, 1); }
static void D(const ref_key *r, const uint8_t in[16], uint8_t out[16]) { sc_aes_portable.decrypt(&r->k, in, out, 1); }

static int bit(const uint8_t *p, size_t i) { return p[i / 8] >> (7 - i % 8) & 1; }
static void set_bit(uint8_t *p, size_t i, int v)
{
    p[i / 8] = (uint8_t)((p[i / 8] & ~(0x80 >> i % 8)) | (v << (7 - i % 8)));
}

/* CFB-s over bits: O = E(I); C = P ^ MSB_s(O); I = LSB_(128-s)(I) || C. */
static void ref_cfb(const ref_key *r, size_t s, int encrypt, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                    size_t len)
{
    uint8_t reg[16], o[16];
    memcpy(reg, iv, 16);
    for (size_t at = 0; at < 8 * len; at += s) {
        E(r, reg, o);
        for (size_t b = 0; b < s && at + b < 8 * len; b++) {
            const int p = bit(in, at + b), c = p ^ bit(o, b);
            set_bit(out, at + b, c);
            if (s == 1) { /* shift in one bit */
                for (size_t i = 0; i < 127; i++) set_bit(reg, i, bit(reg, i + 1));
                set_bit(reg, 127, encrypt ? c : p);
            } else if (b % 8 == 7) { /* whole bytes: shift in the byte */
                memmove(reg, reg + 1, 15);
                reg[15] = (encrypt ? out : in)[(at + b) / 8];
            }
        }
    }
}

static void ref_ofb(const ref_key *r, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t o[16];
    memcpy(o, iv, 16);
    for (size_t i = 0; i < len; i++) {
        if (i % 16 == 0) E(r, o, o);
        out[i] = in[i] ^ o[i % 16];
    }
}

/* T * alpha, little-endian bytes (IEEE 1619 5.2). */
static void mul_alpha(uint8_t t[16])
{
    int carry = 0;
    for (int i = 0; i < 16; i++) {
        const int c = t[i] >> 7;
        t[i] = (uint8_t)(t[i] << 1 | carry);
        carry = c;
    }
    if (carry) t[0] ^= 0x87;
}

static void xts_block(const ref_key *k1, const uint8_t t[16], int encrypt, const uint8_t *in, uint8_t *out)
{
    uint8_t x[16];
    for (int i = 0; i < 16; i++) x[i] = in[i] ^ t[i];
    (encrypt ? E : D)(k1, x, x);
    for (int i = 0; i < 16; i++) out[i] = x[i] ^ t[i];
}

/* len >= 16; in != out. */
static void ref_xts(const ref_key *k1, const ref_key *k2, int encrypt, const uint8_t *iv, const uint8_t *in,
                    uint8_t *out, size_t len)
{
    uint8_t t[16], tn[16], cc[16], pp[16];
    const size_t m = len / 16, b = len % 16;
    E(k2, iv, t);
    for (size_t j = 0; j + (b ? 1 : 0) < m; j++, mul_alpha(t)) xts_block(k1, t, encrypt, in + 16 * j, out + 16 * j);
    if (!b) return;
    const size_t last = 16 * (m - 1);
    memcpy(tn, t, 16);
    mul_alpha(tn);
    xts_block(k1, encrypt ? t : tn, encrypt, in + last, cc); /* CC (decrypt: PP) */
    memcpy(out + last + 16, cc, b);
    memcpy(pp, in + last + 16, b);
    memcpy(pp + b, cc + b, 16 - b);
    xts_block(k1, encrypt ? tn : t, encrypt, pp, out + last);
}

static void dbl128(uint8_t x[16])
{
    const int msb = x[0] >> 7;
    for (int i = 0; i < 15; i++) x[i] = (uint8_t)(x[i] << 1 | x[i + 1] >> 7);
    x[15] = (uint8_t)(x[15] << 1);
    if (msb) x[15] ^= 0x87;
}

static void ref_cmac(const ref_key *r, const uint8_t *msg, size_t len, uint8_t tag[16])
{
    uint8_t k1[16] = {0}, k2[16], c[16] = {0}, m[16];
    E(r, k1, k1);
    dbl128(k1);
    memcpy(k2, k1, 16);
    dbl128(k2);
    const size_t n = len == 0 ? 1 : (len + 15) / 16;
    for (size_t i = 0; i < n; i++) {
        const size_t take = len - 16 * i < 16 ? len - 16 * i : 16;
        memset(m, 0, 16);
        memcpy(m, msg + 16 * i, take);
        if (i + 1 == n) {
            if (take < 16) m[take] = 0x80;
            for (int j = 0; j < 16; j++) m[j] ^= take == 16 ? k1[j] : k2[j];
        }
        for (int j = 0; j < 16; j++) c[j] ^= m[j];
        E(r, c, c);
    }
    memcpy(tag, c, 16);
}

/* CCM: B = B_0 || [a]_enc || A || 0* || P || 0*, T = MSB_t(CBC-MAC(B));
 * C = P ^ MSB_|P|(E(Ctr_1) || ...), tag = T ^ MSB_t(E(Ctr_0)). */
static void ref_ccm(const ref_key *r, const uint8_t *n, size_t nlen, const uint8_t *a, size_t alen,
                    const uint8_t *p, size_t plen, size_t t, uint8_t *c, uint8_t *tag)
{
    static uint8_t b[2 * BUF + 64];
    const size_t q = 15 - nlen;
    size_t at = 16;
    memset(b, 0, sizeof b);
    b[0] = (uint8_t)((alen ? 64 : 0) + 8 * ((t - 2) / 2) + (q - 1));
    memcpy(b + 1, n, nlen);
    for (size_t i = 0; i < q; i++) b[15 - i] = (uint8_t)(i < 8 ? (uint64_t)plen >> 8 * i : 0);
    if (alen) {
        b[at++] = (uint8_t)(alen >> 8), b[at++] = (uint8_t)alen; /* alen < 2^16 - 2^8 here */
        memcpy(b + at, a, alen);
        at = (at + alen + 15) / 16 * 16;
    }
    memcpy(b + at, p, plen);
    at = (at + plen + 15) / 16 * 16;
    uint8_t y[16] = {0}, ctr[16] = {0}, s[16];
    for (size_t i = 0; i < at; i += 16) {
        for (int j = 0; j < 16; j++) y[j] ^= b[i + j];
        E(r, y, y);
    }
    ctr[0] = (uint8_t)(q - 1);
    memcpy(ctr + 1, n, nlen);
    E(r, ctr, s);
    for (size_t j = 0; j < t; j++) tag[j] = y[j] ^ s[j];
    for (size_t i = 0; i < plen; i++) {
        if (i % 16 == 0) {
            const size_t idx = i / 16 + 1;
            for (size_t k = 0; k < q; k++) ctr[15 - k] = (uint8_t)(k < 8 ? (uint64_t)idx >> 8 * k : 0);
            E(r, ctr, s);
        }
        c[i] = p[i] ^ s[i % 16];
    }
}

/* RFC 3394 2.2.1 (index form) with A = iv; n = len / 8 >= 2; out: len + 8. */
static void ref_w(const ref_key *r, const uint8_t iv[8], const uint8_t *p, size_t len, uint8_t *out)
{
    const size_t n = len / 8;
    uint8_t a[8], b[16], *rr = out + 8;
    memcpy(a, iv, 8);
    memcpy(rr, p, len);
    for (size_t j = 0; j <= 5; j++)
        for (size_t i = 1; i <= n; i++) {
            memcpy(b, a, 8);
            memcpy(b + 8, rr + 8 * (i - 1), 8);
            E(r, b, b);
            const uint64_t t = (uint64_t)(n * j + i);
            for (int k = 0; k < 8; k++) a[k] = b[k] ^ (uint8_t)(t >> (56 - 8 * k));
            memcpy(rr + 8 * (i - 1), b + 8, 8);
        }
    memcpy(out, a, 8);
}

static size_t ref_kw(const ref_key *r, const uint8_t *p, size_t len, uint8_t *out)
{
    static const uint8_t iv[8] = {0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6};
    ref_w(r, iv, p, len, out);
    return len + 8;
}

/* RFC 5649 4.1 on already padded data (plen bytes, a multiple of 8) with
 * the ICV naming mli bytes (the misuse tests give it wrong ones). */
static size_t ref_kwp_icv(const ref_key *r, const uint8_t *padded, size_t plen, size_t mli, uint8_t *out)
{
    const uint8_t aiv[8] = {0xa6, 0x59, 0x59, 0xa6, (uint8_t)(mli >> 24), (uint8_t)(mli >> 16), (uint8_t)(mli >> 8),
                            (uint8_t)mli};
    if (plen == 8) {
        memcpy(out, aiv, 8);
        memcpy(out + 8, padded, 8);
        E(r, out, out);
    } else {
        ref_w(r, aiv, padded, plen, out);
    }
    return plen + 8;
}

static size_t ref_kwp(const ref_key *r, const uint8_t *p, size_t len, uint8_t *out)
{
    uint8_t padded[BUF] = {0};
    memcpy(padded, p, len);
    return ref_kwp_icv(r, padded, (len + 7) / 8 * 8, len, out);
}

/* --- the API under test -------------------------------------------------- */

/* len bytes through one cipher context: three random pieces from in to out
 * (in_place 0) or one update in place on out; then final. *got = bytes. */
static int api_cipher(const char *name, const char *kernel, int encrypt, const uint8_t *key, size_t klen,
                      const uint8_t *iv, size_t ivlen, const uint8_t *in, uint8_t *out, size_t len, int in_place,
                      const sc_cipher_opts *extra, size_t *got)
{
    sc_cipher_opts o = extra ? *extra : (sc_cipher_opts){0};
    o.kernel = kernel;
    sc_cipher_ctx c;
    size_t w = 0, n = 0;
    int rc = sc_cipher_init_ex(&c, name, encrypt, key, klen, iv, ivlen, &o);
    if (rc == SC_OK && in_place) {
        memmove(out, in, len);
        rc = sc_cipher_update(&c, out, len, out, BUF, &n);
        w = n;
    }
    for (size_t i = 0, done = 0; rc == SC_OK && !in_place && i < 3; i++) {
        const size_t take = i == 2 ? len - done : (size_t)(test_rand(&rng) % (len - done + 1));
        rc = sc_cipher_update(&c, in + done, take, out + w, BUF - w, &n);
        done += take, w += n;
    }
    if (rc == SC_OK) rc = sc_cipher_final(&c, out + w, BUF - w, &n);
    *got = w + n;
    sc_cipher_wipe(&c);
    return rc;
}

static int same(const uint8_t *a, const uint8_t *b, size_t n) { return n == 0 || memcmp(a, b, n) == 0; }

/* One cipher name at one length on every kernel, both directions, both
 * feeds, against the reference ciphertext ct. */
static void cipher_case(const char *name, const uint8_t *key, size_t klen, const uint8_t *iv, const uint8_t *pt,
                        const uint8_t *ct, size_t len, const sc_cipher_opts *extra)
{
    static uint8_t outbuf[BUF + 8], inbuf[BUF + 8];
    for (size_t k = 0; k < nkernels; k++)
        for (int dir = 1; dir >= 0; dir--)
            for (int in_place = 0; in_place < 2; in_place++) {
                const size_t off = 1 + (len + k + (size_t)in_place) % 3; /* odd alignments */
                uint8_t *in = inbuf + off, *out = outbuf + 4 - off;
                memcpy(in, dir ? pt : ct, len);
                size_t got = 0;
                const int rc = api_cipher(name, kernels[k], dir, key, klen, iv, 16, in, out, len, in_place, extra, &got);
                CHECK(rc == SC_OK && got == len && same(out, dir ? ct : pt, len), "%s len %zu %s %s on %s: rc %d",
                      name, len, dir ? "enc" : "dec", in_place ? "in place" : "3 pieces", kernels[k], rc);
            }
}

static void diff_ciphers(void)
{
    static uint8_t key[64], iv[16], pt[BUF], ct[BUF];
    static const char *const bits[3] = {"128", "192", "256"};
    ref_key r, r2;
    char name[32];
    for (size_t len = 0; len <= max_len; len++) {
        const int v = (int)(len % 3);
        const size_t klen = 16 + 8 * (size_t)v;
        test_fill(key, sizeof key, len * 7 + 1);
        test_fill(iv, 16, len * 7 + 2);
        test_fill(pt, len, len * 7 + 3);
        ref_setkey(&r, key, klen);
        static const struct {
            const char *suffix;
            size_t seg, max_len, opt_seg;
        } cfbs[] = {{"cfb", 128, MAXLEN, 0}, {"cfb", 64, MAXLEN, 64}, {"cfb8", 8, MAXLEN, 0}, {"cfb1", 1, 48, 0}};
        for (size_t i = 0; i < sizeof cfbs / sizeof cfbs[0]; i++) {
            if (len > cfbs[i].max_len) continue;
            snprintf(name, sizeof name, "aes-%s-%s", bits[v], cfbs[i].suffix);
            ref_cfb(&r, cfbs[i].seg, 1, iv, pt, ct, len);
            const sc_cipher_opts seg = {.segment_bits = (uint32_t)cfbs[i].opt_seg};
            cipher_case(name, key, klen, iv, pt, ct, len, &seg);
        }
        snprintf(name, sizeof name, "aes-%s-ofb", bits[v]);
        ref_ofb(&r, iv, pt, ct, len);
        cipher_case(name, key, klen, iv, pt, ct, len, NULL);
        if (len >= 16 && v != 1) { /* XTS: AES-128 and AES-256, Key1 || Key2 */
            snprintf(name, sizeof name, "aes-%s-xts", bits[v]);
            ref_setkey(&r2, key + klen, klen);
            ref_xts(&r, &r2, 1, iv, pt, ct, len);
            cipher_case(name, key, 2 * klen, iv, pt, ct, len, NULL);
        }
    }
}

/* XTS past max_len, where the kernels batch: every whole-block count up to
 * XTS_BLOCKS, alone and with a partial block (stealing), AES-128 and
 * AES-256 by turns; each on every kernel, both ways, in three pieces and in
 * place (cipher_case). */
static void diff_xts_batches(void)
{
    static uint8_t key[64], iv[16], pt[BUF], ct[BUF];
    ref_key r, r2;
    char name[32];
    for (size_t b = 1; b <= XTS_BLOCKS; b++)
        for (size_t part = 0; part < 2; part++) {
            const size_t len = 16 * b + (part ? 1 + b % 15 : 0), klen = (b + part) % 2 ? 32 : 16;
            if (len <= max_len) continue; /* diff_ciphers' */
            test_fill(key, 2 * klen, len * 5 + 1);
            test_fill(iv, 16, len * 5 + 2);
            test_fill(pt, len, len * 5 + 3);
            ref_setkey(&r, key, klen);
            ref_setkey(&r2, key + klen, klen);
            ref_xts(&r, &r2, 1, iv, pt, ct, len);
            snprintf(name, sizeof name, "aes-%zu-xts", 8 * klen);
            cipher_case(name, key, 2 * klen, iv, pt, ct, len, NULL);
        }
}

static void diff_cmac(void)
{
    static uint8_t key[32], msg[BUF];
    uint8_t want[16], got[16];
    char name[32];
    for (size_t len = 0; len <= max_len; len++) {
        const size_t klen = 16 + 8 * (len % 3);
        test_fill(key, klen, len + 11);
        test_fill(msg, len, len + 12);
        ref_key r;
        ref_setkey(&r, key, klen);
        ref_cmac(&r, msg, len, want);
        snprintf(name, sizeof name, "aes-%zu-cmac", 8 * klen);
        for (size_t k = 0; k < nkernels; k++) {
            const sc_cipher_opts o = {.kernel = kernels[k]};
            sc_mac_ctx m;
            int rc = sc_mac_init_ex(&m, name, key, klen, &o);
            for (size_t i = 0, done = 0; rc == SC_OK && i < 3; i++) {
                const size_t take = i == 2 ? len - done : (size_t)(test_rand(&rng) % (len - done + 1));
                rc = sc_mac_update(&m, msg + done, take);
                done += take;
            }
            const size_t tlen = 1 + len % 16;
            if (rc == SC_OK) rc = sc_mac_final(&m, got, tlen);
            CHECK(rc == SC_OK && same(got, want, tlen), "%s len %zu on %s: rc %d", name, len, kernels[k], rc);
            sc_mac_wipe(&m);
        }
    }
}

/* One CCM message through the AEAD API on every kernel against ref_ccm:
 * seal, open, then both in place (detached tag). */
static void ccm_case(size_t len, size_t klen, size_t nlen, size_t t, size_t alen, uint64_t seed)
{
    static uint8_t key[32], nonce[13], aad[BUF], pt[BUF], ct[BUF + 16], out[BUF + 16], back[BUF];
    uint8_t tag[16];
    char name[32];
    test_fill(key, klen, seed + 1);
    test_fill(nonce, nlen, seed + 2);
    test_fill(aad, alen, seed + 3);
    test_fill(pt, len, seed + 4);
    ref_key r;
    ref_setkey(&r, key, klen);
    ref_ccm(&r, nonce, nlen, aad, alen, pt, len, t, ct, tag);
    memcpy(ct + len, tag, t);
    snprintf(name, sizeof name, "aes-%zu-ccm", 8 * klen);
    for (size_t k = 0; k < nkernels; k++) {
        const sc_cipher_opts o = {.kernel = kernels[k]};
        sc_aead_ctx c;
        size_t n = 0, m = 0;
        int rc = sc_aead_init(&c, name, key, klen, &o);
        if (rc == SC_OK) rc = sc_aead_seal(&c, nonce, nlen, aad, alen, pt, len, out, sizeof out, &n, t);
        CHECK(rc == SC_OK && n == len + t && same(out, ct, n), "%s len %zu n %zu t %zu a %zu on %s: seal %d", name, len,
              nlen, t, alen, kernels[k], rc);
        if (rc == SC_OK) rc = sc_aead_open(&c, nonce, nlen, aad, alen, ct, len + t, back, sizeof back, &m, t);
        CHECK(rc == SC_OK && m == len && same(back, pt, len), "%s len %zu on %s: open %d", name, len, kernels[k], rc);
        if (rc == SC_OK) { /* in place, both ways */
            memcpy(out, pt, len);
            rc = sc_aead_seal_detached(&c, nonce, nlen, aad, alen, out, len, out, len, &n, tag, t);
            CHECK(rc == SC_OK && same(out, ct, len) && same(tag, ct + len, t), "%s len %zu in place seal: %d", name,
                  len, rc);
            rc = sc_aead_open_detached(&c, nonce, nlen, aad, alen, out, len, tag, t, out, len, &n);
            CHECK(rc == SC_OK && same(out, pt, len), "%s len %zu in place open: %d", name, len, rc);
        }
        sc_aead_wipe(&c);
    }
}

static void diff_ccm(void)
{
    /* every length up to max_len, the sizes by turns */
    for (size_t len = 0; len <= max_len; len++) {
        const size_t alen = len % 5 == 0 ? 0 : len % 5 == 1 ? 300 : len % 29;
        ccm_case(len, 16 + 8 * (len % 3), 7 + len % 7, 4 + 2 * (len / 3 % 7), alen, len + 20);
    }
    /* past them, up to CCM_BLOCKS whole blocks (and a partial one), with the
     * AAD lengths around the first block's edge (the 2-byte length encoding
     * takes 2 of its 16 bytes) */
    static const size_t alens[] = {0, 1, 14, 15, 16, 17, 300};
    for (size_t b = 1, i = 0; b <= CCM_BLOCKS; b++)
        for (size_t part = 0; part < 2; part++) {
            const size_t len = 16 * b + (part ? 1 + b % 15 : 0);
            if (len <= max_len) continue;
            ccm_case(len, 16 + 8 * (i % 3), 7 + i % 7, 4 + 2 * (i % 7), alens[i % 7], 5 * len);
            i++;
        }
}

/* The kernels' fused CCM entry (struct sc_aes_ops.ccm) on its own, against
 * its contract computed here: 0..CCM_BLOCKS blocks, both directions, in
 * place by turns, the counter's low word ending exactly at 2^32 by turns
 * (it wraps to 0, the bytes above it untouched). */
static void diff_ccm_kernel(void)
{
    static uint8_t key[32], in[16 * CCM_BLOCKS], want[16 * CCM_BLOCKS], got[16 * CCM_BLOCKS];
    uint8_t ctr0[16], mac0[16], ctr[16], mac[16], wmac[16], wctr[16], blk[16];
    for (size_t k = 0; k < nkernels; k++)
        for (size_t n = 0; n <= CCM_BLOCKS; n++)
            for (int enc = 0; enc < 2; enc++) {
                const size_t klen = 16 + 8 * ((n + (size_t)enc) % 3);
                const uint64_t seed = 1000 * n + 10 * (uint64_t)enc;
                sc_aes_key key_k;
                test_fill(key, klen, seed + 1);
                test_fill(ctr0, 16, seed + 2);
                test_fill(mac0, 16, seed + 3);
                test_fill(in, 16 * n, seed + 4);
                if (n % 2) { /* the low word c with c + n = 2^32 */
                    const uint32_t c = (uint32_t)(0 - (uint32_t)n);
                    ctr0[12] = (uint8_t)(c >> 24), ctr0[13] = (uint8_t)(c >> 16), ctr0[14] = (uint8_t)(c >> 8);
                    ctr0[15] = (uint8_t)c;
                }
                if (sc_aes_setkey_kernel(&key_k, key, klen, kernels[k]) != SC_OK || key_k.ops->ccm == NULL) {
                    sc_aes_wipe(&key_k);
                    continue;
                }
                ref_key r;
                ref_setkey(&r, key, klen);
                memcpy(wctr, ctr0, 16);
                memcpy(wmac, mac0, 16);
                for (size_t i = 0; i < n; i++) {
                    E(&r, wctr, blk);
                    for (int j = 0; j < 16; j++) want[16 * i + j] = in[16 * i + j] ^ blk[j];
                    const uint8_t *p = enc ? in + 16 * i : want + 16 * i;
                    for (int j = 0; j < 16; j++) wmac[j] ^= p[j];
                    E(&r, wmac, wmac);
                    for (int j = 15; j >= 12 && ++wctr[j] == 0; j--) {
                    }
                }
                memcpy(ctr, ctr0, 16);
                memcpy(mac, mac0, 16);
                uint8_t *src = in;
                if (n % 3 == 1) src = memcpy(got, in, 16 * n); /* in place */
                key_k.ops->ccm(&key_k, ctr, mac, enc, src, got, n);
                CHECK(same(got, want, 16 * n) && same(mac, wmac, 16) && same(ctr, wctr, 16),
                      "fused ccm %s n %zu klen %zu on %s", enc ? "encrypt" : "decrypt", n, klen, kernels[k]);
                sc_aes_wipe(&key_k);
            }
}

static void diff_wrap(void)
{
    static uint8_t key[32], pt[BUF], want[BUF + 16], out[BUF + 16];
    char name[32];
    for (size_t len = 1; len <= max_len; len++) {
        const size_t klen = 16 + 8 * (len % 3);
        test_fill(key, klen, len + 31);
        test_fill(pt, len, len + 32);
        ref_key r;
        ref_setkey(&r, key, klen);
        for (int kwp = 0; kwp < 2; kwp++) {
            if (!kwp && (len % 8 || len < 16)) continue;
            const size_t wlen = kwp ? ref_kwp(&r, pt, len, want) : ref_kw(&r, pt, len, want);
            snprintf(name, sizeof name, "aes-%zu-%s", 8 * klen, kwp ? "kwp" : "kw");
            for (size_t k = 0; k < nkernels; k++) {
                const sc_cipher_opts o = {.kernel = kernels[k]};
                size_t n = 0;
                int rc = sc_cipher_crypt(name, 1, key, klen, NULL, 0, pt, len, out, sizeof out, &n, &o);
                CHECK(rc == SC_OK && n == wlen && same(out, want, n), "%s len %zu wrap on %s: %d", name, len,
                      kernels[k], rc);
                rc = sc_cipher_crypt(name, 0, key, klen, NULL, 0, out, n, out, sizeof out, &n, &o); /* in place */
                CHECK(rc == SC_OK && n == len && same(out, pt, len), "%s len %zu unwrap on %s: %d", name, len,
                      kernels[k], rc);
            }
        }
    }
}

/* RFC 3610 section 8, packet vector #1 (M = 8, L = 2): the 8-byte header is
 * the AAD, the 23 bytes after it the payload. */
static void ccm_rfc3610(void)
{
    uint8_t key[16], nonce[13], pkt[31], want[31], out[64], back[32];
    test_unhex("c0c1c2c3c4c5c6c7c8c9cacbcccdcecf", key, sizeof key);
    test_unhex("00000003020100a0a1a2a3a4a5", nonce, sizeof nonce);
    test_unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e", pkt, sizeof pkt);
    test_unhex("588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0", want, sizeof want);
    for (size_t k = 0; k < nkernels; k++) {
        const sc_cipher_opts o = {.kernel = kernels[k]};
        sc_aead_ctx a;
        size_t n = 0, m = 0;
        int rc = sc_aead_init(&a, "aes-128-ccm", key, 16, &o);
        if (rc == SC_OK) rc = sc_aead_seal(&a, nonce, 13, pkt, 8, pkt + 8, 23, out, sizeof out, &n, 8);
        CHECK(rc == SC_OK && n == 31 && same(out, want, 31), "RFC 3610 packet vector #1 on %s: %d", kernels[k], rc);
        if (rc == SC_OK) rc = sc_aead_open(&a, nonce, 13, pkt, 8, want, 31, back, sizeof back, &m, 8);
        CHECK(rc == SC_OK && m == 23 && same(back, pkt + 8, 23), "RFC 3610 #1 open on %s: %d", kernels[k], rc);
        sc_aead_wipe(&a);
    }
}

/* --- refusals --------------------------------------------------------------- */

static int in_list(const char *(*at)(size_t), const char *name)
{
    for (size_t i = 0; at(i); i++)
        if (strcmp(at(i), name) == 0) return 1;
    return 0;
}

static void misuse(void)
{
    static const char *const ciphers[] = {"cfb", "cfb8", "cfb1", "ofb", "xts", "kw", "kwp"};
    static const char *const bits[] = {"128", "192", "256"};
    uint8_t key[64], iv[17] = {0}, buf[64], out[128];
    char name[32];
    size_t n;
    sc_cipher_ctx c;
    sc_mac_ctx m;
    sc_aead_ctx a;
    for (int i = 0; i < 64; i++) key[i] = (uint8_t)i;
    for (int v = 0; v < 3; v++) {
        for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++) {
            snprintf(name, sizeof name, "aes-%s-%s", bits[v], ciphers[i]);
            const int exists = !(v == 1 && strcmp(ciphers[i], "xts") == 0);
            CHECK(in_list(sc_cipher_name_at, name) == exists, "%s listed: %d", name, exists);
            if (!exists) {
                CHECK(sc_cipher_init(&c, name, 1, key, 48, iv, 16) == SC_EINVAL, "%s refused", name);
                continue;
            }
            sc_cipher_info info;
            CHECK(sc_cipher_info_get(name, &info) == SC_OK, "%s info", name);
            CHECK(sc_cipher_init(&c, name, 1, key, info.key_size - 1, iv, info.iv_size) == SC_EKEYSIZE, "%s short key",
                  name);
            CHECK(sc_cipher_init(&c, name, 1, key, info.key_size + 1, iv, info.iv_size) == SC_EKEYSIZE, "%s long key",
                  name);
            CHECK(sc_cipher_init(&c, name, 1, key, info.key_size, iv, info.iv_size ? 15 : 16) == SC_EIVSIZE,
                  "%s iv size", name);
            CHECK(sc_cipher_init(&c, name, 1, key, info.key_size, iv, info.iv_size ? 17 : 1) == SC_EIVSIZE,
                  "%s iv size", name);
            const sc_cipher_opts seg = {.segment_bits = 64};
            CHECK(sc_cipher_init_ex(&c, name, 1, key, info.key_size, iv, info.iv_size, &seg) ==
                      (strcmp(ciphers[i], "cfb") == 0 ? SC_OK : SC_EINVAL),
                  "%s segment_bits", name);
            sc_cipher_wipe(&c);
        }
        snprintf(name, sizeof name, "aes-%s-cmac", bits[v]);
        const size_t klen = 16 + 8 * (size_t)v;
        CHECK(in_list(sc_mac_name_at, name), "%s listed", name);
        CHECK(sc_mac_init(&m, name, key, klen + 8) == SC_EKEYSIZE, "%s key size", name);
        CHECK(sc_mac_init_nonce(&m, name, key, klen, iv, 12, NULL) == SC_EIVSIZE, "%s nonce", name);
        CHECK(sc_mac_init(&m, name, key, klen) == SC_OK, "%s init", name);
        CHECK(sc_mac_final(&m, out, 0) == SC_ETAGSIZE && sc_mac_final(&m, out, 17) == SC_ETAGSIZE, "%s tag sizes", name);
        CHECK(sc_mac_update(&m, key, 20) == SC_OK && sc_mac_final(&m, out, 16) == SC_OK, "%s tag", name);
        CHECK(sc_mac_reset(&m) == SC_OK && sc_mac_update(&m, key, 20) == SC_OK, "%s reset", name);
        out[3] ^= 1;
        CHECK(sc_mac_verify(&m, out, 16) == SC_EAUTH, "%s forged tag", name);
        out[3] ^= 1;
        CHECK(sc_mac_reset(&m) == SC_OK && sc_mac_update(&m, key, 20) == SC_OK && sc_mac_verify(&m, out, 8) == SC_OK,
              "%s truncated tag", name);
        sc_mac_wipe(&m);

        snprintf(name, sizeof name, "aes-%s-ccm", bits[v]);
        CHECK(in_list(sc_aead_name_at, name), "%s listed", name);
        CHECK(sc_aead_init(&a, name, key, klen + 1, NULL) == SC_EKEYSIZE, "%s key size", name);
        CHECK(sc_aead_init(&a, name, key, klen, NULL) == SC_OK, "%s init", name);
        CHECK(sc_aead_start(&a, 1, iv, 12) == SC_EINVAL, "%s streaming refused", name);
        static const size_t bad_nonces[] = {0, 6, 14, 16};
        for (size_t i = 0; i < 4; i++)
            CHECK(sc_aead_seal(&a, iv, bad_nonces[i], NULL, 0, buf, 16, out, sizeof out, &n, 16) == SC_EIVSIZE,
                  "%s nonce %zu", name, bad_nonces[i]);
        static const size_t bad_tags[] = {0, 2, 3, 5, 15, 17};
        for (size_t i = 0; i < 6; i++)
            CHECK(sc_aead_seal(&a, iv, 12, NULL, 0, buf, 16, out, sizeof out, &n, bad_tags[i]) == SC_ETAGSIZE,
                  "%s tag %zu", name, bad_tags[i]);
        /* 13-byte nonce: q = 2 length bytes, so 2^16 bytes are one too many */
        static uint8_t big[65536 + 16];
        CHECK(sc_aead_seal(&a, iv, 13, NULL, 0, big, 65536, big, sizeof big, &n, 16) == SC_ELENGTH,
              "%s length over q", name);
        CHECK(sc_aead_seal(&a, iv, 13, NULL, 0, big, 65535, big, sizeof big, &n, 16) == SC_OK, "%s length = q max",
              name);
        memset(buf, 7, sizeof buf);
        CHECK(sc_aead_seal(&a, iv, 12, key, 5, buf, 20, out, sizeof out, &n, 8) == SC_OK, "%s seal", name);
        out[0] ^= 1;
        memset(buf, 0xee, sizeof buf);
        CHECK(sc_aead_open(&a, iv, 12, key, 5, out, 28, buf, sizeof buf, &n, 8) == SC_EAUTH && n == 0, "%s forged",
              name);
        uint8_t any = 0;
        for (int i = 0; i < 20; i++) any |= buf[i];
        CHECK(any == 0, "%s forged: output released", name);
        sc_aead_wipe(&a);

        /* key wrap lengths and forgeries */
        snprintf(name, sizeof name, "aes-%s-kw", bits[v]);
        static const size_t kw_bad_wrap[] = {0, 8, 17, 23};
        for (size_t i = 0; i < 4; i++)
            CHECK(sc_cipher_crypt(name, 1, key, klen, NULL, 0, buf, kw_bad_wrap[i], out, sizeof out, &n, NULL) ==
                      SC_ELENGTH,
                  "%s wrap %zu", name, kw_bad_wrap[i]);
        static const size_t kw_bad_unwrap[] = {0, 8, 16, 25};
        for (size_t i = 0; i < 4; i++)
            CHECK(sc_cipher_crypt(name, 0, key, klen, NULL, 0, buf, kw_bad_unwrap[i], out, sizeof out, &n, NULL) ==
                      SC_ELENGTH,
                  "%s unwrap %zu", name, kw_bad_unwrap[i]);
        CHECK(sc_cipher_crypt(name, 1, key, klen, NULL, 0, buf, 32, out, sizeof out, &n, NULL) == SC_OK && n == 40,
              "%s wrap", name);
        CHECK(sc_cipher_crypt(name, 1, key, klen, NULL, 0, buf, 32, out, 39, &n, NULL) == SC_ELENGTH, "%s out_cap",
              name);
        sc_cipher_crypt(name, 1, key, klen, NULL, 0, buf, 32, out, sizeof out, &n, NULL);
        out[39] ^= 0x80;
        memset(buf, 0xee, sizeof buf);
        CHECK(sc_cipher_crypt(name, 0, key, klen, NULL, 0, out, 40, buf, sizeof buf, &n, NULL) == SC_EAUTH && n == 0,
              "%s forged", name);
        any = 0;
        for (int i = 0; i < 32; i++) any |= buf[i];
        CHECK(any == 0, "%s forged: output released", name);

        snprintf(name, sizeof name, "aes-%s-kwp", bits[v]);
        CHECK(sc_cipher_crypt(name, 1, key, klen, NULL, 0, buf, 0, out, sizeof out, &n, NULL) == SC_ELENGTH,
              "%s wrap 0", name);
        CHECK(sc_cipher_crypt(name, 0, key, klen, NULL, 0, buf, 20, out, sizeof out, &n, NULL) == SC_ELENGTH,
              "%s unwrap 20", name);
        /* a wrong length in the ICV or non-zero padding: one verdict, SC_EAUTH */
        for (size_t len = 1; len <= 17; len += 8) {
            ref_key r;
            ref_setkey(&r, key, klen);
            uint8_t p[24] = {0}, bad[40];
            const size_t plen = (len + 7) / 8 * 8;
            memset(p, 0x5a, len);
            p[len] = 1; /* non-zero padding (the length len + 1 would cover it) */
            ref_kwp_icv(&r, p, plen, len, bad);
            CHECK(sc_cipher_crypt(name, 0, key, klen, NULL, 0, bad, plen + 8, out, sizeof out, &n, NULL) == SC_EAUTH,
                  "%s non-zero padding, len %zu", name, len);
            p[len] = 0;
            /* ICV lengths outside (plen - 8, plen]: one semiblock too few or
             * too many, far too many, zero */
            const size_t wrong[] = {plen - 8, plen + 1, len + 8, (size_t)1 << 20, 0};
            for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
                ref_kwp_icv(&r, p, plen, wrong[i], bad);
                CHECK(sc_cipher_crypt(name, 0, key, klen, NULL, 0, bad, plen + 8, out, sizeof out, &n, NULL) ==
                          SC_EAUTH,
                      "%s ICV length %zu for %zu bytes", name, wrong[i], len);
            }
            ref_kwp_icv(&r, p, plen, len, bad);
            CHECK(sc_cipher_crypt(name, 0, key, klen, NULL, 0, bad, plen + 8, out, sizeof out, &n, NULL) == SC_OK &&
                      n == len,
                  "%s the same done right, len %zu", name, len);
        }
    }
    /* XTS: equal halves refused (SC_EINVAL), a data unit shorter than a block
     * refused at final (SC_ELENGTH), the empty one is empty */
    for (int v = 0; v < 3; v += 2) {
        const size_t half = 16 + 8 * (size_t)v;
        snprintf(name, sizeof name, "aes-%s-xts", bits[v]);
        memcpy(key + half, key, half);
        CHECK(sc_cipher_init(&c, name, 1, key, 2 * half, iv, 16) == SC_EINVAL, "%s equal halves", name);
        key[2 * half - 1] ^= 1;
        CHECK(sc_cipher_init(&c, name, 1, key, 2 * half, iv, 16) == SC_OK, "%s halves differing in a bit", name);
        for (size_t len = 1; len < 16; len++) {
            CHECK(sc_cipher_reset(&c) == SC_OK && sc_cipher_update(&c, buf, len, out, sizeof out, &n) == SC_OK &&
                      sc_cipher_final(&c, out, sizeof out, &n) == SC_ELENGTH,
                  "%s %zu-byte data unit", name, len);
        }
        CHECK(sc_cipher_reset(&c) == SC_OK && sc_cipher_final(&c, out, sizeof out, &n) == SC_OK && n == 0,
              "%s empty", name);
        sc_cipher_wipe(&c);
        for (int i = 0; i < 64; i++) key[i] = (uint8_t)i;
    }
}

int main(void)
{
    nkernels = aes_kernels(kernels);
    if (test_quick()) max_len = QUICK_MAXLEN;
    diff_ciphers();
    diff_xts_batches();
    printf("ciphers: %ld checks\n", test_passed + test_failed);
    diff_cmac();
    diff_ccm();
    diff_ccm_kernel();
    ccm_rfc3610();
    diff_wrap();
    printf("with cmac, ccm, kw, kwp: %ld checks\n", test_passed + test_failed);
    misuse();
    return test_finish();
}
