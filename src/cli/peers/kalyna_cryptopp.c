/* simdcrypt speed peer: Crypto++ Kalyna (table code), ECB and CBC in both
 * directions, keyed with the speed name's fixed key and IV (bench_params.c).
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
    size_t block;
    int decrypt;
} cryptopp_case;

static uint64_t run_cryptopp(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain; /* as our cases: every call from the fixed IV */
    cryptopp_case *c = p;
    if (c->iv == NULL) peer_cryptopp_kalyna_ecb(c->peer, in, out, n / c->block, c->decrypt);
    else peer_cryptopp_kalyna_cbc(c->peer, c->iv, in, out, n / c->block, c->decrypt);
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
    const int cbc = info.iv_size != 0;
    bench_case p = {.algorithm = algorithm, .kind = BENCH_PEER, .block = info.block_size};
    snprintf(p.implementation, sizeof p.implementation, "%s %s%s", peer_cryptopp_version(),
             cbc ? "CBC<Kalyna>" : "Kalyna ECB", decrypt ? " decrypt" : "");
    cryptopp_case *cc = malloc(sizeof *cc);
    if (cc && (cc->peer = peer_cryptopp_kalyna_new(info.block_size, params.key, info.key_size)) != NULL) {
        cc->iv = cbc ? params.iv : NULL, cc->block = info.block_size, cc->decrypt = decrypt;
        p.ctx = cc, p.run = run_cryptopp, p.cleanup = free_cryptopp;
    } else {
        free(cc);
        snprintf(p.note, sizeof p.note, "setup failed");
    }
    bench_add(set, &p);
}
BENCH_PROVIDER(provide_cryptopp_kalyna)
