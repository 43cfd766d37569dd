/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna in the generic cipher/MAC API: names kalyna-<block>-<key>-<mode>
 * with the modes of DSTU 7624:2014 (docs/kalyna-modes.md; GMAC, section 10:
 * kalyna_gcm.h). The AEADs -gcm and -ccm are kalyna_aead.c's. The model for
 * other families: parse the name, set up the key and mode state, process
 * whole blocks. */
#include <string.h>

#include "../cipher/cipher_family.h"
#include "../core/family.h"
#include "../modes/feedback.h"
#include "kalyna_aead.h"
#include "kalyna_gcm.h"
#include "kalyna_modes.h"

/* One row per mode: what the generic layer needs to know about it.
 *   iv       1: takes one block (IV, tweak), 0: none
 *   stream   1: any length (CTR, OFB: keystream; CFB: the family streams)
 *   fam      the family's own stream op (CFB: gamma from the ciphertext)
 *   seg      takes sc_cipher_opts.segment_bits
 *   steals   XTS: the last block and a partial one wait for final
 *   once     key wrap: sc_cipher_crypt only
 *   mac      a MAC name (sc_mac_*) */
#define KALYNA_MODES(X, p)                                 \
    /*  id    name     iv stream fam seg steals once mac */ \
    X(p, ECB, "ecb",  0, 0, 0, 0, 0, 0, 0)                  \
    X(p, CBC, "cbc",  1, 0, 0, 0, 0, 0, 0)                  \
    X(p, CTR, "ctr",  1, 1, 0, 0, 0, 0, 0)                  \
    X(p, CFB, "cfb",  1, 1, 1, 1, 0, 0, 0)                  \
    X(p, OFB, "ofb",  1, 1, 0, 0, 0, 0, 0)                  \
    X(p, XTS, "xts",  1, 0, 0, 0, 1, 0, 0)                  \
    X(p, KW, "kw",    0, 0, 0, 0, 0, 1, 0)                  \
    X(p, MAC, "cmac", 0, 0, 0, 0, 0, 0, 1)                  \
    X(p, GMAC, "gmac", 0, 0, 0, 0, 0, 0, 1)

#define MODE_ID(p, id, ...) MODE_##id,
enum { KALYNA_MODES(MODE_ID, ) MODE_COUNT };
#define MODE_ROW(p, id, name, iv, stream, fam, seg, steals, once, mac) {name, iv, stream, fam, seg, steals, once, mac},
static const struct mode_row {
    const char *name;
    unsigned char iv, stream, fam, seg, steals, once, mac;
} modes[MODE_COUNT] = {KALYNA_MODES(MODE_ROW, )};

/* The five block/key sizes of the standard, in bits. */
static const struct {
    unsigned block, key;
} variants[] = {{128, 128}, {128, 256}, {256, 256}, {256, 512}, {512, 512}};
#define VARIANTS (sizeof variants / sizeof variants[0])

/* Every name, [variant][mode]. */
#define MODE_NAME(p, id, name, ...) p name,
#define KALYNA_NAMES(b, k) {KALYNA_MODES(MODE_NAME, "kalyna-" #b "-" #k "-")}
static const char *const names[VARIANTS][MODE_COUNT] = {
    KALYNA_NAMES(128, 128), KALYNA_NAMES(128, 256), KALYNA_NAMES(256, 256),
    KALYNA_NAMES(256, 512), KALYNA_NAMES(512, 512),
};

/* Ciphers (mac = 0) or MACs (mac = 1) in [variant][mode] order. */
static const char *name_at(size_t index, int mac)
{
    for (size_t v = 0; v < VARIANTS; v++)
        for (size_t m = 0; m < MODE_COUNT; m++)
            if (modes[m].mac == (mac != 0) && index-- == 0) return names[v][m];
    return NULL;
}

static int lookup(const char *name, sc_cipher_spec *spec)
{
    if (strncmp(name, "kalyna-", 7) != 0) return SC_EINVAL;
    for (size_t v = 0; v < VARIANTS; v++)
        for (size_t m = 0; m < MODE_COUNT; m++) {
            const char *n = names[v][m];
            if (strcmp(n, name) != 0) continue;
            const struct mode_row *r = &modes[m];
            sc_cipher_info *i = &spec->info;
            i->name = n;
            i->algorithm = "kalyna";
            i->mode = r->name;
            i->block_size = variants[v].block / 8;
            i->key_size = variants[v].key / 8;
            i->iv_size = r->iv ? i->block_size : 0;
            i->tag_size = r->mac ? i->block_size : 0;
            i->min_tag_size = m == MODE_GMAC ? 8 : r->mac ? 1 : 0; /* GMAC: BC's 64 bits */
            i->is_stream = r->stream;
            spec->family_streams = r->fam;
            spec->takes_segment = r->seg;
            spec->steals = r->steals;
            i->one_shot = r->once;
            spec->variant = (int)v;
            spec->mode = (int)m;
            return SC_OK;
        }
    return SC_EINVAL;
}

typedef struct kalyna_state {
    sc_kalyna_key key;
    /* CBC chaining value, CTR counter, OFB gamma, XTS tweak, MAC accumulator */
    uint8_t chain[SC_KALYNA_MAX_BLOCK];
    uint8_t chain_at_init[SC_KALYNA_MAX_BLOCK]; /* for reset (CFB: the IV) */
    uint8_t mac_delta[SC_KALYNA_MAX_BLOCK];     /* MAC: E(0), once per key */
    sc_modes_cfb cfb; /* CFB: register, gamma and segment (src/modes/feedback.h) */
    sc_kghash gmac; /* GMAC: H and the hash */
    int mode, encrypt;
} kalyna_state;
_Static_assert(sizeof(kalyna_state) <= SC_CIPHER_FAMILY_STATE, "Kalyna state too large for the generic context");

static int init(void *state, const sc_cipher_spec *spec, int encrypt, const uint8_t *key, size_t key_len,
                const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts)
{
    kalyna_state *s = state;
    if (opts->sbox != NULL) return SC_EINVAL; /* Kalyna's S-boxes are fixed */
    int rc = sc_kalyna_setkey_kernel(&s->key, spec->info.block_size, key, key_len, opts->kernel);
    if (rc == SC_OK && key_len != spec->info.key_size) rc = SC_EKEYSIZE;
    if (rc == SC_OK && iv_len != spec->info.iv_size) rc = SC_EIVSIZE;
    if (rc != SC_OK) return rc;
    s->mode = spec->mode;
    s->encrypt = encrypt;
    memset(s->chain, 0, sizeof s->chain);
    if (spec->mode == MODE_CBC || spec->mode == MODE_OFB || spec->mode == MODE_CFB) memcpy(s->chain, iv, iv_len);
    if (spec->mode == MODE_CTR) sc_kalyna_ctr_start(&s->key, iv, s->chain);
    if (spec->mode == MODE_XTS) sc_kalyna_xts_start(&s->key, iv, s->chain);
    if (spec->mode == MODE_MAC) sc_kalyna_mac_delta(&s->key, s->mac_delta);
    if (spec->mode == MODE_GMAC && (rc = sc_kghash_init(&s->gmac, &s->key, NULL)) != SC_OK) return rc;
    memcpy(s->chain_at_init, s->chain, sizeof s->chain);
    /* CFB's segment: 0 = the block (sc_cipher_opts_check took the rest) */
    const size_t seg_bits = opts->segment_bits ? opts->segment_bits : 8 * spec->info.block_size;
    sc_modes_cfb_start(&s->cfb, s->chain, spec->info.block_size, seg_bits);
    return SC_OK;
}

static void reset(void *state)
{
    kalyna_state *s = state;
    memcpy(s->chain, s->chain_at_init, sizeof s->chain);
    sc_modes_cfb_start(&s->cfb, s->chain, s->key.block_size, s->cfb.seg_bits);
    if (s->mode == MODE_GMAC) sc_kghash_clear(&s->gmac);
}

/* sc_cipher_reset_iv: the chain init derives from the IV (CBC/OFB/CFB: the
 * IV, CTR: E(IV), XTS: the first tweak), the key schedule untouched; reset
 * then starts the message (and CFB's register) from it. */
static int set_iv(void *state, const sc_cipher_spec *spec, const uint8_t *iv, size_t iv_len, uint64_t counter)
{
    kalyna_state *s = state;
    (void)counter;
    if (spec->info.tag_size != 0) return SC_EINVAL; /* MACs: never reached (cipher contexts only) */
    if (iv_len != spec->info.iv_size) return SC_EIVSIZE;
    memset(s->chain, 0, sizeof s->chain);
    if (s->mode == MODE_CBC || s->mode == MODE_OFB || s->mode == MODE_CFB) memcpy(s->chain, iv, iv_len);
    if (s->mode == MODE_CTR) sc_kalyna_ctr_start(&s->key, iv, s->chain);
    if (s->mode == MODE_XTS) sc_kalyna_xts_start(&s->key, iv, s->chain);
    memcpy(s->chain_at_init, s->chain, sizeof s->chain);
    reset(s);
    return SC_OK;
}

/* CTR: E(IV) + block, little-endian (section 7.4). OFB's gamma depends on
 * every earlier block: refused (CFB is family_streams: never asked). */
static int seek(void *state, uint64_t block)
{
    kalyna_state *s = state;
    if (s->mode != MODE_CTR) return SC_EINVAL;
    memcpy(s->chain, s->chain_at_init, sizeof s->chain);
    sc_kalyna_counter_add(s->chain, s->key.block_size, block);
    return SC_OK;
}

static void blocks(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    kalyna_state *s = state;
    const struct sc_kalyna_ops *ops = sc_kalyna_ops_of(&s->key);
    switch (s->mode) {
    case MODE_ECB: (s->encrypt ? ops->encrypt : ops->decrypt)(&s->key, in, out, n); break;
    case MODE_CBC:
        if (s->encrypt) sc_kalyna_cbc_enc_blocks(&s->key, s->chain, in, out, n);
        else sc_kalyna_cbc_dec_blocks(&s->key, s->chain, in, out, n);
        break;
    case MODE_CTR: sc_kalyna_ctr_blocks(&s->key, s->chain, in, out, n); break;
    case MODE_OFB: {
        const sc_block_cipher bc = sc_kalyna_block_cipher(&s->key);
        sc_modes_ofb_blocks(&bc, s->chain, in, out, n);
        break;
    }
    case MODE_XTS: sc_kalyna_xts_blocks(&s->key, s->chain, s->encrypt, in, out, n); break;
    default: break;
    }
}

/* CFB: any length (spec.family_streams). */
static void stream(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    kalyna_state *s = state;
    const sc_block_cipher bc = sc_kalyna_block_cipher(&s->key);
    sc_modes_cfb_run(&bc, &s->cfb, s->encrypt, in, out, len);
}

/* XTS: the last whole block and a partial one (spec.steals). */
static void steal_final(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    kalyna_state *s = state;
    sc_kalyna_xts_last(&s->key, s->chain, s->encrypt, in, out, len);
}

/* Key wrap (info.one_shot): encrypt = wrap, decrypt = unwrap. */
static int crypt_once(void *state, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len)
{
    kalyna_state *s = state;
    return (s->encrypt ? sc_kalyna_kw_wrap : sc_kalyna_kw_unwrap)(&s->key, in, in_len, out, out_cap, out_len);
}

static void mac_blocks(void *state, const uint8_t *in, size_t n)
{
    kalyna_state *s = state;
    if (s->mode == MODE_GMAC) sc_kghash_update(&s->gmac, in, n * s->key.block_size);
    else sc_kalyna_mac_blocks(&s->key, s->chain, in, n);
}

/* Section 9.1: one or more whole blocks; the last is xored with E(0). */
static int mac_final(void *state, const uint8_t *last, size_t last_len, uint64_t total_len, uint8_t *tag)
{
    kalyna_state *s = state;
    if (s->mode == MODE_GMAC) { /* section 10: GCM without data; an empty message's tag would be H (12.1) */
        if (total_len == 0) return SC_ELENGTH;
        sc_kghash_update(&s->gmac, last, last_len);
        sc_kghash_pad(&s->gmac);
        sc_kghash_tag(&s->gmac, &s->key, total_len, 0, tag);
        return SC_OK;
    }
    if (total_len == 0 || last_len != s->key.block_size) return SC_ELENGTH;
    sc_kalyna_mac_last(&s->key, s->chain, last, s->mac_delta);
    memcpy(tag, s->chain, s->key.block_size);
    return SC_OK;
}

/* The key's sizes, rounds and kernel (sc_kalyna_check), and the mode and
 * block size the generic layer buffers for, must agree. */
static int check(const void *state, const sc_cipher_spec *spec)
{
    const kalyna_state *s = state;
    if (sc_kalyna_check(&s->key) != SC_OK || s->key.block_size != spec->info.block_size) return SC_ESTATE;
    /* CFB indexes its register and gamma by the segment and position (the
     * other modes never read them: no cost to them per call) */
    if (s->mode == MODE_CFB && !sc_modes_cfb_valid(&s->cfb, s->key.block_size)) return SC_ESTATE;
    if (s->mode == MODE_GMAC && sc_kghash_check(&s->gmac, &s->key) != SC_OK) return SC_ESTATE;
    return s->mode == spec->mode && (s->encrypt == 0 || s->encrypt == 1) ? SC_OK : SC_ESTATE;
}

static const sc_cipher_ops sc_kalyna_cipher_ops = {
    SC_CIPHER_OPS_COMMON("kalyna"),
    .seek = seek,
    .stream = stream,
    .steal_final = steal_final,
    .crypt = crypt_once,
    .set_iv = set_iv,
};

/* Known answers (one source: selftest, ctest and Java read them through
 * sc_kat_get). */
static const sc_kat_info kats[] = {
    {"kalyna", "kalyna-128-128-ecb", NULL, "000102030405060708090A0B0C0D0E0F", "", "101112131415161718191A1B1C1D1E1F",
     "81BF1C7D779BAC20E1C9EA39B4D2AD06", "DSTU 7624:2014 B.1", NULL},
    {"kalyna", "kalyna-256-256-ecb", NULL, "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", "",
     "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F",
     "F66E3D570EC92135AEDAE323DCBD2A8CA03963EC206A0D5A88385C24617FD92C", "DSTU 7624:2014 B.1", NULL},
    {"kalyna", "kalyna-128-128-ctr", NULL, "000102030405060708090A0B0C0D0E0F", "101112131415161718191A1B1C1D1E1F",
     "303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F",
     "B91A7B8790BBCFCFE65D04E5538E98E216AC209DA33122FDA596E8928070BE51", "DSTU 7624:2014 B.3", NULL},
    {"kalyna", "kalyna-128-128-cmac", NULL, "000102030405060708090A0B0C0D0E0F", "",
     "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F",
     "123B4EAB8E63ECF3E645A99C1115E241", "DSTU 7624:2014 B.8", NULL},
    {"kalyna", "kalyna-128-128-cfb", NULL, "000102030405060708090A0B0C0D0E0F", "101112131415161718191A1B1C1D1E1F",
     "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F",
     "A19E3E5E53BE8A07C9E0C01298FF83291F8EE6212110BE3FA5C72C88A082520B265570FE28680719D9B4465E169BC37A",
     "DSTU 7624:2014 CFB example (Bouncy Castle DSTU7624Test 14)", NULL},
    {"kalyna", "kalyna-128-256-ofb", NULL, "1F1E1D1C1B1A191817161514131211100F0E0D0C0B0A09080706050403020100",
     "2F2E2D2C2B2A29282726252423222120",
     "1A66CFBFEC00C6D52E39923E858DD64B214AB787798D3D5059A6B498AD66B34EAC48C4074BEC0D98C6",
     "5F5E5D5C5B5A595857565554535251504F4E4D4C4B4A494847464544434241403F3E3D3C3B3A393837",
     "DSTU 7624:2014 OFB example (Bouncy Castle DSTU7624Test 17)", NULL},
    {"kalyna", "kalyna-128-128-xts", NULL, "000102030405060708090A0B0C0D0E0F", "101112131415161718191A1B1C1D1E1F",
     "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F",
     "B3E431B3FBAF31108C302669EE7116D1CF518B6D329D30618DF5628E426BDEF1",
     "DSTU 7624:2014 XTS example (Bouncy Castle DSTU7624Test XTS 1)", NULL},
    {"kalyna", "kalyna-128-128-kw", NULL, "000102030405060708090A0B0C0D0E0F", "",
     "101112131415161718191A1B1C1D1E1F", "1DC91DC6E52575F6DBED25ADDA95A1B6AD3E15056E489738972C199FB9EE2913",
     "DSTU 7624:2014 key wrap example (Bouncy Castle DSTU7624Test KW 1)", NULL},
    /* GCM and GMAC (sections 12, 10; the annex's examples as Bouncy Castle's
     * DSTU7624Test reproduces them): AEAD out = ciphertext || tag */
    {"kalyna", "kalyna-128-128-gcm", NULL, "000102030405060708090A0B0C0D0E0F", "101112131415161718191A1B1C1D1E1F",
     "303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F",
     "B91A7B8790BBCFCFE65D04E5538E98E216AC209DA33122FDA596E8928070BE51C8310571CD60F9584B45C1B4ECE179AF",
     "DSTU 7624:2014 GCM (BC DSTU7624Test GCM 1)", "202122232425262728292A2B2C2D2E2F"},
    {"kalyna", "kalyna-512-512-gcm", NULL,
     "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F"
     "303132333435363738393A3B3C3D3E3F",
     "404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F"
     "707172737475767778797A7B7C7D7E7F",
     "C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDFE0E1E2E3E4E5E6E7E8E9EAEBECEDEEEF"
     "F0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF",
     "220642D7277D104788CF97B10210984F506435512F7BF153C5CDABFECC10AFB4A2E2FC51F616AF80FFDD0607FAD4F542"
     "B8EF0667717CE3EAAA8FBC303CE76C9978A77E5948F5DC05F551486FDBB44898C9AB1BD439D7519841AE31007C09E1B3"
     "12E5EA5929F952F6A3EEF5CBEAEF262B8EC1884DFCF4BAAF7B5C9291A22489E1",
     "DSTU 7624:2014 GCM (BC DSTU7624Test GCM 6)",
     "808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAF"
     "B0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF"},
    {"kalyna", "kalyna-256-256-gmac", NULL, "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", "",
     "404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F",
     "FF48B56F2C26CC484B8F5952D7B3E1FE69577701C50BE96517B33921E44634CD", "DSTU 7624:2014 GMAC (BC DSTU7624Test GCM 9)",
     NULL},
};

const sc_family sc_kalyna_family = {
    .name = "kalyna",
    .kind = SC_KIND_CIPHER,
    .kernels = &sc_alg_kalyna,
    .cipher = &sc_kalyna_cipher_ops,
    .aead = &sc_kalyna_aead_ops,
    .kats = kats,
    .nkats = sizeof kats / sizeof kats[0],
};
