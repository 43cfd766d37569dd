/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Intel ipsec-mb's ChaCha20 family through its job
 * API, one job per call (ipsecmb_peer.h), the manager's best code for this
 * CPU (AVX-512 on Zen 4):
 *   chacha20-poly1305(-open)    IMB_CIPHER_CHACHA20_POLY1305 with
 *                               IMB_AUTH_CHACHA20_POLY1305, no AAD
 *   poly1305                    IMB_AUTH_POLY1305 (u.POLY1305._key)
 * The SGL direct API (IMB_CHACHA20_POLY1305_INIT/..._UPDATE/..._FINALIZE)
 * is for messages in pieces; a one-shot message is a job. Not chacha20:
 * IMB_CIPHER_CHACHA20 starts at block counter 1 (as RFC 8439 2.4.2's
 * example), ours at 0 (sc_cipher_opts.counter), and ipsec-mb takes no other
 * counter. No XChaCha20.
 * Compiled only when ipsec-mb was found (x86-64). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"
#include "ipsecmb_peer.h"

typedef struct ipsecmb_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    IMB_MGR *mgr;
    const uint8_t *key, *iv;
    size_t tag_len;
    IMB_CIPHER_MODE cipher;
    IMB_HASH_ALG hash;
    int decrypt;
} ipsecmb_case;

static uint64_t run_ipsecmb(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    ipsecmb_case *c = p;
    uint8_t tag[16];
    IMB_JOB *job = IMB_GET_NEXT_JOB(c->mgr);
    job->cipher_mode = c->cipher, job->hash_alg = c->hash;
    job->cipher_direction = c->decrypt ? IMB_DIR_DECRYPT : IMB_DIR_ENCRYPT;
    job->chain_order = c->decrypt ? IMB_ORDER_HASH_CIPHER : IMB_ORDER_CIPHER_HASH;
    job->enc_keys = job->dec_keys = c->key, job->key_len_in_bytes = 32;
    job->src = in, job->dst = out;
    job->cipher_start_src_offset_in_bytes = 0, job->msg_len_to_cipher_in_bytes = n;
    job->hash_start_src_offset_in_bytes = 0, job->msg_len_to_hash_in_bytes = n;
    job->iv = c->iv, job->iv_len_in_bytes = 12;
    if (c->hash == IMB_AUTH_POLY1305) job->u.POLY1305._key = c->key;
    else job->u.CHACHA20_POLY1305.aad = NULL, job->u.CHACHA20_POLY1305.aad_len_in_bytes = 0;
    /* The MAC's tag is its whole output; the seal's follows the ciphertext. */
    job->auth_tag_output = c->decrypt ? tag : c->hash == IMB_AUTH_POLY1305 ? out : out + n;
    job->auth_tag_output_len_in_bytes = c->tag_len;
    const int ok = ipsecmb_job_run(c->mgr);
    if (c->decrypt) return bench_open_result(out, n, ok && sc_memeq(tag, c->t.tag, c->tag_len));
    if (!ok) memset(out, 0, c->hash == IMB_AUTH_POLY1305 ? c->tag_len : n + c->tag_len);
    return bench_cipher_result(out, c->hash == IMB_AUTH_POLY1305 ? c->tag_len : n + c->tag_len);
}

static void free_ipsecmb(void *p)
{
    free_mb_mgr(((ipsecmb_case *)p)->mgr);
    free(p);
}

static void provide_ipsecmb_chacha(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_IPSECMB_CHACHA, &name, &c)) return;
    const int mac = name.tag_size && !name.aead;
    ipsecmb_case *ic = calloc(1, sizeof *ic);
    if (ic && name.key_size == 32 && (mac || (name.aead && name.iv_size == 12)) && (ic->mgr = ipsecmb_mgr_new()) != NULL) {
        ic->t.speed_name = algorithm;
        ic->key = name.params.key, ic->iv = name.params.iv, ic->tag_len = name.tag_size;
        ic->cipher = mac ? IMB_CIPHER_NULL : IMB_CIPHER_CHACHA20_POLY1305;
        ic->hash = mac ? IMB_AUTH_POLY1305 : IMB_AUTH_CHACHA20_POLY1305;
        ic->decrypt = name.decrypt;
        c.ctx = ic, c.run = run_ipsecmb, c.cleanup = free_ipsecmb;
    } else {
        free(ic);
    }
    char label[BENCH_NAME_MAX];
    ipsecmb_label(label, sizeof label, mac ? "IMB_AUTH_POLY1305" : "IMB_CIPHER_CHACHA20_POLY1305");
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_ipsecmb_chacha)
