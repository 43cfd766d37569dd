// simdcrypt speed: Crypto++'s AES (its AES-NI and PCLMUL code) behind a C
// interface, for `speed --peers`: ECB and CBC in both directions, CTR, GCM
// seal and open. Compiled only when Crypto++ was found (cmake/peers.cmake).
#include <cryptopp/aes.h>
#include <cryptopp/gcm.h>
#include <cryptopp/modes.h>

#include <cstring>
#include <new>

extern "C" {
#include "aes_cryptopp.h"
}

namespace {
// ECB: the keyed block cipher's own bulk call (what ECB_Mode runs). The
// others: Crypto++'s mode objects, Resynchronize()d to the fixed IV or
// nonce per call as our cases restart.
struct AesPeer {
    CryptoPP::BlockCipher *block = nullptr;
    CryptoPP::SymmetricCipher *mode = nullptr;
    CryptoPP::AuthenticatedSymmetricCipher *gcm = nullptr;
    CryptoPP::byte iv[16] = {0};
    int iv_len = 0, decrypt = 0;
    ~AesPeer()
    {
        delete block;
        delete mode;
        delete gcm;
    }
};

template <class Mode> CryptoPP::SymmetricCipher *make_mode(const AesPeer *p, const uint8_t *key, size_t key_len)
{
    return new Mode(key, key_len, p->iv);
}

template <class Gcm> CryptoPP::AuthenticatedSymmetricCipher *make_gcm(const AesPeer *p, const uint8_t *key, size_t key_len)
{
    Gcm *g = new Gcm;
    g->SetKeyWithIV(key, key_len, p->iv, p->iv_len);
    return g;
}
}  // namespace

extern "C" void *peer_cryptopp_aes_new(const char *mode, int decrypt, const uint8_t *key, size_t key_len,
                                       const uint8_t *iv, size_t iv_len)
{
    AesPeer *p = nullptr;
    try {
        p = new AesPeer;
        if (iv_len > sizeof p->iv) throw std::bad_alloc();
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
            p->gcm = decrypt ? make_gcm<CryptoPP::GCM<CryptoPP::AES>::Decryption>(p, key, key_len)
                             : make_gcm<CryptoPP::GCM<CryptoPP::AES>::Encryption>(p, key, key_len);
        }
        return p;
    } catch (...) {
        delete p;
        return nullptr;
    }
}

extern "C" int peer_cryptopp_aes_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n, const uint8_t *tag,
                                     size_t tag_len)
{
    AesPeer *p = static_cast<AesPeer *>(ctx);
    if (p->block) {
        p->block->AdvancedProcessBlocks(in, nullptr, out, n, 0);
        return 1;
    }
    if (p->mode) {
        p->mode->Resynchronize(p->iv, p->iv_len);
        p->mode->ProcessData(out, in, n);
        return 1;
    }
    p->gcm->Resynchronize(p->iv, p->iv_len);
    p->gcm->ProcessData(out, in, n);
    if (!p->decrypt) {
        p->gcm->TruncatedFinal(out + n, tag_len);
        return 1;
    }
    return p->gcm->TruncatedVerify(tag, tag_len) ? 1 : 0;
}

extern "C" void peer_cryptopp_aes_free(void *ctx) { delete static_cast<AesPeer *>(ctx); }
