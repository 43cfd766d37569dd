/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Crypto++'s hashes (hash_cryptopp.cpp): Weak::MD5,
 * SHA3_n, SHAKE128/256 and Keccak_256, one object each, a message per call.
 * Compiled only when Crypto++ was found. */
#include "cli.h"
#include "cryptopp_peer.h"
#include "hash_cryptopp.h"

static void provide_cryptopp_hash(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_CRYPTOPP_HASH, &name, &c)) return;
    cryptopp_case_add(set, &c, algorithm, peer_cryptopp_hash_new(name.native, name.tag_size), &name, name.native);
}
BENCH_PROVIDER(provide_cryptopp_hash)
