/* SPDX-License-Identifier: Apache-2.0 */
/* x86-64 dispatch policy rules (see policy.h). Each row cites the
 * BENCHMARKS.md section and figures that justify it; `simdcrypt tune` prints
 * the row to add for a CPU that has none. */
#include "policy.h"

#if defined(SC_ARCH_X86_64)
#define AMD "AuthenticAMD"
#define INTEL "GenuineIntel"

const sc_policy_rule sc_policy_rules[] = {
    /* AMD Zen 4 server cores (family 0x19, models 0x10-0x1F: EPYC 9004).
     * 512-bit ops on 256-bit units: plain zmm folding runs at the multiplier
     * bound (~59 GB/s) up to ~20 KiB; the GFNI hybrid passes it only on long
     * messages (256 KiB: 61.5 against 59.0), and the fused CRC-32C kernel
     * (zmm folding + crc32q streams) loses (1 KiB: 39 against 52). */
    {"crc32", "AMD Zen 4 (EPYC 9004)", AMD, 0x19, 0x10, 0x1f, "x86-avx512-gfni-vpclmul", "x86-avx512-vpclmul",
     20480, "BENCHMARKS.md 5 (Zen 4): 256 KiB gfni 61.7 vs vpclmul 59.0 GB/s; 16 KiB vpclmul 57.9 vs 56.6; "
            "crossover 20-24 KiB (simdcrypt tune)"},
    {"crc32c", "AMD Zen 4 (EPYC 9004)", AMD, 0x19, 0x10, 0x1f, "x86-avx512-gfni-vpclmul", "x86-avx512-vpclmul",
     18432, "BENCHMARKS.md 5 (Zen 4): 256 KiB gfni 61.5 vs vpclmul 59.0 GB/s; 1 KiB vpclmul 51.9 vs fused 38.6, "
            "gfni 38.2; crossover 18 KiB (simdcrypt tune)"},
    /* ChaCha20(-Poly1305): vprold has 2-cycle latency on Zen 4, so the
     * one-block chains rotate with one vpternlogd ((x <<< n) ^ (y << n) ^
     * (y >> 32 - n): 12 cycles per quarter round instead of 16, commit
     * 74a8d5c), and the AEAD stitches from 65 bytes, as measured there; the
     * Intel forms of x86-avx512-ifma (BENCHMARKS.md 7.3) are not measured
     * on Zen 4. */
    {"chacha", "AMD Zen 4 (EPYC 9004)", AMD, 0x19, 0x10, 0x1f, "x86-avx512-ifma-zen4", NULL, 0,
     "BENCHMARKS.md 5.5 (Zen 4): one block with the vpternlogd rotate, a 12-cycle quarter round; fused "
     "chacha20-poly1305 64 B 8.87, 1420 B 1.59, 16 KiB 0.927 cpb, 1.29x/0.93x/1.08x ipsec-mb"},

    /* AMD Zen 5 server cores (family 0x1A, models 0x00-0x1F: EPYC 9005).
     * One VPCLMULQDQ every two cycles: the GFNI hybrid passes the folding
     * bound from 1.5 KiB; below that plain zmm folding without the hybrid's
     * wrapper (64 B: 16.5 against 12.3 GB/s). */
    {"crc32", "AMD Zen 5 (EPYC)", AMD, 0x1a, 0x00, 0x1f, "x86-avx512-gfni-vpclmul", "x86-avx512-vpclmul", 1536,
     "BENCHMARKS.md 1 (Zen 5): 16 KiB gfni 120 vs vpclmul 67 GB/s; 64 B vpclmul 16.5 vs gfni 12.3 (issue 12)"},
    {"crc32c", "AMD Zen 5 (EPYC)", AMD, 0x1a, 0x00, 0x1f, "x86-avx512-gfni-vpclmul", NULL, 0,
     "BENCHMARKS.md 1 (Zen 5): 16 KiB gfni 123 vs isa-l 68 GB/s; 64 B 1.32x the crc32q loop"},

    /* Intel Xeon reporting family 6 model 167, and Emerald Rapids (model
     * 207): one VPCLMULQDQ per cycle, so plain zmm folding beats the hybrid. */
    {"crc32", "Intel Xeon (model 167)", INTEL, 6, 167, 167, "x86-avx512-vpclmul", NULL, 0,
     "BENCHMARKS.md 6 (Intel model 167): 16 KiB vpclmul 112 vs gfni 68 GB/s"},
    {"crc32c", "Intel Xeon (model 167)", INTEL, 6, 167, 167, "x86-avx512-vpclmul", NULL, 0,
     "BENCHMARKS.md 6 (Intel model 167): 16 KiB vpclmul 113 vs gfni 68 GB/s"},
    {"crc32", "Intel Emerald Rapids", INTEL, 6, 207, 207, "x86-avx512-vpclmul", NULL, 0,
     "BENCHMARKS.md 7 (Emerald Rapids, 2026-11-28): 16 KiB vpclmul 87.1 vs gfni 58.4 GB/s, 256 KiB 88.5 vs 61.5; "
     "64 B and 1 KiB within noise of every other kernel"},
    {"crc32c", "Intel Emerald Rapids", INTEL, 6, 207, 207, "x86-avx512-vpclmul", NULL, 0,
     "BENCHMARKS.md 7 (Emerald Rapids): 16 KiB vpclmul 96 vs gfni 61 GB/s; 2026-11-28: 85.9 vs gfni 58.1, "
     "fused 42.2"},
    /* Keccak: the scalar BMI single state beats the xmm form (port-bound on
     * p0/p1/p5 here); the batch API keeps the x8 zmm lanes. */
    {"keccak", "Intel Emerald Rapids", INTEL, 6, 207, 207, "x86-avx512-bmi", NULL, 0,
     "BENCHMARKS.md 7.1 (Emerald Rapids): sc_hash SHA3-256 16 KiB 4.10 vs x86-avx512 4.19 TSC cycles/B, "
     "1.02-1.06x at 64 B-256 KiB for every SHA-3/SHAKE name; x8 lanes kept for batches and K12"},
    /* Kalyna: the one-block rounds ordered for port 5 (VPERMI2B is 2 uops on
     * port 5 alone here), also for calls that fill one register; the bulk
     * paths are the same code in both kernels. */
    {"kalyna", "Intel Emerald Rapids", INTEL, 6, 207, 207, "x86-avx512-vbmi-gfni-p5", NULL, 0,
     "BENCHMARKS.md 7.2 (Emerald Rapids): serial modes at 16 KiB 1.00-1.05x (128-bit blocks) and 1.12-1.19x "
     "(256/512-bit blocks) the Zen 5 order of x86-avx512-vbmi-gfni; 7.7: one-register calls (two 256-bit "
     "blocks) 1.13-1.15x, 128-bit blocks 1.01-1.02x; bulk ECB/CTR/CBC decryption shared"},
};
const size_t sc_policy_rule_count = SC_COUNT_OF(sc_policy_rules);

/* The GFNI+VPCLMULQDQ hybrid only pays where VPCLMULQDQ is half-rate (Zen 5):
 * on Intel it runs at 0.6x plain folding (BENCHMARKS.md 6 and 7), so only a
 * rule picks it. The Zen 4 forms of ChaCha20 lose on Intel (BENCHMARKS.md
 * 7.3: 64 B ChaCha20 and seals up to 2432 B) and are unmeasured elsewhere. */
const char *const sc_policy_rule_only[] = {"crc32:x86-avx512-gfni-vpclmul", "crc32c:x86-avx512-gfni-vpclmul",
                                           "chacha:x86-avx512-ifma-zen4", NULL};
#endif
