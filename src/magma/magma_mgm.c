/* SPDX-License-Identifier: Apache-2.0 */
/* Magma-MGM in the AEAD API: "magma-mgm", RFC 9058 with Magma of GOST R
 * 34.12-2015 (big-endian blocks, sc_magma_init), over the generic MGM of
 * src/mgm/.
 *   key      32 bytes; opts->sbox selects the S-box (default param-Z, as in
 *            magma-ecb) and opts->kernel the Magma kernel
 *   nonce    8 bytes, the top bit 0 (ICN has 63 bits, RFC 9058 4): a nonce
 *            with it set is refused with SC_EIVSIZE
 *   tag      S = 32..64 bits (RFC 9058 4): 4..8 bytes, the leading bytes
 *   limits   len(A) and len(C) are 32-bit bit counts in the last block:
 *            each at most 2^32 - 1 bits, so 2^29 - 1 bytes
 * The GF multiplier is the "mgm" kernel dispatch chose. */
#include <string.h>

#include "../aead/aead_family.h"
#include "../cipher/ctx_check.h"
#include "../mgm/mgm.h"
#include "magma_internal.h"

typedef struct magma_mgm_state {
    sc_magma_key key;
    sc_mgm m;
} magma_mgm_state;
_Static_assert(sizeof(magma_mgm_state) <= SC_AEAD_FAMILY_STATE, "Magma-MGM state too large for the AEAD context");

/* The block cipher MGM sees: E on independent blocks through the kernel's ECB. */
static void magma_encrypt_blocks(const void *key, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    const sc_magma_key *k = key;
    sc_magma_ops_of(k)->ecb(k, k->round_keys[0], in, out, nblocks);
}

static const sc_mgm_cipher magma_cipher = {SC_MAGMA_BLOCK_SIZE, magma_encrypt_blocks};

static const char *mgm_name_at(size_t index) { return index == 0 ? "magma-mgm" : NULL; }

static int mgm_lookup(const char *name, sc_aead_spec *spec)
{
    if (strcmp(name, "magma-mgm") != 0) return SC_EINVAL;
    sc_aead_info *i = &spec->info;
    i->name = "magma-mgm";
    i->algorithm = "magma";
    i->key_size = SC_MAGMA_KEY_SIZE;
    i->nonce_size = i->min_nonce_size = i->max_nonce_size = SC_MAGMA_BLOCK_SIZE;
    i->tag_size = SC_MAGMA_BLOCK_SIZE;
    i->tag_sizes = SC_MGM_TAG_SIZES(SC_MAGMA_BLOCK_SIZE);
    i->max_plaintext = i->max_aad = SC_MGM_MAX_BYTES(SC_MAGMA_BLOCK_SIZE);
    return SC_OK;
}

static int mgm_init(void *state, const sc_aead_spec *spec, const uint8_t *key, size_t key_len,
                    const sc_cipher_opts *opts)
{
    magma_mgm_state *s = state;
    uint8_t sbox[8][16];
    (void)spec;
    int rc = sc_magma_sbox_resolve(opts->sbox, sbox);
    if (rc == SC_OK) rc = sc_magma_init(&s->key, key, key_len, &sbox[0][0]);
    sc_wipe(sbox, sizeof sbox);
    if (rc == SC_OK && opts->kernel) rc = sc_magma_use_kernel(&s->key, opts->kernel);
    sc_magma_burn(&s->key);
    return rc;
}

static int mgm_nonce_ok(const uint8_t *nonce, size_t len) { return sc_mgm_nonce_ok(nonce, len, SC_MAGMA_BLOCK_SIZE); }

static void mgm_start(void *state, int encrypt, const uint8_t *nonce, size_t nonce_len)
{
    magma_mgm_state *s = state;
    (void)encrypt, (void)nonce_len;
    sc_mgm_start(&s->m, sc_mgm_gf_dispatched(), &magma_cipher, &s->key, nonce);
    sc_magma_burn(&s->key);
}

static void mgm_aad(void *state, const uint8_t *aad, size_t len)
{
    magma_mgm_state *s = state;
    sc_mgm_aad(&s->m, &magma_cipher, &s->key, aad, len);
    sc_magma_burn(&s->key);
}

static void mgm_encrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    magma_mgm_state *s = state;
    sc_mgm_encrypt(&s->m, &magma_cipher, &s->key, in, out, len);
    sc_magma_burn(&s->key);
}

static void mgm_decrypt(void *state, const uint8_t *in, uint8_t *out, size_t len)
{
    magma_mgm_state *s = state;
    sc_mgm_decrypt(&s->m, &magma_cipher, &s->key, in, out, len);
    sc_magma_burn(&s->key);
}

static void mgm_tag(void *state, uint8_t *tag)
{
    magma_mgm_state *s = state;
    sc_mgm_tag(&s->m, &magma_cipher, &s->key, tag);
    sc_magma_burn(&s->key);
}

static int mgm_check(const void *state, const sc_aead_spec *spec)
{
    const magma_mgm_state *s = state;
    /* tag_size too: the tag written is one block */
    if (sc_magma_check(&s->key) != SC_OK || s->key.little_endian || spec->info.tag_size != SC_MAGMA_BLOCK_SIZE)
        return SC_ESTATE;
    /* between messages the MGM state is wiped (block 0); within one, its GF
     * kernel must be one this CPU runs (a corrupted pointer is never called) */
    if (s->m.block == 0) return SC_OK;
    if (s->m.block != SC_MAGMA_BLOCK_SIZE || s->m.pend_len >= SC_MAGMA_BLOCK_SIZE || s->m.aad_closed > 1 ||
        !sc_ops_runnable(&sc_alg_mgm, s->m.gf))
        return SC_ESTATE;
    return SC_OK;
}

/* One-shot calls: the streaming steps (MGM is not on a hot path here). */
#define mgm_oneshot sc_aead_oneshot_steps

const sc_aead_ops sc_magma_mgm_ops = {
    SC_AEAD_OPS_COMMON("magma", mgm_),
    .nonce_ok = mgm_nonce_ok,
};
