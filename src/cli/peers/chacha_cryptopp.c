/* simdcrypt speed peer: Crypto++'s ChaCha20 family (chacha_cryptopp.cpp),
 * every name: ChaChaTLS, XChaCha20, Poly1305TLS, ChaCha20Poly1305 and
 * XChaCha20Poly1305 (seal and open), keyed once (Poly1305TLS: per call),
 * every call from the fixed nonce. Compiled only when Crypto++ was found. */
#include <stdio.h>

#include "chacha_cryptopp.h"
#include "cli.h"
#include "cryptopp_peer.h"
#include "kalyna_cryptopp.h" /* peer_cryptopp_version() */

static void provide_cryptopp_chacha(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_CRYPTOPP_CHACHA, &name, &c)) return;
    cryptopp_case_use(&c, algorithm,
                      peer_cryptopp_chacha_new(name.base, name.decrypt, name.params.key, name.key_size, name.params.iv,
                                               name.iv_size),
                      &name);
    char label[BENCH_NAME_MAX];
    snprintf(label, sizeof label, "%s %s", peer_cryptopp_version(), peer_cryptopp_chacha_class(name.base));
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_cryptopp_chacha)
