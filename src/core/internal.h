/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: kernel registry and dispatch shared by every algorithm. */
#ifndef SC_INTERNAL_H
#define SC_INTERNAL_H

#include <simdcrypt/kernels.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) || defined(_M_X64)
#define SC_ARCH_X86_64 1
#elif defined(__aarch64__)
#define SC_ARCH_AARCH64 1
#elif defined(__riscv) && __riscv_xlen == 64
#define SC_ARCH_RISCV64 1
#endif

/* What a kernel provides depends on its algorithm: a checksum function, or a
 * pointer to an algorithm-specific table of operations (ciphers). */
typedef union sc_kernel_impl {
    sc_checksum_fn checksum;
    const void *ops;
} sc_kernel_impl;

typedef struct sc_kernel {
    const char *name;  /* "x86-avx512-vpclmul" */
    uint64_t features; /* SC_FEAT() bits required */
    sc_kernel_impl impl;
} sc_kernel;

/* An algorithm's kernels, index 0 the portable reference, ordered from the
 * least to the most capable; the dispatch policy (policy.h) chooses among
 * them. */
typedef struct sc_algorithm_desc {
    const char *name;
    const sc_kernel *kernels;
    size_t count;
} sc_algorithm_desc;

#define SC_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The kernel list of the index-th family of the registry (src/core/family.h,
 * registry.c), NULL past the end. */
const sc_algorithm_desc *sc_registry_at(size_t index);
const sc_algorithm_desc *sc_find_algorithm(const char *name);

/* The kernel the policy (or an override) gives `alg` on this CPU, for long
 * messages (never NULL: the portable one always runs). */
const sc_kernel *sc_select_kernel(const sc_algorithm_desc *alg);
/* A kernel by name; NULL with *status = SC_EINVAL or SC_ENOKERNEL. */
const sc_kernel *sc_find_kernel(const sc_algorithm_desc *alg, const char *name, int *status);

/* Architecture probe (src/core/cpu_<arch>.c): raw feature bits and, on
 * RISC-V, VLEN in bits. */
uint64_t sc_cpu_probe(unsigned *vlen_bits);
/* Identity probe (same files): vendor, family/model or MIDR or marchid. */
void sc_cpu_probe_id(sc_cpu_id *id);

/* Feature bits named by a SIMDCRYPT_DISABLE string (unknown words ignored). */
uint64_t sc_parse_disable(const char *s);

/* Fill the checksum dispatch slots once (thread-safe). */
void sc_dispatch_init(void);
/* Store the current choice of every checksum into its slot (after an
 * override changed; src/checksum/checksum_dispatch.c). */
void sc_checksum_slots_refresh(void);
/* What the public entry point of checksum `algorithm` calls right now (for
 * the test that asserts which kernel runs). SC_OK or SC_EINVAL. */
int sc_checksum_slot_get(const char *algorithm, sc_checksum_fn *short_fn, sc_checksum_fn *long_fn,
                         size_t *crossover);
/* The current choice for `alg` (policy or override), copied. */
struct sc_policy_choice;
void sc_dispatch_current(const sc_algorithm_desc *alg, struct sc_policy_choice *out);

/* Checksum descriptors (src/checksum/). */
extern const sc_algorithm_desc sc_alg_adler32;
extern const sc_algorithm_desc sc_alg_crc32;
extern const sc_algorithm_desc sc_alg_crc32c;
/* Cipher descriptors: kernels expose a `struct sc_<alg>_ops` in impl.ops. */
extern const sc_algorithm_desc sc_alg_magma; /* src/magma/ */
extern const sc_algorithm_desc sc_alg_kalyna; /* src/kalyna/ */
extern const sc_algorithm_desc sc_alg_aes; /* src/aes/ */
extern const sc_algorithm_desc sc_alg_chacha; /* src/chacha/ */

/* Wipe a small buffer of a hot path with plain stores the compiler must
 * keep (the asm reads the memory). sc_wipe's memset, called through a
 * pointer, zeroes a few bytes with a masked store on AVX-512 glibc, which
 * forwards to no load: the next call's loads of the buffer wait for it to
 * reach the cache (~30 TSC per 64-byte AEAD seal on Zen 4), and the call
 * itself costs ~15 cycles. */
static inline void sc_wipe_small(void *p, size_t len)
{
#if defined(__GNUC__)
    /* A constant multiple of 16 bytes: 16-byte stores. GCC's inline memset
     * of 128 bytes (the generic cipher state's buf) is REP STOSQ, whose
     * start-up took ~35% of a 64-byte GHASH sc_mac_message on Zen 3; the
     * empty asm hides the address so the loop is not turned back into it. */
    typedef unsigned char sc_zero16 __attribute__((vector_size(16), aligned(1), may_alias));
    if (__builtin_constant_p(len) && len % 16 == 0 && len <= 256) {
        unsigned char *q = p;
        _Pragma("GCC unroll 16") for (size_t i = 0; i < len; i += 16)
        {
            __asm__("" : "+r"(q));
            *(sc_zero16 *)(q + i) = (sc_zero16){0};
        }
    } else {
        memset(p, 0, len);
    }
    __asm__ volatile("" : : "r"(p) : "memory");
#else
    sc_wipe(p, len);
#endif
}

#endif
