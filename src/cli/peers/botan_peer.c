/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: Botan cipher-mode messages and labels
 * (botan_peer.h). Compiled only when Botan was found. */
#include <stdio.h>

#include "botan_peer.h"

uint64_t botan_peer_run_mode(botan_cipher_t mode, const uint8_t *iv, size_t iv_len, size_t tag_len, const uint8_t *in,
                             uint8_t *out, size_t n)
{
    size_t written = 0, consumed = 0;
    botan_cipher_start(mode, iv, iv_len);
    botan_cipher_update(mode, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out, n + tag_len, &written, in, n, &consumed);
    return bench_cipher_result(out, n + tag_len);
}

void botan_label(char *label, size_t size, const char *what)
{
    snprintf(label, size, "botan %u.%u.%u FFI%s", botan_version_major(), botan_version_minor(), botan_version_patch(),
             what);
}
