/* SPDX-License-Identifier: Apache-2.0 */
/* Differential test: every runnable kernel of every checksum against the
 * portable reference, for every length 0..4096 at every alignment 0..63,
 * lengths around the kernels' chunk sizes, random lengths up to 1 MiB, and
 * random chaining splits (SC_TEST_QUICK and SC_TEST_SPARSE_ALIGN shorten the
 * sweep for emulated CPUs). */
#include <simdcrypt.h>

#include "checksum_inputs.h"

enum { FULL_MAX_LEN = 4096, QUICK_MAX_LEN = 512, MAX_ALIGN = 64, BIG = 1 << 20 };

/* SC_TEST_QUICK=1 (emulated configurations that only change dispatch)
 * shortens the sweep to lengths 0..512 and fewer random long inputs. */
static size_t max_len = FULL_MAX_LEN;
static int random_iterations = 24;
/* SC_TEST_SPARSE_ALIGN=1 (the larger emulated VLENs, whose vector kernels
 * qemu runs slowly and whose scalar head and tail code the smallest VLEN
 * already swept): lengths past SPARSE_FROM at a few alignments only. */
enum { SPARSE_FROM = 1024 };
static int sparse_align;
static int align_swept(size_t align, size_t len)
{
    static const unsigned char few[] = {0, 1, 3, 8, 13, 32, 63};
    if (!sparse_align || len <= SPARSE_FROM) return 1;
    for (size_t i = 0; i < sizeof few; i++)
        if (few[i] == align) return 1;
    return 0;
}

static sc_checksum_fn kernels[16];
static const char *names[16];
static size_t nkernels;

static void load_kernels(const char *alg)
{
    sc_kernel_info k;
    nkernels = 0;
    for (size_t i = 0; sc_kernel_get(alg, i, &k) == SC_OK && nkernels < 16; i++)
        if ((i == 0 || test_kernel_selected(k.runnable, k.name)) && /* 0: the reference */
            sc_checksum_kernel(alg, k.name, &kernels[nkernels]) == SC_OK)
            names[nkernels++] = k.name;
}

/* Chain fn over buf in random pieces (some empty, some tiny, some large). */
static uint32_t chained(sc_checksum_fn fn, uint32_t v, const uint8_t *buf, size_t len, uint64_t *rng)
{
    while (len) {
        size_t piece = (size_t)(test_rand(rng) % 4 == 0 ? test_rand(rng) % 8 : test_rand(rng) % (len + 1));
        if (piece > len) piece = len;
        v = fn(v, buf, piece);
        buf += piece, len -= piece;
    }
    return v;
}

static void test_algorithm(const char *alg, uint8_t *arena)
{
    load_kernels(alg);
    sc_checksum_fn ref = kernels[0];
    printf("%s: %zu kernels:", alg, nkernels);
    for (size_t k = 0; k < nkernels; k++) printf(" %s", names[k]);
    printf("\n");
    const uint32_t init = checksum_initial(alg);
    /* Every length at every alignment: a failure prints the first few.
     * The reference of each length extends the previous one by a byte
     * (checksums chain: fn(fn(v, p, n - 1), p + n - 1, 1) = fn(v, p, n),
     * checked at the random splits below), so it costs one pass per
     * alignment, not one per length: under qemu the portable code was
     * half of the sweep's emulated time. */
    for (size_t align = 0; align < MAX_ALIGN; align++) {
        uint32_t want = init;
        for (size_t len = 0; len <= max_len; len++) {
            if (len) want = ref(want, arena + align + len - 1, 1);
            if (!align_swept(align, len)) continue;
            for (size_t k = 1; k < nkernels; k++) {
                uint32_t got = kernels[k](init, arena + align, len);
                if (got != want) CHECK_EQ_U32(got, want, "%s %s len %zu align %zu", alg, names[k], len, align);
                else test_passed++;
            }
        }
    }
    /* A non-initial starting value exercises the carried state. */
    for (size_t len = 0; len <= 1024; len += 7)
        for (size_t k = 1; k < nkernels; k++)
            CHECK_EQ_U32(kernels[k](0x12345678u, arena + 3, len), ref(0x12345678u, arena + 3, len),
                         "%s %s seeded len %zu", alg, names[k], len);
    /* Lengths around the long kernels' chunk sizes (1, 2, 4 and 8 KiB; the
     * fused AVX2 CRC-32C's 16320-byte chunks) and their sums, where one
     * chunk size hands over to the next: fixed, not left to the random
     * lengths below. */
    static const size_t edges[] = {1024, 2048, 4096, 8192, 12288, 16320, 16384, 24512, 32640, 65536};
    for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++)
        for (size_t len = edges[e] - 40; len <= edges[e] + 40; len += 8)
            for (size_t k = 1; k < nkernels; k++)
                CHECK_EQ_U32(kernels[k](init, arena + 5, len), ref(init, arena + 5, len), "%s %s edge len %zu", alg,
                             names[k], len);
    /* Random long lengths and random splits. */
    uint64_t rng = 0x5eed;
    for (int iter = 0; iter < random_iterations; iter++) {
        size_t len = (size_t)(test_rand(&rng) % BIG), align = (size_t)(test_rand(&rng) % MAX_ALIGN);
        uint32_t want = ref(init, arena + align, len);
        for (size_t k = 1; k < nkernels; k++) {
            CHECK_EQ_U32(kernels[k](init, arena + align, len), want, "%s %s len %zu", alg, names[k], len);
            CHECK_EQ_U32(chained(kernels[k], init, arena + align, len, &rng), want, "%s %s split len %zu", alg,
                         names[k], len);
        }
        CHECK_EQ_U32(chained(ref, init, arena + align, len, &rng), want, "%s portable split len %zu", alg, len);
    }
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *quick = getenv("SC_TEST_QUICK");
    if (quick && !strcmp(quick, "1")) max_len = QUICK_MAX_LEN, random_iterations = 4;
    const char *sparse = getenv("SC_TEST_SPARSE_ALIGN");
    sparse_align = sparse && !strcmp(sparse, "1");
    uint8_t *arena = malloc(BIG + MAX_ALIGN);
    test_fill(arena, BIG + MAX_ALIGN, 2024);
    for (size_t a = 0; a < 3; a++) test_algorithm(checksum_algorithms[a], arena);
    /* All-0xFF input maximises Adler-32's sums: the worst case for deferred
     * modulo, at lengths around every plausible chunk boundary. */
    memset(arena, 0xff, BIG + MAX_ALIGN);
    load_kernels("adler32");
    for (size_t len = 5500; len < 5600; len++)
        for (size_t k = 1; k < nkernels; k++)
            CHECK_EQ_U32(kernels[k](1, arena + 1, len), kernels[0](1, arena + 1, len), "adler32 %s ff len %zu",
                         names[k], len);
    for (size_t len = (1 << 16) - 70; len < (1 << 16) + 70; len += 3)
        for (size_t k = 1; k < nkernels; k++)
            CHECK_EQ_U32(kernels[k](0xfff0fff0u, arena, len), kernels[0](0xfff0fff0u, arena, len),
                         "adler32 %s ff len %zu", names[k], len);
    for (size_t k = 1; k < nkernels; k++)
        CHECK_EQ_U32(kernels[k](1, arena, BIG), kernels[0](1, arena, BIG), "adler32 %s ff 1 MiB", names[k]);
    free(arena);
    return test_finish();
}
