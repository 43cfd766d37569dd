/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Crypto++ AES (aes_cryptopp.cpp): ECB (the block
 * cipher's bulk call) and CBC in both directions, CTR_Mode, GCM<AES> seal
 * and open (its default GCM_2K_Tables, PCLMUL where the CPU has it), keyed
 * once, every call from the fixed IV or nonce. Compiled only when Crypto++
 * was found. */
#include <string.h>

#include "aes_cryptopp.h"
#include "cli.h"
#include "cryptopp_peer.h"

static void provide_cryptopp_aes(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_CRYPTOPP_AES, &name, &c)) return;
    void *peer = peer_cryptopp_aes_new(name.mode, name.decrypt, name.params.key, name.key_size, name.params.iv,
                                       name.iv_size);
    cryptopp_case_add(set, &c, algorithm, peer, &name,
                      !strcmp(name.mode, "ecb")   ? "AES (ECB)"
                      : !strcmp(name.mode, "cbc") ? "CBC_Mode<AES>"
                      : !strcmp(name.mode, "ctr") ? "CTR_Mode<AES>"
                                                  : "GCM<AES>");
}
BENCH_PROVIDER(provide_cryptopp_aes)
