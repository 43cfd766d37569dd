/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: the "dispatched" case of every checksum: the public entry
 * point exactly as a user calls it (sc_crc32(...): dispatch slot, the
 * policy's size class, indirect call). This is the figure the project
 * optimises: what the dispatcher picks, not the best kernel on paper. */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

typedef uint32_t (*public_checksum_fn)(uint32_t, const void *, size_t);

static const struct {
    const char *algorithm;
    public_checksum_fn fn;
} public_checksums[] = {{"adler32", sc_adler32}, {"crc32", sc_crc32}, {"crc32c", sc_crc32c}};

static uint64_t run_public(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    public_checksum_fn fn = *(public_checksum_fn *)ctx;
    uint32_t value = fn((uint32_t)chain, in, n);
    bench_put_u32(out, value);
    return value;
}

static void provide_dispatched(bench_set *set, const char *algorithm)
{
    for (size_t i = 0; i < sizeof public_checksums / sizeof public_checksums[0]; i++) {
        if (strcmp(algorithm, public_checksums[i].algorithm) != 0) continue;
        bench_case c = {.algorithm = algorithm, .kind = BENCH_KERNEL, .out_size = 4};
        /* Which kernel that is at each size: the header's "dispatched" line. */
        snprintf(c.implementation, sizeof c.implementation, "dispatched (public API)");
        c.run = run_public;
        c.ctx = (void *)&public_checksums[i].fn;
        bench_add(set, &c);
    }
}
BENCH_PROVIDER(provide_dispatched)
