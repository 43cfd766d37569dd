/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: the tag of an AEAD "-open" case (bench.h, "AEAD cases").
 *
 * The harness hands every case arbitrary bytes; an open of them would only
 * time the rejection path (decrypt, tag, compare, wipe). So before an open
 * case runs on (in, n), this computes, with the library's dispatched kernel,
 * the tag under which in[0..n) is a valid ciphertext: decrypt it (unverified)
 * to the plaintext P, seal P, keep the tag. Every open case of a set, ours
 * and the peers', then verifies the same tag and writes the same plaintext,
 * which the harness compares with the reference's. Outside the timing.
 *
 * A one-shot AEAD (info.one_shot, Kalyna CCM) has no unverified decrypt:
 * its encryption is CTR, an XOR with a keystream fixed by key, nonce and
 * length, so sealing in[0..n) yields P ahead of its tag just the same. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

static int compute_tag(const char *speed_name, const uint8_t *in, size_t n, uint8_t *tag)
{
    sc_aead_info info;
    int open;
    bench_cipher_params params;
    if (!bench_aead_parse(speed_name, &info, &open) || info.tag_size > sizeof ((bench_aead_tag *)0)->tag)
        return SC_EINVAL;
    bench_cipher_params_get(speed_name, &params);
    sc_aead_ctx *c = aligned_alloc(SC_CIPHER_CTX_ALIGN, sizeof *c);
    uint8_t *plain = malloc(n + 1), *sealed = malloc(n + info.tag_size);
    size_t got;
    int rc = c && plain && sealed ? SC_OK : SC_EINVAL;
    if (rc == SC_OK) rc = sc_aead_init(c, info.name, params.key, info.key_size, NULL);
    if (rc == SC_OK && info.one_shot)
        rc = sc_aead_seal(c, params.iv, info.nonce_size, NULL, 0, in, n, sealed, n + info.tag_size, &got,
                          info.tag_size);
    if (rc == SC_OK && info.one_shot && n) memcpy(plain, sealed, n);
    if (rc == SC_OK && !info.one_shot) rc = sc_aead_start(c, 0, params.iv, info.nonce_size);
    if (rc == SC_OK && !info.one_shot) rc = sc_aead_decrypt_update_UNVERIFIED(c, in, n, plain, n, &got);
    if (rc == SC_OK)
        rc = sc_aead_seal(c, params.iv, info.nonce_size, NULL, 0, plain, n, sealed, n + info.tag_size, &got,
                          info.tag_size);
    if (rc == SC_OK) memcpy(tag, sealed + n, info.tag_size);
    if (c) sc_aead_wipe(c);
    free(c);
    free(plain);
    free(sealed);
    return rc;
}

void bench_aead_prepare(void *ctx, const uint8_t *in, size_t n)
{
    bench_aead_tag *t = ctx;
    /* A failure leaves a zero tag: every open then fails verification,
     * loudly, instead of timing the rejection path. */
    if (compute_tag(t->speed_name, in, n, t->tag) != SC_OK) memset(t->tag, 0, sizeof t->tag);
}
