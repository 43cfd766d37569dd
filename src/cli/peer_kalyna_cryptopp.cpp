// simdcrypt speed: Crypto++'s Kalyna (table code) behind a C interface, for
// `speed --peers`. Compiled only when Crypto++ was found (cmake/peers.cmake).
#include <cryptopp/config.h>
#include <cryptopp/kalyna.h>

#include <cstdio>
#include <new>

extern "C" {
#include "bench_kalyna.h"
}

namespace {
struct KalynaPeer {
    CryptoPP::BlockTransformation *enc;
    size_t block;
};
}  // namespace

extern "C" void *peer_cryptopp_kalyna_new(size_t block_size, const uint8_t *key, size_t key_len)
{
    try {
        KalynaPeer *p = new KalynaPeer{nullptr, block_size};
        if (block_size == 16) p->enc = new CryptoPP::Kalyna128::Encryption(key, key_len);
        else if (block_size == 32) p->enc = new CryptoPP::Kalyna256::Encryption(key, key_len);
        else p->enc = new CryptoPP::Kalyna512::Encryption(key, key_len);
        return p;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void peer_cryptopp_kalyna_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t nblocks)
{
    KalynaPeer *p = static_cast<KalynaPeer *>(ctx);
    p->enc->AdvancedProcessBlocks(in, nullptr, out, nblocks * p->block, 0);
}

extern "C" void peer_cryptopp_kalyna_free(void *ctx)
{
    KalynaPeer *p = static_cast<KalynaPeer *>(ctx);
    if (p) delete p->enc;
    delete p;
}

extern "C" const char *peer_cryptopp_version(void)
{
    static char v[32];
    std::snprintf(v, sizeof v, "crypto++ %d.%d.%d", CRYPTOPP_VERSION / 100, CRYPTOPP_VERSION / 10 % 10,
                  CRYPTOPP_VERSION % 10);
    return v;
}
