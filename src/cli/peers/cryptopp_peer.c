/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peers: a Crypto++ peer object as a case
 * (cryptopp_peer.h). Compiled only when Crypto++ was found. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "cryptopp_peer.h"
#include "kalyna_cryptopp.h" /* peer_cryptopp_version() */

typedef struct cryptopp_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    void *peer;
    size_t tag_len;   /* AEADs, MACs */
    size_t out_extra;     /* seal: the tag after the n bytes */
    int mac;
} cryptopp_case;

static uint64_t run_cryptopp(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    cryptopp_case *c = p;
    if (!peer_cryptopp_run(c->peer, in, out, n, c->t.tag, c->tag_len))
        return bench_open_result(out, n, 0); /* an opened tag did not verify */
    return bench_cipher_result(out, c->mac ? c->tag_len : n + c->out_extra);
}

static void free_cryptopp(void *p)
{
    peer_cryptopp_free(((cryptopp_case *)p)->peer);
    free(p);
}

void cryptopp_case_add(bench_set *set, bench_case *c, const char *algorithm, void *peer, const family_peer_name *name,
                       const char *what)
{
    cryptopp_case *cc = peer ? calloc(1, sizeof *cc) : NULL;
    if (cc) {
        cc->t.speed_name = algorithm;
        cc->peer = peer;
        cc->tag_len = name->tag_size, cc->mac = name->tag_size && !name->aead;
        cc->out_extra = c->out_extra;
        c->ctx = cc, c->run = run_cryptopp, c->cleanup = free_cryptopp;
    } else if (peer) {
        peer_cryptopp_free(peer);
    }
    char label[BENCH_NAME_MAX];
    snprintf(label, sizeof label, "%s %s", peer_cryptopp_version(), what);
    family_peer_add(set, c, label);
}
