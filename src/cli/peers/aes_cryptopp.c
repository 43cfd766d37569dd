/* simdcrypt speed peer: Crypto++ AES (aes_cryptopp.cpp): ECB (the block
 * cipher's bulk call) and CBC in both directions, CTR_Mode, GCM<AES> seal
 * and open (its default GCM_2K_Tables, PCLMUL where the CPU has it), keyed
 * once, every call from the fixed IV or nonce. Compiled only when Crypto++
 * was found. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes_cryptopp.h"
#include "cli.h"
#include "family_peers.h"
#include "kalyna_cryptopp.h" /* peer_cryptopp_version() */

typedef struct cryptopp_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    void *peer;
    size_t tag_len;   /* GCM */
    size_t out_extra; /* seal: the tag after the n bytes */
} cryptopp_case;

static uint64_t run_cryptopp(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    cryptopp_case *c = p;
    if (peer_cryptopp_aes_run(c->peer, in, out, n, c->t.tag, c->tag_len))
        return bench_cipher_result(out, n + c->out_extra);
    return bench_open_result(out, n, 0); /* an opened tag did not verify */
}

static void free_cryptopp(void *p)
{
    peer_cryptopp_aes_free(((cryptopp_case *)p)->peer);
    free(p);
}

static void provide_cryptopp_aes(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_CRYPTOPP_AES, &name, &c)) return;
    cryptopp_case *cc = calloc(1, sizeof *cc);
    if (cc && (cc->peer = peer_cryptopp_aes_new(name.mode, name.decrypt, name.params.key, name.key_size,
                                                name.params.iv, name.iv_size)) != NULL) {
        cc->t.speed_name = algorithm;
        cc->tag_len = name.aead ? name.tag_size : 0;
        cc->out_extra = c.out_extra;
        c.ctx = cc, c.run = run_cryptopp, c.cleanup = free_cryptopp;
    } else {
        free(cc);
    }
    char label[BENCH_NAME_MAX];
    snprintf(label, sizeof label, "%s %s", peer_cryptopp_version(),
             !strcmp(name.mode, "ecb")   ? "AES (ECB)"
             : !strcmp(name.mode, "cbc") ? "CBC_Mode<AES>"
             : !strcmp(name.mode, "ctr") ? "CTR_Mode<AES>"
                                         : "GCM<AES>");
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_cryptopp_aes)
