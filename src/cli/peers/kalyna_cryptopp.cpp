/* SPDX-License-Identifier: Apache-2.0 */
// simdcrypt speed: Crypto++'s Kalyna (table code) behind a C interface, for
// `speed --peers`: ECB, CBC, CFB and OFB, each in both directions. Compiled only when
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
// One keyed object per direction, and Crypto++'s own modes over them
// (ExternalCipher: a mode borrows the keyed block cipher, no second key
// schedule; CFB and OFB run the encryption both ways, CFB with whole-block
// feedback, DSTU 7624 sections 7.4 and 7.5 with s = the block size).
// Resynchronize() sets a fresh IV per call, as our cases do.
struct KalynaPeer {
    CryptoPP::BlockCipher *enc = nullptr, *dec = nullptr;
    CryptoPP::SymmetricCipher *modes[PEER_KALYNA_MODES][2] = {}; // [mode][decrypt]
    size_t block = 0;
    ~KalynaPeer()
    {
        for (auto &m : modes) {
            delete m[0];
            delete m[1];
        }
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
        using namespace CryptoPP;
        p->modes[PEER_KALYNA_CBC][0] = new CBC_Mode_ExternalCipher::Encryption(*p->enc, zero_iv);
        p->modes[PEER_KALYNA_CBC][1] = new CBC_Mode_ExternalCipher::Decryption(*p->dec, zero_iv);
        p->modes[PEER_KALYNA_CFB][0] = new CFB_Mode_ExternalCipher::Encryption(*p->enc, zero_iv);
        p->modes[PEER_KALYNA_CFB][1] = new CFB_Mode_ExternalCipher::Decryption(*p->enc, zero_iv);
        p->modes[PEER_KALYNA_OFB][0] = new OFB_Mode_ExternalCipher::Encryption(*p->enc, zero_iv);
        p->modes[PEER_KALYNA_OFB][1] = new OFB_Mode_ExternalCipher::Decryption(*p->enc, zero_iv);
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

extern "C" void peer_cryptopp_kalyna_mode(void *ctx, enum peer_kalyna_mode m, const uint8_t *iv,
                                          const uint8_t *in, uint8_t *out, size_t nblocks, int decrypt)
{
    KalynaPeer *p = static_cast<KalynaPeer *>(ctx);
    CryptoPP::SymmetricCipher *mode = p->modes[m][decrypt != 0];
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
