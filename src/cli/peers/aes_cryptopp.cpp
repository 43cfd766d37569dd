/* SPDX-License-Identifier: Apache-2.0 */
// simdcrypt speed: Crypto++'s AES (its AES-NI and PCLMUL code) behind a C
// interface, for `speed --peers`: ECB and CBC in both directions, CTR, GCM
// seal and open, as Crypto++ peer objects (cryptopp_peer.cpp runs them).
// Compiled only when Crypto++ was found (cmake/peers.cmake).
#include <cryptopp/aes.h>
#include <cryptopp/gcm.h>
#include <cryptopp/modes.h>

#include <cstring>
#include <new>

#include "cryptopp_peer.hpp"

extern "C" {
#include "aes_cryptopp.h"
}

namespace {
template <class Mode> CryptoPP::SymmetricCipher *make_mode(const CryptoppPeer *p, const uint8_t *key, size_t key_len)
{
    return new Mode(key, key_len, p->iv);
}

template <class Gcm> CryptoPP::AuthenticatedSymmetricCipher *make_gcm(const CryptoppPeer *p, const uint8_t *key, size_t key_len)
{
    Gcm *g = new Gcm;
    g->SetKeyWithIV(key, key_len, p->iv, p->iv_len);
    return g;
}
}  // namespace

extern "C" void *peer_cryptopp_aes_new(const char *mode, int decrypt, const uint8_t *key, size_t key_len,
                                       const uint8_t *iv, size_t iv_len)
{
    CryptoppPeer *p = nullptr;
    try {
        p = new CryptoppPeer;
        if (iv_len > 16) throw std::bad_alloc();
        if (iv_len) std::memcpy(p->iv, iv, iv_len);
        p->iv_len = static_cast<int>(iv_len), p->decrypt = decrypt;
        if (!std::strcmp(mode, "ecb")) {
            if (decrypt) p->block = new CryptoPP::AES::Decryption(key, key_len);
            else p->block = new CryptoPP::AES::Encryption(key, key_len);
        } else if (!std::strcmp(mode, "cbc")) {
            p->mode = decrypt ? make_mode<CryptoPP::CBC_Mode<CryptoPP::AES>::Decryption>(p, key, key_len)
                              : make_mode<CryptoPP::CBC_Mode<CryptoPP::AES>::Encryption>(p, key, key_len);
        } else if (!std::strcmp(mode, "ctr")) {
            p->mode = make_mode<CryptoPP::CTR_Mode<CryptoPP::AES>::Encryption>(p, key, key_len);
        } else {
            p->aead = decrypt ? make_gcm<CryptoPP::GCM<CryptoPP::AES>::Decryption>(p, key, key_len)
                              : make_gcm<CryptoPP::GCM<CryptoPP::AES>::Encryption>(p, key, key_len);
        }
        return p;
    } catch (...) {
        delete p;
        return nullptr;
    }
}
