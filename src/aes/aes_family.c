/* SPDX-License-Identifier: Apache-2.0 */
/* AES in the generic cipher/MAC API: one table of modes (MODES below), one
 * set of operations, the family descriptor and its known answers.
 *   ciphers aes-<bits>-ecb|cbc|ctr (FIPS-197, SP 800-38A), -cfb (CFB128;
 *           sc_cipher_opts.segment_bits picks 8..128), -cfb8, -cfb1, -ofb
 *           (SP 800-38A), aes-128-xts and aes-256-xts (IEEE 1619 / SP
 *           800-38E), -kw and -kwp (SP 800-38F, one shot);
 *   MACs    ghash (raw GHASH under a given H, SP 800-38D 6.4),
 *           aes-<bits>-gmac (GCM with no plaintext), aes-<bits>-cmac (SP
 *           800-38B).
 * ECB, CBC and CTR run on the kernel directly, GMAC/GHASH on aes_gcm.c, the
 * rest on src/modes/ over sc_aes_block_cipher (docs/aes-modes.md). The
 * AEADs (GCM, CCM) are aes_aead.c's. */
#include <string.h>

#include "../cipher/cipher_family.h"
#include "../core/family.h"
#include "../modes/cmac.h"
#include "../modes/feedback.h"
#include "../modes/kw.h"
#include "../modes/xts.h"
#include "aes_family.h"
#include "aes_gcm.h"

/* One row per mode: what the generic layer needs to know about it.
 *   iv       IV bytes (GMAC: 12, the nonce; any length but 0 is taken)
 *   stream   1: any length (CTR, OFB: keystream; CFB: the family streams)
 *   fam      the family's own stream op (CFB: the gamma depends on the
 *            ciphertext)
 *   seg      CFB's segment in bits; 0: sc_cipher_opts.segment_bits (by
 *            default the block), which only -cfb takes
 *   steals   XTS: the last block and a partial one wait for final
 *   once     key wrap: sc_cipher_crypt only
 *   mac      a MAC name (sc_mac_*); its smallest tag in bytes
 *   sizes    which AES sizes have the name (bit v: 128, 192, 256); GHASH
 *            is one name, "ghash", keyed by H itself
 *   later    listed after every name of the rows without it (the order of
 *            sc_cipher_name_at/sc_mac_name_at since these modes came) */
#define AES_MODES(X, p)                                                \
    /* id    name    iv stream fam seg steals once mac sizes later */ \
    X(p, ECB, "ecb", 0, 0, 0, 0, 0, 0, 0, 7, 0)                         \
    X(p, CBC, "cbc", 16, 0, 0, 0, 0, 0, 0, 7, 0)                        \
    X(p, CTR, "ctr", 16, 1, 0, 0, 0, 0, 0, 7, 0)                        \
    X(p, GHASH, "ghash", 0, 0, 0, 0, 0, 0, 1, 1, 0)                     \
    X(p, GMAC, "gmac", 12, 0, 0, 0, 0, 0, 4, 7, 0)                      \
    X(p, CFB, "cfb", 16, 1, 1, 0, 0, 0, 0, 7, 1)                        \
    X(p, CFB8, "cfb8", 16, 1, 1, 8, 0, 0, 0, 7, 1)                      \
    X(p, CFB1, "cfb1", 16, 1, 1, 1, 0, 0, 0, 7, 1)                      \
    X(p, OFB, "ofb", 16, 1, 0, 0, 0, 0, 0, 7, 1)                        \
    X(p, XTS, "xts", 16, 0, 0, 0, 1, 0, 0, 5, 1)                        \
    X(p, KW, "kw", 0, 0, 0, 0, 0, 1, 0, 7, 1)                           \
    X(p, KWP, "kwp", 0, 0, 0, 0, 0, 1, 0, 7, 1)                         \
    X(p, CMAC, "cmac", 0, 0, 0, 0, 0, 0, 1, 7, 1)

#define MODE_ID(p, id, ...) MODE_##id,
enum { AES_MODES(MODE_ID, ) MODE_COUNT };
#define MODE_ROW(p, id, name, iv, stream, fam, seg, steals, once, mac, sizes, later) \
    {name, iv, stream, fam, seg, steals, once, mac, sizes, later},
static const struct mode_row {
    const char *name;
    unsigned char iv, stream, fam, seg, steals, once, mac, sizes, later;
} modes[MODE_COUNT] = {AES_MODES(MODE_ROW, )};

/* Every name, [size][mode]; a size without the mode never reads its entry. */
#define MODE_NAME(p, id, name, ...) p name,
#define AES_NAMES(b) {AES_MODES(MODE_NAME, "aes-" #b "-")}
static const char *const names[3][MODE_COUNT] = {AES_NAMES(128), AES_NAMES(192), AES_NAMES(256)};

static const char *name_of(int v, int m)
{
    if (!(modes[m].sizes >> v & 1)) return NULL;
    return m == MODE_GHASH ? modes[m].name : names[v][m];
}
/* AES key bytes of a size (v = 0, 1, 2). */
static size_t aes_key_size(int v) { return 16 + 8 * (size_t)v; }

/* Ciphers (mac = 0) or MACs (mac = 1): the rows without `later` by
 * [size][mode], then those with it. */
static const char *name_at(size_t index, int mac)
{
    for (int later = 0; later < 2; later++)
        for (int v = 0; v < 3; v++)
            for (int m = 0; m < MODE_COUNT; m++)
                if (modes[m].later == later && (modes[m].mac != 0) == (mac != 0) && name_of(v, m) &&
                    index-- == 0)
                    return name_of(v, m);
    return NULL;
}

static int lookup(const char *name, sc_cipher_spec *spec)
{
    if (strncmp(name, "aes-", 4) != 0 && strcmp(name, "ghash") != 0) return SC_EINVAL;
    for (int v = 0; v < 3; v++)
        for (int m = 0; m < MODE_COUNT; m++) {
            const char *n = name_of(v, m);
            if (n == NULL || strcmp(n, name) != 0) continue;
            const struct mode_row *r = &modes[m];
            sc_cipher_info *i = &spec->info;
            i->name = n;
            i->algorithm = "aes";
            i->mode = r->name;
            i->block_size = SC_AES_BLOCK;
            i->key_size = m == MODE_GHASH ? 16 : (m == MODE_XTS ? 2 : 1) * aes_key_size(v);
            i->iv_size = r->iv;
            i->tag_size = r->mac ? SC_AES_BLOCK : 0;
            i->min_tag_size = r->mac; /* CMAC: any truncation, as magma-cmac and Kalyna's */
            i->is_stream = r->stream;
            i->one_shot = r->once;
            spec->family_streams = r->fam;
            spec->takes_segment = m == MODE_CFB;
            spec->steals = r->steals;
            spec->tag_sizes = m == MODE_GMAC ? SC_AES_GCM_TAG_SIZES : 0;
            spec->variant = v;
            spec->mode = m;
            return SC_OK;
        }
    return SC_EINVAL;
}

typedef struct aes_state {
    union {
        sc_gcm g; /* GMAC, GHASH: key, H and message; every other mode: g.key */
        struct {
            sc_aes_key data_key;  /* Key1, the data's: the same bytes as g.key */
            sc_aes_key tweak_key; /* Key2, the tweak's (overlaps the rest of g) */
        } xts;
    };
    /* CBC chaining value, CTR counter, OFB's last output block, XTS's next
     * tweak, CMAC's chain; and its value after init, for reset */
    uint8_t chain[16], chain_at_init[16];
    uint8_t ctr_at_init[16], ekj0_at_init[16]; /* GMAC: the nonce's J0 material, for reset */
    uint8_t nonce96[12];                       /* GMAC: the nonce when it has 96 bits (mac_message) */
    int has_nonce96;
    uint8_t k1[16], k2[16];                    /* CMAC subkeys */
    sc_modes_cfb cfb;
    int mode, encrypt;
} aes_state;
_Static_assert(sizeof(aes_state) <= SC_CIPHER_FAMILY_STATE, "AES state too large for the generic context");
_Static_assert(offsetof(sc_gcm, key) == 0, "XTS's data key is g.key");

/* The block-cipher interface of an expanded key (src/modes/block_cipher.h):
 * the kernel's ECB both ways and its serial CBC encryption. */
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

static void xts(const void *key, uint8_t tweak[16], int encrypt, const uint8_t *in, uint8_t *out, size_t n)
{
    const sc_aes_key *k = key;
    k->ops->xts(k, tweak, encrypt, in, out, n);
}

static void ccm(const void *key, uint8_t ctr[16], uint8_t mac[16], int encrypt, const uint8_t *in, uint8_t *out,
                size_t n)
{
    const sc_aes_key *k = key;
    k->ops->ccm(k, ctr, mac, encrypt, in, out, n);
}

static void cfb_small(const void *key, uint8_t *reg, int encrypt, unsigned seg_bits, const uint8_t *in, uint8_t *out,
                      size_t len)
{
    const sc_aes_key *k = key;
    k->ops->cfb_small(k, reg, encrypt, seg_bits, in, out, len);
}

sc_block_cipher sc_aes_block_cipher(const sc_aes_key *k)
{
    return (sc_block_cipher){SC_AES_BLOCK,
                             k,
                             ecb_encrypt,
                             ecb_decrypt,
                             cbc_encrypt,
                             k->ops->xts ? xts : NULL,
                             k->ops->ccm ? ccm : NULL,
                             k->ops->cfb_small ? cfb_small : NULL};
}

/* GHASH: the key is H itself; the AES key (zero) only selects the kernel. */
static int ghash_setkey(aes_state *s, const uint8_t *key, const char *kernel)
{
    static const uint8_t zero_key[16];
    const int rc = sc_gcm_setkey(&s->g, zero_key, 16, kernel);
    if (rc != SC_OK) return rc;
    memcpy(s->g.gk.h, key, 16);
    s->g.key.ops->ghash_init(&s->g.gk);
    memset(s->g.acc, 0, 16);
    return SC_OK;
}

/* GMAC: the key, H and the nonce's J0 (kept for reset). */
static int gmac_setkey(aes_state *s, const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len,
                       const char *kernel)
{
    const int rc = sc_gcm_setkey(&s->g, key, key_len, kernel);
    if (rc != SC_OK) return rc;
    sc_gcm_start(&s->g, iv, iv_len);
    memcpy(s->ctr_at_init, s->g.ctr, 16);
    memcpy(s->ekj0_at_init, s->g.ekj0, 16);
    s->has_nonce96 = iv_len == 12;
    if (s->has_nonce96) memcpy(s->nonce96, iv, 12);
    return SC_OK;
}

/* XTS: two AES keys of one size, which must differ (SP 800-38E 5.1 via
 * FIPS 140-3 IG C.I: equal halves make XTS a one-key mode): SC_EINVAL, the
 * length being right. Compared in constant time. The first tweak is
 * E_Key2(IV). */
static int xts_setkeys(aes_state *s, const uint8_t *key, size_t key_len, const uint8_t *iv, const char *kernel)
{
    const size_t half = key_len / 2;
    if (sc_memeq(key, key + half, half)) return SC_EINVAL;
    int rc = sc_aes_setkey_kernel(&s->xts.data_key, key, half, kernel);
    if (rc == SC_OK) rc = sc_aes_setkey_kernel(&s->xts.tweak_key, key + half, half, kernel);
    if (rc != SC_OK) return rc;
    const sc_block_cipher tweak = sc_aes_block_cipher(&s->xts.tweak_key);
    sc_modes_xts_start(&tweak, iv, s->chain_at_init);
    return SC_OK;
}

static int init(void *state, const sc_cipher_spec *spec, int encrypt, const uint8_t *key, size_t key_len,
                const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts)
{
    aes_state *s = state;
    const int m = spec->mode;
    if (opts->sbox != NULL) return SC_EINVAL;
    if (key_len != spec->info.key_size) return SC_EKEYSIZE;
    if (m == MODE_GMAC ? iv_len == 0 : iv_len != spec->info.iv_size) return SC_EIVSIZE;
    s->mode = m;
    s->encrypt = encrypt;
    memset(s->chain_at_init, 0, 16);
    int rc;
    switch (m) {
    case MODE_GHASH: rc = ghash_setkey(s, key, opts->kernel); break;
    case MODE_GMAC: rc = gmac_setkey(s, key, key_len, iv, iv_len, opts->kernel); break;
    case MODE_XTS: rc = xts_setkeys(s, key, key_len, iv, opts->kernel); break;
    default:
        rc = sc_aes_setkey_kernel(&s->g.key, key, key_len, opts->kernel);
        if (iv_len) memcpy(s->chain_at_init, iv, 16);
        break;
    }
    if (rc != SC_OK) return rc;
    memcpy(s->chain, s->chain_at_init, 16);
    if (m == MODE_CMAC) {
        const sc_block_cipher bc = sc_aes_block_cipher(&s->g.key);
        sc_modes_cmac_subkeys(&bc, s->k1, s->k2);
    }
    const size_t seg = modes[m].seg ? modes[m].seg : opts->segment_bits ? opts->segment_bits : 8 * SC_AES_BLOCK;
    sc_modes_cfb_start(&s->cfb, s->chain_at_init, SC_AES_BLOCK, seg); /* checked: 8..128, whole bytes */
    return SC_OK;
}

static void reset(void *state)
{
    aes_state *s = state;
    memcpy(s->chain, s->chain_at_init, 16);
    if (s->mode == MODE_CFB || s->mode == MODE_CFB8 || s->mode == MODE_CFB1)
        sc_modes_cfb_start(&s->cfb, s->chain_at_init, SC_AES_BLOCK, s->cfb.seg_bits);
    if (s->mode == MODE_GHASH) memset(s->g.acc, 0, 16);
    if (s->mode == MODE_GMAC) {
        memset(s->g.acc, 0, 16);
        memcpy(s->g.ctr, s->ctr_at_init, 16);
        memcpy(s->g.ekj0, s->ekj0_at_init, 16);
        memset(s->g.pend, 0, 16);
        s->g.pend_len = 0, s->g.aad_closed = 0, s->g.aad_len = s->g.data_len = 0;
    }
}

/* sc_cipher_reset_iv: the IV-derived state init sets (CBC/OFB chain, CTR
 * counter, CFB register, XTS's first tweak E_Key2(IV)) from a new IV, the
 * key schedules untouched; reset then starts the message from it. */
static int set_iv(void *state, const sc_cipher_spec *spec, const uint8_t *iv, size_t iv_len, uint64_t counter)
{
    aes_state *s = state;
    (void)counter;
    if (spec->info.tag_size != 0) return SC_EINVAL; /* MACs: never reached (cipher contexts only) */
    if (iv_len != spec->info.iv_size) return SC_EIVSIZE;
    if (s->mode == MODE_XTS) {
        const sc_block_cipher tweak = sc_aes_block_cipher(&s->xts.tweak_key);
        sc_modes_xts_start(&tweak, iv, s->chain_at_init);
    } else {
        memset(s->chain_at_init, 0, 16);
        if (iv_len) memcpy(s->chain_at_init, iv, 16);
    }
    reset(s);
    return SC_OK;
}

/* CTR: counter block = IV + block, the whole 128-bit block a big-endian
 * integer with carries (SP 800-38A B.1), what sc_aes_ctr128 steps through.
 * OFB's output depends on every earlier block: refused (CFB is
 * family_streams: never asked). */
static int seek(void *state, uint64_t block)
{
    aes_state *s = state;
    if (s->mode != MODE_CTR) return SC_EINVAL;
    unsigned carry = 0;
    for (int i = 15; i >= 0; i--) {
        unsigned sum = s->chain_at_init[i] + (unsigned)(block & 0xff) + carry;
        s->chain[i] = (uint8_t)sum;
        carry = sum >> 8, block >>= 8;
    }
    return SC_OK;
}

static void blocks(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    aes_state *s = state;
    const sc_aes_key *k = &s->g.key;
    if (n == 0) return;
    /* the kernel's own modes first, with nothing built for them: a 64-byte
     * ECB call is a few dozen cycles of work */
    if (s->mode == MODE_ECB) {
        (s->encrypt ? k->ops->encrypt : k->ops->decrypt)(k, in, out, n);
        return;
    }
    if (s->mode == MODE_CBC) {
        (s->encrypt ? k->ops->cbc_encrypt : k->ops->cbc_decrypt)(k, s->chain, in, out, n);
        return;
    }
    if (s->mode == MODE_CTR) {
        sc_aes_ctr128(k, s->chain, in, out, n);
        return;
    }
    const sc_block_cipher bc = sc_aes_block_cipher(k);
    if (s->mode == MODE_OFB) sc_modes_ofb_blocks(&bc, s->chain, in, out, n);
    else if (s->mode == MODE_XTS) sc_modes_xts_blocks(&bc, s->chain, s->encrypt, in, out, n);
}

/* CFB (spec.family_streams): any length. */
static void stream(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    aes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->g.key);
    sc_modes_cfb_run(&bc, &s->cfb, s->encrypt, in, out, len);
}

/* XTS (spec.steals): the data unit's last whole block and a partial one. */
static void steal_final(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    aes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->g.key);
    sc_modes_xts_last(&bc, s->chain, s->encrypt, in, out, len);
}

/* Key wrap (info.one_shot): encrypt = wrap, decrypt = unwrap. */
static int crypt(void *state, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len)
{
    aes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->g.key);
    if (s->mode == MODE_KW)
        return (s->encrypt ? sc_modes_kw_wrap : sc_modes_kw_unwrap)(&bc, in, in_len, out, out_cap, out_len);
    return (s->encrypt ? sc_modes_kwp_wrap : sc_modes_kwp_unwrap)(&bc, in, in_len, out, out_cap, out_len);
}

static void mac_blocks(void *state, const uint8_t *in, size_t n)
{
    aes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->g.key);
    switch (s->mode) {
    case MODE_GHASH: s->g.key.ops->ghash(&s->g.gk, s->g.acc, in, n); break;
    case MODE_GMAC: sc_gcm_aad(&s->g, in, 16 * n); break;
    default: sc_modes_cmac_blocks(&bc, s->chain, in, n); break;
    }
}

static int mac_final(void *state, const uint8_t *last, size_t last_len, uint64_t total_len, uint8_t *tag)
{
    aes_state *s = state;
    const sc_block_cipher bc = sc_aes_block_cipher(&s->g.key);
    switch (s->mode) {
    case MODE_GMAC:
        sc_gcm_aad(&s->g, last, last_len);
        sc_gcm_tag(&s->g, tag);
        return SC_OK;
    case MODE_GHASH: /* raw GHASH takes whole blocks only (the empty message hashes to 0) */
        if (total_len % 16) return SC_ELENGTH;
        if (last_len) s->g.key.ops->ghash(&s->g.gk, s->g.acc, last, 1);
        memcpy(tag, s->g.acc, 16);
        return SC_OK;
    default: sc_modes_cmac_last(&bc, s->chain, last, last_len, s->k1, s->k2, tag); return SC_OK;
    }
}

/* The key's kernel and size, the mode and direction, GCM's partial block
 * (GMAC, GHASH), XTS's second key and CFB's register position must agree
 * with the spec the generic layer buffers for. */
static int check(const void *state, const sc_cipher_spec *spec)
{
    const aes_state *s = state;
    const int v = spec->variant, m = spec->mode;
    if (m < 0 || m >= MODE_COUNT || v < 0 || v > 2 || !name_of(v, m) || s->mode != m ||
        (s->encrypt != 0 && s->encrypt != 1) || spec->info.block_size != SC_AES_BLOCK)
        return SC_ESTATE;
    const uint32_t ks = m == MODE_GHASH ? 16 : (uint32_t)aes_key_size(v);
    if (sc_aes_check_inline(&s->g.key) != SC_OK || s->g.key.key_size != ks) return SC_ESTATE;
    if ((m == MODE_GMAC || m == MODE_GHASH) && s->g.pend_len > 15) return SC_ESTATE;
    if (m == MODE_XTS && (sc_aes_check(&s->xts.tweak_key) != SC_OK || s->xts.tweak_key.key_size != ks))
        return SC_ESTATE;
    /* only CFB's stream indexes its register by the position */
    const int cfb = m == MODE_CFB || m == MODE_CFB8 || m == MODE_CFB1;
    return !cfb || sc_modes_cfb_valid(&s->cfb, SC_AES_BLOCK) ? SC_OK : SC_ESTATE;
}

/* What the generic layer's quick paths trust of the state (cipher_family.h):
 * one of the modes whose update is blocks() alone, ECB, CBC and CTR, or the
 * MACs GHASH and GMAC (sc_mac_message), with what check() asks of them (the
 * name, mode, direction, the key's magic, size and rounds, GCM's partial
 * block) and the block, stream and tag sizes. All but the key's kernel,
 * which the callers compare with the one last found runnable. A chain of
 * compare-and-branch (one fused operation each, a scratch register at
 * most): or-ing them into one word kept a dozen values live and made the
 * short calls save six registers. */
static inline int quick_fields_ok(const aes_state *s, const sc_cipher_spec *spec)
{
    const int m = spec->mode;
    const unsigned v = (unsigned)spec->variant;
    const int mac = m == MODE_GHASH || m == MODE_GMAC;
    const sc_aes_key *k = &s->g.key;
    return (m == MODE_ECB || m == MODE_CBC || m == MODE_CTR || mac) && s->mode == m &&
           v <= (m == MODE_GHASH ? 0u : 2u) && (unsigned)s->encrypt <= 1u && spec->info.block_size == SC_AES_BLOCK &&
           spec->info.is_stream == (m == MODE_CTR) && spec->info.tag_size == (mac ? SC_AES_BLOCK : 0u) &&
           (!mac || s->g.pend_len <= 15) && k->magic == SC_AES_MAGIC &&
           k->key_size == (m == MODE_GHASH ? 16u : 16u + 8u * v) && k->rounds == (m == MODE_GHASH ? 10u : 10u + 2u * v);
}

static inline int kernel_is_last(const sc_aes_key *k)
{
    return sc_ops_cached(&sc_aes_runnable, k->ops);
}

static int quick_check(const void *state, const sc_cipher_spec *spec)
{
    const aes_state *s = state;
    if (!quick_fields_ok(s, spec)) return SC_ESTATE;
    return kernel_is_last(&s->g.key) ? SC_OK : sc_aes_check(&s->g.key);
}

static aes_state *quick_state_of(sc_cipher_ctx *c, const sc_cipher_spec **spec)
{
    sc_cipher_state *g = (sc_cipher_state *)(void *)c->opaque;
    *spec = &g->spec;
    return (aes_state *)(void *)g->family_state;
}

/* CTR's quick call with a partial last block (issue 14: a 1420-byte call
 * is 88 blocks and 12 bytes): the kernel's ctr32_bytes does the whole
 * blocks and the tail in one call, writing the tail block's keystream into
 * the generic buffer, whose unused bytes the next call takes first, just
 * as the full path (stream_update) leaves them: so any split still equals
 * one call. Kernels without it, and a counter whose low word would reach
 * 2^32 (the carry of sc_aes_ctr128), take the full path. Not inlined,
 * and six arguments (none on the stack): inside quick_update, or with a
 * seventh, it made the whole-block calls save registers and call their
 * kernel instead of jumping to it. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
ctr_partial(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len)
{
    sc_cipher_state *g = (sc_cipher_state *)(void *)c->opaque;
    aes_state *s = (aes_state *)(void *)g->family_state;
    const sc_aes_key *k = &s->g.key;
    const size_t nb = in_len / SC_AES_BLOCK + 1; /* blocks of keystream, the partial one too */
    if (s->mode != MODE_CTR || k->ops->ctr32_bytes == NULL ||
        (uint64_t)nb >= (UINT64_C(1) << 32) - sc_aes_load_be32(s->chain + 12))
        return sc_cipher_update_full(c, in, in_len, out, out_cap, out_len);
    *out_len = in_len;
    g->buffered = SC_AES_BLOCK - in_len % SC_AES_BLOCK; /* keystream left at the end of buf */
    k->ops->ctr32_bytes(k, s->chain, in, out, in_len, g->buf);
    return SC_OK;
}

/* sc_cipher_update of whole blocks (cipher_family.h's quick_update): the
 * kernel's ECB, CBC or CTR at once, a tail call; CTR with a partial last
 * block: ctr_partial; anything else to the full path. */
static int quick_update(sc_cipher_ctx *c, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap,
                        size_t *out_len)
{
    const sc_cipher_spec *spec;
    aes_state *s = quick_state_of(c, &spec);
    const sc_aes_key *k = &s->g.key;
    const size_t n = in_len / SC_AES_BLOCK;
    if ((unsigned)spec->mode > MODE_CTR || !quick_fields_ok(s, spec) || !kernel_is_last(k))
        return sc_cipher_update_full(c, in, in_len, out, out_cap, out_len);
    if (in_len % SC_AES_BLOCK) return ctr_partial(c, in, in_len, out, out_cap, out_len);
    *out_len = in_len; /* before the kernel: nothing is live across its call */
    if (s->mode == MODE_ECB) {
        (s->encrypt ? k->ops->encrypt : k->ops->decrypt)(k, in, out, n);
        return SC_OK;
    }
    if (s->mode == MODE_CBC) {
        (s->encrypt ? k->ops->cbc_encrypt : k->ops->cbc_decrypt)(k, s->chain, in, out, n);
        return SC_OK;
    }
    /* CTR: sc_aes_ctr128's common case, the low word not reaching 2^32 */
    if ((uint64_t)n < (UINT64_C(1) << 32) - sc_aes_load_be32(s->chain + 12))
        k->ops->ctr32(k, s->chain, in, out, n);
    else
        sc_aes_ctr128(k, s->chain, in, out, n);
    return SC_OK;
}

/* sc_cipher_reset (quick_reset): ECB, CBC and CTR keep only the chain
 * (MODE_ECB, MODE_CBC, MODE_CTR are the first modes). */
static int quick_reset(sc_cipher_ctx *c)
{
    const sc_cipher_spec *spec;
    aes_state *s = quick_state_of(c, &spec);
    if ((unsigned)spec->mode > MODE_CTR || !quick_fields_ok(s, spec) || !kernel_is_last(&s->g.key))
        return sc_cipher_reset_full(c);
    memcpy(s->chain, s->chain_at_init, 16);
    return SC_OK;
}

/* GMAC of a whole message (sc_mac_message) through the kernel's fused
 * one-message GCM, the message as AAD and no data (SP 800-38D: GMAC is GCM
 * with an empty P): E(J0), the hash in batches with one reduction, the
 * length block and the tag in registers, where the generic steps buffer
 * the last block and cost three calls. For 96-bit nonces on kernels with
 * gcm_message (x86-vaes-avx512); other cases take the generic steps. */
static int mac_message(void *state, const uint8_t *in, size_t len, uint8_t *tag, int *rc)
{
    aes_state *s = state;
    const struct sc_aes_ops *ops = s->g.key.ops;
    /* raw GHASH of whole blocks: one kernel call over the message where the
     * generic steps keep its last block back and hash it on its own */
    if (s->mode == MODE_GHASH && len % 16 == 0) {
        memset(s->g.acc, 0, 16); /* from the key alone (cipher_family.h) */
        if (len) ops->ghash(&s->g.gk, s->g.acc, in, len / 16);
        memcpy(tag, s->g.acc, 16);
        *rc = SC_OK;
        return 1;
    }
    if (s->mode != MODE_GMAC || !s->has_nonce96 || ops->gcm_message == NULL) return 0;
    ops->gcm_message(&s->g.key, &s->g.gk, s->nonce96, in, len, NULL, NULL, 0, 1, tag);
    *rc = SC_OK;
    return 1;
}

static const sc_cipher_ops sc_aes_cipher_ops = {
    SC_CIPHER_OPS_COMMON("aes"),
    .seek = seek,
    .stream = stream,
    .steal_final = steal_final,
    .crypt = crypt,
    .mac_message = mac_message,
    .quick_check = quick_check,
    .set_iv = set_iv,
    .quick_update = quick_update,
    .quick_reset = quick_reset,
};

/* Known answers (one source: selftest, ctest and Java read them through
 * sc_kat_get). GCM vectors: out = ciphertext || tag, aad after source. */
static const sc_kat_info kats[] = {
    {"aes", "aes-128-ecb", NULL, "000102030405060708090a0b0c0d0e0f", "", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a", "FIPS-197 C.1", NULL},
    {"aes", "aes-192-ecb", NULL, "000102030405060708090a0b0c0d0e0f1011121314151617", "",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191", "FIPS-197 C.2", NULL},
    {"aes", "aes-256-ecb", NULL, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089", "FIPS-197 C.3", NULL},
    {"aes", "aes-128-cbc", NULL, "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52ef"
     "f69f2445df4f9b17ad2b417be66c3710",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e22229516"
     "3ff1caa1681fac09120eca307586e1a7",
     "SP 800-38A F.2.1", NULL},
    {"aes", "aes-128-ctr", NULL, "2b7e151628aed2a6abf7158809cf4f3c", "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52ef"
     "f69f2445df4f9b17ad2b417be66c3710",
     "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab"
     "1e031dda2fbe03d1792170a0f3009cee",
     "SP 800-38A F.5.1", NULL},
    {"aes", "aes-256-ctr", NULL, "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52ef"
     "f69f2445df4f9b17ad2b417be66c3710",
     "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988d"
     "dfc9c58db67aada613c2dd08457941a6",
     "SP 800-38A F.5.5", NULL},
    {"aes", "ghash", NULL, "66e94bd4ef8a2c3b884cfa59ca342b2e", "",
     "0388dace60b6a392f328c2b971b2fe7800000000000000000000000000000080", "f38cbb1ad69223dcc3457ae5b6b0f885",
     "McGrew-Viega GCM spec, test case 2 (GHASH(H, A, C))", NULL},
    {"aes", "aes-128-gmac", NULL, "00000000000000000000000000000000", "000000000000000000000000", "",
     "58e2fccefa7e3061367f1d57a4e7455a", "McGrew-Viega GCM spec, test case 1", NULL},
    {"aes", "aes-128-gcm", NULL, "00000000000000000000000000000000", "000000000000000000000000",
     "00000000000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf",
     "McGrew-Viega GCM spec, test case 2", ""},
    {"aes", "aes-128-gcm", NULL, "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525"
     "b16aedf5aa0de657ba637b39",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa05"
     "1ba30b396a0aac973d58e0915bc94fbc3221a5db94fae95ae7121a47",
     "McGrew-Viega GCM spec, test case 4", "feedfacedeadbeeffeedfacedeadbeefabaddad2"},
    {"aes", "aes-128-gcm", NULL, "feffe9928665731c6d6a8f9467308308",
     "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b5254"
     "16aedbf5a0de6a57a637b39b",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525"
     "b16aedf5aa0de657ba637b39",
     "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c7c6f"
     "d62875d2aca417034c34aee5619cc5aefffe0bfa462af43c1699d050",
     "McGrew-Viega GCM spec, test case 6 (60-byte IV)", "feedfacedeadbeeffeedfacedeadbeefabaddad2"},
    {"aes", "aes-256-gcm", NULL, "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
     "cafebabefacedbaddecaf888",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525"
     "b16aedf5aa0de657ba637b39",
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838"
     "c5f61e6393ba7a0abcc9f66276fc6ece0f4e1768cddf8853bb2d551b",
     "McGrew-Viega GCM spec, test case 16", "feedfacedeadbeeffeedfacedeadbeefabaddad2"},
    /* the modes of src/modes/: SP 800-38A F.3/F.4, SP 800-38B D,
     * IEEE 1619-2018 B, RFC 3394 4, RFC 5649 6. MACs: in = message, out =
     * tag; key wrap: in = key data, out = the wrapped key. */
    {"aes", "aes-128-cfb1", NULL, "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f", "6bc1", "68b3", "SP 800-38A F.3.1 (16 bits)", NULL},
    {"aes", "aes-128-cfb8", NULL, "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f", "6bc1bee22e409f96e93d7e117393172aae2d",
     "3b79424c9c0dd436bace9e0ed4586a4f32b9", "SP 800-38A F.3.7", NULL},
    {"aes", "aes-128-cfb", NULL, "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52ef"
     "f69f2445df4f9b17ad2b417be66c3710",
     "3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b26751f67a3cbb140b1808cf187a4f4df"
     "c04b05357c5d1c0eeac4c66f9ff7f2e6",
     "SP 800-38A F.3.13", NULL},
    {"aes", "aes-128-ofb", NULL, "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52ef"
     "f69f2445df4f9b17ad2b417be66c3710",
     "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed8259740051e9c5fecf64344f7a82260edcc"
     "304c6528f659c77866a510d9c1d6ae5e",
     "SP 800-38A F.4.1", NULL},
    {"aes", "aes-128-cmac", NULL, "2b7e151628aed2a6abf7158809cf4f3c", "", "", "bb1d6929e95937287fa37d129b756746", "SP 800-38B D.1 example 1",
     NULL},
    {"aes", "aes-128-cmac", NULL, "2b7e151628aed2a6abf7158809cf4f3c", "",
     "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411",
     "dfa66747de9ae63030ca32611497c827", "SP 800-38B D.1 example 3", NULL},
    {"aes", "aes-192-cmac", NULL, "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", "",
     "6bc1bee22e409f96e93d7e117393172a", "9e99a7bf31e710900662f65e617c5184", "SP 800-38B D.2 example 2", NULL},
    {"aes", "aes-256-cmac", NULL, "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "",
     "6bc1bee22e409f96e93d7e117393172a", "28a7023f452e8f82bd4bf28d8c37c35c", "SP 800-38B D.3 example 2", NULL},
    {"aes", "aes-128-xts", NULL, "1111111111111111111111111111111122222222222222222222222222222222",
     "33333333330000000000000000000000", "4444444444444444444444444444444444444444444444444444444444444444",
     "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0", "IEEE 1619-2018 B.1 vector 2", NULL},
    {"aes", "aes-128-kw", NULL, "000102030405060708090a0b0c0d0e0f", "", "00112233445566778899aabbccddeeff",
     "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5", "RFC 3394 4.1", NULL},
    {"aes", "aes-192-kw", NULL, "000102030405060708090a0b0c0d0e0f1011121314151617", "", "00112233445566778899aabbccddeeff",
     "96778b25ae6ca435f92b5b97c050aed2468ab8a17ad84e5d", "RFC 3394 4.2", NULL},
    {"aes", "aes-256-kw", NULL, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "", "00112233445566778899aabbccddeeff",
     "64e8c3f9ce0f5ba263e9777905818a2a93c8191e7d6e8ae7", "RFC 3394 4.3", NULL},
    {"aes", "aes-192-kw", NULL, "000102030405060708090a0b0c0d0e0f1011121314151617", "", "00112233445566778899aabbccddeeff0001020304050607",
     "031d33264e15d33268f24ec260743edce1c6c7ddee725a936ba814915c6762d2", "RFC 3394 4.4", NULL},
    {"aes", "aes-256-kw", NULL, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "", "00112233445566778899aabbccddeeff0001020304050607",
     "a8f9bc1612c68b3ff6e6f4fbe30e71e4769c8b80a32cb8958cd5d17d6b254da1", "RFC 3394 4.5", NULL},
    {"aes", "aes-256-kw", NULL, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "", "00112233445566778899aabbccddeeff000102030405060708090a0b0c0d0e0f",
     "28c9f404c4b810f4cbccb35cfb87f8263f5786e2d80ed326cbc7f0e71a99f43bfb988b9b7a02dd21", "RFC 3394 4.6", NULL},
    {"aes", "aes-192-kwp", NULL, "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8", "",
     "c37b7e6492584340bed12207808941155068f738",
     "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a", "RFC 5649 6 (20 octets)", NULL},
    {"aes", "aes-192-kwp", NULL, "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8", "", "466f7250617369",
     "afbeb0f07dfbf5419200f2ccb50bb24f", "RFC 5649 6 (7 octets)", NULL},
};

const sc_family sc_aes_family = {
    .name = "aes",
    .kind = SC_KIND_CIPHER,
    .kernels = &sc_alg_aes,
    .cipher = &sc_aes_cipher_ops,
    .aead = &sc_aes_aead_ops, /* aes_aead.c: GCM and CCM */
    .kats = kats,
    .nkats = sizeof kats / sizeof kats[0],
};
