/* SPDX-License-Identifier: Apache-2.0 */
/* AES in the generic APIs: ciphers aes-<bits>-ecb|cbc|ctr (FIPS-197, SP
 * 800-38A), MACs ghash (raw GHASH under a given H, SP 800-38D 6.4) and
 * aes-<bits>-gmac (GCM with no plaintext), and the AEADs aes-<bits>-gcm
 * (SP 800-38D) — one descriptor for all of them. */
#include <string.h>

#include "../aead/aead_family.h"
#include "../cipher/cipher_family.h"
#include "../core/family.h"
#include "aes_gcm.h"
#include "aes_modes.h"

enum { MODE_ECB, MODE_CBC, MODE_CTR, MODE_GMAC, MODE_GHASH };

/* Cipher names [key size][mode], then the MACs. */
static const char *const cipher_names[3][3] = {
    {"aes-128-ecb", "aes-128-cbc", "aes-128-ctr"},
    {"aes-192-ecb", "aes-192-cbc", "aes-192-ctr"},
    {"aes-256-ecb", "aes-256-cbc", "aes-256-ctr"},
};
static const char *const mac_names[] = {"ghash", "aes-128-gmac", "aes-192-gmac", "aes-256-gmac"};
static const char *const aead_names[] = {"aes-128-gcm", "aes-192-gcm", "aes-256-gcm"};
static const char *const mode_names[] = {"ecb", "cbc", "ctr", "gmac", "ghash"};
/* SP 800-38D 5.2.1.2: tags of 128, 120, 112, 104, 96 bits, and 64 or 32 for
 * some applications (GCM and GMAC alike). */
#define GCM_TAG_SIZES (1u << 16 | 1u << 15 | 1u << 14 | 1u << 13 | 1u << 12 | 1u << 8 | 1u << 4)

static const char *name_at(size_t index, int mac)
{
    if (mac) return index < 4 ? mac_names[index] : NULL;
    return index < 9 ? cipher_names[index / 3][index % 3] : NULL;
}

static void describe(sc_cipher_spec *spec, const char *name, int variant, int mode)
{
    sc_cipher_info *i = &spec->info;
    i->name = name;
    i->algorithm = "aes";
    i->mode = mode_names[mode];
    i->block_size = 16;
    i->key_size = mode == MODE_GHASH ? 16 : 16 + 8 * (size_t)variant;
    i->iv_size = mode == MODE_CBC || mode == MODE_CTR ? 16 : mode == MODE_GMAC ? 12 : 0;
    i->tag_size = mode >= MODE_GMAC ? 16 : 0;
    i->min_tag_size = mode == MODE_GMAC ? 4 : mode == MODE_GHASH ? 1 : 0;
    i->is_stream = mode == MODE_CTR;
    spec->tag_sizes = mode == MODE_GMAC ? GCM_TAG_SIZES : 0;
    spec->variant = variant;
    spec->mode = mode;
}

static int lookup(const char *name, sc_cipher_spec *spec)
{
    if (strcmp(name, "ghash") == 0) return describe(spec, mac_names[0], 0, MODE_GHASH), SC_OK;
    for (int v = 0; v < 3; v++) {
        for (int m = 0; m < 3; m++)
            if (strcmp(name, cipher_names[v][m]) == 0) return describe(spec, cipher_names[v][m], v, m), SC_OK;
        if (strcmp(name, mac_names[1 + v]) == 0) return describe(spec, mac_names[1 + v], v, MODE_GMAC), SC_OK;
    }
    return SC_EINVAL;
}

typedef struct aes_state {
    sc_gcm g; /* ciphers use g.key only */
    uint8_t chain[16], chain_at_init[16]; /* CBC chaining value / CTR counter */
    uint8_t ctr_at_init[16], ekj0_at_init[16]; /* GMAC: the nonce's J0 material, for reset */
    int mode, encrypt;
} aes_state;
_Static_assert(sizeof(aes_state) <= SC_CIPHER_FAMILY_STATE, "AES state too large for the generic context");
_Static_assert(MODE_GHASH < SC_AES_MODES_FIRST, "aes_modes.c tells its modes from these by spec.mode");

static int init(void *state, const sc_cipher_spec *spec, int encrypt, const uint8_t *key, size_t key_len,
                const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts)
{
    aes_state *s = state;
    static const uint8_t zero_key[16];
    if (opts->sbox != NULL) return SC_EINVAL;
    if (key_len != spec->info.key_size) return SC_EKEYSIZE;
    if (spec->mode == MODE_GMAC ? iv_len == 0 : iv_len != spec->info.iv_size) return SC_EIVSIZE;
    s->mode = spec->mode;
    s->encrypt = encrypt;
    int rc;
    if (spec->mode == MODE_GHASH) { /* the key is H itself: the AES key only selects the kernel */
        rc = sc_gcm_setkey(&s->g, zero_key, 16, opts->kernel);
        if (rc != SC_OK) return rc;
        memcpy(s->g.gk.h, key, 16);
        s->g.key.ops->ghash_init(&s->g.gk);
        memset(s->g.acc, 0, 16);
        return SC_OK;
    }
    rc = spec->mode == MODE_GMAC ? sc_gcm_setkey(&s->g, key, key_len, opts->kernel)
                                 : sc_aes_setkey_kernel(&s->g.key, key, key_len, opts->kernel);
    if (rc != SC_OK) return rc;
    if (spec->mode == MODE_GMAC) {
        sc_gcm_start(&s->g, iv, iv_len);
        memcpy(s->ctr_at_init, s->g.ctr, 16);
        memcpy(s->ekj0_at_init, s->g.ekj0, 16);
    } else if (iv_len) {
        memcpy(s->chain, iv, 16);
    }
    memcpy(s->chain_at_init, s->chain, 16);
    return SC_OK;
}

static void reset(void *state)
{
    aes_state *s = state;
    memcpy(s->chain, s->chain_at_init, 16);
    memset(s->g.acc, 0, 16);
    if (s->mode == MODE_GMAC) {
        memcpy(s->g.ctr, s->ctr_at_init, 16);
        memcpy(s->g.ekj0, s->ekj0_at_init, 16);
        memset(s->g.pend, 0, 16);
        s->g.pend_len = 0, s->g.aad_closed = 0, s->g.aad_len = s->g.data_len = 0;
    }
}

/* CTR (the only stream mode): counter block = IV + block, the whole 128-bit
 * block a big-endian integer with carries (SP 800-38A B.1), what
 * sc_aes_ctr128 steps through. */
static int seek(void *state, uint64_t block)
{
    aes_state *s = state;
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
    switch (s->mode) {
    case MODE_ECB: (s->encrypt ? k->ops->encrypt : k->ops->decrypt)(k, in, out, n); break;
    case MODE_CBC: (s->encrypt ? k->ops->cbc_encrypt : k->ops->cbc_decrypt)(k, s->chain, in, out, n); break;
    case MODE_CTR: sc_aes_ctr128(k, s->chain, in, out, n); break;
    default: break;
    }
}

static void mac_blocks(void *state, const uint8_t *in, size_t n)
{
    aes_state *s = state;
    if (s->mode == MODE_GHASH) s->g.key.ops->ghash(&s->g.gk, s->g.acc, in, n);
    else sc_gcm_aad(&s->g, in, 16 * n);
}

static int mac_final(void *state, const uint8_t *last, size_t last_len, uint64_t total_len, uint8_t *tag)
{
    aes_state *s = state;
    if (s->mode == MODE_GMAC) {
        sc_gcm_aad(&s->g, last, last_len);
        sc_gcm_tag(&s->g, tag);
        return SC_OK;
    }
    /* Raw GHASH takes whole blocks only (the empty message hashes to 0). */
    if (total_len % 16) return SC_ELENGTH;
    if (last_len) s->g.key.ops->ghash(&s->g.gk, s->g.acc, last, 1);
    memcpy(tag, s->g.acc, 16);
    return SC_OK;
}

static int check(const void *state, const sc_cipher_spec *spec)
{
    const aes_state *s = state;
    if (sc_gcm_check(&s->g) != SC_OK || s->mode != spec->mode) return SC_ESTATE;
    if (s->g.pend_len > 15) return SC_ESTATE;
    return s->encrypt == 0 || s->encrypt == 1 ? SC_OK : SC_ESTATE;
}

const sc_cipher_ops sc_aes_base_cipher_ops = {
    .name = "aes",
    .lookup = lookup,
    .name_at = name_at,
    .init = init,
    .blocks = blocks,
    .mac_blocks = mac_blocks,
    .mac_final = mac_final,
    .reset = reset,
    .check = check,
    .seek = seek,
};

/* --- AES-GCM in the AEAD API ---------------------------------------------- */

static const char *aead_name_at(size_t index) { return index < 3 ? aead_names[index] : NULL; }

static int aead_lookup(const char *name, sc_aead_spec *spec)
{
    for (int v = 0; v < 3; v++) {
        if (strcmp(name, aead_names[v]) != 0) continue;
        sc_aead_info *i = &spec->info;
        i->name = aead_names[v];
        i->algorithm = "aes";
        i->key_size = 16 + 8 * (size_t)v;
        i->nonce_size = 12;
        i->min_nonce_size = 1;
        i->max_nonce_size = (size_t)1 << (sizeof(size_t) >= 8 ? 61 : 31); /* 2^64 bits (SP 800-38D 5.2.1.1) */
        i->tag_size = 16;
        /* 5.2.1.2: 128, 120, 112, 104, 96 bits, and 64 or 32 for some applications */
        i->tag_sizes = GCM_TAG_SIZES >> 1; /* the AEAD API's bit t - 1 for t bytes */
        i->max_plaintext = (UINT64_C(1) << 36) - 32; /* 2^39 - 256 bits */
        i->max_aad = (UINT64_C(1) << 61) - 1;        /* 2^64 - 1 bits, whole bytes */
        spec->variant = v;
        return SC_OK;
    }
    return SC_EINVAL;
}

static int aead_init(void *state, const sc_aead_spec *spec, const uint8_t *key, size_t key_len,
                     const sc_cipher_opts *opts)
{
    if (key_len != spec->info.key_size) return SC_EKEYSIZE;
    if (opts->sbox != NULL) return SC_EINVAL;
    return sc_gcm_setkey(state, key, key_len, opts->kernel);
}

static void aead_start(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len)
{
    (void)encrypt;
    sc_gcm_start(state, nonce, nonce_len);
}
static void aead_aad(void *state, const uint8_t *aad, size_t len) { sc_gcm_aad(state, aad, len); }
static void aead_encrypt(void *state, const uint8_t *in, uint8_t *out, size_t len) { sc_gcm_encrypt(state, in, out, len); }
static void aead_decrypt(void *state, const uint8_t *in, uint8_t *out, size_t len) { sc_gcm_decrypt(state, in, out, len); }
static void aead_tag(void *state, uint8_t *tag) { sc_gcm_tag(state, tag); }
/* A kernel's whole-message GCM for the 12-byte nonces of nearly every
 * protocol; other nonces take the generic steps. */
static int aead_oneshot(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag)
{
    sc_gcm *g = state;
    if (nonce_len != 12 || g->key.ops->gcm_message == NULL) return 0;
    g->key.ops->gcm_message(&g->key, &g->gk, nonce, aad, aad_len, in, out, len, encrypt, tag);
    return 1;
}
static int aead_check(const void *state, const sc_aead_spec *spec)
{
    const sc_gcm *g = state;
    if (sc_gcm_check(g) != SC_OK || g->key.key_size != spec->info.key_size || g->pend_len > 15) return SC_ESTATE;
    return SC_OK;
}
_Static_assert(sizeof(sc_gcm) <= SC_AEAD_FAMILY_STATE, "GCM state too large for the AEAD context");

const sc_aead_ops sc_aes_gcm_aead_ops = {
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
    .check = aead_check,
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
    /* aes_modes.c's modes (src/modes/): SP 800-38A F.3/F.4, SP 800-38B D,
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
    .cipher = &sc_aes_cipher_ops, /* aes_modes.c: the modes there, then these */
    .aead = &sc_aes_aead_ops,
    .kats = kats,
    .nkats = sizeof kats / sizeof kats[0],
};
