/* SPDX-License-Identifier: Apache-2.0 */
/* AES in the AEAD API: one table of modes, one set of operations.
 *   aes-<bits>-gcm  SP 800-38D (aes_gcm.c; streams, and a kernel's fused
 *                   whole-message GCM for 12-byte nonces)
 *   aes-<bits>-ccm  SP 800-38C (src/modes/ccm.c over sc_aes_block_cipher;
 *                   one shot: B_0 holds the payload length) */
#include <string.h>

#include "../modes/ccm.h"
#include "aes_family.h"
#include "aes_gcm.h"

/* One row per mode: its name's suffix and what the AEAD layer needs. */
enum { MODE_GCM, MODE_CCM, MODE_COUNT };
static const struct mode_row {
    const char *names[3]; /* AES-128, -192, -256 */
    size_t nonce_size, min_nonce_size, max_nonce_size;
    uint64_t tag_sizes, max_plaintext, max_aad;
    int oneshot_only;
} modes[MODE_COUNT] = {
    [MODE_GCM] = {{"aes-128-gcm", "aes-192-gcm", "aes-256-gcm"},
                  12, /* any from 1 to 2^64 bits (SP 800-38D 5.2.1.1) */
                  1,
                  (size_t)1 << (sizeof(size_t) >= 8 ? 61 : 31),
                  SC_AES_GCM_TAG_SIZES >> 1,
                  (UINT64_C(1) << 36) - 32, /* 2^39 - 256 bits */
                  (UINT64_C(1) << 61) - 1,  /* 2^64 - 1 bits, whole bytes */
                  0},
    [MODE_CCM] = {{"aes-128-ccm", "aes-192-ccm", "aes-256-ccm"},
                  12, /* TLS's and IPsec's; any of 7 .. 13 */
                  7,
                  13,
                  0xaaa8u,    /* A.1: t = 4, 6, .. 16 bytes (bit t - 1) */
                  UINT64_MAX, /* the nonce's bound: oneshot_other */
                  UINT64_MAX, /* A.2.2: up to 2^64 - 1 bytes */
                  1},
};

typedef struct aes_aead_state {
    sc_gcm g;           /* GCM: key, H and message; CCM: g.key only */
    size_t ccm_tag_len; /* CCM: the tag length of the next one-shot call */
    int mode;
} aes_aead_state;
_Static_assert(sizeof(aes_aead_state) <= SC_AEAD_FAMILY_STATE, "AES AEAD state too large for the AEAD context");

/* GCM's names, then CCM's. spec.variant = 3 * mode + size. */
static const char *aead_name_at(size_t index)
{
    return index < 3 * MODE_COUNT ? modes[index / 3].names[index % 3] : NULL;
}

static int aead_lookup(const char *name, sc_aead_spec *spec)
{
    for (int m = 0; m < MODE_COUNT; m++)
        for (int v = 0; v < 3; v++) {
            const struct mode_row *r = &modes[m];
            if (strcmp(name, r->names[v]) != 0) continue;
            sc_aead_info *i = &spec->info;
            i->name = r->names[v];
            i->algorithm = "aes";
            i->key_size = 16 + 8 * (size_t)v;
            i->nonce_size = r->nonce_size;
            i->min_nonce_size = r->min_nonce_size;
            i->max_nonce_size = r->max_nonce_size;
            i->tag_size = 16;
            i->tag_sizes = r->tag_sizes;
            i->max_plaintext = r->max_plaintext;
            i->max_aad = r->max_aad;
            spec->variant = 3 * m + v;
            spec->oneshot_only = r->oneshot_only;
            return SC_OK;
        }
    return SC_EINVAL;
}

static int aead_init(void *state, const sc_aead_spec *spec, const uint8_t *key, size_t key_len,
                     const sc_cipher_opts *opts)
{
    aes_aead_state *s = state;
    s->mode = spec->variant / 3;
    if (key_len != spec->info.key_size) return SC_EKEYSIZE;
    if (opts->sbox != NULL) return SC_EINVAL;
    if (s->mode == MODE_GCM) return sc_gcm_setkey(&s->g, key, key_len, opts->kernel);
    s->ccm_tag_len = 16;
    return sc_aes_setkey_kernel(&s->g.key, key, key_len, opts->kernel);
}

/* GCM only: CCM never gets here (oneshot_only: the generic layer refuses
 * sc_aead_start). */
static void aead_start(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len)
{
    (void)encrypt;
    sc_gcm_start(state, nonce, nonce_len);
}
static void aead_aad(void *state, const uint8_t *aad, size_t len) { sc_gcm_aad(state, aad, len); }
static void aead_encrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_gcm_encrypt(state, in, out, len);
}
static void aead_decrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    sc_gcm_decrypt(state, in, out, len);
}
static void aead_tag(void *state, uint8_t *tag) { sc_gcm_tag(state, tag); }

static int aead_check(const void *state, const sc_aead_spec *spec)
{
    const aes_aead_state *s = state;
    /* tag_size too: the generic layer lets a full-length tag be written
     * straight to the caller's buffer, 16 bytes here */
    if (spec->variant < 0 || spec->variant >= 3 * MODE_COUNT || s->mode != spec->variant / 3 ||
        spec->info.tag_size != 16)
        return SC_ESTATE;
    if (sc_aes_check_inline(&s->g.key) != SC_OK || s->g.key.key_size != spec->info.key_size) return SC_ESTATE;
    if (s->mode == MODE_GCM) return s->g.pend_len > 15 ? SC_ESTATE : SC_OK;
    return sc_modes_ccm_sizes_ok(7, s->ccm_tag_len) ? SC_OK : SC_ESTATE;
}

/* GCM's other nonce lengths (or a kernel without a whole-message GCM):
 * the streaming steps. */
static void gcm_steps(sc_gcm *g, int encrypt, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag)
{
    sc_gcm_start(g, nonce, nonce_len);
    if (aad_len) sc_gcm_aad(g, aad, aad_len);
    if (len) (encrypt ? sc_gcm_encrypt : sc_gcm_decrypt)(g, in, out, len);
    sc_gcm_tag(g, tag);
}

/* Every one-shot call but the fast one below: CCM, GCM's other nonce
 * lengths, a kernel without a whole-message GCM, and whatever the quick
 * key test did not pass (the full check decides). A call apart, so the
 * fast path holds nothing across a call but the kernel's, which it makes
 * last: no registers saved, no arguments spilled (its frame was 6 pushes
 * and 7 spills around sc_aes_check's call). Its arguments in a struct
 * built on that path only: as a tail call with aead_oneshot's twelve
 * arguments, GCC read the six on the stack into callee-saved registers on
 * entry to aead_oneshot (six pushes and pops, on the fast path too) to
 * store them back for the jump, ~30 of the ~80 instructions aead_oneshot
 * took in a 64-byte seal. CCM: the tag length enters
 * B_0, the payload bound depends on the nonce length (SP 800-38C A.2.1). */
struct oneshot_args {
    const uint8_t *nonce, *aad, *in;
    uint8_t *out, *tag;
    size_t nonce_len, aad_len, len, tag_len;
};
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
oneshot_other(aes_aead_state *s, const sc_aead_spec *spec, int encrypt, const struct oneshot_args *m)
{
    const uint8_t *nonce = m->nonce, *aad = m->aad, *in = m->in;
    uint8_t *out = m->out, *tag = m->tag;
    const size_t nonce_len = m->nonce_len, aad_len = m->aad_len, len = m->len, tag_len = m->tag_len;
    if (aead_check(s, spec) != SC_OK) return SC_ESTATE; /* s->mode is the name's from here */
    if (s->mode == MODE_CCM) {
        int rc = sc_aead_args_check(spec, nonce, nonce_len, aad_len, len, tag_len);
        if (rc != SC_OK) return rc;
        if (!sc_modes_ccm_length_ok(nonce_len, len)) return SC_ELENGTH;
        s->ccm_tag_len = tag_len;
        const sc_block_cipher bc = sc_aes_block_cipher(&s->g.key);
        sc_modes_ccm(&bc, encrypt, nonce, nonce_len, aad, aad_len, in, out, len, tag_len, tag);
        return SC_OK;
    }
    const struct mode_row *r = &modes[MODE_GCM];
    if (nonce_len < r->min_nonce_size || nonce_len > r->max_nonce_size) return SC_EIVSIZE;
    if (tag_len > 16 || !(SC_AES_GCM_TAG_SIZES >> tag_len & 1)) return SC_ETAGSIZE;
    if (aad_len > r->max_aad || len > r->max_plaintext) return SC_ELENGTH;
    const struct sc_aes_ops *ops = s->g.key.ops;
    if (nonce_len == 12 && ops->gcm_message != NULL)
        ops->gcm_message(&s->g.key, &s->g.gk, nonce, aad, aad_len, in, out, len, encrypt, tag);
    else
        gcm_steps(&s->g, encrypt, nonce, nonce_len, aad, aad_len, in, out, len, tag);
    return SC_OK;
}

/* The one-shot call (sc_aead_ops.oneshot). Fast: GCM with the 12-byte
 * nonce of nearly every protocol on a kernel's whole-message GCM, the key
 * passing sc_aes_check_inline's quick test (its runnable kernel object, no
 * call); then the tag length and the limits, against the mode table's
 * constants, not a copy in the caller's context. Everything else, in the
 * same order of checks: oneshot_other. */
static int aead_oneshot(void *state, const sc_aead_spec *spec, int encrypt, const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                        size_t tag_len)
{
    aes_aead_state *s = state;
    const sc_aes_key *k = &s->g.key;
    const struct sc_aes_ops *ops = k->ops;
    const unsigned v = (unsigned)spec->variant, key_size = 16 + 8 * v;
    if (v >= 3 || s->mode != MODE_GCM || spec->info.tag_size != 16 || nonce_len != 12 ||
        !sc_ops_cached(&sc_aes_runnable, ops) || k->magic != SC_AES_MAGIC || k->key_size != key_size ||
        k->rounds != key_size / 4 + 6 || s->g.pend_len > 15 || ops->gcm_message == NULL) {
        const struct oneshot_args m = {nonce, aad, in, out, tag, nonce_len, aad_len, len, tag_len};
        return oneshot_other(s, spec, encrypt, &m);
    }
    if (tag_len > 16 || !(SC_AES_GCM_TAG_SIZES >> tag_len & 1)) return SC_ETAGSIZE;
    if (aad_len > modes[MODE_GCM].max_aad || len > modes[MODE_GCM].max_plaintext) return SC_ELENGTH;
    ops->gcm_message(k, &s->g.gk, nonce, aad, aad_len, in, out, len, encrypt, tag);
    return SC_OK;
}

/* The one-shot open (sc_aead_ops.open): GCM with a 12-byte nonce and the
 * full tag on a kernel with gcm_open, the key passing aead_oneshot's quick
 * test; the verdict from the kernel, as SC_OK or SC_EAUTH without a branch
 * on it. Anything else: the generic path (aead_oneshot, then the generic
 * comparison), which decides the status. */
static int aead_open(void *state, const sc_aead_spec *spec, const sc_aead_msg *m)
{
    aes_aead_state *s = state;
    const sc_aes_key *k = &s->g.key;
    const struct sc_aes_ops *ops = k->ops;
    const unsigned v = (unsigned)spec->variant, key_size = 16 + 8 * v;
    if (v >= 3 || s->mode != MODE_GCM || spec->info.tag_size != 16 || m->nonce_len != 12 || m->tag_len != 16 ||
        !sc_ops_cached(&sc_aes_runnable, ops) || k->magic != SC_AES_MAGIC || k->key_size != key_size ||
        k->rounds != key_size / 4 + 6 || s->g.pend_len > 15 || ops->gcm_open == NULL)
        return SC_AEAD_OPEN_GENERIC;
    if (m->aad_len > modes[MODE_GCM].max_aad || m->len > modes[MODE_GCM].max_plaintext) return SC_ELENGTH;
    const int eq = ops->gcm_open(k, &s->g.gk, m);
    return (int)(0u - (uint32_t)(eq ^ 1)) & SC_EAUTH;
}

const sc_aead_ops sc_aes_aead_ops = {
    SC_AEAD_OPS_COMMON("aes", aead_),
    .open = aead_open,
};
