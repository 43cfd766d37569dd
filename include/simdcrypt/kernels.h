/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: CPU features, kernel dispatch and kernel selection.
 *
 * Features are detected once (x86: CPUID + XGETBV, so AVX/AVX-512 count only
 * when the OS saves their state; AArch64: getauxval; RISC-V: riscv_hwprobe).
 * The environment variable SIMDCRYPT_DISABLE, read once at that moment, names
 * features (comma separated, see sc_feature_name) that then count as absent,
 * like the JDK's -XX:DisableIntrinsic. Group names are accepted too:
 * "avx512" (every AVX-512 feature, VAES, VPCLMULQDQ, GFNI on zmm), "all"
 * (every feature: what remains is the portable code and the few kernels
 * that need no extension, the MD5 x86-scalar and arm-scalar kernels and
 * AArch64's Keccak arm-scalar; SIMDCRYPT_KERNEL=md5:portable names the
 * portable one).
 *
 * For every algorithm the dispatch policy (below) chooses a kernel once
 * (thread-safe) and the public entry points use it. Tests and benchmarks can
 * list every kernel of an algorithm and fetch a named one.
 */
#ifndef SIMDCRYPT_KERNELS_H
#define SIMDCRYPT_KERNELS_H

#include "checksum.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bitmask of CPU features that kernels may require. One namespace for all
 * architectures; a bit is never set on an architecture it does not belong to. */
enum sc_feature {
    /* x86-64 */
    SC_F_SSSE3 = 0, SC_F_SSE41, SC_F_SSE42, SC_F_PCLMUL, SC_F_AESNI, SC_F_AVX, SC_F_AVX2,
    SC_F_BMI2, SC_F_AVX512F, SC_F_AVX512BW, SC_F_AVX512VL, SC_F_AVX512DQ, SC_F_AVX512VNNI,
    SC_F_AVX512VBMI, SC_F_AVX512IFMA, SC_F_VAES, SC_F_VPCLMUL, SC_F_GFNI, SC_F_SHANI,
    /* AArch64 */
    SC_F_NEON = 24, SC_F_ARM_AES, SC_F_ARM_PMULL, SC_F_ARM_SHA3, SC_F_ARM_CRC32,
    /* RISC-V */
    SC_F_RV_ZBA = 32, SC_F_RV_ZBB, SC_F_RV_ZBC, SC_F_RV_V, SC_F_RV_ZVBB, SC_F_RV_ZVBC,
    SC_F_RV_ZVKG, SC_F_RV_ZVKNED,
    SC_F_COUNT = 40
};
#define SC_FEAT(f) (UINT64_C(1) << (f))

/* Features detected on this CPU, after SIMDCRYPT_DISABLE. */
SC_API uint64_t sc_cpu_features(void);
/* Features detected on this CPU, before SIMDCRYPT_DISABLE. */
SC_API uint64_t sc_cpu_features_raw(void);
/* Lower-case name of a feature bit ("avx512vnni"), or NULL if unused. */
SC_API const char *sc_feature_name(int feature);
/* Runtime vector length in bits for RISC-V V (0 elsewhere / when absent). */
SC_API unsigned sc_cpu_vlen_bits(void);

/* One implementation of an algorithm. */
typedef struct sc_kernel_info {
    const char *algorithm; /* "crc32c" */
    const char *name;      /* "x86-avx512-vpclmul", "portable" */
    uint64_t features;     /* SC_FEAT() bits it needs */
    int runnable;          /* all of them present (after SIMDCRYPT_DISABLE) */
} sc_kernel_info;

/* Names of all algorithms known to the dispatcher, NULL-terminated. */
SC_API const char *const *sc_algorithms(void);
/* Number of kernels built for an algorithm (0 for an unknown name). Index 0 is
 * the portable reference; higher indices are faster tiers. */
SC_API size_t sc_kernel_count(const char *algorithm);
/* Fill *info for kernel `index` of `algorithm`. SC_OK or SC_EINVAL. */
SC_API int sc_kernel_get(const char *algorithm, size_t index, sc_kernel_info *info);
/* Name of the kernel the public entry points use for `algorithm` (for long
 * messages, when the policy has a size class), or NULL. */
SC_API const char *sc_kernel_active(const char *algorithm);

/* --- CPU identity and the dispatch policy --------------------------------- *
 *
 * Which kernel runs is a measured policy, not a list order: per algorithm,
 * CPU identity and message-length class, a table (src/core/policy_<arch>.c)
 * whose every row cites the BENCHMARKS.md measurement behind it; CPUs without
 * a row get a generic ranking by features. SIMDCRYPT_KERNEL (read once) and
 * sc_kernel_force() override it per algorithm. */

/* Who made the CPU and which core it is. Fields of other architectures are
 * zero; strings are empty when unknown. */
typedef struct sc_cpu_id {
    char arch[8];        /* "x86_64", "aarch64", "riscv64", "other" */
    char vendor[16];     /* x86: CPUID vendor ("AuthenticAMD", "GenuineIntel");
                            AArch64: implementer name ("arm", "apple", ...) */
    unsigned family;     /* x86 display family (0x1A = Zen 5) */
    unsigned model;      /* x86 display model */
    unsigned stepping;   /* x86 stepping */
    int hypervisor;      /* x86: CPUID.1:ECX[31] (running in a VM) */
    unsigned midr_implementer; /* AArch64 MIDR_EL1 implementer (0x41 = Arm) */
    unsigned midr_part;        /* AArch64 MIDR_EL1 part number (0xd0c = Neoverse N1) */
    uint64_t mvendorid, marchid, mimpid; /* RISC-V (riscv_hwprobe) */
} sc_cpu_id;

/* The identity of this CPU (detected once). */
SC_API const sc_cpu_id *sc_cpu_identity(void);

/* Why a kernel was chosen. */
enum sc_dispatch_reason {
    SC_REASON_RULE = 0,     /* a row of the policy table for this CPU */
    SC_REASON_GENERIC = 1,  /* no row: generic ranking by features */
    SC_REASON_OVERRIDE = 2, /* SIMDCRYPT_KERNEL or sc_kernel_force */
};

/* How one algorithm is dispatched on this CPU right now. */
typedef struct sc_dispatch_info {
    const char *algorithm;
    const char *kernel;       /* for messages of at least `crossover` bytes */
    const char *short_kernel; /* for shorter ones (== kernel when no size class) */
    size_t crossover;         /* 0 when one kernel serves every length */
    int reason;               /* enum sc_dispatch_reason */
    const char *evidence;     /* the rule's BENCHMARKS.md reference, or a phrase */
} sc_dispatch_info;

/* Fill *info for `algorithm`. SC_OK or SC_EINVAL. */
SC_API int sc_dispatch_get(const char *algorithm, sc_dispatch_info *info);

/* Force `kernel` for `algorithm` at every length (thread-safe; takes effect
 * for calls that start after it returns; cipher contexts keep the kernel they
 * were initialised with). kernel NULL returns the algorithm to its policy.
 * SC_OK, SC_EINVAL (unknown algorithm or kernel) or SC_ENOKERNEL (this CPU
 * cannot run it): on error nothing changes. */
SC_API int sc_kernel_force(const char *algorithm, const char *kernel);

/* The index-th note about ignored words of SIMDCRYPT_KERNEL or
 * SIMDCRYPT_DISABLE ("SIMDCRYPT_KERNEL: crc32:x86-foo: unknown kernel"),
 * NULL past the end. */
SC_API const char *sc_dispatch_note(size_t index);

/* Fetch a named checksum kernel ("adler32", "crc32", "crc32c"). Returns
 * SC_OK, SC_EINVAL (unknown algorithm/name) or SC_ENOKERNEL (this CPU lacks
 * a feature it needs). The function obeys sc_checksum_fn's contract. */
SC_API int sc_checksum_kernel(const char *algorithm, const char *name, sc_checksum_fn *fn);

#ifdef __cplusplus
}
#endif
#endif
