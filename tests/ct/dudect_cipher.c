/* SPDX-License-Identifier: Apache-2.0 */
/* dudect tests of every cipher and MAC name (sc_cipher_name_at,
 * sc_mac_name_at) on every kernel of its algorithm (sc_kernel_get), chosen
 * through sc_cipher_opts.kernel, in the library as built:
 *   key   fixed vs random key, random data: key schedule + both directions
 *   data  fixed vs random data, random key: both directions (the key is
 *         drawn per batch of DD_SLOTS and set up untimed; each measurement
 *         starts from sc_cipher_reset, so the key schedule's time neither
 *         dilutes the samples nor adds its noise)
 *   sbox  (names taking opts.sbox) fixed vs random S-box in hex, random key
 *         and data: S-box parsing, key setup, the kernel's tables, encryption
 *   tag   (MACs) the check of a correct tag vs one differing in a random
 *         byte (ct_tag.h: final + the comparison) for a fixed key and a
 *         2-block message
 * Decryption runs too for ECB/CBC; streams and MACs have one direction.
 * Messages: one batch of the widest SIMD kernel plus a block (Kalyna 65
 * blocks, Magma 193) and, for streams, 3 more bytes, so batch, tail and
 * partial-block paths all run; the portable kernels (one block at a time,
 * and 10-100x slower) get 3 blocks so that they get enough samples too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct_tag.h"
#include "dudect_cases.h"
#include "../mac_nonce.h"

enum secret { S_KEY, S_DATA, S_SBOX, S_TAG };
static const char *const secret_names[] = {"key", "data", "sbox", "tag"};

typedef struct cipher_arg {
    const char *name;
    sc_cipher_info info;
    sc_cipher_opts opts;
    enum secret secret;
    int mac, status;
    size_t len;
    uint8_t iv[64], fixed_key[64], fixed_tag[64], batch_key[64];
    char fixed_sbox[CT_SBOX_HEX];
    /* per slot; allocated on first use, freed by release() */
    struct slot {
        uint8_t key[64], tag[64];
        char sbox[CT_SBOX_HEX];
    } *slots;
    uint8_t *data, *fixed_data, *out;
    sc_cipher_ctx enc, dec;
    sc_mac_ctx m;
} cipher_arg;

static void release(void *p)
{
    cipher_arg *a = p;
    free(a->slots), free(a->data), free(a->fixed_data), free(a->out);
    a->slots = NULL, a->data = a->fixed_data = a->out = NULL;
    sc_cipher_wipe(&a->enc), sc_cipher_wipe(&a->dec), sc_mac_wipe(&a->m);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL) abort();
    return p;
}

/* The fixed class's values, and (tag test) the correct tag of the fixed
 * key and fixed message, computed once. */
static void setup(cipher_arg *a, dd_rng *rng)
{
    a->slots = xmalloc(sizeof *a->slots * DD_SLOTS);
    a->data = xmalloc(a->len * DD_SLOTS);
    a->fixed_data = xmalloc(a->len);
    a->out = xmalloc(a->len + 64);
    dd_fill(rng, a->fixed_key, sizeof a->fixed_key);
    dd_fill(rng, a->fixed_data, a->len);
    uint8_t sbox[128];
    ct_random_sbox(rng, sbox);
    ct_sbox_hex(sbox, rng, a->fixed_sbox);
    if (a->secret == S_TAG) {
        a->status |= test_mac_init(&a->m, a->name, a->fixed_key, a->info.key_size, &a->opts);
        a->status |= sc_mac_update(&a->m, a->fixed_data, a->len);
        a->status |= sc_mac_final(&a->m, a->fixed_tag, a->info.tag_size);
    }
}

static int init_cipher(cipher_arg *a, sc_cipher_ctx *c, int encrypt, const uint8_t *key, const char *sbox)
{
    sc_cipher_opts o = a->opts;
    if (a->secret == S_SBOX) o.sbox = sbox;
    return sc_cipher_init_ex(c, a->name, encrypt, key, a->info.key_size, a->info.iv_size ? a->iv : NULL,
                             a->info.iv_size, &o);
}

static void prepare(void *p, size_t i, int cls, dd_rng *rng)
{
    cipher_arg *a = p;
    if (a->slots == NULL) setup(a, rng);
    struct slot *s = &a->slots[i];
    uint8_t *data = a->data + i * a->len;
    /* Random unless this is the secret of the test and the class is fixed. */
    if (a->secret == S_KEY && cls == 0) memcpy(s->key, a->fixed_key, sizeof s->key);
    else dd_fill(rng, s->key, sizeof s->key);
    if (a->secret == S_DATA && i == 0) { /* this batch's key */
        dd_fill(rng, a->batch_key, sizeof a->batch_key);
        a->status |= a->mac ? test_mac_init(&a->m, a->name, a->batch_key, a->info.key_size, &a->opts)
                            : init_cipher(a, &a->enc, 1, a->batch_key, NULL) |
                                  (a->info.is_stream ? 0 : init_cipher(a, &a->dec, 0, a->batch_key, NULL));
    }
    if ((a->secret == S_DATA && cls == 0) || a->secret == S_TAG) memcpy(data, a->fixed_data, a->len);
    else dd_fill(rng, data, a->len);
    if (a->secret == S_SBOX && cls == 1) {
        uint8_t sbox[128];
        ct_random_sbox(rng, sbox);
        ct_sbox_hex(sbox, rng, s->sbox);
    } else {
        memcpy(s->sbox, a->fixed_sbox, sizeof s->sbox);
    }
    if (a->secret == S_TAG) {
        /* fixed class: the correct tag; random: one byte at a random place
         * changed by a random non-zero value */
        memcpy(s->tag, a->fixed_tag, sizeof s->tag);
        memcpy(s->key, a->fixed_key, sizeof s->key);
        if (cls == 1) s->tag[dd_below(rng, (uint32_t)a->info.tag_size)] ^= (uint8_t)(1 + dd_below(rng, 255));
    }
}

static int run_cipher(cipher_arg *a, sc_cipher_ctx *c, const uint8_t *data)
{
    size_t n = 0, f = 0;
    int rc = sc_cipher_update(c, data, a->len, a->out, a->len + 64, &n);
    return rc | sc_cipher_final(c, a->out + n, a->len + 64 - n, &f);
}

static uint64_t measure_cipher(void *p, size_t i)
{
    cipher_arg *a = p;
    const struct slot *s = &a->slots[i];
    const uint8_t *data = a->data + i * a->len;
    int both = !a->info.is_stream, rc = 0, timed_init = a->secret != S_DATA;
    if (!timed_init) {
        rc |= sc_cipher_reset(&a->enc);
        if (both) rc |= sc_cipher_reset(&a->dec);
    }
    uint64_t t0 = dd_start();
    if (timed_init) rc |= init_cipher(a, &a->enc, 1, s->key, s->sbox);
    rc |= run_cipher(a, &a->enc, data);
    if (both) {
        if (timed_init) rc |= init_cipher(a, &a->dec, 0, s->key, s->sbox);
        rc |= run_cipher(a, &a->dec, data);
    }
    uint64_t t = dd_stop() - t0;
    a->status |= rc;
    dd_sink += a->out[0];
    return t;
}

static uint64_t measure_mac(void *p, size_t i)
{
    cipher_arg *a = p;
    const struct slot *s = &a->slots[i];
    const uint8_t *data = a->data + i * a->len;
    uint8_t tag[64] = {0};
    int rc = 0, timed_init = a->secret == S_KEY || a->secret == S_SBOX;
    sc_cipher_opts o = a->opts;
    if (a->secret == S_SBOX) o.sbox = s->sbox;
    if (!timed_init) rc |= sc_mac_reset(&a->m);
    if (a->secret == S_TAG) rc |= sc_mac_update(&a->m, data, a->len);
    uint64_t t0 = dd_start();
    if (timed_init) rc |= test_mac_init(&a->m, a->name, s->key, a->info.key_size, &o);
    if (a->secret == S_TAG) {
        dd_sink += (uint64_t)ct_mac_check(&a->m, s->tag, a->info.tag_size, &a->status);
    } else {
        rc |= sc_mac_update(&a->m, data, a->len);
        rc |= sc_mac_final(&a->m, tag, a->info.tag_size);
    }
    uint64_t t = dd_stop() - t0;
    a->status |= rc;
    dd_sink += tag[0];
    return t;
}

/* Does this MAC take a message that is not a whole number of blocks? */
static int takes_partial(const char *name, const sc_cipher_info *info)
{
    static const uint8_t zero[64];
    uint8_t tag[64];
    sc_mac_ctx m;
    int rc = test_mac_init(&m, name, zero, info->key_size, NULL);
    if (rc == SC_OK) rc = sc_mac_update(&m, zero, info->block_size + 3);
    if (rc == SC_OK) rc = sc_mac_final(&m, tag, info->tag_size);
    sc_mac_wipe(&m);
    return rc == SC_OK;
}

/* Does this name take an S-box option (Magma, GOST 28147-89)? */
static int takes_sbox(const char *name, const sc_cipher_info *info, int mac)
{
    static const uint8_t zero[64];
    sc_cipher_opts o = {.kernel = NULL, .sbox = "param-z"};
    sc_cipher_ctx c;
    sc_mac_ctx m;
    int rc = mac ? test_mac_init(&m, name, zero, info->key_size, &o)
                 : sc_cipher_init_ex(&c, name, 1, zero, info->key_size, info->iv_size ? zero : NULL,
                                     info->iv_size, &o);
    mac ? sc_mac_wipe(&m) : sc_cipher_wipe(&c);
    return rc == SC_OK;
}

/* Kalyna's feedback, XTS and GMAC modes run on the 128-128 variant only
 * (AES's modes of src/modes/ not at all):
 * their code is the same for every block size, whose kernels ECB, CBC, CTR
 * and the MAC already cover here; valgrind (ct_ciphers) and DFSan check
 * every name. Fewer cases keep enough samples per case in the 30 s budget
 * (the Welch test's false alarms grow with the number of cases). */
static int sampled(const char *name, const sc_cipher_info *info)
{
    static const char *const every_variant[] = {"ecb", "cbc", "ctr", "cmac"};
    /* AES's modes of src/modes/ (CFB, OFB, XTS, CMAC) are left
     * to valgrind and DFSan, as Kalyna's feedback modes beyond 128-128: the
     * budget holds AES's kernels' own modes */
    static const char *const aes_modes[] = {"ecb", "cbc", "ctr", "gmac", "ghash"};
    if (strcmp(info->algorithm, "aes") == 0) {
        for (size_t i = 0; i < sizeof aes_modes / sizeof aes_modes[0]; i++)
            if (strcmp(info->mode, aes_modes[i]) == 0) return 1;
        return 0;
    }
    if (strcmp(info->algorithm, "kalyna") != 0 || strncmp(name, "kalyna-128-128-", 15) == 0) return 1;
    for (size_t i = 0; i < sizeof every_variant / sizeof every_variant[0]; i++)
        if (strcmp(info->mode, every_variant[i]) == 0) return 1;
    return 0;
}

static void add_name(const char *name, int mac)
{
    sc_cipher_info info;
    if (sc_cipher_info_get(name, &info) != SC_OK) abort();
    if (!sampled(name, &info)) return;
    /* key wrap takes the whole message in one call (no streaming context to
     * time): ct_ciphers (valgrind) and ct_dfsan cover it */
    if (info.one_shot) return;
    int partial = info.is_stream || (mac && takes_partial(name, &info));
    enum secret last = takes_sbox(name, &info, mac) ? S_SBOX : S_DATA;
    for (size_t k = 0; k < sc_kernel_count(info.algorithm); k++) {
        sc_kernel_info ki;
        sc_kernel_get(info.algorithm, k, &ki);
        char group[96];
        snprintf(group, sizeof group, "%s %s", info.algorithm, ki.name);
        size_t n = (size_t)last + 1 + (size_t)mac;
        if (!ki.runnable) {
            ct_skip(group, n);
            continue;
        }
        size_t blocks = strcmp(ki.name, "portable") == 0 ? 3 : strcmp(info.algorithm, "magma") == 0 ? 193 : 65;
        for (enum secret s = S_KEY; s <= S_TAG; s++) {
            if (s > last && !(s == S_TAG && mac)) continue;
            cipher_arg *a = calloc(1, sizeof *a);
            if (a == NULL) abort();
            a->name = name, a->info = info, a->mac = mac, a->secret = s;
            a->opts.kernel = ki.name;
            a->len = (s == S_TAG ? 2 : blocks) * info.block_size + (partial ? 3 : 0);
            memset(a->iv, 0xa5, sizeof a->iv); /* IVs are public */
            dd_test t = {{0}, a, prepare, mac ? measure_mac : measure_cipher, release, &a->status};
            snprintf(t.name, sizeof t.name, "%s %s %s", name, ki.name, secret_names[s]);
            ct_add(group, &t, 0);
        }
    }
}

void ct_add_cipher_tests(void)
{
    const char *name;
    for (size_t i = 0; (name = sc_cipher_name_at(i)) != NULL; i++) add_name(name, 0);
    for (size_t i = 0; (name = sc_mac_name_at(i)) != NULL; i++) add_name(name, 1);
}
