/* SPDX-License-Identifier: Apache-2.0 */
// simdcrypt speed: Crypto++'s ChaCha20 family (its AVX2 / SSE2 ChaCha,
// scalar Poly1305) behind a C interface, for `speed --peers`, as Crypto++
// peer objects (cryptopp_peer.cpp runs them):
//   chacha20                 ChaChaTLS (RFC 8439: 12-byte nonce, counter 0)
//   xchacha20                XChaCha20 (counter 0: not its default)
//   poly1305                 Poly1305TLS (the IETF one; Crypto++'s Poly1305
//                            is Poly1305-AES)
//   chacha20-poly1305        ChaCha20Poly1305, seal and open
//   xchacha20-poly1305       XChaCha20Poly1305, seal and open
// Compiled only when Crypto++ was found (cmake/peers.cmake).
#include <cryptopp/algparam.h>
#include <cryptopp/argnames.h>
#include <cryptopp/chacha.h>
#include <cryptopp/chachapoly.h>
#include <cryptopp/poly1305.h>

#include <cstring>
#include <new>

#include "cryptopp_peer.hpp"

extern "C" {
#include "chacha_cryptopp.h"
}

namespace {
template <class Keyed> Keyed *keyed(const CryptoppPeer *p, const uint8_t *key, size_t key_len)
{
    Keyed *k = new Keyed;
    k->SetKeyWithIV(key, key_len, p->iv, p->iv_len);
    return k;
}

// The stream ciphers at block counter 0, said outright: Crypto++'s
// XChaCha20 starts at 1 unless told ("InitialBlock", a word64).
template <class Stream> Stream *at_block_0(const CryptoppPeer *p, const uint8_t *key, size_t key_len)
{
    Stream *k = new Stream;
    k->SetKey(key, key_len,
              CryptoPP::MakeParameters(CryptoPP::Name::IV(), CryptoPP::ConstByteArrayParameter(p->iv, p->iv_len, false))(
                  "InitialBlock", static_cast<CryptoPP::word64>(0)));
    return k;
}

template <class Aead> CryptoPP::AuthenticatedSymmetricCipher *aead(const CryptoppPeer *p, const uint8_t *key,
                                                                   size_t key_len)
{
    if (p->decrypt) return keyed<typename Aead::Decryption>(p, key, key_len);
    return keyed<typename Aead::Encryption>(p, key, key_len);
}

const struct {
    const char *name, *what;
} classes[] = {{"chacha20", "ChaChaTLS"},
               {"xchacha20", "XChaCha20"},
               {"poly1305", "Poly1305TLS"},
               {"chacha20-poly1305", "ChaCha20Poly1305"},
               {"xchacha20-poly1305", "XChaCha20Poly1305"}};

int class_of(const char *name)
{
    for (int i = 0; i < static_cast<int>(sizeof classes / sizeof classes[0]); i++)
        if (!std::strcmp(classes[i].name, name)) return i;
    return -1;
}
}  // namespace

extern "C" const char *peer_cryptopp_chacha_class(const char *name)
{
    const int i = class_of(name);
    return i < 0 ? "" : classes[i].what;
}

extern "C" void *peer_cryptopp_chacha_new(const char *name, int decrypt, const uint8_t *key, size_t key_len,
                                          const uint8_t *iv, size_t iv_len)
{
    CryptoppPeer *p = nullptr;
    try {
        p = new CryptoppPeer;
        if (iv_len > sizeof p->iv || key_len > sizeof p->key) throw std::bad_alloc();
        if (iv_len) std::memcpy(p->iv, iv, iv_len);
        std::memcpy(p->key, key, key_len);
        p->iv_len = static_cast<int>(iv_len), p->key_len = static_cast<int>(key_len), p->decrypt = decrypt;
        switch (class_of(name)) {
        case 0: p->mode = at_block_0<CryptoPP::ChaChaTLS::Encryption>(p, key, key_len); break;
        case 1: p->mode = at_block_0<CryptoPP::XChaCha20::Encryption>(p, key, key_len); break;
        case 2: p->mac = new CryptoPP::Poly1305TLS; break;
        case 3: p->aead = aead<CryptoPP::ChaCha20Poly1305>(p, key, key_len); break;
        case 4: p->aead = aead<CryptoPP::XChaCha20Poly1305>(p, key, key_len); break;
        default: throw std::bad_alloc();
        }
        return p;
    } catch (...) {
        delete p;
        return nullptr;
    }
}
