/* SPDX-License-Identifier: Apache-2.0 */
// simdcrypt speed peers: one message through a Crypto++ peer object
// (cryptopp_peer.hpp), for the C cases of cryptopp_peer.c. Compiled only
// when Crypto++ was found (cmake/peers.cmake).
#include "cryptopp_peer.hpp"

extern "C" {
#include "cryptopp_peer.h"
}

extern "C" int peer_cryptopp_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n, const uint8_t *tag,
                                 size_t tag_len)
{
    CryptoppPeer *p = static_cast<CryptoppPeer *>(ctx);
    if (p->block) {
        p->block->AdvancedProcessBlocks(in, nullptr, out, n, 0);
        return 1;
    }
    if (p->mode) {
        p->mode->Resynchronize(p->iv, p->iv_len);
        p->mode->ProcessData(out, in, n);
        return 1;
    }
    if (p->hash) {
        p->hash->Update(in, n);
        p->hash->TruncatedFinal(out, tag_len);
        return 1;
    }
    if (p->mac) {
        p->mac->SetKey(p->key, p->key_len);
        p->mac->Update(in, n);
        p->mac->TruncatedFinal(out, tag_len);
        return 1;
    }
    p->aead->Resynchronize(p->iv, p->iv_len);
    p->aead->ProcessData(out, in, n);
    if (!p->decrypt) {
        p->aead->TruncatedFinal(out + n, tag_len);
        return 1;
    }
    return p->aead->TruncatedVerify(tag, tag_len) ? 1 : 0;
}

extern "C" void peer_cryptopp_free(void *ctx) { delete static_cast<CryptoppPeer *>(ctx); }
