/* SPDX-License-Identifier: Apache-2.0 */
/* AES in the generic APIs, the modes of src/modes/ (docs/aes-modes.md):
 *   ciphers aes-<bits>-cfb (CFB128; sc_cipher_opts.segment_bits picks 8..128),
 *           -cfb8, -cfb1, -ofb (SP 800-38A), aes-128-xts and aes-256-xts
 *           (IEEE 1619 / SP 800-38E), -kw and -kwp (SP 800-38F, one shot);
 *   MACs    aes-<bits>-cmac (SP 800-38B);
 *   AEADs   aes-<bits>-ccm (SP 800-38C, one shot);
 * then every name of aes_family.c (ECB/CBC/CTR, GMAC, GHASH, GCM), whose
 * calls are handed to its operations unchanged (aes_modes.h). */
#include <string.h>

#include "../modes/ccm.h"
#include "../modes/cmac.h"
#include "../modes/feedback.h"
#include "../modes/kw.h"
#include "../modes/xts.h"
#include "aes_gcm.h"
#include "aes_modes.h"

enum { CFB = SC_AES_MODES_FIRST, CFB8, CFB1, OFB, XTS, KW, KWP, CMAC, MODE_END };
enum { MODES = MODE_END - SC_AES_MODES_FIRST };

/* Per mode: its name's suffix; IV bytes; 1 for a stream mode (any length);
 * 1 when the family's `stream` op serves it (CFB: the gamma depends on the
 * ciphertext); CFB's segment in bits (0: sc_cipher_opts.segment_bits, by
 * default the block); ciphertext stealing; one shot; a MAC. */
static const struct mode_row {
    const char *mode;
    unsigned char iv, stream, fam, seg_bits, steals, once, mac;
} rows[MODES] = {
    [CFB - CFB] = {"cfb", 16, 1, 1, 0, 0, 0, 0},  [CFB8 - CFB] = {"cfb8", 16, 1, 1, 8, 0, 0, 0},
    [CFB1 - CFB] = {"cfb1", 16, 1, 1, 1, 0, 0, 0}, [OFB - CFB] = {"ofb", 16, 1, 0, 0, 0, 0, 0},
    [XTS - CFB] = {"xts", 16, 0, 0, 0, 1, 0, 0},   [KW - CFB] = {"kw", 0, 0, 0, 0, 0, 1, 0},
    [KWP - CFB] = {"kwp", 0, 0, 0, 0, 0, 1, 0},    [CMAC - CFB] = {"cmac", 0, 0, 0, 0, 0, 0, 1},
};
#define NAMES(b)                                                                                               \
    {"aes-" #b "-cfb", "aes-" #b "-cfb8", "aes-" #b "-cfb1", "aes-" #b "-ofb", "aes-" #b "-xts", "aes-" #b "-kw", \
     "aes-" #b "-kwp", "aes-" #b "-cmac"}
static const char *const names[3][MODES] = {NAMES(128), NAMES(192), NAMES(256)};
static const char *const ccm_names[3] = {"aes-128-ccm", "aes-192-ccm", "aes-256-ccm"};

static const struct mode_row *row_of(int mode) { return &rows[mode - CFB]; }
/* The (variant, mode) pairs this file serves: XTS is AES-128 and AES-256
 * only (IEEE 1619-2018 5.1). */
static int exists(int v, int mode) { return v >= 0 && v < 3 && mode >= CFB && mode < MODE_END && !(mode == XTS && v == 1); }
/* AES key bytes of a variant; XTS takes two keys. */
static size_t aes_key_size(int v) { return 16 + 8 * (size_t)v; }

static const char *name_at(size_t index, int mac)
{
    size_t base = 0;
    while (sc_aes_base_cipher_ops.name_at(base, mac)) base++;
    if (index < base) return sc_aes_base_cipher_ops.name_at(index, mac);
    index -= base;
    for (int v = 0; v < 3; v++)
        for (int m = CFB; m < MODE_END; m++)
            if (exists(v, m) && row_of(m)->mac == (mac != 0) && index-- == 0) return names[v][m - CFB];
    return NULL;
}

static int lookup(const char *name, sc_cipher_spec *spec)
{
    if (sc_aes_base_cipher_ops.lookup(name, spec) == SC_OK) return SC_OK;
    for (int v = 0; v < 3; v++)
        for (int m = CFB; m < MODE_END; m++) {
            if (!exists(v, m) || strcmp(name, names[v][m - CFB]) != 0) continue;
            const struct mode_row *r = row_of(m);
            sc_cipher_info *i = &spec->info;
            i->name = names[v][m - CFB];
            i->algorithm = "aes";
            i->mode = r->mode;
            i->block_size = SC_AES_BLOCK;
            i->key_size = (m == XTS ? 2 : 1) * aes_key_size(v);
            i->iv_size = r->iv;
            i->tag_size = r->mac ? SC_AES_BLOCK : 0;
            i->min_tag_size = r->mac; /* CMAC: any truncation, as magma-cmac and Kalyna's */
            i->is_stream = r->stream;
            i->one_shot = r->once;
            spec->family_streams = r->fam;
            spec->takes_segment = m == CFB;
            spec->steals = r->steals;
            spec->variant = v;
            spec->mode = m;
            return SC_OK;
        }
    return SC_EINVAL;
}

typedef struct modes_state {
    sc_aes_key key;  /* XTS: Key1, the data's */
    sc_aes_key key2; /* XTS: Key2, the tweak's */
    /* OFB: the last output block; XTS: the next tweak; CMAC: the chain */
    uint8_t chain[16], chain_at_init[16];
    uint8_t k1[16], k2[16]; /* CMAC subkeys */
    sc_modes_cfb cfb;
    int mode, encrypt;
} modes_state;
_Static_assert(sizeof(modes_state) <= SC_CIPHER_FAMILY_STATE, "AES modes state too large for the generic context");

/* The generic layer passes every op the family_state of its sc_cipher_state
 * (cipher_family.h), the first member: so the spec beside it tells which of
 * the two layouts (this file's or aes_family.c's) the state holds. */
static const sc_cipher_spec *spec_of(const void *state)
{
    _Static_assert(offsetof(sc_cipher_state, family_state) == 0, "family_state must open sc_cipher_state");
    return &((const sc_cipher_state *)state)->spec;
}
static int ours(const void *state) { return spec_of(state)->mode >= CFB; }

static void ecb_encrypt(const void *key, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_aes_key *k = key;
    k->ops->encrypt(k, in, out, n);
}
static void ecb_decrypt(const void *key, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_aes_key *k = key;
    k->ops->decrypt(k, in, out, n);
}
static void cbc_encrypt(const void *key, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_aes_key *k = key;
    k->ops->cbc_encrypt(k, chain, in, out, n);
}

sc_block_cipher sc_aes_block_cipher(const sc_aes_key *k)
{
    return (sc_block_cipher){SC_AES_BLOCK, k, ecb_encrypt, ecb_decrypt, cbc_encrypt};
}

static size_t cfb_segment(int mode, const sc_cipher_opts *opts)
{
    if (mode != CFB) return row_of(mode)->seg_bits ? row_of(mode)->seg_bits : 8 * SC_AES_BLOCK;
    return opts->segment_bits ? opts->segment_bits : 8 * SC_AES_BLOCK; /* checked: 8..128, whole bytes */
}

/* XTS: two AES keys of one size, which must differ (SP 800-38E 5.1 via
 * FIPS 140-3 IG C.I: equal halves make XTS a one-key mode): SC_EINVAL, the
 * length being right. Compared in constant time. */
static int xts_setkeys(modes_state *s, const uint8_t *key, size_t key_len, const uint8_t *iv, const char *kernel)
{
    const size_t half = key_len / 2;
    if (sc_memeq(key, key + half, half)) return SC_EINVAL;
    int rc = sc_aes_setkey_kernel(&s->key, key, half, kernel);
    if (rc == SC_OK) rc = sc_aes_setkey_kernel(&s->key2, key + half, half, kernel);
    if (rc != SC_OK) return rc;
    const sc_block_cipher tweak = sc_aes_block_cipher(&s->key2);
    sc_modes_xts_start(&tweak, iv, s->chain_at_init);
    return SC_OK;
}

static int init(void *state, const sc_cipher_spec *spec, int encrypt, const uint8_t *key, size_t key_len,
                const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts)
{
    if (spec->mode < CFB) return sc_aes_base_cipher_ops.init(state, spec, encrypt, key, key_len, iv, iv_len, opts);
    modes_state *s = state;
    if (opts->sbox != NULL) return SC_EINVAL;
    if (key_len != spec->info.key_size) return SC_EKEYSIZE;
    if (iv_len != spec->info.iv_size) return SC_EIVSIZE;
    s->mode = spec->mode;
    s->encrypt = encrypt;
    memset(s->chain_at_init, 0, 16);
    int rc;
    if (spec->mode == XTS) {
        rc = xts_setkeys(s, key, key_len, iv, opts->kernel);
    } else {
        rc = sc_aes_setkey_kernel(&s->key, key, key_len, opts->kernel);
        if (rc == SC_OK && iv_len) memcpy(s->chain_at_init, iv, 16);
    }
    if (rc != SC_OK) return rc;
    memcpy(s->chain, s->chain_at_init, 16);
    if (spec->mode == CMAC) {
        const sc_block_cipher bc = sc_aes_block_cipher(&s->key);
        sc_modes_cmac_subkeys(&bc, s->k1, s->k2);
    }
    sc_modes_cfb_start(&s->cfb, s->chain_at_init, SC_AES_BLOCK, cfb_segment(spec->mode, opts));
    return SC_OK;
}

static void reset(void *state)
{
    if (!ours(state)) {
        sc_aes_base_cipher_ops.reset(state);
        return;
    }
    modes_state *s = state;
    memcpy(s->chain, s->chain_at_init, 16);
    sc_modes_cfb_start(&s->cfb, s->chain_at_init, SC_AES_BLOCK, s->cfb.seg_bits);
}

static void blocks(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    if (!ours(state)) {
        sc_aes_base_cipher_ops.blocks(state, in, out, n);
        return;
    }
    modes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->key);
    if (s->mode == OFB) sc_modes_ofb_blocks(&bc, s->chain, in, out, n);
    else if (s->mode == XTS) sc_modes_xts_blocks(&bc, s->chain, s->encrypt, in, out, n);
}

/* CFB (spec.family_streams): any length. */
static void stream(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    modes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->key);
    sc_modes_cfb_run(&bc, &s->cfb, s->encrypt, in, out, len);
}

/* XTS (spec.steals): the data unit's last whole block and a partial one. */
static void steal_final(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    modes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->key);
    sc_modes_xts_last(&bc, s->chain, s->encrypt, in, out, len);
}

/* Key wrap (info.one_shot): encrypt = wrap, decrypt = unwrap. */
static int crypt(void *state, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len)
{
    modes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->key);
    if (s->mode == KW)
        return (s->encrypt ? sc_modes_kw_wrap : sc_modes_kw_unwrap)(&bc, in, in_len, out, out_cap, out_len);
    return (s->encrypt ? sc_modes_kwp_wrap : sc_modes_kwp_unwrap)(&bc, in, in_len, out, out_cap, out_len);
}

static void mac_blocks(void *state, const uint8_t *in, size_t n)
{
    if (!ours(state)) {
        sc_aes_base_cipher_ops.mac_blocks(state, in, n);
        return;
    }
    modes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->key);
    sc_modes_cmac_blocks(&bc, s->chain, in, n);
}

static int mac_final(void *state, const uint8_t *last, size_t last_len, uint64_t total_len, uint8_t *tag)
{
    if (!ours(state)) return sc_aes_base_cipher_ops.mac_final(state, last, last_len, total_len, tag);
    modes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->key);
    sc_modes_cmac_last(&bc, s->chain, last, last_len, s->k1, s->k2, tag);
    return SC_OK;
}

static int check(const void *state, const sc_cipher_spec *spec)
{
    if (spec->mode < CFB) return sc_aes_base_cipher_ops.check(state, spec);
    const modes_state *s = state;
    if (!exists(spec->variant, spec->mode) || s->mode != spec->mode || (s->encrypt != 0 && s->encrypt != 1))
        return SC_ESTATE;
    const uint32_t ks = (uint32_t)aes_key_size(spec->variant);
    if (sc_aes_check(&s->key) != SC_OK || s->key.key_size != ks) return SC_ESTATE;
    if (s->mode == XTS && (sc_aes_check(&s->key2) != SC_OK || s->key2.key_size != ks)) return SC_ESTATE;
    return sc_modes_cfb_valid(&s->cfb, SC_AES_BLOCK) ? SC_OK : SC_ESTATE;
}

/* aes_family.c's bound, if it has one, for its own names. */
static uint64_t blocks_left(const void *state)
{
    if (ours(state) || sc_aes_base_cipher_ops.blocks_left == NULL) return UINT64_MAX;
    return sc_aes_base_cipher_ops.blocks_left(state);
}

/* aes_family.c's seek (CTR) for its own names; the modes here do not seek
 * (CFB/OFB chain through every block, XTS's tweak is the caller's). */
static int seek(void *state, uint64_t block)
{
    if (ours(state) || sc_aes_base_cipher_ops.seek == NULL) return SC_EINVAL;
    return sc_aes_base_cipher_ops.seek(state, block);
}

const sc_cipher_ops sc_aes_cipher_ops = {
    .name = "aes",
    .lookup = lookup,
    .name_at = name_at,
    .init = init,
    .blocks = blocks,
    .mac_blocks = mac_blocks,
    .mac_final = mac_final,
    .reset = reset,
    .check = check,
    .blocks_left = blocks_left,
    .seek = seek,
    .stream = stream,
    .steal_final = steal_final,
    .crypt = crypt,
};

/* --- CCM in the AEAD API ---------------------------------------------------
 * GCM's state (sc_gcm) fills the area from its start; a CCM context holds
 * its key and tag length there instead and a marker in the area's last word,
 * which no GCM state reaches: the ops without a spec tell the two apart by
 * it. */
typedef struct ccm_state {
    sc_aes_key key;
    size_t tag_len;
} ccm_state;
#define CCM_MARK_AT (SC_AEAD_FAMILY_STATE - sizeof(uint32_t))
#define CCM_MARK 0x43434d31u /* "CCM1" */
_Static_assert(sizeof(sc_gcm) <= CCM_MARK_AT && sizeof(ccm_state) <= CCM_MARK_AT, "no room for the CCM marker");

static void set_mark(void *state, uint32_t mark) { memcpy((unsigned char *)state + CCM_MARK_AT, &mark, 4); }
static int is_ccm(const void *state)
{
    uint32_t mark;
    memcpy(&mark, (const unsigned char *)state + CCM_MARK_AT, 4);
    return mark == CCM_MARK;
}
/* SP 800-38C A.1: t = 4, 6, 8, 10, 12, 14, 16 bytes (the API's bit t - 1). */
#define CCM_TAG_SIZES (0xaaa8u)

static const char *aead_name_at(size_t index)
{
    size_t base = 0;
    while (sc_aes_gcm_aead_ops.name_at(base)) base++;
    if (index < base) return sc_aes_gcm_aead_ops.name_at(index);
    return index - base < 3 ? ccm_names[index - base] : NULL;
}

static int aead_lookup(const char *name, sc_aead_spec *spec)
{
    if (sc_aes_gcm_aead_ops.lookup(name, spec) == SC_OK) return SC_OK;
    for (int v = 0; v < 3; v++) {
        if (strcmp(name, ccm_names[v]) != 0) continue;
        sc_aead_info *i = &spec->info;
        i->name = ccm_names[v];
        i->algorithm = "aes";
        i->key_size = aes_key_size(v);
        i->nonce_size = 12; /* TLS's and IPsec's; any of 7 .. 13 */
        i->min_nonce_size = 7;
        i->max_nonce_size = 13;
        i->tag_size = 16;
        i->tag_sizes = CCM_TAG_SIZES;
        i->max_plaintext = UINT64_MAX; /* the nonce's bound: length_ok */
        i->max_aad = UINT64_MAX;       /* A.2.2: up to 2^64 - 1 bytes */
        spec->variant = 3 + v;         /* 0..2: aes_family.c's GCM */
        spec->oneshot_only = 1;
        return SC_OK;
    }
    return SC_EINVAL;
}

static int aead_init(void *state, const sc_aead_spec *spec, const uint8_t *key, size_t key_len,
                     const sc_cipher_opts *opts)
{
    set_mark(state, 0);
    if (spec->variant < 3) return sc_aes_gcm_aead_ops.init(state, spec, key, key_len, opts);
    ccm_state *s = state;
    if (key_len != spec->info.key_size) return SC_EKEYSIZE;
    if (opts->sbox != NULL) return SC_EINVAL;
    s->tag_len = 16;
    const int rc = sc_aes_setkey_kernel(&s->key, key, key_len, opts->kernel);
    if (rc == SC_OK) set_mark(state, CCM_MARK);
    return rc;
}

/* GCM streams through aes_family.c; CCM never gets here (oneshot_only:
 * the generic layer refuses sc_aead_start). */
static void aead_start(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len)
{
    sc_aes_gcm_aead_ops.start(state, encrypt, nonce, nonce_len);
}
static void aead_aad(void *state, const uint8_t *aad, size_t len) { sc_aes_gcm_aead_ops.aad(state, aad, len); }
static void aead_encrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_aes_gcm_aead_ops.encrypt(state, in, out, len);
}
static void aead_decrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_aes_gcm_aead_ops.decrypt(state, in, out, len);
}
static void aead_tag(void *state, uint8_t *tag) { sc_aes_gcm_aead_ops.tag(state, tag); }

static int aead_oneshot(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag)
{
    if (!is_ccm(state)) return sc_aes_gcm_aead_ops.oneshot(state, encrypt, nonce, nonce_len, aad, aad_len, in, out, len, tag);
    ccm_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->key);
    sc_modes_ccm(&bc, encrypt, nonce, nonce_len, aad, aad_len, in, out, len, s->tag_len, tag);
    return 1;
}

static void aead_tag_len(void *state, size_t tag_len)
{
    if (is_ccm(state)) ((ccm_state *)state)->tag_len = tag_len;
}

static int aead_length_ok(const void *state, size_t nonce_len, uint64_t data_len)
{
    return !is_ccm(state) || sc_modes_ccm_length_ok(nonce_len, data_len);
}

static int aead_check(const void *state, const sc_aead_spec *spec)
{
    if (spec->variant < 3) return is_ccm(state) ? SC_ESTATE : sc_aes_gcm_aead_ops.check(state, spec);
    const ccm_state *s = state;
    if (!is_ccm(state) || spec->variant > 5 || sc_aes_check(&s->key) != SC_OK ||
        s->key.key_size != spec->info.key_size || !sc_modes_ccm_sizes_ok(7, s->tag_len))
        return SC_ESTATE;
    return SC_OK;
}

const sc_aead_ops sc_aes_aead_ops = {
    .name = "aes",
    .lookup = aead_lookup,
    .name_at = aead_name_at,
    .init = aead_init,
    .start = aead_start,
    .aad = aead_aad,
    .encrypt = aead_encrypt,
    .decrypt = aead_decrypt,
    .tag = aead_tag,
    .oneshot = aead_oneshot,
    .tag_len = aead_tag_len,
    .length_ok = aead_length_ok,
    .check = aead_check,
};
