/* Kalyna in the generic cipher/MAC API: names kalyna-<block>-<key>-<mode>,
 * mode ecb | cbc | ctr | cmac (the DSTU 7624:2014 MAC) | gmac (section 10,
 * kalyna_gcm.h); the AEADs -gcm and -ccm are kalyna_aead.c's. The model for other
 * families: parse the name, set up the key and mode state, process whole
 * blocks. */
#include <string.h>

#include "../cipher/cipher_family.h"
#include "../core/family.h"
#include "kalyna_aead.h"
#include "kalyna_gcm.h"
#include "kalyna_modes.h"

enum { MODE_ECB, MODE_CBC, MODE_CTR, MODE_MAC, MODE_GMAC, MODE_COUNT };
static const char *const mode_names[MODE_COUNT] = {"ecb", "cbc", "ctr", "cmac", "gmac"};

/* The five block/key sizes of the standard, in bits. */
static const struct {
    unsigned block, key;
} variants[] = {{128, 128}, {128, 256}, {256, 256}, {256, 512}, {512, 512}};
#define VARIANTS (sizeof variants / sizeof variants[0])

/* Every name, [variant][mode]. */
#define KALYNA_NAMES(b, k) \
    {"kalyna-" #b "-" #k "-ecb", "kalyna-" #b "-" #k "-cbc", "kalyna-" #b "-" #k "-ctr", "kalyna-" #b "-" #k "-cmac", \
     "kalyna-" #b "-" #k "-gmac"}
static const char *const names[VARIANTS][MODE_COUNT] = {
    KALYNA_NAMES(128, 128), KALYNA_NAMES(128, 256), KALYNA_NAMES(256, 256),
    KALYNA_NAMES(256, 512), KALYNA_NAMES(512, 512),
};

static const char *name_at(size_t index, int mac)
{
    if (mac) return index < 2 * VARIANTS ? names[index % VARIANTS][MODE_MAC + index / VARIANTS] : NULL;
    return index < VARIANTS * MODE_MAC ? names[index / MODE_MAC][index % MODE_MAC] : NULL;
}

static int lookup(const char *name, sc_cipher_spec *spec)
{
    if (strncmp(name, "kalyna-", 7) != 0) return SC_EINVAL;
    for (size_t v = 0; v < VARIANTS; v++)
        for (size_t m = 0; m < MODE_COUNT; m++) {
            const char *n = names[v][m];
            if (strcmp(n, name) != 0) continue;
            sc_cipher_info *i = &spec->info;
            i->name = n;
            i->algorithm = "kalyna";
            i->mode = mode_names[m];
            i->block_size = variants[v].block / 8;
            i->key_size = variants[v].key / 8;
            i->iv_size = (m == MODE_CBC || m == MODE_CTR) ? i->block_size : 0;
            i->tag_size = m >= MODE_MAC ? i->block_size : 0;
            i->min_tag_size = m == MODE_MAC ? 1 : m == MODE_GMAC ? 8 : 0; /* GMAC: BC's 64 bits */
            i->is_stream = m == MODE_CTR;
            spec->variant = (int)v;
            spec->mode = (int)m;
            return SC_OK;
        }
    return SC_EINVAL;
}

typedef struct kalyna_state {
    sc_kalyna_key key;
    uint8_t chain[SC_KALYNA_MAX_BLOCK]; /* CBC chaining value, CTR counter, MAC accumulator */
    uint8_t chain_at_init[SC_KALYNA_MAX_BLOCK]; /* for reset */
    uint8_t mac_delta[SC_KALYNA_MAX_BLOCK];     /* MAC: E(0), once per key */
    sc_kghash gmac;                             /* GMAC: H and the hash */
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
    if (spec->mode == MODE_CBC) memcpy(s->chain, iv, iv_len);
    if (spec->mode == MODE_CTR) sc_kalyna_ctr_start(&s->key, iv, s->chain);
    if (spec->mode == MODE_MAC) sc_kalyna_mac_delta(&s->key, s->mac_delta);
    if (spec->mode == MODE_GMAC && (rc = sc_kghash_init(&s->gmac, &s->key, NULL)) != SC_OK) return rc;
    memcpy(s->chain_at_init, s->chain, sizeof s->chain);
    return SC_OK;
}

static void reset(void *state)
{
    kalyna_state *s = state;
    memcpy(s->chain, s->chain_at_init, sizeof s->chain);
    if (s->mode == MODE_GMAC) sc_kghash_clear(&s->gmac);
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
    default: break;
    }
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
    if (s->mode == MODE_GMAC && sc_kghash_check(&s->gmac, &s->key) != SC_OK) return SC_ESTATE;
    return s->mode == spec->mode && (s->encrypt == 0 || s->encrypt == 1) ? SC_OK : SC_ESTATE;
}

static const sc_cipher_ops sc_kalyna_cipher_ops = {
    .name = "kalyna",
    .lookup = lookup,
    .name_at = name_at,
    .init = init,
    .blocks = blocks,
    .mac_blocks = mac_blocks,
    .mac_final = mac_final,
    .reset = reset,
    .check = check,
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
