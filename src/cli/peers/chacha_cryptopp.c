/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Crypto++'s ChaCha20 family (chacha_cryptopp.cpp),
 * every name: ChaChaTLS, XChaCha20, Poly1305TLS, ChaCha20Poly1305 and
 * XChaCha20Poly1305 (seal and open), keyed once (Poly1305TLS: per call),
 * every call from the fixed nonce. Compiled only when Crypto++ was found. */
#include "chacha_cryptopp.h"
#include "cli.h"
#include "cryptopp_peer.h"

static void provide_cryptopp_chacha(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_CRYPTOPP_CHACHA, &name, &c)) return;
    void *peer = peer_cryptopp_chacha_new(name.base, name.decrypt, name.params.key, name.key_size, name.params.iv,
                                          name.iv_size);
    cryptopp_case_add(set, &c, algorithm, peer, &name, peer_cryptopp_chacha_class(name.base));
}
BENCH_PROVIDER(provide_cryptopp_chacha)
