/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Crypto++ Kalyna (table code), ECB, CBC, CFB and OFB
 * in both directions, keyed with the speed name's fixed key and IV (bench_params.c).
 * Compiled only when Crypto++ was found, with kalyna_cryptopp.cpp. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"
#include "kalyna_cryptopp.h"

typedef struct cryptopp_case {
    void *peer;
    const uint8_t *iv; /* NULL: ECB */
    enum peer_kalyna_mode mode;
    size_t block;
    int decrypt;
} cryptopp_case;

static uint64_t run_cryptopp(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain; /* as our cases: every call from the fixed IV */
    cryptopp_case *c = p;
    if (c->iv == NULL) peer_cryptopp_kalyna_ecb(c->peer, in, out, n / c->block, c->decrypt);
    else peer_cryptopp_kalyna_mode(c->peer, c->mode, c->iv, in, out, n / c->block, c->decrypt);
    return bench_cipher_result(out, n);
}

static void free_cryptopp(void *p)
{
    cryptopp_case *c = p;
    peer_cryptopp_kalyna_free(c->peer);
    free(c);
}

static void provide_cryptopp_kalyna(bench_set *set, const char *algorithm)
{
    bench_cipher_params params;
    sc_cipher_info info;
    int decrypt;
    if (!family_peer_wants(set, algorithm, FAMILY_PEER_CRYPTOPP_KALYNA, &params, &info, &decrypt)) return;
    static const char *const labels[] = {[PEER_KALYNA_CBC] = "CBC<Kalyna>", [PEER_KALYNA_CFB] = "CFB<Kalyna>",
                                         [PEER_KALYNA_OFB] = "OFB<Kalyna>"};
    const enum peer_kalyna_mode mode = strcmp(info.mode, "cfb") == 0   ? PEER_KALYNA_CFB
                                       : strcmp(info.mode, "ofb") == 0 ? PEER_KALYNA_OFB
                                                                       : PEER_KALYNA_CBC;
    const int chained = info.iv_size != 0;
    bench_case p = {.algorithm = algorithm, .kind = BENCH_PEER, .block = info.block_size};
    snprintf(p.implementation, sizeof p.implementation, "%s %s%s", peer_cryptopp_version(),
             chained ? labels[mode] : "Kalyna ECB", decrypt ? " decrypt" : "");
    cryptopp_case *cc = malloc(sizeof *cc);
    if (cc && (cc->peer = peer_cryptopp_kalyna_new(info.block_size, params.key, info.key_size)) != NULL) {
        cc->iv = chained ? params.iv : NULL, cc->mode = mode, cc->block = info.block_size, cc->decrypt = decrypt;
        p.ctx = cc, p.run = run_cryptopp, p.cleanup = free_cryptopp;
    } else {
        free(cc);
        snprintf(p.note, sizeof p.note, "setup failed");
    }
    bench_add(set, &p);
}
BENCH_PROVIDER(provide_cryptopp_kalyna)
