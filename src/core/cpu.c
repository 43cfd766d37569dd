/* SPDX-License-Identifier: Apache-2.0 */
/* CPU feature detection (once) and the SIMDCRYPT_DISABLE override. */
#include "internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static const char *const feature_names[SC_F_COUNT] = {
    [SC_F_SSSE3] = "ssse3",         [SC_F_SSE41] = "sse41",       [SC_F_SSE42] = "sse42",
    [SC_F_PCLMUL] = "pclmul",       [SC_F_AESNI] = "aesni",       [SC_F_AVX] = "avx",
    [SC_F_AVX2] = "avx2",           [SC_F_BMI2] = "bmi2",         [SC_F_AVX512F] = "avx512f",
    [SC_F_AVX512BW] = "avx512bw",   [SC_F_AVX512VL] = "avx512vl", [SC_F_AVX512DQ] = "avx512dq",
    [SC_F_AVX512VNNI] = "avx512vnni", [SC_F_AVX512VBMI] = "avx512vbmi",
    [SC_F_AVX512IFMA] = "avx512ifma", [SC_F_VAES] = "vaes",       [SC_F_VPCLMUL] = "vpclmul",
    [SC_F_GFNI] = "gfni",           [SC_F_SHANI] = "shani",       [SC_F_NEON] = "neon",
    [SC_F_ARM_AES] = "aes",         [SC_F_ARM_PMULL] = "pmull",   [SC_F_ARM_SHA3] = "sha3",
    [SC_F_ARM_CRC32] = "crc32",     [SC_F_RV_ZBA] = "zba",        [SC_F_RV_ZBB] = "zbb",
    [SC_F_RV_ZBC] = "zbc",          [SC_F_RV_V] = "v",            [SC_F_RV_ZVBB] = "zvbb",
    [SC_F_RV_ZVBC] = "zvbc",        [SC_F_RV_ZVKG] = "zvkg",      [SC_F_RV_ZVKNED] = "zvkned",
};

const char *sc_feature_name(int feature)
{
    if (feature < 0 || feature >= SC_F_COUNT) return NULL;
    return feature_names[feature];
}

/* Features that depend on others: disabling a base feature disables what is
 * built on it, so "avx2" also removes every AVX-512 tier, "v" every Zv*. */
static uint64_t close_dependencies(uint64_t f)
{
    const uint64_t avx512_all = SC_FEAT(SC_F_AVX512F) | SC_FEAT(SC_F_AVX512BW) |
                                SC_FEAT(SC_F_AVX512VL) | SC_FEAT(SC_F_AVX512DQ) |
                                SC_FEAT(SC_F_AVX512VNNI) | SC_FEAT(SC_F_AVX512VBMI) |
                                SC_FEAT(SC_F_AVX512IFMA);
    if (!(f & SC_FEAT(SC_F_AVX))) f &= ~(SC_FEAT(SC_F_AVX2) | SC_FEAT(SC_F_VAES) | SC_FEAT(SC_F_VPCLMUL));
    if (!(f & SC_FEAT(SC_F_AVX2))) f &= ~avx512_all;
    if (!(f & SC_FEAT(SC_F_AVX512F))) f &= ~avx512_all;
    if (!(f & SC_FEAT(SC_F_RV_V)))
        f &= ~(SC_FEAT(SC_F_RV_ZVBB) | SC_FEAT(SC_F_RV_ZVBC) | SC_FEAT(SC_F_RV_ZVKG) |
               SC_FEAT(SC_F_RV_ZVKNED));
    if (!(f & SC_FEAT(SC_F_NEON)))
        f &= ~(SC_FEAT(SC_F_ARM_AES) | SC_FEAT(SC_F_ARM_PMULL) | SC_FEAT(SC_F_ARM_SHA3));
    return f;
}

/* Bits named by one word of SIMDCRYPT_DISABLE (0 for an unknown word). */
static uint64_t disable_word(const char *w, size_t n)
{
    if (n == 3 && memcmp(w, "all", 3) == 0) return ~UINT64_C(0);
    if (n == 6 && memcmp(w, "avx512", 6) == 0) return SC_FEAT(SC_F_AVX512F);
    for (int i = 0; i < SC_F_COUNT; i++)
        if (feature_names[i] && strlen(feature_names[i]) == n && memcmp(w, feature_names[i], n) == 0)
            return SC_FEAT(i);
    return 0;
}

uint64_t sc_parse_disable(const char *s)
{
    uint64_t off = 0;
    while (s && *s) {
        size_t n = strcspn(s, ", ");
        off |= disable_word(s, n);
        s += n;
        s += strspn(s, ", ");
    }
    return off;
}

static uint64_t raw_features, features;
static unsigned vlen_bits;
static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;

static void cpu_init(void)
{
    raw_features = sc_cpu_probe(&vlen_bits);
    features = close_dependencies(raw_features & ~sc_parse_disable(getenv("SIMDCRYPT_DISABLE")));
    if (!(features & SC_FEAT(SC_F_RV_V))) vlen_bits = 0;
}

/* Set (release) once cpu_init has run: the per-call context checks ask for
 * the features on every call, and pthread_once costs a call and a few ns
 * each time, an acquire load nothing on x86 and one ldar on AArch64. */
static _Atomic int cpu_ready;

static void cpu_init_once(void)
{
    pthread_once(&cpu_once, cpu_init);
    atomic_store_explicit(&cpu_ready, 1, memory_order_release);
}

uint64_t sc_cpu_features(void)
{
    if (!atomic_load_explicit(&cpu_ready, memory_order_acquire)) cpu_init_once();
    return features;
}

uint64_t sc_cpu_features_raw(void)
{
    pthread_once(&cpu_once, cpu_init);
    return raw_features;
}

unsigned sc_cpu_vlen_bits(void)
{
    pthread_once(&cpu_once, cpu_init);
    return vlen_bits;
}
