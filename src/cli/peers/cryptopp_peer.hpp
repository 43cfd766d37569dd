// simdcrypt speed peers: the Crypto++ object behind every C handle of the
// AES, ChaCha20 and hash shims (aes_cryptopp.cpp, chacha_cryptopp.cpp,
// hash_cryptopp.cpp make it, cryptopp_peer.cpp runs and frees it). One of
// its five members is set.
#ifndef SC_CLI_PEERS_CRYPTOPP_PEER_HPP
#define SC_CLI_PEERS_CRYPTOPP_PEER_HPP

#include <cryptopp/cryptlib.h>

// ECB: the keyed block cipher's own bulk call (what ECB_Mode runs). Ciphers
// and AEADs: Crypto++'s objects, Resynchronize()d to the fixed IV or nonce
// per call as our cases restart. MACs: keyed per call (Poly1305's key is
// one-time: every message rekeys anyway). Hashes: a message per call.
struct CryptoppPeer {
    CryptoPP::BlockCipher *block = nullptr;
    CryptoPP::SymmetricCipher *mode = nullptr;
    CryptoPP::AuthenticatedSymmetricCipher *aead = nullptr;
    CryptoPP::MessageAuthenticationCode *mac = nullptr;
    CryptoPP::HashTransformation *hash = nullptr;
    CryptoPP::byte iv[32] = {0};
    CryptoPP::byte key[32] = {0}; // the MAC's
    int iv_len = 0, key_len = 0, decrypt = 0;
    ~CryptoppPeer()
    {
        delete block;
        delete mode;
        delete aead;
        delete mac;
        delete hash;
    }
};
#endif
