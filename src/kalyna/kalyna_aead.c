/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna in the AEAD API: kalyna-<block>-<key>-gcm and -ccm (DSTU 7624:2014
 * sections 12 and 11; docs/kalyna-aead.md). GCM streams (kalyna_gcm.c);
 * CCM is one-shot only (its first MAC block holds the data length). */
#include <string.h>

#include "../aead/aead_family.h"
#include "kalyna_aead.h"
#include "kalyna_ccm.h"
#include "kalyna_gcm.h"

enum { MODE_GCM, MODE_CCM, MODES };

static const struct {
    unsigned block, key;
} variants[] = {{128, 128}, {128, 256}, {256, 256}, {256, 512}, {512, 512}};
enum { VARIANTS = sizeof variants / sizeof variants[0] };

#define AEAD_NAMES(b, k) {"kalyna-" #b "-" #k "-gcm", "kalyna-" #b "-" #k "-ccm"}
static const char *const names[VARIANTS][MODES] = {
    AEAD_NAMES(128, 128), AEAD_NAMES(128, 256), AEAD_NAMES(256, 256), AEAD_NAMES(256, 512), AEAD_NAMES(512, 512),
};

/* GCM/GMAC: tags of 8 bytes (64 bits, BC's minimum) up to the block. */
uint64_t sc_kalyna_gcm_tag_sizes(size_t block_size)
{
    uint64_t bits = 0;
    for (size_t t = 8; t <= block_size; t++) bits |= SC_AEAD_TAG_BIT(t);
    return bits;
}

static uint64_t ccm_tag_sizes(size_t block_size)
{
    uint64_t bits = 0;
    for (size_t t = 1; t <= block_size; t++)
        if (sc_kccm_tag_ok(block_size, t)) bits |= SC_AEAD_TAG_BIT(t);
    return bits;
}

static const char *name_at(size_t index)
{
    return index < VARIANTS * MODES ? names[index / MODES][index % MODES] : NULL;
}

static int lookup(const char *name, sc_aead_spec *spec)
{
    if (strncmp(name, "kalyna-", 7) != 0) return SC_EINVAL;
    for (size_t v = 0; v < VARIANTS; v++)
        for (int m = 0; m < MODES; m++) {
            if (strcmp(name, names[v][m]) != 0) continue;
            sc_aead_info *i = &spec->info;
            const size_t bs = variants[v].block / 8;
            i->name = names[v][m];
            i->algorithm = "kalyna";
            i->key_size = variants[v].key / 8;
            i->nonce_size = i->min_nonce_size = i->max_nonce_size = bs; /* the IV is one block */
            i->tag_size = bs;
            i->tag_sizes = m == MODE_GCM ? sc_kalyna_gcm_tag_sizes(bs) : ccm_tag_sizes(bs);
            /* GCM: bit lengths in 64-bit words; CCM: Nb = 4 length bytes */
            i->max_plaintext = m == MODE_GCM ? (UINT64_C(1) << 61) - 1 : (UINT64_C(1) << (8 * SC_KCCM_NB)) - 1;
            i->max_aad = i->max_plaintext;
            spec->variant = (int)v * MODES + m;
            spec->oneshot_only = m == MODE_CCM;
            spec->needs_input = m == MODE_GCM;
            return SC_OK;
        }
    return SC_EINVAL;
}

typedef struct kalyna_aead_state {
    union {
        sc_kgcm gcm;
        struct {
            sc_kalyna_key key;
            size_t tag_len;
        } ccm;
    } u;
    int mode;
} kalyna_aead_state;
_Static_assert(sizeof(kalyna_aead_state) <= SC_AEAD_FAMILY_STATE, "Kalyna AEAD state too large for the context");

static int init(void *state, const sc_aead_spec *spec, const uint8_t *key, size_t key_len, const sc_cipher_opts *opts)
{
    kalyna_aead_state *s = state;
    const size_t bs = variants[spec->variant / MODES].block / 8;
    if (opts->sbox != NULL) return SC_EINVAL; /* Kalyna's S-boxes are fixed */
    if (key_len != spec->info.key_size) return SC_EKEYSIZE;
    s->mode = spec->variant % MODES;
    if (s->mode == MODE_GCM) return sc_kgcm_setkey(&s->u.gcm, bs, key, key_len, opts->kernel, NULL);
    s->u.ccm.tag_len = bs;
    return sc_kalyna_setkey_kernel(&s->u.ccm.key, bs, key, key_len, opts->kernel);
}

static void start(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len)
{
    (void)encrypt, (void)nonce_len; /* one block, checked */
    sc_kgcm_start(&((kalyna_aead_state *)state)->u.gcm, nonce);
}
static void aad(void *state, const uint8_t *p, size_t len)
{
    sc_kgcm_aad(&((kalyna_aead_state *)state)->u.gcm, p, len);
}
static void encrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_kgcm_encrypt(&((kalyna_aead_state *)state)->u.gcm, in, out, len);
}
static void decrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_kgcm_decrypt(&((kalyna_aead_state *)state)->u.gcm, in, out, len);
}
static void tag(void *state, uint8_t *t) { sc_kgcm_tag(&((kalyna_aead_state *)state)->u.gcm, t); }
static int check(const void *state, const sc_aead_spec *spec)
{
    const kalyna_aead_state *s = state;
    if (spec->variant < 0 || spec->variant >= VARIANTS * MODES || s->mode != spec->variant % MODES) return SC_ESTATE;
    const size_t bs = variants[spec->variant / MODES].block / 8;
    if (spec->info.tag_size != bs) return SC_ESTATE; /* the tag written: one block */
    if (s->mode == MODE_GCM)
        return sc_kgcm_check(&s->u.gcm) == SC_OK && s->u.gcm.key.block_size == bs ? SC_OK : SC_ESTATE;
    if (sc_kalyna_check(&s->u.ccm.key) != SC_OK || s->u.ccm.key.block_size != bs) return SC_ESTATE;
    return sc_kccm_tag_ok(bs, s->u.ccm.tag_len) ? SC_OK : SC_ESTATE;
}

/* The one-shot call: CCM here (its tag length enters the first MAC
 * block), GCM through the streaming steps. */
static int oneshot(void *state, const sc_aead_spec *spec, int enc, const uint8_t *nonce, size_t nonce_len,
                   const uint8_t *a, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *t,
                   size_t tag_len)
{
    kalyna_aead_state *s = state;
    /* the mode of the name, which check holds the state to */
    if (spec->variant % MODES != MODE_CCM)
        return sc_aead_oneshot_steps(state, spec, enc, nonce, nonce_len, a, aad_len, in, out, len, t, tag_len);
    if (check(s, spec) != SC_OK) return SC_ESTATE;
    int rc = sc_aead_args_check(spec, nonce, nonce_len, aad_len, len, tag_len);
    if (rc != SC_OK) return rc;
    sc_kccm(&s->u.ccm.key, SC_KCCM_NB, enc, nonce, a, aad_len, in, out, len, tag_len, t);
    return SC_OK;
}

const sc_aead_ops sc_kalyna_aead_ops = {SC_AEAD_OPS_COMMON("kalyna", )};
