/* SPDX-License-Identifier: Apache-2.0 */
/* sc_mac_message, whose families may take a whole message at once
 * (sc_cipher_ops.mac_message: AES GMAC through the fused GCM kernel), must
 * give what reset + update in pieces + final give: every MAC name, every
 * kernel of its algorithm this CPU runs, 96-bit and other nonces, lengths
 * 0..300 and a few past the kernels' batches, the context reused, also
 * when a message was left half-way. */
#include <simdcrypt.h>
#include <simdcrypt/kernels.h>

#include "test_util.h"

static const size_t lengths_past[] = {511, 512, 513, 1024, 4096 + 7, 16384 + 1};

static void one(sc_mac_ctx *m, const sc_cipher_info *info, const char *kernel, const uint8_t *msg, size_t len)
{
    uint8_t want[64], got[64];
    const size_t tag = info->tag_size;
    int ok = sc_mac_reset(m) == SC_OK;
    for (size_t pos = 0, piece; ok && pos < len; pos += piece) { /* pieces of 1..37 bytes */
        piece = 1 + (pos * 7 + len) % 37;
        if (piece > len - pos) piece = len - pos;
        ok = sc_mac_update(m, msg + pos, piece) == SC_OK;
    }
    const int want_rc = sc_mac_final(m, want, tag);
    const int got_rc = sc_mac_message(m, msg, len, got, tag);
    CHECK(ok && want_rc == got_rc && (got_rc != SC_OK || !memcmp(want, got, tag)),
          "%s %s len %zu: message %d, steps %d", info->name, kernel, len, got_rc, want_rc);
    /* and over a message left half-way: the whole-message call starts
     * from the key, not from what the pieces left (cipher_family.h) */
    ok = sc_mac_reset(m) == SC_OK && sc_mac_update(m, msg + 1, len / 2) == SC_OK;
    const int again_rc = sc_mac_message(m, msg, len, got, tag);
    CHECK(ok && want_rc == again_rc && (again_rc != SC_OK || !memcmp(want, got, tag)),
          "%s %s len %zu: message after half a message %d, steps %d", info->name, kernel, len, again_rc, want_rc);
}

int main(void)
{
    enum { MAX = 16384 + 1 };
    static uint8_t msg[MAX];
    uint8_t key[64], nonce[16];
    test_fill(msg, sizeof msg, 3);
    test_fill(key, sizeof key, 5);
    test_fill(nonce, sizeof nonce, 9);
    const char *name;
    for (size_t i = 0; (name = sc_mac_name_at(i)) != NULL; i++) {
        sc_cipher_info info;
        sc_cipher_info_get(name, &info);
        sc_kernel_info k;
        for (size_t j = 0; sc_kernel_get(info.algorithm, j, &k) == SC_OK; j++) {
            if (!k.runnable) continue;
            /* its recommended nonce size, and (nonces of any size) 1 and 16 bytes */
            const size_t sizes[] = {info.iv_size, 1, 16};
            for (size_t s = 0; s < (info.iv_size ? 3 : 1); s++) {
                sc_mac_ctx m;
                const sc_cipher_opts opts = {.kernel = k.name};
                int rc = sc_mac_init_nonce(&m, name, key, info.key_size, sizes[s] ? nonce : NULL, sizes[s], &opts);
                if (rc == SC_EIVSIZE && s > 0) continue; /* a MAC with one nonce size */
                CHECK(rc == SC_OK, "%s %s: init (nonce %zu bytes): %d", name, k.name, sizes[s], rc);
                if (rc != SC_OK) continue;
                for (size_t len = 0; len <= 300; len++) one(&m, &info, k.name, msg, len);
                for (size_t l = 0; l < sizeof lengths_past / sizeof *lengths_past; l++)
                    one(&m, &info, k.name, msg, lengths_past[l]);
                sc_mac_wipe(&m);
            }
        }
    }
    return test_finish();
}
