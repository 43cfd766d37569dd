/* simdcrypt speed: cases for the library's own checksum kernels.
 *
 * Every kernel sc_kernel_get lists for a checksum algorithm becomes a case,
 * fetched by name with sc_checksum_kernel (not through dispatch), so a
 * kernel added to the registry shows up here with no change. "portable" is
 * the reference; kernels this CPU cannot run are listed with the features
 * they lack.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"

typedef struct checksum_ctx {
    sc_checksum_fn fn;
} checksum_ctx;

static uint64_t run_checksum(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    uint32_t value = ((const checksum_ctx *)ctx)->fn((uint32_t)chain, in, n);
    bench_put_u32(out, value);
    return value;
}

static void missing_features(char *buf, size_t len, uint64_t needed)
{
    uint64_t missing = needed & ~sc_cpu_features();
    size_t used = (size_t)snprintf(buf, len, "not runnable here (needs");
    for (int f = 0; f < SC_F_COUNT && used < len; f++)
        if (missing & SC_FEAT(f)) used += (size_t)snprintf(buf + used, len - used, " %s", sc_feature_name(f));
    if (used < len) snprintf(buf + used, len - used, ")");
}

static void provide_checksum_kernels(bench_set *set, const char *algorithm)
{
    sc_checksum_fn probe;
    /* SC_EINVAL for the reference means "not a checksum algorithm". */
    if (sc_checksum_kernel(algorithm, "portable", &probe) != SC_OK) return;
    sc_kernel_info info;
    for (size_t i = 0; sc_kernel_get(algorithm, i, &info) == SC_OK; i++) {
        bench_case c = {
            .algorithm = info.algorithm,
            .kind = strcmp(info.name, "portable") == 0 ? BENCH_REFERENCE : BENCH_KERNEL,
            .out_size = 4,
        };
        snprintf(c.implementation, sizeof c.implementation, "%s", info.name);
        sc_checksum_fn fn = NULL;
        int status = sc_checksum_kernel(algorithm, info.name, &fn);
        checksum_ctx *ctx = status == SC_OK ? malloc(sizeof *ctx) : NULL;
        if (ctx != NULL) {
            ctx->fn = fn;
            c.ctx = ctx;
            c.run = run_checksum;
            c.cleanup = free;
        } else if (status == SC_ENOKERNEL || !info.runnable) {
            missing_features(c.note, sizeof c.note, info.features);
        } else {
            snprintf(c.note, sizeof c.note, "cannot fetch: %s", status == SC_OK ? "out of memory" : sc_strerror(status));
        }
        bench_add(set, &c);
    }
}
BENCH_PROVIDER(provide_checksum_kernels)
