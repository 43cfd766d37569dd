// simdcrypt speed: Crypto++'s Kalyna (table code) behind a C interface, for
// `speed --peers`: ECB and CBC, each in both directions. Compiled only when
// Crypto++ was found (cmake/peers.cmake).
#include <cryptopp/config.h>
#include <cryptopp/kalyna.h>
#include <cryptopp/modes.h>

#include <cstdio>
#include <new>

extern "C" {
#include "kalyna_cryptopp.h"
}

namespace {
// One keyed object per direction, and Crypto++'s own CBC mode over each
// (ExternalCipher: the mode borrows the keyed block cipher, no second key
// schedule). Resynchronize() sets a fresh IV per call, as our cases do.
struct KalynaPeer {
    CryptoPP::BlockCipher *enc = nullptr, *dec = nullptr;
    CryptoPP::CBC_Mode_ExternalCipher::Encryption *cbc_enc = nullptr;
    CryptoPP::CBC_Mode_ExternalCipher::Decryption *cbc_dec = nullptr;
    size_t block = 0;
    ~KalynaPeer()
    {
        delete cbc_enc;
        delete cbc_dec;
        delete enc;
        delete dec;
    }
};

template <class Variant> void make(KalynaPeer *p, const uint8_t *key, size_t key_len)
{
    p->enc = new typename Variant::Encryption(key, key_len);
    p->dec = new typename Variant::Decryption(key, key_len);
}
}  // namespace

extern "C" void *peer_cryptopp_kalyna_new(size_t block_size, const uint8_t *key, size_t key_len)
{
    KalynaPeer *p = nullptr;
    try {
        p = new KalynaPeer;
        p->block = block_size;
        if (block_size == 16) make<CryptoPP::Kalyna128>(p, key, key_len);
        else if (block_size == 32) make<CryptoPP::Kalyna256>(p, key, key_len);
        else make<CryptoPP::Kalyna512>(p, key, key_len);
        const CryptoPP::byte zero_iv[64] = {0};
        p->cbc_enc = new CryptoPP::CBC_Mode_ExternalCipher::Encryption(*p->enc, zero_iv);
        p->cbc_dec = new CryptoPP::CBC_Mode_ExternalCipher::Decryption(*p->dec, zero_iv);
        return p;
    } catch (...) {
        delete p;
        return nullptr;
    }
}

extern "C" void peer_cryptopp_kalyna_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t nblocks, int decrypt)
{
    KalynaPeer *p = static_cast<KalynaPeer *>(ctx);
    (decrypt ? p->dec : p->enc)->AdvancedProcessBlocks(in, nullptr, out, nblocks * p->block, 0);
}

extern "C" void peer_cryptopp_kalyna_cbc(void *ctx, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                                         size_t nblocks, int decrypt)
{
    KalynaPeer *p = static_cast<KalynaPeer *>(ctx);
    CryptoPP::SymmetricCipher *mode = decrypt ? static_cast<CryptoPP::SymmetricCipher *>(p->cbc_dec)
                                              : static_cast<CryptoPP::SymmetricCipher *>(p->cbc_enc);
    mode->Resynchronize(iv, static_cast<int>(p->block));
    mode->ProcessData(out, in, nblocks * p->block);
}

extern "C" void peer_cryptopp_kalyna_free(void *ctx) { delete static_cast<KalynaPeer *>(ctx); }

extern "C" const char *peer_cryptopp_version(void)
{
    static char v[32];
    std::snprintf(v, sizeof v, "crypto++ %d.%d.%d", CRYPTOPP_VERSION / 100, CRYPTOPP_VERSION / 10 % 10,
                  CRYPTOPP_VERSION % 10);
    return v;
}
