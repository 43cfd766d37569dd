/* SPDX-License-Identifier: Apache-2.0 */
// simdcrypt speed: Crypto++'s hashes (C++, its scalar MD5 and Keccak-f[1600])
// behind a C interface, for `speed --peers`, as Crypto++ peer objects
// (cryptopp_peer.cpp runs them: Update + TruncatedFinal, which restarts):
//   md5                      Weak::MD5
//   sha3-224..512            SHA3_224..SHA3_512
//   shake128, shake256       SHAKE128, SHAKE256 with the output size asked
//   keccak-256               Keccak_256 (the pre-standard 0x01 padding)
// Compiled only when Crypto++ was found (cmake/peers.cmake).
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1
#include <cryptopp/keccak.h>
#include <cryptopp/md5.h>
#include <cryptopp/sha3.h>
#include <cryptopp/shake.h>

#include <cstring>

#include "cryptopp_peer.hpp"

extern "C" {
#include "hash_cryptopp.h"
}

namespace {
CryptoPP::HashTransformation *make(const char *native, size_t out_len)
{
    const unsigned size = static_cast<unsigned>(out_len);
    if (!std::strcmp(native, "Weak::MD5")) return new CryptoPP::Weak::MD5;
    if (!std::strcmp(native, "SHA3_224")) return new CryptoPP::SHA3_224;
    if (!std::strcmp(native, "SHA3_256")) return new CryptoPP::SHA3_256;
    if (!std::strcmp(native, "SHA3_384")) return new CryptoPP::SHA3_384;
    if (!std::strcmp(native, "SHA3_512")) return new CryptoPP::SHA3_512;
    if (!std::strcmp(native, "SHAKE128")) return new CryptoPP::SHAKE128(size);
    if (!std::strcmp(native, "SHAKE256")) return new CryptoPP::SHAKE256(size);
    if (!std::strcmp(native, "Keccak_256")) return new CryptoPP::Keccak_256;
    return nullptr;
}
}  // namespace

extern "C" void *peer_cryptopp_hash_new(const char *native, size_t out_len)
{
    CryptoppPeer *p = nullptr;
    try {
        CryptoPP::HashTransformation *h = make(native, out_len);
        if (h == nullptr) return nullptr;
        if (h->DigestSize() != out_len) {
            delete h;
            return nullptr;
        }
        p = new CryptoppPeer;
        p->hash = h;
        return p;
    } catch (...) {
        delete p;
        return nullptr;
    }
}
