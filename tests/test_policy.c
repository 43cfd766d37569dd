/* SPDX-License-Identifier: Apache-2.0 */
/* The dispatch policy (src/core/policy.h):
 *   1. as a pure function (identity, features) -> kernel, over a table of
 *      CPUs of every architecture: each gets a runnable kernel for every
 *      algorithm, and the expected one where a rule exists;
 *   2. on this host: the public entry points call what the policy names
 *      (BoringSSL's impl_dispatch_test idea: assert which kernel runs);
 *   3. sc_kernel_force: valid, unknown and unrunnable kernels, back to the
 *      policy, and concurrent use;
 *   4. `test_policy override` (run by ctest with SIMDCRYPT_KERNEL and
 *      SIMDCRYPT_DISABLE set to good and bad words): forced kernels, ignored
 *      words reported by sc_dispatch_note, nothing unrunnable ever chosen. */
#include <pthread.h>
#include <simdcrypt.h>

#include "core/policy.h"
#include "test_util.h"

#define F(x) SC_FEAT(SC_F_##x)

typedef struct cpu_case {
    const char *name;
    sc_cpu_id id;
    uint64_t features;
    const char *expect[6][2]; /* {algorithm, kernel} where a rule exists */
} cpu_case;

#if defined(SC_ARCH_X86_64)
#define X86_BASE (F(SSSE3) | F(SSE41) | F(SSE42) | F(PCLMUL) | F(AESNI) | F(AVX) | F(AVX2) | F(BMI2))
#define AVX512_BASE (F(AVX512F) | F(AVX512BW) | F(AVX512VL) | F(AVX512DQ))
#define AVX512_ICL (AVX512_BASE | F(AVX512VNNI) | F(AVX512VBMI) | F(AVX512IFMA) | F(VAES) | F(VPCLMUL) | F(GFNI))
#define AMD_ID(fam, mod) {.arch = "x86_64", .vendor = "AuthenticAMD", .family = fam, .model = mod}
#define INTEL_ID(mod) {.arch = "x86_64", .vendor = "GenuineIntel", .family = 6, .model = mod}
static const cpu_case cpus[] = {
    {"Zen 3", AMD_ID(0x19, 0x01), X86_BASE | F(VAES) | F(VPCLMUL) | F(SHANI), {{0}}},
    {"Zen 4 (EPYC 9004)", AMD_ID(0x19, 0x11), X86_BASE | AVX512_ICL | F(SHANI),
     {{"crc32", "x86-avx512-gfni-vpclmul"}, {"crc32c", "x86-avx512-gfni-vpclmul"}, {"chacha", "x86-avx512-ifma-zen4"}}},
    {"Zen 5 (EPYC 9005)", AMD_ID(0x1a, 0x02), X86_BASE | AVX512_ICL | F(SHANI),
     {{"crc32", "x86-avx512-gfni-vpclmul"}, {"crc32c", "x86-avx512-gfni-vpclmul"}}},
    {"Zen 5 without GFNI (rule skipped)", AMD_ID(0x1a, 0x02), X86_BASE | (AVX512_ICL & ~F(GFNI)), {{0}}},
    {"Skylake-SP", INTEL_ID(0x55), X86_BASE | AVX512_BASE, {{0}}},
    {"Ice Lake-SP", INTEL_ID(0x6a), X86_BASE | AVX512_ICL | F(SHANI), {{0}}},
    {"Sapphire Rapids", INTEL_ID(0x8f), X86_BASE | AVX512_ICL | F(SHANI), {{0}}},
    {"Intel Xeon model 167", INTEL_ID(167), X86_BASE | AVX512_ICL | F(SHANI),
     {{"crc32", "x86-avx512-vpclmul"}, {"crc32c", "x86-avx512-vpclmul"}}},
    {"Emerald Rapids", INTEL_ID(0xcf), X86_BASE | AVX512_ICL | F(SHANI),
     {{"crc32", "x86-avx512-vpclmul"}, {"crc32c", "x86-avx512-vpclmul"}, {"keccak", "x86-avx512-bmi"},
      {"kalyna", "x86-avx512-vbmi-gfni-p5"}}},
    {"Granite Rapids", INTEL_ID(0xad), X86_BASE | AVX512_ICL | F(SHANI), {{0}}},
    {"an x86-64 without SSSE3", AMD_ID(0x10, 0x02), 0, {{0}}},
};
#elif defined(SC_ARCH_AARCH64)
#define ARM_ID(impl, name, part) {.arch = "aarch64", .vendor = name, .midr_implementer = impl, .midr_part = part}
#define ARM_V8_CRYPTO (F(NEON) | F(ARM_AES) | F(ARM_PMULL) | F(ARM_CRC32))
static const cpu_case cpus[] = {
    {"Neoverse N1", ARM_ID(0x41, "arm", 0xd0c), ARM_V8_CRYPTO, {{0}}},
    {"Neoverse V1", ARM_ID(0x41, "arm", 0xd40), ARM_V8_CRYPTO | F(ARM_SHA3), {{0}}},
    {"Neoverse V2", ARM_ID(0x41, "arm", 0xd4f), ARM_V8_CRYPTO | F(ARM_SHA3), {{0}}},
    {"Apple M1 (Firestorm)", ARM_ID(0x61, "apple", 0x023), ARM_V8_CRYPTO | F(ARM_SHA3), {{0}}},
    {"Cortex-A53 without crypto", ARM_ID(0x41, "arm", 0xd03), F(NEON) | F(ARM_CRC32), {{0}}},
};
#elif defined(SC_ARCH_RISCV64)
#define RV_ID(vendor, archid) {.arch = "riscv64", .mvendorid = vendor, .marchid = archid}
static const cpu_case cpus[] = {
    {"SiFive P670", RV_ID(0x489, 0), F(RV_V) | F(RV_ZBA) | F(RV_ZBB) | F(RV_ZVBB) | F(RV_ZVBC), {{0}}},
    {"T-Head C910 (RVV 0.7: no V)", RV_ID(0x5b7, 0), 0, {{0}}},
    {"T-Head C920 (RVV 0.7: no V)", RV_ID(0x5b7, 0), 0, {{0}}},
    {"SpacemiT X60", RV_ID(0, 0), F(RV_V) | F(RV_ZBA) | F(RV_ZBB) | F(RV_ZBC), {{0}}},
};
#else
static const cpu_case cpus[] = {{"generic", {.arch = "other"}, 0, {{0}}}};
#endif

static const char *expected(const cpu_case *c, const char *alg)
{
    for (int i = 0; i < 6 && c->expect[i][0]; i++)
        if (!strcmp(c->expect[i][0], alg)) return c->expect[i][1];
    return NULL;
}

#if defined(SC_ARCH_X86_64)
/* An AVX2-only CPU without a rule (Zen 3): the generic ranking must give
 * the kernels measured best there (BENCHMARKS.md 8.1: the ymm CRC kernels,
 * VAES on ymm, the AVX2 ChaCha20), so a reordering of the kernel lists that
 * demotes them fails here. */
static void test_generic_avx2_cpu(void)
{
    static const char *const want[][2] = {{"crc32", "x86-avx2-vpclmul"}, {"crc32c", "x86-avx2-fused"},
                                          {"adler32", "x86-avx2"},        {"aes", "x86-vaes-avx2"},
                                          {"chacha", "x86-avx2"},         {"keccak", "x86-avx2"}};
    const cpu_case *zen3 = &cpus[0];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const sc_algorithm_desc *alg = sc_find_algorithm(want[i][0]);
        sc_policy_choice ch;
        CHECK(alg != NULL, "%s registered", want[i][0]);
        if (alg == NULL) continue;
        sc_policy_choose(alg, &zen3->id, zen3->features, &ch);
        CHECK(ch.kernel && ch.reason == SC_REASON_GENERIC && !strcmp(ch.kernel->name, want[i][1]),
              "%s %s: generic ranking gives %s, got %s", zen3->name, want[i][0], want[i][1],
              ch.kernel ? ch.kernel->name : "(none)");
    }
}

/* The Zen 4 forms of ChaCha20 (x86-avx512-ifma-zen4) are rule-only: every
 * other CPU with IFMA gets x86-avx512-ifma, the forms measured on Intel
 * (BENCHMARKS.md 7.3), by the generic ranking, although the Zen 4 object
 * needs the same features and comes later in the list. */
static void test_chacha_zen4_rule_only(void)
{
    const sc_algorithm_desc *alg = sc_find_algorithm("chacha");
    size_t ifma_cpus = 0;
    CHECK(alg != NULL, "chacha registered");
    for (size_t c = 0; alg && c < sizeof cpus / sizeof cpus[0]; c++) {
        if (!(cpus[c].features & F(AVX512IFMA))) continue;
        sc_policy_choice ch;
        sc_policy_choose(alg, &cpus[c].id, cpus[c].features, &ch);
        const char *want = expected(&cpus[c], "chacha");
        if (want) continue; /* a rule: test_pure_policy */
        ifma_cpus++;
        CHECK(ch.reason == SC_REASON_GENERIC && !strcmp(ch.kernel->name, "x86-avx512-ifma"),
              "%s chacha: generic ranking gives x86-avx512-ifma, got %s", cpus[c].name, ch.kernel->name);
    }
    CHECK(ifma_cpus >= 4, "%zu CPUs with IFMA and no chacha rule checked", ifma_cpus);
}
#endif

static void test_pure_policy(void)
{
    size_t rules_seen = 0;
    for (size_t c = 0; c < sizeof cpus / sizeof cpus[0]; c++)
        for (size_t a = 0; sc_registry_at(a); a++) {
            const sc_algorithm_desc *alg = sc_registry_at(a);
            sc_policy_choice ch;
            sc_policy_choose(alg, &cpus[c].id, cpus[c].features, &ch);
            CHECK(ch.kernel && (ch.kernel->features & ~cpus[c].features) == 0, "%s %s: runnable kernel",
                  cpus[c].name, alg->name);
            CHECK(ch.short_kernel && (ch.short_kernel->features & ~cpus[c].features) == 0,
                  "%s %s: runnable short kernel", cpus[c].name, alg->name);
            CHECK(ch.evidence && ch.evidence[0], "%s %s: a reason", cpus[c].name, alg->name);
            const char *want = expected(&cpus[c], alg->name);
            if (want) {
                rules_seen++;
                CHECK(ch.reason == SC_REASON_RULE && !strcmp(ch.kernel->name, want), "%s %s: rule gives %s, got %s",
                      cpus[c].name, alg->name, want, ch.kernel->name);
                CHECK(strstr(ch.evidence, "BENCHMARKS.md") != NULL, "%s %s: rule cites BENCHMARKS.md",
                      cpus[c].name, alg->name);
            } else {
                CHECK(ch.reason == SC_REASON_GENERIC, "%s %s: no rule expected, got one (%s)", cpus[c].name,
                      alg->name, ch.evidence);
            }
            printf("%-34s %-8s %-24s %s\n", cpus[c].name, alg->name, ch.kernel->name,
                   ch.reason == SC_REASON_RULE ? "(rule)" : "");
        }
    /* Every rule of this architecture's table is exercised by some CPU above. */
    CHECK(rules_seen >= sc_policy_rule_count, "%zu rules, %zu expectations", sc_policy_rule_count, rules_seen);
    for (size_t i = 0; i < sc_policy_rule_count; i++) {
        const sc_policy_rule *r = &sc_policy_rules[i];
        const sc_algorithm_desc *alg = sc_find_algorithm(r->algorithm);
        int status = SC_OK;
        CHECK(alg != NULL, "rule %zu: algorithm %s exists", i, r->algorithm);
        for (size_t k = 0; alg && k < alg->count; k++) status |= !strcmp(alg->kernels[k].name, r->kernel) ? 1 : 0;
        CHECK(status == 1, "rule %zu: kernel %s exists", i, r->kernel);
        CHECK(r->evidence && strstr(r->evidence, "BENCHMARKS.md"), "rule %zu cites a measurement", i);
    }
}

/* The public entry point's slot holds what sc_dispatch_get reports. */
static void check_slots_match(const char *alg)
{
    sc_checksum_fn s, l, want_s = NULL, want_l = NULL;
    size_t crossover;
    sc_dispatch_info d;
    CHECK(sc_checksum_slot_get(alg, &s, &l, &crossover) == SC_OK, "%s slot", alg);
    CHECK(sc_dispatch_get(alg, &d) == SC_OK, "%s dispatch info", alg);
    sc_checksum_kernel(alg, d.kernel, &want_l);
    sc_checksum_kernel(alg, d.short_kernel, &want_s);
    CHECK(l == want_l && s == want_s && crossover == d.crossover, "%s: public entry runs %s (<%zu: %s)", alg,
          d.kernel, d.crossover, d.short_kernel);
}

static const char *const checksums[] = {"adler32", "crc32", "crc32c"};

static void test_host(void)
{
    for (const char *const *a = sc_algorithms(); *a; a++) {
        const sc_algorithm_desc *alg = sc_find_algorithm(*a);
        sc_policy_choice ch;
        sc_dispatch_info d;
        sc_policy_choose(alg, sc_cpu_identity(), sc_cpu_features(), &ch);
        CHECK(sc_dispatch_get(*a, &d) == SC_OK, "%s info", *a);
        CHECK(!strcmp(d.kernel, ch.kernel->name) && !strcmp(d.short_kernel, ch.short_kernel->name),
              "%s: dispatched %s, policy says %s", *a, d.kernel, ch.kernel->name);
        CHECK(!strcmp(sc_kernel_active(*a), d.kernel), "%s: sc_kernel_active agrees", *a);
        printf("host: %-8s %s%s%s (%s)\n", *a, d.kernel, d.crossover ? ", short: " : "",
               d.crossover ? d.short_kernel : "", d.evidence);
    }
    for (size_t i = 0; i < 3; i++) check_slots_match(checksums[i]);
}

static uint8_t data[5000];
static uint32_t want_crc32c;

static void *hammer(void *arg)
{
    long bad = 0;
    for (int r = 0; r < 3000; r++) {
        size_t n = (size_t)(r * 131) % sizeof data;
        uint32_t v = sc_crc32c(sc_crc32c(0, data, n), data + n, sizeof data - n);
        bad += v != want_crc32c;
    }
    (void)arg;
    return (void *)bad;
}

static void test_force(void)
{
    sc_dispatch_info before, d;
    sc_dispatch_get("crc32c", &before);
    CHECK(sc_kernel_force("crc32c", "no-such-kernel") == SC_EINVAL, "unknown kernel refused");
    CHECK(sc_kernel_force("no-such-alg", "portable") == SC_EINVAL, "unknown algorithm refused");
    CHECK(sc_kernel_force(NULL, "portable") == SC_EINVAL, "NULL algorithm refused");
    sc_dispatch_get("crc32c", &d);
    CHECK(!strcmp(d.kernel, before.kernel), "failed force changes nothing");
    /* Every kernel of every checksum: forced, reported, called by the public
     * entry point, and correct. */
    for (size_t a = 0; a < 3; a++) {
        sc_kernel_info k;
        sc_checksum_fn portable;
        sc_checksum_kernel(checksums[a], "portable", &portable);
        for (size_t i = 0; sc_kernel_get(checksums[a], i, &k) == SC_OK; i++) {
            int rc = sc_kernel_force(checksums[a], k.name);
            if (!k.runnable) {
                CHECK(rc == SC_ENOKERNEL, "%s %s: unrunnable refused", checksums[a], k.name);
                continue;
            }
            CHECK(rc == SC_OK, "%s %s forced", checksums[a], k.name);
            sc_dispatch_get(checksums[a], &d);
            CHECK(d.reason == SC_REASON_OVERRIDE && !strcmp(d.kernel, k.name) && d.crossover == 0,
                  "%s %s reported as override", checksums[a], k.name);
            check_slots_match(checksums[a]);
            uint32_t (*pub)(uint32_t, const void *, size_t) = a == 0 ? sc_adler32 : a == 1 ? sc_crc32 : sc_crc32c;
            uint32_t seed = a == 0 ? 1 : 0;
            for (size_t n = 0; n <= 2048; n += 97)
                CHECK(pub(seed, data, n) == portable(seed, data, n), "%s %s len %zu", checksums[a], k.name, n);
        }
        CHECK(sc_kernel_force(checksums[a], NULL) == SC_OK, "%s back to policy", checksums[a]);
        sc_dispatch_get(checksums[a], &d);
        CHECK(d.reason != SC_REASON_OVERRIDE, "%s: policy again", checksums[a]);
        check_slots_match(checksums[a]);
    }
    /* Cipher families: a forced kernel is what the next key setup uses. */
    CHECK(sc_kernel_force("kalyna", "portable") == SC_OK && !strcmp(sc_kernel_active("kalyna"), "portable"),
          "kalyna forced to portable");
    CHECK(sc_kernel_force("kalyna", NULL) == SC_OK, "kalyna back to policy");
    /* Forcing while other threads checksum: every result stays right. */
    sc_checksum_fn portable;
    sc_checksum_kernel("crc32c", "portable", &portable);
    want_crc32c = portable(0, data, sizeof data);
    pthread_t t[4];
    for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, hammer, NULL);
    sc_kernel_info k;
    for (int r = 0; r < 200; r++)
        if (sc_kernel_get("crc32c", (size_t)r % sc_kernel_count("crc32c"), &k) == SC_OK && k.runnable)
            sc_kernel_force("crc32c", r % 7 == 6 ? NULL : k.name);
    long bad = 0;
    for (int i = 0; i < 4; i++) {
        void *v;
        pthread_join(t[i], &v);
        bad += (long)v;
    }
    CHECK(bad == 0, "%ld wrong results while kernels changed", bad);
    sc_kernel_force("crc32c", NULL);
}

/* Run by ctest with SIMDCRYPT_KERNEL / SIMDCRYPT_DISABLE holding good and
 * bad words (tests/CMakeLists.txt); SC_EXPECT lists "alg=kernel" that must
 * be forced and SC_EXPECT_NOTES the number of ignored words. */
static void test_override_env(void)
{
    const char *expect = getenv("SC_EXPECT"), *notes = getenv("SC_EXPECT_NOTES");
    char buf[512];
    snprintf(buf, sizeof buf, "%s", expect ? expect : "");
    for (char *save = NULL, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(w, '=');
        if (eq == NULL) continue;
        *eq = '\0';
        sc_dispatch_info d;
        CHECK(sc_dispatch_get(w, &d) == SC_OK, "%s known", w);
        CHECK(d.reason == SC_REASON_OVERRIDE && !strcmp(d.kernel, eq + 1), "%s forced to %s (got %s)", w, eq + 1,
              d.kernel);
    }
    size_t n = 0;
    for (const char *note; (note = sc_dispatch_note(n)) != NULL; n++) printf("note: %s\n", note);
    CHECK(notes == NULL || n == (size_t)atoi(notes), "%zu notes, expected %s", n, notes ? notes : "?");
    /* Whatever the environment said, nothing unrunnable is chosen. */
    for (const char *const *a = sc_algorithms(); *a; a++) {
        sc_dispatch_info d;
        sc_dispatch_get(*a, &d);
        for (size_t i = 0; i < sc_kernel_count(*a); i++) {
            sc_kernel_info k;
            sc_kernel_get(*a, i, &k);
            if (!strcmp(k.name, d.kernel) || !strcmp(k.name, d.short_kernel))
                CHECK(k.runnable, "%s: %s chosen but not runnable", *a, k.name);
        }
    }
    for (size_t i = 0; i < 3; i++) check_slots_match(checksums[i]);
    test_fill(data, sizeof data, 3);
    sc_checksum_fn portable;
    sc_checksum_kernel("crc32c", "portable", &portable);
    CHECK(sc_crc32c(0, data, sizeof data) == portable(0, data, sizeof data), "crc32c right under overrides");
}

int main(int argc, char **argv)
{
    test_fill(data, sizeof data, 99);
    if (argc > 1 && !strcmp(argv[1], "override")) {
        test_override_env();
        return test_finish();
    }
    test_pure_policy();
#if defined(SC_ARCH_X86_64)
    test_generic_avx2_cpu();
    test_chacha_zen4_rule_only();
#endif
    test_host();
    test_force();
    return test_finish();
}
