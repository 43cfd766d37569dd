/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target: every checksum kernel this CPU runs against the
 * portable one, over fuzzer-chosen starting values, alignments and splits.
 *
 * Input: [prefix length byte][offset byte][split max byte][split seed, 8]
 *        [prefix][message]. The starting value is the portable checksum of
 * the prefix from 0 (always a valid running value, for Adler-32 too); the
 * message is placed `offset % 64` bytes past a 64-byte boundary, ending at
 * the end of its allocation. Algorithms and kernels come from the registry
 * (every algorithm with a "portable" checksum kernel), so a new kernel is
 * fuzzed without touching this file. */
#include <simdcrypt.h>

#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The kernel over msg in the pieces sp gives. */
static uint32_t run_split(sc_checksum_fn fn, uint32_t v, const uint8_t *msg, size_t len, fuzz_splits sp)
{
    size_t pos = 0;
    do { /* empty pieces included: a kernel must keep the value */
        size_t piece = fz_piece(&sp, len - pos);
        v = fn(v, msg + pos, piece);
        pos += piece;
    } while (pos < len);
    return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    size_t prefix_len = fz_byte(&in) % 8, off = fz_byte(&in) % 64, got, len;
    fuzz_splits sp = fz_splits(&in);
    const uint8_t *prefix = fz_take(&in, prefix_len, &got);
    prefix_len = got;
    const uint8_t *src = fz_take(&in, in.n, &len);
    void *base;
    uint8_t *msg = fz_place(src, len, off, &base);
    for (const char *const *alg = sc_algorithms(); *alg; alg++) {
        sc_checksum_fn portable;
        if (sc_checksum_kernel(*alg, "portable", &portable) != SC_OK) continue; /* not a checksum */
        uint32_t start = portable(0, prefix, prefix_len), want = portable(start, src, len);
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(*alg, i, &k) == SC_OK; i++) {
            sc_checksum_fn fn;
            if (!k.runnable) continue;
            FZ_ASSERT(sc_checksum_kernel(*alg, k.name, &fn) == SC_OK, "%s %s runnable but not returned", *alg, k.name);
            uint32_t whole = fn(start, msg, len), split = run_split(fn, start, msg, len, sp);
            FZ_ASSERT(whole == want, "%s %s: %08x, portable %08x (len %zu, offset %zu)", *alg, k.name,
                      (unsigned)whole, (unsigned)want, len, off);
            FZ_ASSERT(split == want, "%s %s split (max piece %zu): %08x, portable %08x (len %zu, offset %zu)", *alg,
                      k.name, sp.max, (unsigned)split, (unsigned)want, len, off);
        }
    }
    free(base);
    return 0;
}
