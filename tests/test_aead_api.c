/* SPDX-License-Identifier: Apache-2.0 */
/* The AEAD API's contract (include/simdcrypt/aead.h) on every AEAD name:
 * fail closed (garbage, zeroed, wiped, failed contexts), message phases,
 * sizes and buffers refused before anything is written, and a failed open
 * that releases nothing (every forgery: ciphertext, AAD, nonce, tag). */
#include <stddef.h>

#include <simdcrypt/aead.h>
#include <simdcrypt/kernels.h>

#include "test_expect_kernel.h"
#include "test_util.h"

enum { LEN = 100 };

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t any = 0;
    for (size_t i = 0; i < n; i++) any |= p[i];
    return any == 0;
}

/* DSTU 7624 GCM's tag is E(hash(A, C) ^ lengths): the nonce reaches only the
 * CTR part, so a changed nonce is no forgery the tag can see
 * (docs/kalyna-aead.md). */
static int tag_covers_nonce(const char *name) { return !(strncmp(name, "kalyna-", 7) == 0 && strstr(name, "-gcm")); }
/* A shorter tag is the leading bytes of the full one, except in DSTU 7624
 * CCM, which codes the tag length into its first MAC block. */
static int tags_truncate(const char *name) { return strstr(name, "-ccm") == NULL; }
/* The tag length the checks use: the name's full tag, or 16 bytes where it is
 * longer (Kalyna-256/512, whose GCM and CCM take 16). */
static size_t test_tag(const sc_aead_info *info) { return info->tag_size < 16 ? info->tag_size : 16; }

static void forgeries(sc_aead_ctx *c, const char *name, const sc_aead_info *info)
{
    uint8_t nonce[64], aad[20], pt[LEN], ct[LEN + 16], out[LEN + 16];
    size_t n, m;
    const size_t NL = info->nonce_size, T = test_tag(info);
    test_fill(nonce, NL, 1), test_fill(aad, 20, 2), test_fill(pt, LEN, 3);
    nonce[0] &= 0x7f; /* MGM's nonces have the top bit 0 (RFC 9058 4) */
    CHECK(sc_aead_seal(c, nonce, NL, aad, 20, pt, LEN, ct, sizeof ct, &n, T) == SC_OK && n == LEN + T, "%s seal", name);
    for (int what = 0; what < 5; what++) {
        if (what == 3 && !tag_covers_nonce(name)) continue;
        uint8_t *field = what == 0 ? ct : what == 1 ? ct + LEN : what == 2 ? aad : what == 3 ? nonce : ct + LEN + T - 1;
        field[what == 4 ? 0 : 3] ^= 0x20;
        memset(out, 0x77, sizeof out);
        int rc = sc_aead_open(c, nonce, NL, aad, 20, ct, LEN + T, out, sizeof out, &m, T);
        CHECK(rc == SC_EAUTH && m == 0 && all_zero(out, LEN), "%s forgery %d: rc %d, output zeroed", name, what, rc);
        field[what == 4 ? 0 : 3] ^= 0x20;
    }
    CHECK(sc_aead_open(c, nonce, NL, aad, 20, ct, LEN + T, out, sizeof out, &m, T) == SC_OK && m == LEN &&
              memcmp(out, pt, LEN) == 0,
          "%s genuine open after the forgeries", name);
    /* truncated tags: each accepted length seals a prefix of the full tag */
    for (size_t t = 0; t <= 17; t++) {
        uint8_t short_ct[LEN + 17];
        int accepted = sc_aead_tag_size_ok(info, t);
        memset(short_ct, 0x5a, sizeof short_ct);
        int rc = sc_aead_seal(c, nonce, NL, aad, 20, pt, LEN, short_ct, sizeof short_ct, &n, t);
        CHECK(accepted ? rc == SC_OK && memcmp(short_ct, ct, LEN + (tags_truncate(name) ? (t < T ? t : T) : 0)) == 0
                       : rc == SC_ETAGSIZE,
              "%s tag %zu: %d", name, t, rc);
        if (!accepted) continue;
        /* nothing past the t-byte tag (a truncated tag goes through a full-size buffer) */
        size_t past = LEN + t;
        while (past < sizeof short_ct && short_ct[past] == 0x5a) past++;
        CHECK(n == LEN + t && past == sizeof short_ct, "%s tag %zu: %zu bytes written", name, t, n);
        CHECK(sc_aead_open(c, nonce, NL, aad, 20, short_ct, LEN + t, out, sizeof out, &m, t) == SC_OK,
              "%s open tag %zu", name, t);
        if (t < T &&
            tags_truncate(name)) /* the full tag's last t bytes are not the t-byte tag of a longer ciphertext */
            CHECK(sc_aead_open(c, nonce, NL, aad, 20, ct, LEN + T, out, sizeof out, &m, t) == SC_EAUTH,
                  "%s: a %zu-byte tag is not the full tag's last bytes", name, t);
    }
    /* in place, both directions */
    memcpy(ct, pt, LEN);
    CHECK(sc_aead_seal(c, nonce, NL, aad, 20, ct, LEN, ct, sizeof ct, &n, T) == SC_OK, "%s seal in place", name);
    CHECK(sc_aead_open(c, nonce, NL, aad, 20, ct, n, ct, sizeof ct, &m, T) == SC_OK && memcmp(ct, pt, LEN) == 0,
          "%s open in place", name);
}

/* The detached calls give seal's bytes split at the tag, open what seal
 * sealed, release nothing on a forgery, and refuse a tag on the data. */
static void detached(sc_aead_ctx *c, const char *name, const sc_aead_info *info)
{
    uint8_t nonce[64], aad[20], pt[LEN], joined[LEN + 16], ct[LEN + 16], tag[16], out[LEN + 16];
    size_t n, m;
    const size_t NL = info->nonce_size, T = test_tag(info);
    test_fill(nonce, NL, 4), test_fill(aad, 20, 5), test_fill(pt, LEN, 6);
    nonce[0] &= 0x7f;
    CHECK(sc_aead_seal(c, nonce, NL, aad, 20, pt, LEN, joined, sizeof joined, &n, T) == SC_OK, "%s seal", name);
    CHECK(sc_aead_seal_detached(c, nonce, NL, aad, 20, pt, LEN, ct, LEN, &n, tag, T) == SC_OK && n == LEN &&
              memcmp(ct, joined, LEN) == 0 && memcmp(tag, joined + LEN, T) == 0,
          "%s seal_detached = seal split at the tag", name);
    CHECK(sc_aead_open_detached(c, nonce, NL, aad, 20, ct, LEN, tag, T, out, LEN, &m) == SC_OK && m == LEN &&
              memcmp(out, pt, LEN) == 0,
          "%s open_detached", name);
    for (int what = 0; what < 3; what++) {
        uint8_t *field = what == 0 ? ct + 7 : what == 1 ? tag + T - 1 : aad;
        *field ^= 1;
        memset(out, 0x77, sizeof out);
        CHECK(sc_aead_open_detached(c, nonce, NL, aad, 20, ct, LEN, tag, T, out, LEN, &m) == SC_EAUTH && m == 0 &&
                  all_zero(out, LEN),
              "%s detached forgery %d: refused, output zeroed", name, what);
        *field ^= 1;
    }
    memcpy(out, pt, LEN);
    CHECK(sc_aead_seal_detached(c, nonce, NL, aad, 20, out, LEN, out, LEN, &n, tag, T) == SC_OK &&
              memcmp(out, ct, LEN) == 0 &&
              sc_aead_open_detached(c, nonce, NL, aad, 20, out, LEN, tag, T, out, LEN, &m) == SC_OK &&
              memcmp(out, pt, LEN) == 0,
          "%s detached in place", name);
    CHECK(sc_aead_seal_detached(c, nonce, NL, aad, 20, pt, LEN, out, LEN, &n, out + LEN - 4, T) == SC_EINVAL &&
              sc_aead_seal_detached(c, nonce, NL, aad, 20, out, LEN, out, LEN, &n, out, T) == SC_EINVAL,
          "%s a tag on the data is refused", name);
    CHECK(sc_aead_seal_detached(c, nonce, NL, aad, 20, pt, LEN, out, LEN, &n, NULL, T) == SC_ENULL &&
              sc_aead_open_detached(c, nonce, NL, aad, 20, ct, LEN, NULL, T, out, LEN, &m) == SC_ENULL,
          "%s NULL tag", name);
    CHECK(sc_aead_seal_detached(c, nonce, NL, aad, 20, pt, LEN, out, LEN - 1, &n, tag, T) == SC_ELENGTH &&
              sc_aead_open_detached(c, nonce, NL, aad, 20, ct, LEN, tag, 3, out, LEN, &m) == SC_ETAGSIZE,
          "%s detached: short output, bad tag size", name);
}

/* The limits the family's one-shot op checks (sc_aead_ops.oneshot), in
 * place (in == out: no overlap to refuse first) and refused before the data
 * is read or written: a missing check would run off the buffer (open's
 * over-long data through the detached call: sc_aead_open may read the tag
 * at the end of the data it was promised first). */
static void oneshot_limits(sc_aead_ctx *c, const char *name, const sc_aead_info *info)
{
    static uint8_t big[(1u << 16) + 64];
    uint8_t nonce[64] = {0}, tag[64];
    const size_t NL = info->nonce_size, T = test_tag(info);
    size_t n = 99;
    nonce[0] = 0; /* MGM: top bit 0 */
    big[0] = 0x77;
    if (info->max_plaintext < SIZE_MAX - 64) {
        const size_t over = (size_t)info->max_plaintext + 1;
        CHECK(sc_aead_seal(c, nonce, NL, NULL, 0, big, over, big, SIZE_MAX, &n, T) == SC_ELENGTH && n == 0 &&
                  big[0] == 0x77,
              "%s seal: data over the limit", name);
        /* a range of 2^61 bytes may reach the tag on the stack: SC_EINVAL
         * (a tag on the data) is as good a refusal */
        const int rc = sc_aead_seal_detached(c, nonce, NL, NULL, 0, big, over, big, SIZE_MAX, &n, tag, T);
        CHECK((rc == SC_ELENGTH || rc == SC_EINVAL) && big[0] == 0x77, "%s seal_detached: data over the limit: %d",
              name, rc);
        CHECK(sc_aead_open_detached(c, nonce, NL, NULL, 0, big, over, tag, T, big, SIZE_MAX, &n) == SC_ELENGTH,
              "%s open_detached: data over the limit", name);
    }
    if (info->max_aad < SIZE_MAX) {
        const size_t over = (size_t)info->max_aad + 1;
        CHECK(sc_aead_seal(c, nonce, NL, big, over, big, 16, big, sizeof big, &n, T) == SC_ELENGTH && big[0] == 0x77,
              "%s seal: AAD over the limit", name);
        CHECK(sc_aead_open(c, nonce, NL, big, over, big, 16 + T, big, sizeof big, &n, T) == SC_ELENGTH &&
                  big[0] == 0x77,
              "%s open: AAD over the limit", name);
    }
    /* CCM's payload bound of the nonce length (SP 800-38C A.2.1: a 13-byte
     * nonce leaves 2 length bytes) */
    if (strstr(name, "aes-") == name && strstr(name, "-ccm")) {
        CHECK(sc_aead_seal(c, nonce, 13, NULL, 0, big, 1u << 16, big, sizeof big, &n, T) == SC_ELENGTH &&
                  big[0] == 0x77,
              "%s seal: over the 13-byte nonce's bound", name);
        CHECK(sc_aead_seal(c, nonce, 13, NULL, 0, big, (1u << 16) - 1, big, sizeof big, &n, T) == SC_OK,
              "%s seal: at the 13-byte nonce's bound", name);
    }
}

/* The family's half of the one-shot checks: the generic fields intact, the
 * family's area (the context up to its copy of the spec, found by the name
 * pointer sc_aead_info_get gives too) overwritten. Every one-shot call says
 * SC_ESTATE and writes nothing. */
static void family_state_corrupted(sc_aead_ctx *c, const char *name, const sc_aead_info *info)
{
    static sc_aead_ctx saved;
    uint8_t nonce[64] = {0}, buf[LEN + 16] = {0}, out[LEN + 32], tag[64] = {0};
    const size_t NL = info->nonce_size, T = test_tag(info);
    size_t n = 99, area = 0;
    for (size_t off = 0; off + sizeof(const char *) <= sizeof c->opaque; off += sizeof(const char *)) {
        const char *p;
        memcpy(&p, (const uint8_t *)c + off, sizeof p);
        if (p == info->name) {
            area = off;
            break;
        }
    }
    CHECK(area > 0, "%s: the spec's name found in the context", name);
    if (area == 0) return;
    memcpy(&saved, c, sizeof saved);
    memset(c, 0xa5, area);
    memset(out, 0x77, sizeof out);
    CHECK(sc_aead_seal(c, nonce, NL, NULL, 0, buf, 16, out, sizeof out, &n, T) == SC_ESTATE && n == 0 && out[0] == 0x77,
          "%s seal: corrupted family state", name);
    CHECK(sc_aead_open(c, nonce, NL, NULL, 0, buf, 16 + T, out, sizeof out, &n, T) == SC_ESTATE && n == 0 &&
              out[0] == 0x77,
          "%s open: corrupted family state", name);
    CHECK(sc_aead_seal_detached(c, nonce, NL, NULL, 0, buf, 16, out, sizeof out, &n, tag, T) == SC_ESTATE &&
              out[0] == 0x77,
          "%s seal_detached: corrupted family state", name);
    CHECK(sc_aead_open_detached(c, nonce, NL, NULL, 0, buf, 16, tag, T, out, sizeof out, &n) == SC_ESTATE &&
              out[0] == 0x77,
          "%s open_detached: corrupted family state", name);
    memcpy(c, &saved, sizeof saved);
    /* the spec's tag size (the generic layer writes a full-length tag
     * straight into the caller's buffer): a smaller one is refused, not
     * overrun by the family's real tag */
    const size_t small = T > 4 ? T - 4 : 1, tsz = area + offsetof(sc_aead_info, tag_size);
    memcpy((uint8_t *)c + tsz, &small, sizeof small);
    memset(out, 0x77, sizeof out);
    CHECK(sc_aead_seal_detached(c, nonce, NL, NULL, 0, buf, 16, out, sizeof out, &n, tag, small) == SC_ESTATE &&
              out[0] == 0x77,
          "%s seal_detached: corrupted tag size", name);
    CHECK(sc_aead_seal(c, nonce, NL, NULL, 0, buf, 16, out, sizeof out, &n, small) == SC_ESTATE && out[0] == 0x77,
          "%s seal: corrupted tag size", name);
    memcpy(c, &saved, sizeof saved);
    memset(&saved, 0, sizeof saved);
}

static void refusals(sc_aead_ctx *c, const char *name, const sc_aead_info *info)
{
    uint8_t key[64] = {0}, nonce[64] = {0}, buf[LEN + 16] = {0}, out[LEN + 32];
    const size_t NL = info->nonce_size, T = test_tag(info);
    size_t n = 99;
    CHECK(sc_aead_init(c, name, key, info->key_size + 1, NULL) == SC_EKEYSIZE, "%s key size", name);
    CHECK(sc_aead_seal(c, nonce, NL, NULL, 0, buf, 16, out, sizeof out, &n, T) == SC_ESTATE, "%s after failed init",
          name);
    CHECK(sc_aead_init(c, name, NULL, info->key_size, NULL) == SC_ENULL, "%s NULL key", name);
    sc_cipher_opts sbox = {.sbox = "param-z"}, pad = {.padding = SC_PADDING_PKCS7}, bad = {.kernel = "no-such"};
    const int gost = strcmp(info->algorithm, "magma") == 0; /* GOST ciphers take an S-box */
    CHECK(sc_aead_init(c, name, key, info->key_size, &sbox) == (gost ? SC_OK : SC_EINVAL), "%s sbox option", name);
    CHECK(sc_aead_init(c, name, key, info->key_size, &pad) == SC_EINVAL, "%s padding option", name);
    CHECK(sc_aead_init(c, name, key, info->key_size, &bad) == SC_EINVAL, "%s unknown kernel", name);
    CHECK(sc_aead_init(c, name, key, info->key_size, NULL) == SC_OK, "%s init", name);
    CHECK(sc_aead_seal(c, nonce, 0, NULL, 0, buf, 16, out, sizeof out, &n, T) == SC_EIVSIZE, "%s empty nonce", name);
    CHECK(sc_aead_seal(c, NULL, NL, NULL, 0, buf, 16, out, sizeof out, &n, T) == SC_ENULL, "%s NULL nonce", name);
    if (info->max_nonce_size < sizeof nonce)
        CHECK(sc_aead_seal(c, nonce, info->max_nonce_size + 1, NULL, 0, buf, 16, out, sizeof out, &n, T) == SC_EIVSIZE,
              "%s nonce one byte too long", name);
    CHECK(sc_aead_seal(c, nonce, info->min_nonce_size - 1, NULL, 0, buf, 16, out, sizeof out, &n, T) == SC_EIVSIZE,
          "%s nonce one byte too short", name);
    CHECK(sc_aead_seal(c, nonce, NL, NULL, 5, buf, 16, out, sizeof out, &n, T) == SC_ENULL, "%s NULL aad", name);
    memset(out, 0x77, sizeof out);
    CHECK(sc_aead_seal(c, nonce, NL, NULL, 0, buf, 16, out, 16 + T - 1, &n, T) == SC_ELENGTH && n == 0 &&
              out[0] == 0x77,
          "%s seal: short output refused before writing", name);
    CHECK(sc_aead_seal(c, nonce, NL, NULL, 0, buf, 32, buf + 1, sizeof buf - 1, &n, T) == SC_EINVAL,
          "%s seal: overlapping buffers", name);
    CHECK(sc_aead_open(c, nonce, NL, NULL, 0, buf, T - 1, out, sizeof out, &n, T) == SC_ELENGTH,
          "%s open: shorter than the tag", name);
    CHECK(sc_aead_open(c, nonce, NL, NULL, 0, buf, 20, out, 3, &n, T) == SC_ELENGTH, "%s open: short output", name);
    CHECK(sc_aead_open(c, nonce, NL, NULL, 0, buf, 20, out, sizeof out, NULL, T) == SC_EINVAL, "%s NULL out_len", name);
    oneshot_limits(c, name, info);
    family_state_corrupted(c, name, info);
    /* phases */
    uint8_t tag[16];
    CHECK(sc_aead_update_aad(c, buf, 4) == SC_ESTATE, "%s aad before start", name);
    CHECK(sc_aead_encrypt_update(c, buf, 4, out, sizeof out, &n) == SC_ESTATE, "%s data before start", name);
    CHECK(sc_aead_encrypt_final(c, tag, T) == SC_ESTATE, "%s final before start", name);
    if (!tags_truncate(name)) { /* CCM: one-shot only (its first MAC block holds the lengths) */
        CHECK(sc_aead_start(c, 1, nonce, NL) == SC_EINVAL, "%s streaming refused", name);
    } else {
        CHECK(sc_aead_start(c, 1, nonce, NL) == SC_OK, "%s start", name);
        CHECK(sc_aead_decrypt_update_UNVERIFIED(c, buf, 4, out, sizeof out, &n) == SC_ESTATE, "%s wrong direction",
              name);
        CHECK(sc_aead_encrypt_update(c, buf, 4, out, sizeof out, &n) == SC_OK && n == 4, "%s data", name);
        CHECK(sc_aead_update_aad(c, buf, 4) == SC_ESTATE, "%s aad after data", name);
        CHECK(sc_aead_encrypt_final(c, tag, 3) == SC_ETAGSIZE, "%s final: bad tag size", name);
        CHECK(sc_aead_encrypt_final(c, tag, T) == SC_ESTATE, "%s: one verdict per message", name);
        CHECK(sc_aead_start(c, 0, nonce, NL) == SC_OK, "%s start decrypt", name);
        CHECK(sc_aead_update_aad(c, buf, 4) == SC_OK, "%s aad", name); /* DSTU GCM refuses an empty message */
        CHECK(sc_aead_decrypt_final(c, tag, T) == SC_EAUTH, "%s wrong tag", name);
    }
    /* fail closed */
    sc_aead_wipe(c);
    CHECK(all_zero((const uint8_t *)c, sizeof *c), "%s wipe erases everything", name);
    CHECK(sc_aead_start(c, 1, nonce, NL) == SC_ESTATE, "%s wiped context", name);
    memset(c, 0xa5, sizeof *c);
    CHECK(sc_aead_start(c, 1, nonce, NL) == SC_ESTATE, "%s garbage context", name);
    CHECK(sc_aead_start(NULL, 1, nonce, NL) == SC_EINVAL, "%s NULL context", name);
    CHECK(sc_aead_seal(NULL, nonce, NL, NULL, 0, buf, 16, out, sizeof out, &n, T) == SC_EINVAL, "NULL seal");
    CHECK(sc_aead_init(c, "aes-128-ecb", key, 16, NULL) == SC_EINVAL, "a cipher name is not an AEAD");
}

int main(void)
{
    static sc_aead_ctx c;
    size_t names = 0;
    for (size_t i = 0; sc_aead_name_at(i); i++, names++) {
        const char *name = sc_aead_name_at(i);
        sc_aead_info info;
        CHECK(sc_aead_info_get(name, &info) == SC_OK && strcmp(info.name, name) == 0, "%s info", name);
        uint8_t key[64];
        test_fill(key, sizeof key, i);
        CHECK(sc_aead_init(&c, name, key, info.key_size, NULL) == SC_OK, "%s init", name);
        forgeries(&c, name, &info);
        detached(&c, name, &info);
        refusals(&c, name, &info);
    }
    CHECK(names >= 3, "AEAD names listed");
    /* forced tiers (tests/CMakeLists.txt): the kernel the dispatcher gave AES */
    test_expect_dispatched("aes", "SC_EXPECT_AES_KERNEL");
    test_expect_dispatched("chacha", "SC_EXPECT_CHACHA_KERNEL");
    sc_aead_info info;
    CHECK(sc_aead_info_get("aes-128-gcm", &info) == SC_OK && info.max_plaintext == (UINT64_C(1) << 36) - 32 &&
              info.max_aad == (UINT64_C(1) << 61) - 1,
          "GCM limits (SP 800-38D 5.2.1.1)");
    /* RFC 8439 2.8: 2^32 - 1 blocks of 64 bytes after the Poly1305 key's block */
    CHECK(sc_aead_info_get("chacha20-poly1305", &info) == SC_OK && info.max_plaintext == (UINT64_C(1) << 38) - 64 &&
              info.min_nonce_size == 12 && info.max_nonce_size == 12 && info.tag_sizes == UINT64_C(1) << 15,
          "ChaCha20-Poly1305 limits (RFC 8439 2.8)");
    CHECK(sc_aead_info_get("xchacha20-poly1305", &info) == SC_OK && info.nonce_size == 24 &&
              info.min_nonce_size == 24 && info.max_nonce_size == 24,
          "XChaCha20-Poly1305 nonce (draft-irtf-cfrg-xchacha 2.3)");
    CHECK(sc_aead_info_get("nope", &info) == SC_EINVAL && info.name == NULL, "unknown name");
    return test_finish();
}
