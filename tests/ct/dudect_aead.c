/* SPDX-License-Identifier: Apache-2.0 */
/* dudect tests of every AEAD name (sc_aead_name_at) on every kernel of its
 * algorithm, chosen through sc_cipher_opts.kernel, in the library as built:
 *   key   fixed vs random key, random data: key setup + seal
 *   data  fixed vs random plaintext and AAD, one random key per batch: seal
 *   tag   open of a fixed message under a tag wrong in its last byte vs a
 *         tag wrong in a random byte by a random value: decryption and the
 *         tag comparison must not tell where or how a tag differs. (Whether
 *         it is right is the verdict the call returns: the library
 *         declassifies it and zeroes a refused plaintext after a branch,
 *         src/core/ct_public.h, so a right tag is not a class here.)
 * Messages: 65 blocks + 3 bytes of plaintext and 19 bytes of AAD (batch,
 * tail and partial-block paths); the portable kernel 3 blocks + 3. */
#include <simdcrypt/aead.h>
#include <simdcrypt/kernels.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dudect_cases.h"

enum secret { S_KEY, S_DATA, S_TAG };
static const char *const secret_names[] = {"key", "data", "tag"};
enum { AAD = 19, NONCE_MAX = 64 }; /* Kalyna-512: one 64-byte block */

typedef struct aead_arg {
    const char *name;
    sc_aead_info info;
    sc_cipher_opts opts;
    enum secret secret;
    int status;
    size_t len;
    uint8_t nonce[NONCE_MAX], fixed_key[64];
    struct slot {
        uint8_t key[64], aad[AAD];
    } *slots;
    uint8_t *data, *fixed, *sealed, *out;
    sc_aead_ctx c;
} aead_arg;

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL) abort();
    return p;
}

static void release(void *p)
{
    aead_arg *a = p;
    free(a->slots), free(a->data), free(a->fixed), free(a->sealed), free(a->out);
    a->slots = NULL, a->data = a->fixed = a->sealed = a->out = NULL;
    sc_aead_wipe(&a->c);
}

static void setup(aead_arg *a, dd_rng *rng)
{
    const size_t sealed = a->len + a->info.tag_size;
    a->slots = xmalloc(sizeof *a->slots * DD_SLOTS);
    a->data = xmalloc(sealed * DD_SLOTS);
    a->fixed = xmalloc(sealed);
    a->sealed = xmalloc(sealed);
    a->out = xmalloc(sealed);
    dd_fill(rng, a->fixed_key, sizeof a->fixed_key);
    dd_fill(rng, a->fixed, a->len);
    if (a->secret == S_TAG) { /* one fixed key and message, sealed once */
        size_t n;
        a->status |= sc_aead_init(&a->c, a->name, a->fixed_key, a->info.key_size, &a->opts);
        a->status |= sc_aead_seal(&a->c, a->nonce, a->info.nonce_size, NULL, 0, a->fixed, a->len, a->sealed, sealed, &n,
                                  a->info.tag_size);
    }
}

static void prepare(void *p, size_t i, int cls, dd_rng *rng)
{
    aead_arg *a = p;
    if (a->slots == NULL) setup(a, rng);
    struct slot *s = &a->slots[i];
    const size_t sealed = a->len + a->info.tag_size;
    uint8_t *data = a->data + i * sealed;
    if (a->secret == S_KEY && cls == 0) memcpy(s->key, a->fixed_key, sizeof s->key);
    else dd_fill(rng, s->key, sizeof s->key);
    if (a->secret == S_DATA && i == 0) /* this batch's key */
        a->status |= sc_aead_init(&a->c, a->name, s->key, a->info.key_size, &a->opts);
    if (a->secret == S_DATA && cls == 0) memset(s->aad, 0x3c, AAD), memcpy(data, a->fixed, a->len);
    else dd_fill(rng, s->aad, AAD), dd_fill(rng, data, a->len);
    if (a->secret == S_TAG) {
        memcpy(data, a->sealed, sealed);
        if (cls == 0) data[sealed - 1] ^= 0x01; /* as late as a difference can be */
        else data[a->len + dd_below(rng, (uint32_t)a->info.tag_size)] ^= (uint8_t)(1 + dd_below(rng, 255));
    }
}

static uint64_t measure(void *p, size_t i)
{
    aead_arg *a = p;
    const struct slot *s = &a->slots[i];
    const size_t sealed = a->len + a->info.tag_size;
    const uint8_t *data = a->data + i * sealed;
    size_t n;
    int rc = 0;
    uint64_t t0 = dd_start();
    if (a->secret == S_KEY) rc |= sc_aead_init(&a->c, a->name, s->key, a->info.key_size, &a->opts);
    if (a->secret == S_TAG) {
        int verdict = sc_aead_open(&a->c, a->nonce, a->info.nonce_size, NULL, 0, data, sealed, a->out, sealed, &n,
                                   a->info.tag_size);
        rc |= verdict != SC_EAUTH; /* both classes are wrong tags */
    } else {
        rc |= sc_aead_seal(&a->c, a->nonce, a->info.nonce_size, s->aad, AAD, data, a->len, a->out, sealed, &n, a->info.tag_size);
    }
    uint64_t t = dd_stop() - t0;
    a->status |= rc;
    dd_sink += a->out[0];
    return t;
}

void ct_add_aead_tests(void)
{
    const char *name;
    for (size_t v = 0; (name = sc_aead_name_at(v)) != NULL; v++) {
        sc_aead_info info;
        if (sc_aead_info_get(name, &info) != SC_OK) abort();
        for (size_t k = 0; k < sc_kernel_count(info.algorithm); k++) {
            sc_kernel_info ki;
            sc_kernel_get(info.algorithm, k, &ki);
            char group[96];
            snprintf(group, sizeof group, "%s %s", info.algorithm, ki.name);
            if (!ki.runnable) {
                ct_skip(group, 3);
                continue;
            }
            size_t blocks = strcmp(ki.name, "portable") == 0 ? 3 : 65;
            for (enum secret s = S_KEY; s <= S_TAG; s++) {
                aead_arg *a = calloc(1, sizeof *a);
                if (a == NULL) abort();
                a->name = name, a->info = info, a->secret = s;
                a->opts.kernel = ki.name;
                a->len = 16 * blocks + 3;
                memset(a->nonce, 0x25, sizeof a->nonce); /* nonces are public (top bit 0: MGM) */
                dd_test t = {{0}, a, prepare, measure, release, &a->status};
                snprintf(t.name, sizeof t.name, "%s %s %s", name, ki.name, secret_names[s]);
                ct_add(group, &t, 0);
            }
        }
    }
}
