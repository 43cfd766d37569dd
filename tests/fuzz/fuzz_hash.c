/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: every hash and XOF name on every kernel this CPU runs
 * against the portable kernel, one-shot, streamed in fuzzer-chosen pieces
 * with the output squeezed in pieces, and batched (sc_hash_many over the
 * message cut into several messages) against one message at a time.
 *
 * Input: [name index][offset][split max][split seed, 8][output length]
 *        [messages in the batch][customization length][message]. Names and
 * kernels come from the registry (sc_hash_name_at, sc_kernel_get), so a new
 * kernel is fuzzed without touching this file. */
#include <simdcrypt.h>
#include <simdcrypt/hash.h>

#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_OUT = 400, MAX_MSGS = 20 };

static int streamed(const char *name, const sc_hash_opts *o, int xof, const uint8_t *msg, size_t len, fuzz_splits sp,
                    uint8_t *out, size_t out_len)
{
    sc_hash_ctx c;
    int rc = sc_hash_init_ex(&c, name, o);
    size_t pos = 0;
    while (rc == SC_OK && pos < len) {
        size_t piece = fz_piece(&sp, len - pos);
        rc = sc_hash_update(&c, msg + pos, piece);
        pos += piece;
    }
    pos = 0;
    while (xof && rc == SC_OK && pos < out_len / 2) {
        size_t piece = fz_piece(&sp, out_len / 2 - pos);
        rc = sc_hash_squeeze(&c, out + pos, piece);
        pos += piece;
    }
    if (rc == SC_OK) rc = sc_hash_final(&c, out + pos, out_len - pos);
    sc_hash_wipe(&c);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    size_t names = 0, len, custom_len;
    while (sc_hash_name_at(names)) names++;
    const char *name = sc_hash_name_at(fz_byte(&in) % names);
    size_t off = fz_byte(&in) % 64;
    fuzz_splits sp = fz_splits(&in);
    size_t out_len = fz_byte(&in) * 3 % MAX_OUT, nmsgs = fz_byte(&in) % MAX_MSGS + 1;
    custom_len = fz_byte(&in) % 32;
    const uint8_t *src = fz_take(&in, in.n, &len);
    void *base;
    uint8_t *msg = fz_place(src, len, off, &base);
    sc_hash_info info;
    FZ_ASSERT(sc_hash_info_get(name, &info) == SC_OK, "%s: no info", name);
    if (!info.is_xof) out_len = info.digest_size;
    sc_hash_opts ref_o = {.kernel = "portable"};
    if (strcmp(name, "kangarootwelve") == 0) { /* the customization: the message's first bytes */
        ref_o.custom = msg, ref_o.custom_len = custom_len < len ? custom_len : len;
    }
    uint8_t want[MAX_OUT], got[MAX_OUT], many[MAX_MSGS * 64], one[64];
    FZ_ASSERT(sc_hash_ex(name, &ref_o, msg, len, want, out_len) == SC_OK, "%s portable failed", name);
    /* the batch: the message cut into nmsgs pieces (64-byte outputs at most) */
    const void *msgs[MAX_MSGS];
    size_t lens[MAX_MSGS], pos = 0, bout = out_len < 64 ? out_len : 64;
    fuzz_splits cut = sp;
    for (size_t i = 0; i < nmsgs; i++) {
        lens[i] = i + 1 == nmsgs ? len - pos : fz_piece(&cut, len - pos);
        msgs[i] = lens[i] ? msg + pos : NULL;
        pos += lens[i];
    }
    if (!info.is_xof) bout = out_len;
    sc_kernel_info k;
    for (size_t i = 0; sc_kernel_get(info.algorithm, i, &k) == SC_OK; i++) {
        if (!k.runnable) continue;
        sc_hash_opts o = ref_o;
        o.kernel = k.name;
        FZ_ASSERT(sc_hash_ex(name, &o, msg, len, got, out_len) == SC_OK && memcmp(got, want, out_len) == 0,
                  "%s %s one-shot differs (len %zu, out %zu)", name, k.name, len, out_len);
        FZ_ASSERT(streamed(name, &o, info.is_xof, msg, len, sp, got, out_len) == SC_OK &&
                      memcmp(got, want, out_len) == 0,
                  "%s %s streamed differs (len %zu, max piece %zu)", name, k.name, len, sp.max);
        if (o.custom_len) continue; /* the batch takes the same options for all: tested without */
        FZ_ASSERT(sc_hash_many(name, &o, nmsgs, msgs, lens, many, bout) == SC_OK, "%s %s batch failed", name, k.name);
        for (size_t m = 0; m < nmsgs; m++) {
            FZ_ASSERT(sc_hash_ex(name, &ref_o, msgs[m], lens[m], one, bout) == SC_OK, "%s portable failed", name);
            FZ_ASSERT(memcmp(one, many + m * bout, bout) == 0, "%s %s batch message %zu of %zu differs (len %zu)", name,
                      k.name, m, nmsgs, lens[m]);
        }
    }
    free(base);
    return 0;
}
