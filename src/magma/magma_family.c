/* SPDX-License-Identifier: Apache-2.0 */
/* Magma / GOST 28147-89 in the generic cipher/MAC API (cipher.h):
 *   magma-ecb, magma-cbc, magma-ctr, magma-ofb,  GOST R 34.12/34.13-2015,
 *   magma-cfb, magma-cmac                        big-endian (RFC 8891); OFB
 *                                                and CFB take the register
 *                                                (m) from the IV length and
 *                                                s from opts->segment_bits
 *   gost89-ecb, gost89-cbc, gost89-cnt,          GOST 28147-89, little-endian
 *   gost89-cfb, gost89-mac                       (RFC 5830, CryptoPro usage;
 *                                                CBC with a 64-bit IV; CNT,
 *                                                CFB and the MAC (imitovstavka,
 *                                                4-byte tag) take
 *                                                opts->key_meshing, the MAC
 *                                                opts->short_mac; magma.h)
 * opts->sbox picks the S-box (a name of sc_magma_sbox_names() or 128 hex
 * digits); opts->kernel a kernel of sc_kernel_get("magma", ...). */
#include <string.h>

#include "../cipher/cipher_family.h"
#include "../core/family.h"
#include "magma_internal.h"

enum { MODE_ECB, MODE_CBC, MODE_CTR, MODE_CNT, MODE_OFB, MODE_CFB, MODE_GOST89_CFB, MODE_MAC, MODE_GOST89_MAC };

static const struct {
    const char *name, *mode;
    int id, little_endian;
    size_t iv_size;
} names[] = {
    {"magma-ecb", "ecb", MODE_ECB, 0, 0},
    {"magma-cbc", "cbc", MODE_CBC, 0, SC_MAGMA_BLOCK_SIZE},
    {"magma-ctr", "ctr", MODE_CTR, 0, SC_MAGMA_CTR_IV_SIZE},
    {"magma-ofb", "ofb", MODE_OFB, 0, SC_MAGMA_BLOCK_SIZE},
    {"magma-cfb", "cfb", MODE_CFB, 0, SC_MAGMA_BLOCK_SIZE},
    {"gost89-ecb", "ecb", MODE_ECB, 1, 0},
    {"gost89-cbc", "cbc", MODE_CBC, 1, SC_MAGMA_BLOCK_SIZE},
    {"gost89-cnt", "cnt", MODE_CNT, 1, SC_GOST89_CNT_IV_SIZE},
    {"gost89-cfb", "cfb", MODE_GOST89_CFB, 1, SC_MAGMA_BLOCK_SIZE},
    {"magma-cmac", "cmac", MODE_MAC, 0, 0},
    {"gost89-mac", "mac", MODE_GOST89_MAC, 1, 0},
};
enum { NAMES = sizeof names / sizeof names[0], MAC_NAMES = 2, CIPHER_NAMES = NAMES - MAC_NAMES };

/* Modes run by the family's stream op (their key stream depends on the
 * ciphertext, or comes in segments shorter than a block). */
static int feedback_mode(int id) { return id == MODE_OFB || id == MODE_CFB || id == MODE_GOST89_CFB; }

static const char *name_at(size_t index, int mac)
{
    if (mac) return index < MAC_NAMES ? names[CIPHER_NAMES + index].name : NULL;
    return index < CIPHER_NAMES ? names[index].name : NULL;
}

static int lookup(const char *name, sc_cipher_spec *spec)
{
    for (size_t i = 0; i < NAMES; i++) {
        if (strcmp(name, names[i].name) != 0) continue;
        sc_cipher_info *info = &spec->info;
        info->name = names[i].name;
        info->algorithm = "magma";
        info->mode = names[i].mode;
        info->block_size = SC_MAGMA_BLOCK_SIZE;
        info->key_size = SC_MAGMA_KEY_SIZE;
        info->iv_size = names[i].iv_size;
        info->tag_size = names[i].id == MODE_MAC ? SC_MAGMA_BLOCK_SIZE
                         : names[i].id == MODE_GOST89_MAC ? SC_GOST89_MAC_SIZE
                                                          : 0;
        info->min_tag_size = names[i].id == MODE_MAC || names[i].id == MODE_GOST89_MAC ? 1 : 0;
        info->is_stream = names[i].id == MODE_CTR || names[i].id == MODE_CNT || feedback_mode(names[i].id);
        spec->variant = names[i].little_endian;
        spec->mode = names[i].id;
        spec->family_streams = feedback_mode(names[i].id);
        spec->takes_segment = names[i].id == MODE_OFB || names[i].id == MODE_CFB;
        spec->takes_key_meshing =
            names[i].id == MODE_CNT || names[i].id == MODE_GOST89_CFB || names[i].id == MODE_GOST89_MAC;
        spec->takes_short_mac = names[i].id == MODE_GOST89_MAC;
        return SC_OK;
    }
    return SC_EINVAL;
}

/* What a message changes: the state of the mode. */
typedef union magma_mode_state {
    sc_magma_cbc cbc;
    uint64_t counter; /* CTR */
    sc_gost89_cnt_state cnt;
    sc_magma_fb fb; /* OFB, CFB */
    sc_magma_cmac_state mac;
    sc_gost89_mac_state imit;
} magma_mode_state;

typedef struct magma_state {
    sc_magma_key key; /* key meshing re-keys it: reset restores the round keys */
    uint32_t round_keys_at_init[2][32];
    int mode, encrypt;
    magma_mode_state u, u_at_init; /* the latter for reset */
} magma_state;
_Static_assert(sizeof(magma_state) <= SC_CIPHER_FAMILY_STATE, "Magma state too large for the generic context");

static int start_mode(magma_state *s, const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts);

static int init(void *state, const sc_cipher_spec *spec, int encrypt, const uint8_t *key, size_t key_len,
                const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts)
{
    magma_state *s = state;
    uint8_t sbox[8][16];
    int rc = sc_magma_sbox_resolve(opts->sbox, sbox);
    if (rc == SC_OK)
        rc = spec->variant ? sc_gost89_init(&s->key, key, key_len, &sbox[0][0])
                           : sc_magma_init(&s->key, key, key_len, &sbox[0][0]);
    sc_wipe(sbox, sizeof sbox);
    if (rc == SC_OK && opts->kernel) rc = sc_magma_use_kernel(&s->key, opts->kernel);
    if (rc != SC_OK) return rc;
    if (iv == NULL && iv_len) return SC_ENULL;
    s->mode = spec->mode;
    s->encrypt = encrypt;
    memset(&s->u, 0, sizeof s->u);
    rc = start_mode(s, iv, iv_len, opts);
    if (rc == SC_OK) s->u_at_init = s->u;
    memcpy(s->round_keys_at_init, s->key.round_keys, sizeof s->round_keys_at_init);
    sc_magma_burn(&s->key);
    return rc;
}

static void reset(void *state)
{
    magma_state *s = state;
    s->u = s->u_at_init;
    memcpy(s->key.round_keys, s->round_keys_at_init, sizeof s->key.round_keys);
}

/* The mode state of a new message from the IV. */
static int start_mode(magma_state *s, const uint8_t *iv, size_t iv_len, const sc_cipher_opts *opts)
{
    /* The options were checked against the name (sc_cipher_opts_check). */
    const int meshing = sc_gost89_meshing_on(opts->key_meshing);
    switch (s->mode) {
    case MODE_CBC: return sc_magma_cbc_start(&s->u.cbc, iv, iv_len); /* m = 8 * iv_len bits */
    case MODE_CTR:
        if (iv_len != SC_MAGMA_CTR_IV_SIZE) return SC_EIVSIZE;
        s->u.counter = sc_magma_ctr_start(&s->key, iv, 0);
        return SC_OK;
    case MODE_CNT:
        if (iv_len != SC_GOST89_CNT_IV_SIZE) return SC_EIVSIZE;
        sc_gost89_cnt_start(&s->key, iv, 0, &s->u.cnt);
        s->u.cnt.meshing = meshing;
        return SC_OK;
    case MODE_OFB:
    case MODE_CFB:
        return sc_magma_fb_start(&s->u.fb, s->mode == MODE_OFB, !s->encrypt, 0, iv, iv_len, opts->segment_bits);
    case MODE_GOST89_CFB:
        if (iv_len != SC_MAGMA_BLOCK_SIZE) return SC_EIVSIZE;
        return sc_magma_fb_start(&s->u.fb, 0, !s->encrypt, meshing, iv, iv_len, 0);
    case MODE_MAC:
        if (iv_len) return SC_EIVSIZE;
        sc_magma_cmac_start(&s->key, &s->u.mac);
        return SC_OK;
    case MODE_GOST89_MAC:
        if (iv_len) return SC_EIVSIZE;
        s->u.imit = (sc_gost89_mac_state){0, 0, meshing, sc_gost89_short_cryptopro(opts->short_mac)};
        return SC_OK;
    default: return iv_len ? SC_EIVSIZE : SC_OK;
    }
}

/* sc_cipher_reset_iv: start_mode from a new IV under the round keys of init
 * (key meshing may have changed the working ones), with the segment size
 * and meshing init chose; on a refused IV the state is put back. */
static int set_iv(void *state, const sc_cipher_spec *spec, const uint8_t *iv, size_t iv_len, uint64_t counter)
{
    magma_state *s = state;
    (void)counter;
    if (spec->info.tag_size != 0) return SC_EINVAL; /* MACs: never reached (cipher contexts only) */
    if (iv == NULL && iv_len) return SC_ENULL;
    const int fb = feedback_mode(s->mode);
    const int meshing = s->mode == MODE_CNT ? s->u_at_init.cnt.meshing : fb ? s->u_at_init.fb.meshing : 0;
    const sc_cipher_opts o = {.key_meshing = meshing ? SC_KEY_MESHING_CRYPTOPRO : SC_KEY_MESHING_NONE,
                              .segment_bits = fb ? 8 * s->u_at_init.fb.s : 0};
    magma_mode_state saved = s->u;
    uint32_t keys[2][32];
    memcpy(keys, s->key.round_keys, sizeof keys);
    memcpy(s->key.round_keys, s->round_keys_at_init, sizeof keys);
    const int rc = start_mode(s, iv, iv_len, &o);
    if (rc == SC_OK) {
        s->u_at_init = s->u;
    } else {
        s->u = saved;
        memcpy(s->key.round_keys, keys, sizeof keys);
    }
    sc_wipe(&saved, sizeof saved);
    sc_wipe(keys, sizeof keys);
    sc_magma_burn(&s->key);
    return rc;
}

static void blocks(void *state, const uint8_t *in, uint8_t *out, size_t n)
{
    magma_state *s = state;
    const struct sc_magma_ops *ops = sc_magma_ops_of(&s->key);
    switch (s->mode) {
    case MODE_ECB: ops->ecb(&s->key, s->key.round_keys[s->encrypt ? 0 : 1], in, out, n); break;
    case MODE_CBC:
        if (s->encrypt)
            sc_magma_cbc_encrypt_blocks(&s->key, &s->u.cbc, in, out, n);
        else
            sc_magma_cbc_decrypt_blocks(&s->key, &s->u.cbc, in, out, n);
        break;
    case MODE_CTR:
        ops->ctr(&s->key, s->u.counter, in, out, n);
        s->u.counter += n;
        break;
    case MODE_CNT: sc_gost89_cnt_run(&s->key, &s->u.cnt, in, out, n); break;
    default: break;
    }
    sc_magma_burn(&s->key);
}

/* CTR: the 64-bit counter (GOST R 34.13-2015 5.2, modulo 2^64 as blocks
 * steps it). CNT: block `block` of the gamma in closed form; with key
 * meshing, from the key of init, replaying every meshing step before it
 * (sc_gost89_cnt_run with no data meshes its way there). OFB (magma-ofb)
 * cannot seek. */
static int seek(void *state, uint64_t block)
{
    magma_state *s = state;
    if (s->mode != MODE_CTR && s->mode != MODE_CNT) return SC_EINVAL;
    reset(s);
    if (s->mode == MODE_CTR) {
        s->u.counter += block;
        return SC_OK;
    }
    s->u.cnt.next += block;
    sc_gost89_cnt_run(&s->key, &s->u.cnt, NULL, NULL, 0);
    sc_magma_burn(&s->key);
    return SC_OK;
}

static void stream(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    magma_state *s = state;
    sc_magma_fb_run(&s->key, &s->u.fb, in, out, len);
    sc_magma_burn(&s->key);
}

static void mac_blocks(void *state, const uint8_t *in, size_t n)
{
    magma_state *s = state;
    if (s->mode == MODE_GOST89_MAC)
        sc_gost89_mac_blocks(&s->key, &s->u.imit, in, n);
    else
        sc_magma_cmac_blocks(&s->key, &s->u.mac, in, n);
    sc_magma_burn(&s->key);
}

static int mac_final(void *state, const uint8_t *last, size_t last_len, uint64_t total_len, uint8_t *tag)
{
    magma_state *s = state;
    if (s->mode == MODE_GOST89_MAC) /* any length, the empty message too */
        sc_gost89_mac_last(&s->key, &s->u.imit, last, last_len, total_len, tag);
    else
        sc_magma_cmac_last(&s->key, &s->u.mac, last, last_len, tag);
    sc_magma_burn(&s->key);
    return SC_OK;
}

/* The key (sc_magma_check), its byte order and mode against the name's, and
 * the CBC ring's size and position (indices into reg). */
static int check(const void *state, const sc_cipher_spec *spec)
{
    const magma_state *s = state;
    if (sc_magma_check(&s->key) != SC_OK || s->key.little_endian != spec->variant || s->mode != spec->mode)
        return SC_ESTATE;
    if (s->encrypt != 0 && s->encrypt != 1) return SC_ESTATE;
    if (s->mode == MODE_CBC && (s->u.cbc.z < 1 || s->u.cbc.z > SC_MAGMA_CBC_MAX_BLOCKS || s->u.cbc.pos >= s->u.cbc.z))
        return SC_ESTATE;
    const sc_magma_fb *f = &s->u.fb; /* indices into reg, gamma and seg */
    if (feedback_mode(s->mode) &&
        (f->m < 8 || f->m > sizeof f->reg || f->m % 8 || f->s < 1 || f->s > 8 || f->pos > f->s ||
         f->since_mesh > SC_GOST89_MESH_BLOCKS))
        return SC_ESTATE;
    if (s->mode == MODE_GOST89_MAC && s->u.imit.since_mesh > SC_GOST89_MESH_BLOCKS) return SC_ESTATE;
    if (s->mode == MODE_CNT && s->u.cnt.meshing && s->u.cnt.next > SC_GOST89_MESH_BLOCKS + 1) return SC_ESTATE;
    return SC_OK;
}

static const sc_cipher_ops sc_magma_cipher_ops = {
    SC_CIPHER_OPS_COMMON("magma"),
    .seek = seek,
    .stream = stream,
    .set_iv = set_iv,
};

/* Known answers (one source: selftest, ctest and Java read them through
 * sc_kat_get). */
static const sc_kat_info kats[] = {
    {"magma", "magma-ecb", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "",
     "fedcba9876543210", "4ee901e5c2d8ca3d", "GOST R 34.12-2015 A.2 (RFC 8891 A.3)", NULL},
    {"magma", "magma-ctr", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "12345678",
     "92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41",
     "4e98110c97b7b93c3e250d93d6e85d69136d868807b2dbef568eb680ab52a12d", "GOST R 34.13-2015 A.2.2", NULL},
    {"magma", "magma-cmac", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "",
     "92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41", "154e7210", "GOST R 34.13-2015 A.2.6", NULL},
    {"magma", "gost89-ecb", "test", "546d203368656c326973652073736e62206167796967747473656865202c3d73", "",
     "0000000000000000", "1b0bbc32cebcab42", "GOST R 34.11-94 example (test parameter set)", NULL},
    {"magma", "gost89-cnt", "cryptopro-a", "599f84bac3f3d2f160e1e3f26a961af99c48b24ebcbbbf7cd8f3accd968d286a",
     "8dafa8d158ed058d", "90a23966ae01b9a3524ec8ed6cdd8830", "6e7262cce3593690833afea91bc9bece",
     "Nettle testsuite gost28147-test.c (RFC 5830 section 6 gamma)", NULL},
    {"magma", "magma-ofb", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     "1234567890abcdef234567890abcdef1", "92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41",
     "db37e0e266903c830d46644c1f9a089ca0f83062430e327ec824efb8bd4fdb05", "GOST R 34.13-2015 A.2.3 (m = 2n)", NULL},
    {"magma", "magma-cfb", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     "1234567890abcdef234567890abcdef1", "92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41",
     "db37e0e266903c830d46644c1f9a089c24bdd2035315d38bbcc0321421075505", "GOST R 34.13-2015 A.2.5 (m = 2n)", NULL},
    {"magma", "gost89-cfb", "cryptopro-a", "8d5a2c83a7c70a61d61b34b51fdf42686671a35d874cfd84993663b61ed60dad",
     "46606f0d8834235a", "d2fdf83ac1b439232eaacc980a02da33", "88b7751674a5ee2d14fe9167d05ccc40",
     "CryptoPro CSP 3.6R2 (gost-engine test_gost2814789.c, RFC 5830 section 7 CFB)", NULL},
    {"magma", "gost89-mac", "cryptopro-a", "0718293a4b5c6d7e8fa0b1c2d3e4f5061728394a5b6c7d8e9fb0c1d2e3f40516", "",
     "0524436281a0bfdefd1c3b5a7998b7d6f5", "b1482288", "Bouncy Castle 1.80 GOST28147Mac (RFC 5830 section 8 MAC)", NULL},
    {"magma", "magma-mgm", NULL, "ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "12def06b3c130a59",
     "ffeeddccbbaa998811223344556677008899aabbcceeff0a001122334455667799aabbcceeff0a001122334455667788"
     "aabbcceeff0a00112233445566778899aabbcc",
     "c795066c5f9ea03b85113342459185ae1f2e00d6bf2b785d940470b8bb9c8e7d9a5dd3731f7ddc70ec27cb0ace6fa576"
     "70f65c646abb75d547aa37c3bcb5c34e03bb9ca7928069aa10fd10",
     "RFC 9058 A.2 example 1", "01010101010101010202020202020202030303030303030304040404040404040505050505050505ea"},
};

extern const struct sc_aead_ops sc_magma_mgm_ops;
const sc_family sc_magma_family = {
    .name = "magma",
    .kind = SC_KIND_CIPHER,
    .kernels = &sc_alg_magma,
    .cipher = &sc_magma_cipher_ops,
    .aead = &sc_magma_mgm_ops, /* magma_mgm.c */
    .kats = kats,
    .nkats = sizeof kats / sizeof kats[0],
};
