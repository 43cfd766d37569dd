/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: the "limit" case, a plain read of the same buffer with the
 * widest loads this CPU offers. Every checksum implementation's speed is
 * shown as a % of it: nothing that reads its input once can beat it. */
#include <string.h>

#include "bench.h"
#include "bench_limit.h"
#include "cli.h"

uint64_t bench_read_portable(const uint8_t *p, size_t n)
{
    /* Four independent lanes so even scalar cores overlap the loads; the
     * compiler vectorises this with the baseline SIMD (NEON, RVV if enabled). */
    uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, w[4];
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        memcpy(w, p + i, 32);
        a0 ^= w[0], a1 ^= w[1], a2 ^= w[2], a3 ^= w[3];
    }
    uint64_t last = 0;
    for (size_t k = 0; i < n; i++, k++) last ^= (uint64_t)p[i] << (8 * (k & 7));
    return a0 ^ a1 ^ a2 ^ a3 ^ last;
}

typedef uint64_t (*read_fn)(const uint8_t *, size_t);

static uint64_t run_read(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    read_fn read = *(const read_fn *)ctx;
    uint64_t v = read(in, n) ^ chain;
    memcpy(out, &v, sizeof v);
    return v;
}

/* Chosen once: the widest loop whose features this CPU has (after
 * SIMDCRYPT_DISABLE, like the kernels it is compared with). */
static read_fn chosen_read;

static const char *choose_read(void)
{
    uint64_t have = sc_cpu_features();
    (void)have;
#if defined(__x86_64__)
    uint64_t avx512 = SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW);
    if ((have & avx512) == avx512) {
        chosen_read = bench_read_avx512;
        return "memory read (avx512 load+xor)";
    }
    if (have & SC_FEAT(SC_F_AVX2)) {
        chosen_read = bench_read_avx2;
        return "memory read (avx2 load+xor)";
    }
#endif
    chosen_read = bench_read_portable;
    return "memory read (portable load+xor)";
}

static void provide_limit(bench_set *set, const char *algorithm)
{
    /* Ciphers (and MACs, AEADs, hashes) run at a fraction of a percent of it: for them the row would
     * cost a tenth of a full run and say nothing. */
    if (bench_speed_family(algorithm)) return;
    bench_case c = {.algorithm = algorithm, .kind = BENCH_LIMIT, .run = run_read, .ctx = &chosen_read,
                    .out_size = 8, .flags = BENCH_IGNORES_CHAIN};
    snprintf(c.implementation, sizeof c.implementation, "%s", choose_read());
    bench_add(set, &c);
}
BENCH_PROVIDER(provide_limit)
