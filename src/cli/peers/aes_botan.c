/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Botan 2 AES through its C FFI: ECB blocks
 * (botan_block_cipher "AES-B") in both directions, CBC ("AES-B/CBC/NoPadding")
 * in both directions, CTR ("CTR-BE(AES-B)") and GCM seal ("AES-B/GCM") via
 * botan_cipher_start + one final update per call. Not GCM open: Botan's
 * decryption takes ciphertext || tag in one buffer, and the harness's
 * ciphertext is not followed by its tag (copying it would be timed too).
 * Compiled only when Botan was found. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botan_peer.h"
#include "cli.h"

typedef struct botan_case {
    botan_block_cipher_t block; /* ECB */
    botan_cipher_t mode;        /* the others */
    const uint8_t *iv;
    size_t iv_len, tag_len;
    int decrypt;
} botan_case;

static uint64_t run_botan(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    botan_case *c = p;
    if (c->block) {
        (c->decrypt ? botan_block_cipher_decrypt_blocks : botan_block_cipher_encrypt_blocks)(c->block, in, out, n / 16);
        return bench_cipher_result(out, n);
    }
    return botan_peer_run_mode(c->mode, c->iv, c->iv_len, c->tag_len, in, out, n);
}

static void free_botan(void *p)
{
    botan_case *c = p;
    if (c->block) botan_block_cipher_destroy(c->block);
    if (c->mode) botan_cipher_destroy(c->mode);
    free(c);
}

static int set_up(botan_case *c, const family_peer_name *name)
{
    const unsigned bits = (unsigned)name->key_size * 8;
    char spec[40];
    if (!strcmp(name->mode, "ecb")) {
        snprintf(spec, sizeof spec, "AES-%u", bits);
        return botan_block_cipher_init(&c->block, spec) == 0 &&
               botan_block_cipher_set_key(c->block, name->params.key, name->key_size) == 0;
    }
    if (!strcmp(name->mode, "ctr")) snprintf(spec, sizeof spec, "CTR-BE(AES-%u)", bits);
    else snprintf(spec, sizeof spec, "AES-%u/%s", bits, name->aead ? "GCM" : "CBC/NoPadding");
    return botan_cipher_init(&c->mode, spec,
                             name->decrypt ? BOTAN_CIPHER_INIT_FLAG_DECRYPT : BOTAN_CIPHER_INIT_FLAG_ENCRYPT) == 0 &&
           botan_cipher_set_key(c->mode, name->params.key, name->key_size) == 0;
}

static void provide_botan_aes(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_BOTAN_AES, &name, &c) || (name.aead && name.decrypt)) return;
    botan_case *bc = calloc(1, sizeof *bc);
    if (bc) {
        bc->iv = name.params.iv, bc->iv_len = name.iv_size, bc->tag_len = name.aead ? name.tag_size : 0;
        bc->decrypt = name.decrypt;
        c.ctx = bc, c.cleanup = free_botan;
        if (set_up(bc, &name)) c.run = run_botan;
        else free_botan(bc);
    }
    char label[BENCH_NAME_MAX];
    botan_label(label, sizeof label, "");
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_botan_aes)
