/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Intel ipsec-mb (libIPSec_MB, the manager picks its
 * best code for this CPU: init_mb_mgr_auto):
 *   aes-B-gcm seal/open   IMB_AESB_GCM_ENC / _DEC (direct API, 12-byte IV)
 *   aes-B-gmac            IMB_AESB_GMAC_INIT / UPDATE / FINALIZE
 *   ghash                 IMB_GHASH (H from IMB_GHASH_PRE)
 *   aes-B-ecb/cbc(-dec), aes-B-ctr   the job API, one job per call
 *                         (ipsecmb_peer.h says why).
 * Compiled only when ipsec-mb was found (x86-64). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"
#include "ipsecmb_peer.h"

enum { OP_JOB, OP_SEAL, OP_OPEN, OP_GMAC, OP_GHASH };

typedef struct ipsecmb_case {
    bench_aead_tag t; /* open cases: first (bench_aead_prepare) */
    /* The header aligns these only when LINUX is defined: say it here. */
    _Alignas(64) struct gcm_key_data key; /* GCM, GMAC, GHASH */
    _Alignas(64) struct gcm_context_data gcm;
    _Alignas(64) uint32_t enc_keys[4 * 15]; /* the job API */
    _Alignas(64) uint32_t dec_keys[4 * 15];
    IMB_MGR *mgr;
    aes_gcm_enc_dec_t seal, open;
    aes_gmac_init_t gmac_init;
    aes_gmac_update_t gmac_update;
    aes_gmac_finalize_t gmac_final;
    const uint8_t *iv;
    size_t iv_len, key_len, tag_len;
    IMB_CIPHER_MODE mode;
    IMB_CIPHER_DIRECTION direction;
    int op;
} ipsecmb_case;

/* One job of n bytes (at most JOB_MAX) from IV iv; 1 when it completed. */
static int one_job(ipsecmb_case *c, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t n)
{
    IMB_JOB *job = IMB_GET_NEXT_JOB(c->mgr);
    job->cipher_mode = c->mode;
    job->cipher_direction = c->direction;
    job->chain_order = c->direction == IMB_DIR_ENCRYPT ? IMB_ORDER_CIPHER_HASH : IMB_ORDER_HASH_CIPHER;
    job->hash_alg = IMB_AUTH_NULL;
    job->enc_keys = c->enc_keys, job->dec_keys = c->dec_keys, job->key_len_in_bytes = c->key_len;
    job->src = in, job->dst = out;
    job->cipher_start_src_offset_in_bytes = 0, job->msg_len_to_cipher_in_bytes = n;
    job->iv = iv, job->iv_len_in_bytes = c->iv_len;
    return ipsecmb_job_run(c->mgr);
}

/* The job API refuses messages above a maximum length (256 KiB ones fail
 * in ipsec-mb 1.3), so longer calls run as consecutive jobs of JOB_MAX
 * bytes, CBC chained through the last ciphertext block, CTR through the
 * counter (one call: the IV's counter advanced by the blocks done). */
enum { JOB_MAX = 16384 };

static uint64_t run_job(ipsecmb_case *c, const uint8_t *in, uint8_t *out, size_t n)
{
    uint8_t iv[16], next[16];
    int ok = 1;
    memcpy(iv, c->iv, c->iv_len < 16 ? c->iv_len : 16);
    for (size_t done = 0; done < n && ok;) {
        size_t m = n - done < JOB_MAX ? n - done : JOB_MAX;
        int cbc = c->mode == IMB_CIPHER_CBC, enc = c->direction == IMB_DIR_ENCRYPT;
        if (cbc && !enc) memcpy(next, in + done + m - 16, 16); /* before an in-place job overwrites it */
        ok = one_job(c, iv, in + done, out + done, m);
        if (cbc) memcpy(iv, enc ? out + done + m - 16 : next, 16);
        if (c->mode == IMB_CIPHER_CNTR) /* the big-endian counter advanced by the blocks done */
            for (uint64_t add = m / 16, i = 16; add && i-- > 0; add >>= 8) {
                add += iv[i];
                iv[i] = (uint8_t)add;
            }
        done += m;
    }
    if (!ok) memset(out, 0, n);
    return bench_cipher_result(out, n);
}

static uint64_t run_ipsecmb(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    ipsecmb_case *c = p;
    uint8_t tag[16] = {0};
    switch (c->op) {
    case OP_SEAL:
        c->seal(&c->key, &c->gcm, out, in, n, c->iv, NULL, 0, out + n, c->tag_len);
        return bench_cipher_result(out, n + c->tag_len);
    case OP_OPEN:
        c->open(&c->key, &c->gcm, out, in, n, c->iv, NULL, 0, tag, c->tag_len);
        return bench_open_result(out, n, sc_memeq(tag, c->t.tag, c->tag_len));
    case OP_GMAC:
        c->gmac_init(&c->key, &c->gcm, c->iv, c->iv_len);
        c->gmac_update(&c->key, &c->gcm, in, n);
        c->gmac_final(&c->key, &c->gcm, out, c->tag_len);
        return bench_cipher_result(out, c->tag_len);
    case OP_GHASH:
        memset(out, 0, c->tag_len); /* the running value GHASH starts from */
        IMB_GHASH(c->mgr, &c->key, in, n, out, c->tag_len);
        return bench_cipher_result(out, c->tag_len);
    default: return run_job(c, in, out, n);
    }
}

static void free_ipsecmb(void *p)
{
    ipsecmb_case *c = p;
    free_mb_mgr(c->mgr);
    free(c);
}

/* Keys and functions for the key size (index v: 128, 192, 256 bits). */
static void set_up(ipsecmb_case *c, const family_peer_name *name, int v)
{
    IMB_MGR *m = c->mgr;
    const uint8_t *key = name->params.key;
    const keyexp_t keyexp[] = {m->keyexp_128, m->keyexp_192, m->keyexp_256};
    const aes_gcm_pre_t pre[] = {m->gcm128_pre, m->gcm192_pre, m->gcm256_pre};
    const aes_gcm_enc_dec_t seal[] = {m->gcm128_enc, m->gcm192_enc, m->gcm256_enc};
    const aes_gcm_enc_dec_t open[] = {m->gcm128_dec, m->gcm192_dec, m->gcm256_dec};
    const aes_gmac_init_t gmac_init[] = {m->gmac128_init, m->gmac192_init, m->gmac256_init};
    const aes_gmac_update_t gmac_update[] = {m->gmac128_update, m->gmac192_update, m->gmac256_update};
    const aes_gmac_finalize_t gmac_final[] = {m->gmac128_finalize, m->gmac192_finalize, m->gmac256_finalize};
    c->iv = name->params.iv, c->iv_len = name->iv_size, c->key_len = name->key_size, c->tag_len = name->tag_size;
    if (c->op == OP_GHASH) {
        IMB_GHASH_PRE(m, key, &c->key);
    } else if (c->op == OP_JOB) {
        keyexp[v](key, c->enc_keys, c->dec_keys);
        c->mode = !strcmp(name->mode, "ecb") ? IMB_CIPHER_ECB : !strcmp(name->mode, "cbc") ? IMB_CIPHER_CBC
                                                                                          : IMB_CIPHER_CNTR;
        c->direction = name->decrypt ? IMB_DIR_DECRYPT : IMB_DIR_ENCRYPT;
    } else {
        pre[v](key, &c->key);
        c->seal = seal[v], c->open = open[v];
        c->gmac_init = gmac_init[v], c->gmac_update = gmac_update[v], c->gmac_final = gmac_final[v];
    }
}

static void provide_ipsecmb(bench_set *set, const char *algorithm, enum family_peer peer)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, peer, &name, &c)) return;
    ipsecmb_case *ic = aligned_alloc(64, (sizeof *ic + 63) / 64 * 64);
    int op = name.aead ? (name.decrypt ? OP_OPEN : OP_SEAL)
           : !strcmp(name.mode, "gmac") ? OP_GMAC : !strcmp(name.mode, "ghash") ? OP_GHASH : OP_JOB;
    if (ic && (ic->mgr = ipsecmb_mgr_new()) != NULL) {
        ic->op = op;
        ic->t.speed_name = algorithm;
        set_up(ic, &name, (int)(name.key_size - 16) / 8);
        c.ctx = ic, c.run = run_ipsecmb, c.cleanup = free_ipsecmb;
    } else {
        free(ic);
    }
    static const char *const what[] = {"job API", "IMB_AES_GCM_ENC", "IMB_AES_GCM_DEC", "IMB_AES_GMAC", "IMB_GHASH"};
    char label[BENCH_NAME_MAX];
    ipsecmb_label(label, sizeof label, what[op]);
    family_peer_add(set, &c, label);
}

static void provide_ipsecmb_aes(bench_set *set, const char *algorithm)
{
    provide_ipsecmb(set, algorithm, FAMILY_PEER_IPSECMB_AES);
    provide_ipsecmb(set, algorithm, FAMILY_PEER_IPSECMB_GHASH);
}
BENCH_PROVIDER(provide_ipsecmb_aes)
