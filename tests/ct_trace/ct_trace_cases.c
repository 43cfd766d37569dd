/* SPDX-License-Identifier: Apache-2.0 */
/* The library's cases of ct_trace: every cipher, MAC, AEAD and hash name
 * (tests/ct/ct_cases.h, the enumeration the valgrind and DFSan tests share)
 * on every wanted kernel (ct_kernel_wanted), with the secrets drawn per run
 * and the public inputs (lengths, IV/nonce, kernel, split) fixed per case.
 * --full:
 *   ciphers  encrypt and decrypt (key setup included) at one block, 5
 *            blocks, 528 bytes rounded down to blocks (33 16-byte blocks:
 *            past the zmm kernels' 16- and 32-block passes) and, for
 *            streams, 69 (a 64-byte register and a tail) and 533 bytes;
 *            the longest also split over two updates;
 *   key wrap wrap, unwrap of the right and of a forged wrapping;
 *   MACs     the tag at the same lengths, sc_mac_verify of the right tag
 *            and of a forged one;
 *   AEADs    seal at 1, 69 and 533 bytes with 37 bytes of secret AAD, the
 *            streaming seal split, open of the right and of a forged tag
 *            (MGM names on every wanted GF kernel of "mgm" too);
 *   hashes   the message secret: one-shot, streaming split, sc_hash_many;
 *   Magma    every name with a random secret S-box through opts.sbox (hex,
 *            random letter case: the parser is traced too);
 *   and the S-box parser and permutation check on their own; sc_memeq.
 * The quick run (the default) takes a subset that still runs every kernel
 * op, mode and block size: see plan / quick_wanted below and the README.
 * A tag check's verdict is public (src/core/ct_public.h): the runs of one
 * case share it. Forged runs alternate between two kinds of wrong tag (the
 * last byte's low bit flipped; a random byte changed by a random value), so
 * where and how a tag is wrong must not show. */
#include <stdio.h>
#include <string.h>

#include "../ct/ct_cases.h"
#include "../mac_nonce.h"
#include "ct_trace_run.h"
#include "magma/magma_internal.h"
#include <simdcrypt/magma.h>

enum { MAX_DATA = 533, AAD = 37, BUF = MAX_DATA + 128, SBOX_HEX = 8 * 17 };

enum op {
    OP_ENCRYPT, OP_DECRYPT, OP_WRAP, OP_UNWRAP, OP_UNWRAP_FORGED, OP_MAC, OP_VERIFY, OP_VERIFY_FORGED,
    OP_SEAL, OP_SEAL_STREAM, OP_OPEN, OP_OPEN_FORGED, OP_HASH, OP_HASH_STREAM, OP_HASH_MANY,
    OP_SBOX, OP_MEMEQ_EQUAL, OP_MEMEQ_DIFFER
};
static const char *const op_names[] = {"encrypt", "decrypt", "wrap", "unwrap", "unwrap forged", "mac", "verify",
                                       "verify forged", "seal", "seal streamed", "open", "open forged", "hash",
                                       "hash streamed", "hash_many", "parse and check",
                                       "equal", "differing"};

/* One run's state: secrets, contexts, answers. The IV/nonce is public. */
typedef struct run_state {
    uint8_t key[128], in[BUF], out[BUF], back[BUF], tag[64];
    char sbox[SBOX_HEX];
    int forged_kind; /* from the seed's bit 0: consecutive runs differ */
    int want;        /* the answer the operation must give */
    size_t n;        /* bytes in out (a sealed message, a wrapping) */
    sc_cipher_opts opts;
    sc_cipher_info info;
    sc_aead_info ainfo;
    sc_hash_info hinfo;
    union {
        sc_cipher_ctx c;
        sc_mac_ctx m;
        sc_aead_ctx a;
    } ctx;
} run_state;

struct lib_case;
/* A kind of case in three steps: prepare (untraced: right tags, wrappings
 * to unwrap), key setup (traced or not: lib_case.trace_init), the
 * operation (traced, the context wiped at its end). */
typedef struct case_ops {
    int (*prepare)(ct_rng *r, const struct lib_case *c, run_state *s);
    int (*init)(const struct lib_case *c, run_state *s);
    int (*run)(const struct lib_case *c, run_state *s);
} case_ops;

typedef struct lib_case {
    const char *name, *kernel;
    const case_ops *ops;
    enum op op;
    size_t len, first; /* first: the first update's length (split) */
    int magma;         /* a secret S-box through opts.sbox */
    int trace_init;    /* key setup inside the trace (else done just before it) */
} lib_case;

static const uint8_t iv[64] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0x10, 0x20}; /* MGM: top bit 0 */
static int last_rc; /* the library's answer of the last run in this process */

static unsigned below(ct_rng *r, unsigned n)
{
    return (unsigned)(ct_rng_next(r) % n); /* bias irrelevant: test data */
}

/* A random valid S-box in hex, each digit's letter case random too. */
static void random_sbox_hex(ct_rng *r, char hex[SBOX_HEX])
{
    char *p = hex;
    for (int row = 0; row < 8; row++) {
        uint8_t perm[16];
        for (int i = 0; i < 16; i++) perm[i] = (uint8_t)i;
        for (int i = 15; i > 0; i--) { /* Fisher-Yates */
            unsigned j = below(r, (unsigned)i + 1);
            uint8_t t = perm[i];
            perm[i] = perm[j], perm[j] = t;
        }
        if (row) *p++ = ' ';
        for (int i = 0; i < 16; i++) {
            char c = "0123456789abcdef"[perm[i]];
            *p++ = (char)(c >= 'a' && (ct_rng_next(r) & 1) ? c - 'a' + 'A' : c);
        }
    }
    *p = 0;
}

/* Make a right tag wrong, in one of the two kinds. */
static void forge(ct_rng *r, const run_state *s, uint8_t *tag, size_t n)
{
    if (s->forged_kind) tag[below(r, (unsigned)n)] ^= (uint8_t)(1 + below(r, 255));
    else tag[n - 1] ^= 1;
}

/* Every case of the library: draw, prepare, [init], begin, [init], run, end. */
static int lib_case_run(ct_rng *r, const void *arg)
{
    const lib_case *c = arg;
    static run_state s; /* a fork's own copy; too large for the stack of every case */
    memset(&s, 0, sizeof s);
    s.forged_kind = (int)(r->s & 1);
    ct_rng_fill(r, s.key, sizeof s.key);
    ct_rng_fill(r, s.in, sizeof s.in);
    s.opts.kernel = c->kernel;
    if (c->magma) random_sbox_hex(r, s.sbox), s.opts.sbox = s.sbox;
    sc_cipher_info_get(c->name, &s.info), sc_aead_info_get(c->name, &s.ainfo), sc_hash_info_get(c->name, &s.hinfo);
    int rc = c->ops->prepare ? c->ops->prepare(r, c, &s) : SC_OK;
    if (rc != SC_OK) return last_rc = rc, 1;
    if (!c->trace_init && c->ops->init) rc = c->ops->init(c, &s);
    ct_trace_begin();
    if (c->trace_init && c->ops->init) rc = c->ops->init(c, &s);
    if (rc == SC_OK) rc = c->ops->run(c, &s);
    ct_trace_end();
    last_rc = rc;
    return rc != s.want;
}

/* ---- ciphers and key wrap ---- */
static int cipher_init(const lib_case *c, run_state *s)
{
    return sc_cipher_init_ex(&s->ctx.c, c->name, c->op == OP_ENCRYPT, s->key, s->info.key_size,
                             s->info.iv_size ? iv : NULL, s->info.iv_size, &s->opts);
}

static int cipher_run(const lib_case *c, run_state *s)
{
    size_t n1 = 0, n2 = 0, fin = 0;
    int rc = sc_cipher_update(&s->ctx.c, s->in, c->first, s->out, BUF, &n1);
    if (rc == SC_OK) rc = sc_cipher_update(&s->ctx.c, s->in + c->first, c->len - c->first, s->out + n1, BUF - n1, &n2);
    if (rc == SC_OK) rc = sc_cipher_final(&s->ctx.c, s->out + n1 + n2, BUF - n1 - n2, &fin);
    sc_cipher_wipe(&s->ctx.c);
    return rc;
}

/* Key wrap is one call (sc_cipher_crypt): its key setup is always traced. */
static int wrap_prepare(ct_rng *r, const lib_case *c, run_state *s)
{
    if (c->op == OP_WRAP) return SC_OK;
    int rc = sc_cipher_crypt(c->name, 1, s->key, s->info.key_size, NULL, 0, s->in, c->len, s->out, BUF, &s->n, &s->opts);
    if (c->op == OP_UNWRAP_FORGED) forge(r, s, s->out, s->n), s->want = SC_EAUTH;
    return rc;
}

static int wrap_run(const lib_case *c, run_state *s)
{
    size_t n = 0;
    if (c->op == OP_WRAP)
        return sc_cipher_crypt(c->name, 1, s->key, s->info.key_size, NULL, 0, s->in, c->len, s->out, BUF, &n, &s->opts);
    return sc_cipher_crypt(c->name, 0, s->key, s->info.key_size, NULL, 0, s->out, s->n, s->back, BUF, &n, &s->opts);
}

/* ---- MACs ---- */
static int mac_init(const lib_case *c, run_state *s)
{
    return test_mac_init(&s->ctx.m, c->name, s->key, s->info.key_size, &s->opts);
}

static int mac_run(const lib_case *c, run_state *s)
{
    int rc = sc_mac_update(&s->ctx.m, s->in, c->first);
    if (rc == SC_OK) rc = sc_mac_update(&s->ctx.m, s->in + c->first, c->len - c->first);
    if (rc == SC_OK)
        rc = c->op == OP_MAC ? sc_mac_final(&s->ctx.m, s->tag, s->info.tag_size)
                             : sc_mac_verify(&s->ctx.m, s->tag, s->info.tag_size);
    sc_mac_wipe(&s->ctx.m);
    return rc;
}

/* verify: the right tag (or a forged one), computed untraced */
static int mac_prepare(ct_rng *r, const lib_case *c, run_state *s)
{
    if (c->op == OP_MAC) return SC_OK;
    lib_case whole = *c;
    whole.op = OP_MAC;
    int rc = mac_init(c, s);
    if (rc == SC_OK) rc = mac_run(&whole, s);
    if (c->op == OP_VERIFY_FORGED) forge(r, s, s->tag, s->info.tag_size), s->want = SC_EAUTH;
    return rc;
}

/* ---- AEADs (37 bytes of secret AAD after the plaintext) ---- */
static int aead_init(const lib_case *c, run_state *s)
{
    return sc_aead_init(&s->ctx.a, c->name, s->key, s->ainfo.key_size, &s->opts);
}

static int aead_run(const lib_case *c, run_state *s)
{
    const uint8_t *aad = s->in + MAX_DATA + 8;
    const size_t tag = s->ainfo.tag_size, nonce = s->ainfo.nonce_size;
    size_t m = 0, m2 = 0;
    int rc;
    if (c->op == OP_SEAL) {
        rc = sc_aead_seal(&s->ctx.a, iv, nonce, aad, AAD, s->in, c->len, s->out, BUF, &s->n, tag);
    } else if (c->op == OP_SEAL_STREAM) {
        rc = sc_aead_start(&s->ctx.a, 1, iv, nonce);
        if (rc == SC_OK) rc = sc_aead_update_aad(&s->ctx.a, aad, AAD / 2);
        if (rc == SC_OK) rc = sc_aead_update_aad(&s->ctx.a, aad + AAD / 2, AAD - AAD / 2);
        if (rc == SC_OK) rc = sc_aead_encrypt_update(&s->ctx.a, s->in, c->first, s->out, BUF, &m);
        if (rc == SC_OK)
            rc = sc_aead_encrypt_update(&s->ctx.a, s->in + c->first, c->len - c->first, s->out + m, BUF - m, &m2);
        if (rc == SC_OK) rc = sc_aead_encrypt_final(&s->ctx.a, s->out + c->len, tag);
    } else {
        rc = sc_aead_open(&s->ctx.a, iv, nonce, aad, AAD, s->out, s->n, s->back, BUF, &m, tag);
        if (rc == SC_OK && memcmp(s->back, s->in, c->len) != 0) rc = SC_EAUTH; /* (public: the test's answer) */
    }
    sc_aead_wipe(&s->ctx.a);
    return rc;
}

/* open: a message sealed untraced, its tag forged or not */
static int aead_prepare(ct_rng *r, const lib_case *c, run_state *s)
{
    if (c->op != OP_OPEN && c->op != OP_OPEN_FORGED) return SC_OK;
    lib_case seal = *c;
    seal.op = OP_SEAL;
    int rc = aead_init(c, s);
    if (rc == SC_OK) rc = aead_run(&seal, s);
    if (c->op == OP_OPEN_FORGED)
        forge(r, s, s->out + s->n - s->ainfo.tag_size, s->ainfo.tag_size), s->want = SC_EAUTH;
    return rc;
}

/* ---- hashes: the message secret ---- */
static int hash_run(const lib_case *c, run_state *s)
{
    sc_hash_opts opts = {.kernel = c->kernel};
    size_t olen = s->hinfo.is_xof ? 40 : s->hinfo.digest_size;
    /* five messages: the lanes, a refill, the single-stream finish */
    const void *msgs[5] = {s->in, s->in + 1, s->in + 7, s->in + 64, s->in + 3};
    const size_t lens[5] = {MAX_DATA - 7, 200, 5, 300, MAX_DATA - 3};
    if (c->op == OP_HASH) return sc_hash_ex(c->name, &opts, s->in, c->len, s->out, olen);
    if (c->op == OP_HASH_MANY) return sc_hash_many(c->name, &opts, 5, msgs, lens, s->out, olen);
    sc_hash_ctx x;
    int rc = sc_hash_init_ex(&x, c->name, &opts);
    if (rc == SC_OK) rc = sc_hash_update(&x, s->in, c->first);
    if (rc == SC_OK) rc = sc_hash_update(&x, s->in + c->first, c->len - c->first);
    if (rc == SC_OK) rc = sc_hash_final(&x, s->out, olen);
    sc_hash_wipe(&x);
    return rc;
}

/* ---- the S-box parser and check, sc_memeq: verdicts public (one per case) ---- */
static int misc_prepare(ct_rng *r, const lib_case *c, run_state *s)
{
    random_sbox_hex(r, s->sbox);
    memcpy(s->back, s->in, 64);
    if (c->op == OP_MEMEQ_DIFFER) forge(r, s, s->back, 64);
    return SC_OK;
}

static int misc_run(const lib_case *c, run_state *s)
{
    uint8_t sbox[8][16];
    if (c->op == OP_SBOX) {
        int rc = sc_magma_sbox_from_hex(s->sbox, sbox);
        return rc == SC_OK && sc_magma_sbox_valid(&sbox[0][0]) ? SC_OK : SC_EINVAL;
    }
    return sc_memeq(s->in, s->back, 64) == (c->op == OP_MEMEQ_EQUAL) ? SC_OK : SC_EAUTH;
}

static const case_ops cipher_ops = {NULL, cipher_init, cipher_run}, wrap_ops = {wrap_prepare, NULL, wrap_run},
                      mac_ops = {mac_prepare, mac_init, mac_run}, aead_ops = {aead_prepare, aead_init, aead_run},
                      hash_ops = {NULL, NULL, hash_run}, misc_ops = {misc_prepare, NULL, misc_run};

/* What a (algorithm, kernel) group has had in the quick run: its modes, key
 * classes (block and key size) and the cases run once per group. */
typedef struct plan {
    char group[96];
    char modes[32][24];
    unsigned classes[32], n_modes, n_classes;
    int init_traced, long_traced, checks_traced, aead_init_traced;
    uint64_t init_steps; /* what the traced key setup case cost */
} plan;
static plan plans[96];
static size_t n_plans;
static int full_run; /* --full: every case below, key setup always traced */

static plan *plan_of(const char *group)
{
    for (size_t i = 0; i < n_plans; i++)
        if (strcmp(plans[i].group, group) == 0) return &plans[i];
    if (n_plans == sizeof plans / sizeof *plans) return &plans[n_plans - 1];
    snprintf(plans[n_plans].group, sizeof plans[n_plans].group, "%s", group);
    return &plans[n_plans++];
}

/* Quick run: a name is traced on a kernel only when it brings a mode or a
 * block size the group has not had (the kernels' code differs by block
 * size, the mode code by mode; the key size changes the round count, a
 * public loop bound, and the portable key schedule: --full runs every
 * size); 0 = full run only (counted as deferred). */
static int quick_wanted(plan *p, const char *mode, size_t block_size)
{
    unsigned cls = (unsigned)block_size;
    int new_mode = 1, new_class = 1;
    for (unsigned i = 0; i < p->n_modes; i++) new_mode &= strcmp(p->modes[i], mode) != 0;
    for (unsigned i = 0; i < p->n_classes; i++) new_class &= p->classes[i] != cls;
    if (new_mode && p->n_modes < 32) snprintf(p->modes[p->n_modes++], sizeof p->modes[0], "%s", mode);
    if (new_class && p->n_classes < 32) p->classes[p->n_classes++] = cls;
    return full_run || new_mode || new_class;
}

/* Register one case unless its length is refused (a MAC or wrap that takes
 * whole blocks only: the untraced probe answers SC_ELENGTH or SC_EINVAL). */
static int add(const char *group, const lib_case *proto, enum op op, size_t len, int split)
{
    lib_case c = *proto;
    c.op = op, c.len = len, c.first = split ? len / 2 + 1 : len;
    if (c.first > len) c.first = len;
    ct_rng probe = {12345};
    last_rc = SC_OK;
    if (op == OP_WRAP || op == OP_MAC) {
        lib_case_run(&probe, &c);
        if (last_rc == SC_ELENGTH || last_rc == SC_EINVAL) return 0;
    }
    char what[240];
    snprintf(what, sizeof what, "%s on %s: %s, %zu bytes%s%s%s", c.name, group, op_names[op], len,
             split ? " split" : "", c.magma ? ", secret S-box" : "", c.trace_init ? ", key setup" : "");
    return ct_run(group, what, lib_case_run, &c, CT_CLEAN);
}

/* The lengths of a cipher or MAC name; returns how many. Quick run: a
 * block (and a 5-byte tail for streams and MACs), plus once per group the
 * long one (528 bytes rounded down to blocks) split over two updates. */
static size_t cipher_lengths(const sc_cipher_info *info, int is_mac, plan *p, size_t out[5])
{
    size_t n = 0, bs = info->block_size, wide = 528 / bs * bs;
    int tails = info->is_stream || is_mac;
    if (!full_run) {
        out[n++] = bs + (tails ? 5 : 0);
        if (!p->long_traced && wide > bs) out[n++] = wide, p->long_traced = 1;
        return n;
    }
    out[n++] = bs, out[n++] = 5 * bs;
    if (wide > 5 * bs) out[n++] = wide;
    if (tails) out[n++] = 69, out[n++] = MAX_DATA;
    return n;
}

static int cipher_name_cases(const char *group, const char *name, const char *kernel, int is_mac)
{
    sc_cipher_info info;
    sc_cipher_info_get(name, &info);
    plan *p = plan_of(group);
    /* a key wrap is one call: its key setup is always traced; in the quick
     * run only where key setup is cheap (AES: ~1,000 instructions; Kalyna's
     * portable key schedule ~100,000: wrap code and key setup both traced
     * elsewhere) */
    if ((info.one_shot && !full_run && p->init_steps > 20000) || !quick_wanted(p, info.mode, info.block_size))
        return ct_defer(group), 0;
    lib_case c = {name, kernel, is_mac ? &mac_ops : info.one_shot ? &wrap_ops : &cipher_ops, OP_ENCRYPT, 0, 0,
                  strcmp(info.algorithm, "magma") == 0, 1};
    int failures = 0, checks = full_run || !p->checks_traced;
    size_t lengths[5], n = cipher_lengths(&info, is_mac, p, lengths);
    for (size_t i = 0; i < n; i++) {
        int split = i == n - 1 && (full_run || i > 0);
        /* quick run: the key setup traced in the group's first case only */
        c.trace_init = full_run || !p->init_traced;
        uint64_t before = ct_steps_so_far();
        if (is_mac) {
            failures += add(group, &c, OP_MAC, lengths[i], split);
        } else if (info.one_shot) {
            failures += add(group, &c, OP_WRAP, lengths[i], 0);
        } else {
            /* quick: decrypt where it runs the kernels' decryption (CTR,
             * OFB, CFB, CNT decrypt with the encryption op); its key setup
             * (the schedule, then the decryption keys) is the one traced */
            int decrypt = full_run || strcmp(info.mode, "ecb") == 0 || strcmp(info.mode, "cbc") == 0 ||
                          strcmp(info.mode, "xts") == 0;
            int init = c.trace_init;
            c.trace_init = init && (full_run || !decrypt);
            failures += add(group, &c, OP_ENCRYPT, lengths[i], split);
            c.trace_init = init;
            if (decrypt) failures += add(group, &c, OP_DECRYPT, lengths[i], split);
        }
        if (c.trace_init && !p->init_traced) p->init_steps = ct_steps_so_far() - before, p->init_traced = 1;
    }
    size_t check_len = 5 * info.block_size; /* whole blocks: every MAC and wrap takes them */
    c.trace_init = full_run;
    if (is_mac && checks) {
        p->checks_traced = 1;
        failures += add(group, &c, OP_VERIFY, check_len, 0);
        failures += add(group, &c, OP_VERIFY_FORGED, check_len, 0);
    } else if (info.one_shot && full_run) {
        failures += add(group, &c, OP_UNWRAP, check_len, 0);
        failures += add(group, &c, OP_UNWRAP_FORGED, check_len, 0);
    }
    return failures;
}

static int aead_name_cases(const char *group, const char *name, const char *kernel, int magma)
{
    static const size_t lengths[] = {1, 69, MAX_DATA};
    sc_aead_info info;
    sc_aead_info_get(name, &info);
    plan *p = plan_of(group);
    const char *mode = strrchr(name, '-');
    if (!quick_wanted(p, mode ? mode : name, 0)) return ct_defer(group), 0;
    /* the AEAD's key setup once per group (the cipher's, then H and its
     * powers or the MGM tables, kernel-specific) */
    lib_case c = {name, kernel, &aead_ops, OP_SEAL, 0, 0, magma, full_run || !p->aead_init_traced};
    p->aead_init_traced = 1;
    int failures = 0;
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++)
        if (full_run || lengths[i] == 69) failures += add(group, &c, OP_SEAL, lengths[i], 0);
    c.trace_init = full_run;
    if (full_run && !info.one_shot) failures += add(group, &c, OP_SEAL_STREAM, MAX_DATA, 1);
    if (full_run || !p->checks_traced) {
        p->checks_traced = 1;
        failures += add(group, &c, OP_OPEN, 69, 0);
        failures += add(group, &c, OP_OPEN_FORGED, 69, 0);
    }
    return failures;
}

static int hash_name_cases(const char *group, const char *name, const char *kernel)
{
    lib_case c = {name, kernel, &hash_ops, OP_HASH, 0, 0, 0, 0};
    plan *p = plan_of(group);
    int failures = add(group, &c, OP_HASH, 71, 0);
    if (full_run) {
        failures += add(group, &c, OP_HASH, MAX_DATA - 24, 0);
        failures += add(group, &c, OP_HASH_STREAM, MAX_DATA - 24, 1);
    }
    if (full_run || !p->long_traced) { /* the multi-lane kernels: once per group */
        p->long_traced = 1;
        failures += add(group, &c, OP_HASH_MANY, 0, 0);
    }
    return failures;
}

/* ct_each_case's callback: one name on one kernel. */
static int name_on_kernel(enum ct_kind kind, const char *name, const sc_kernel_info *k, void *arg)
{
    (void)arg;
    if (!ct_kernel_wanted(k->name)) return 0;
    char group[96];
    snprintf(group, sizeof group, "%s %s", k->algorithm, k->name);
    if (!k->runnable) {
        ct_skip(group, 1);
        return 0;
    }
    int magma = strcmp(k->algorithm, "magma") == 0;
    if (kind == CT_KIND_HASH) return hash_name_cases(group, name, k->name);
    if (kind != CT_KIND_AEAD) return cipher_name_cases(group, name, k->name, kind == CT_KIND_MAC);
    size_t len = strlen(name);
    if (len < 4 || strcmp(name + len - 4, "-mgm") != 0) return aead_name_cases(group, name, k->name, magma);
    /* MGM: its GF(2^n) multiplication has kernels of its own ("mgm"), forced in turn */
    int failures = 0;
    for (size_t g = 0; g < sc_kernel_count("mgm"); g++) {
        sc_kernel_info gk;
        if (sc_kernel_get("mgm", g, &gk) != SC_OK || !ct_kernel_wanted(gk.name)) continue;
        char mgroup[96];
        snprintf(mgroup, sizeof mgroup, "%s %s, mgm %s", k->algorithm, k->name, gk.name);
        if (!gk.runnable || sc_kernel_force("mgm", gk.name) != SC_OK) {
            ct_skip(mgroup, 1);
            continue;
        }
        failures += aead_name_cases(mgroup, name, k->name, magma);
    }
    sc_kernel_force("mgm", NULL);
    return failures;
}

int ct_library_cases(int full)
{
    full_run = full;
    static const char *const misc_names[] = {"sc_magma_sbox_from_hex", "sc_memeq", "sc_memeq"};
    int failures = 0;
    for (enum ct_kind kind = CT_KIND_CIPHER; kind <= CT_KIND_HASH; kind++)
        failures += ct_each_case(kind, name_on_kernel, NULL);
    for (enum op op = OP_SBOX; op <= OP_MEMEQ_DIFFER; op++) {
        lib_case c = {misc_names[op - OP_SBOX], "portable", &misc_ops, OP_SBOX, 64, 64, 0, 0};
        failures += add("portable (S-box parser, sc_memeq)", &c, op, 64, 0);
    }
    return failures;
}
