/* SPDX-License-Identifier: Apache-2.0 */
/* Public API contract: NULL handling, combine, kernel introspection,
 * SIMDCRYPT_DISABLE parsing and dispatch, the offset-taking entry points of
 * binding.h. Inputs larger than 4 GiB:
 * test_large_input.c. */
#include <simdcrypt.h>

#include "checksum_inputs.h"
#include "core/internal.h"

typedef uint32_t (*entry_fn)(uint32_t, const void *, size_t);
typedef uint32_t (*combine_fn)(uint32_t, uint32_t, uint64_t);
static const entry_fn entries[] = {sc_adler32, sc_crc32, sc_crc32c};
static const combine_fn combines[] = {sc_adler32_combine, sc_crc32_combine, sc_crc32c_combine};

static void test_null_and_empty(void)
{
    for (int a = 0; a < 3; a++) {
        uint32_t init = checksum_initial(checksum_algorithms[a]);
        CHECK_EQ_U32(entries[a](init, NULL, 0), init, "%s NULL,0", checksum_algorithms[a]);
        /* zlib convention: a NULL buffer returns the initial value, whatever
         * the length, and never dereferences. */
        CHECK_EQ_U32(entries[a](0xdeadbeef, NULL, SIZE_MAX), init, "%s NULL,SIZE_MAX", checksum_algorithms[a]);
        uint8_t byte = 7;
        CHECK_EQ_U32(entries[a](0x1234, &byte, 0), 0x1234, "%s len 0 keeps the value", checksum_algorithms[a]);
    }
}

typedef int64_t (*entry_at_fn)(uint32_t, const void *, size_t, size_t);
static const entry_at_fn entries_at[] = {sc_adler32_at, sc_crc32_at, sc_crc32c_at};

/* binding.h: f_at(v, buf, off, len) == f(v, buf + off, len) for a range that
 * can exist; an empty range keeps the value (NULL included: not zlib's NULL
 * rule); NULL with a length is SC_ENULL, NULL with an offset and a range
 * wrapping the address space SC_EINVAL, never a checksum. */
static void test_offset_entries(void)
{
    uint8_t buf[300];
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 7 + 3);
    for (int a = 0; a < 3; a++) {
        const char *alg = checksum_algorithms[a];
        for (size_t off = 0; off <= 100; off += 7)
            for (size_t len = 0; len <= 200; len += 13)
                CHECK(entries_at[a](0x5a5a, buf, off, len) == entries[a](0x5a5a, buf + off, len),
                      "%s_at off %zu len %zu", alg, off, len);
        CHECK(entries_at[a](0xfedcba98u, buf, 3, 1) == entries[a](0xfedcba98u, buf + 3, 1),
              "%s_at: a checksum with the top bit set is not a status", alg);
        CHECK(entries_at[a](0x1234, NULL, 0, 0) == 0x1234, "%s_at NULL, 0 keeps the value", alg);
        CHECK(entries_at[a](0x1234, buf, 5, 0) == 0x1234, "%s_at empty keeps the value", alg);
        CHECK(entries_at[a](0x1234, NULL, 0, 10) == SC_ENULL, "%s_at NULL with a length", alg);
        CHECK(entries_at[a](0x1234, NULL, 64, 10) == SC_ENULL, "%s_at NULL with an offset and a length", alg);
        CHECK(entries_at[a](0x1234, NULL, 64, 0) == SC_EINVAL, "%s_at NULL with an offset", alg);
        CHECK(entries_at[a](0x1234, buf + 8, SIZE_MAX - 3, 10) == SC_EINVAL, "%s_at wrapping offset", alg);
        CHECK(entries_at[a](0x1234, buf + 8, SIZE_MAX - 3, 0) == SC_EINVAL, "%s_at wrapping offset, len 0", alg);
        CHECK(entries_at[a](0x1234, buf, 8, SIZE_MAX - 3) == SC_EINVAL, "%s_at wrapping length", alg);
    }
}

static void test_combine(void)
{
    enum { N = 20000 };
    uint8_t *buf = malloc(N);
    test_fill(buf, N, 99);
    uint64_t rng = 77;
    for (int a = 0; a < 3; a++) {
        uint32_t init = checksum_initial(checksum_algorithms[a]);
        uint32_t whole = entries[a](init, buf, N);
        for (int i = 0; i < 200; i++) {
            size_t cut = i < 3 ? (size_t[]){0, N, 1}[i] : (size_t)(test_rand(&rng) % (N + 1));
            uint32_t x = entries[a](init, buf, cut), y = entries[a](init, buf + cut, N - cut);
            CHECK_EQ_U32(combines[a](x, y, N - cut), whole, "%s combine at %zu", checksum_algorithms[a], cut);
        }
    }
    /* Combine with a huge second length agrees with the closed form over
     * zero bytes: A || 0^n for n = 2^40 + 3, split as (2^40) + 3. */
    for (int a = 0; a < 3; a++) {
        uint32_t init = checksum_initial(checksum_algorithms[a]);
        uint8_t z[3] = {0};
        uint32_t zeros3 = entries[a](init, z, 3);
        uint64_t big = UINT64_C(1) << 40;
        uint32_t zeros_big = combines[a](init, init, 0); /* identity check below */
        CHECK_EQ_U32(zeros_big, init, "%s combine with empty", checksum_algorithms[a]);
        uint32_t x = combines[a](combines[a](init, zeros3, 3), zeros3, 3);
        uint8_t z6[6] = {0};
        CHECK_EQ_U32(x, entries[a](init, z6, 6), "%s combine twice", checksum_algorithms[a]);
        (void)big;
    }
    free(buf);
}

static void test_introspection(void)
{
    const char *const *algs = sc_algorithms();
    int found = 0;
    for (; *algs; algs++) found += !strcmp(*algs, "crc32c");
    CHECK(found == 1, "crc32c listed once");
    for (int a = 0; a < 3; a++) {
        const char *alg = checksum_algorithms[a];
        CHECK(sc_kernel_count(alg) >= 1, "%s has kernels", alg);
        sc_kernel_info k;
        CHECK(sc_kernel_get(alg, 0, &k) == SC_OK && !strcmp(k.name, "portable"), "%s index 0 is portable", alg);
        CHECK(sc_kernel_get(alg, sc_kernel_count(alg), &k) == SC_EINVAL, "%s out of range", alg);
        CHECK(sc_kernel_active(alg) != NULL, "%s active", alg);
        sc_checksum_fn fn;
        CHECK(sc_checksum_kernel(alg, "no-such-kernel", &fn) == SC_EINVAL && fn == NULL, "%s unknown kernel",
              alg);
        /* The active kernel is runnable and the one the dispatch policy names
         * (tests/test_policy.c checks the policy itself). */
        int active_runnable = 0;
        for (size_t i = 0; sc_kernel_get(alg, i, &k) == SC_OK; i++)
            if (k.runnable && !strcmp(k.name, sc_kernel_active(alg))) active_runnable = 1;
        sc_dispatch_info d;
        CHECK(sc_dispatch_get(alg, &d) == SC_OK && !strcmp(d.kernel, sc_kernel_active(alg)) && active_runnable,
              "%s active is runnable and the policy's", alg);
        for (size_t i = 0; sc_kernel_get(alg, i, &k) == SC_OK; i++) {
            int st = sc_checksum_kernel(alg, k.name, &fn);
            CHECK(st == (k.runnable ? SC_OK : SC_ENOKERNEL), "%s %s status %d", alg, k.name, st);
            CHECK((k.features & ~sc_cpu_features()) == 0 || !k.runnable, "%s %s runnable flag", alg, k.name);
        }
    }
    CHECK(sc_kernel_count("nope") == 0, "unknown algorithm");
    CHECK(sc_kernel_active("nope") == NULL, "unknown algorithm active");
    CHECK(sc_strerror(SC_EAUTH) != NULL && sc_strerror(12345) != NULL, "messages");
    CHECK(sc_feature_name(-1) == NULL && sc_feature_name(SC_F_COUNT) == NULL, "feature name range");
}

static void test_disable_parsing(void)
{
    CHECK(sc_parse_disable("") == 0, "empty");
    CHECK(sc_parse_disable(NULL) == 0, "NULL");
    CHECK(sc_parse_disable("avx2") == SC_FEAT(SC_F_AVX2), "avx2");
    CHECK(sc_parse_disable("avx2,pclmul") == (SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_PCLMUL)), "two");
    CHECK(sc_parse_disable(" sse42 , bogus,zvbc") == (SC_FEAT(SC_F_SSE42) | SC_FEAT(SC_F_RV_ZVBC)), "spaces");
    CHECK(sc_parse_disable("all") == ~UINT64_C(0), "all");
    CHECK(sc_parse_disable("avx512") & SC_FEAT(SC_F_AVX512F), "avx512 group");
    /* What SIMDCRYPT_DISABLE says must be absent is absent. */
    const char *env = getenv("SIMDCRYPT_DISABLE");
    uint64_t off = sc_parse_disable(env);
    CHECK((sc_cpu_features() & off) == 0, "disabled features absent (%s)", env ? env : "");
    CHECK((sc_cpu_features() & ~sc_cpu_features_raw()) == 0, "no invented features");
    printf("SIMDCRYPT_DISABLE=%s: adler32 %s, crc32 %s, crc32c %s\n", env ? env : "", sc_kernel_active("adler32"),
           sc_kernel_active("crc32"), sc_kernel_active("crc32c"));
    if (env && !strcmp(env, "all"))
        for (int a = 0; a < 3; a++)
            CHECK(!strcmp(sc_kernel_active(checksum_algorithms[a]), "portable"), "all disabled -> portable");
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_null_and_empty();
    test_offset_entries();
    test_combine();
    test_introspection();
    test_disable_parsing();
    return test_finish();
}
