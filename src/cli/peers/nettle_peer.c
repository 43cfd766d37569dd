/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: Nettle's AEAD messages and labels
 * (nettle_peer.h). Compiled only when Nettle was found. */
#include <nettle/version.h>
#include <stdio.h>

#include "cli.h"
#include "nettle_peer.h"

uint64_t nettle_aead_run(const struct nettle_aead *aead, void *ctx, const uint8_t *nonce, int decrypt,
                         const uint8_t *want_tag, size_t tag_len, const uint8_t *in, uint8_t *out, size_t n)
{
    uint8_t tag[16];
    aead->set_nonce(ctx, nonce);
    (decrypt ? aead->decrypt : aead->encrypt)(ctx, n, out, in);
    aead->digest(ctx, tag_len, decrypt ? tag : out + n);
    if (!decrypt) return bench_cipher_result(out, n + tag_len);
    return bench_open_result(out, n, sc_memeq(tag, want_tag, tag_len));
}

void nettle_label(char *label, size_t size, const char *what)
{
    snprintf(label, size, "nettle %d.%d %s", nettle_version_major(), nettle_version_minor(), what);
}
