/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: the benchmark's "case" abstraction, clock and helpers.
 *
 * A case is one implementation of one algorithm that the harness can time:
 * a simdcrypt kernel, the portable reference, a peer library's function, or
 * the memory-read limit. The harness (bench_run.c) knows nothing about what a
 * case computes; it only calls run() on a hot buffer, checks every case
 * against the algorithm's reference on test buffers before timing it, and
 * tabulates the results.
 *
 * A new family's own kernels need nothing here: bench_family.c makes the
 * cases of every family in the library's registry (checksums, and every
 * cipher/MAC speed name x kernel, keyed from bench_params.c), bench_hash.c
 * those of every hash and XOF name (and the --batch rows).
 *
 * PLUG-IN POINT (peers, e.g. AES's nettle/OpenSSL; anything else timed):
 *   1. write src/cli/peers/<family>_<library>.c (cipher peers: a row in
 *      peers/family_peers.c says which speed names it takes, and its
 *      family_peer_wants() gives it their fixed key/IV/S-box) containing a
 *      provider
 *        static void provide_thing(bench_set *set, const char *algorithm)
 *        {
 *            if (strcmp(algorithm, "kalyna-128") != 0) return;
 *            bench_add(set, &(bench_case){ .algorithm = algorithm,
 *                .kind = BENCH_KERNEL, .run = my_run, .ctx = my_ctx, ... });
 *        }
 *        BENCH_PROVIDER(provide_thing)
 *      The provider is called once per algorithm `speed` benchmarks (every
 *      name of sc_algorithms(), or the -a list); it adds nothing for
 *      algorithms it does not know. Peers check bench_want_peers(set) first
 *      and add a case with run = NULL and a note ("absent") when their
 *      library was not found at build time.
 *   2. add the file to SC_CLI_SOURCES in src/cli/CMakeLists.txt; a peer's
 *      file goes to SC_PEER_SOURCES instead (the plug-in simdcrypt-peers.so,
 *      peers/plugin.h: it may call only the bench.h functions plugin.c
 *      forwards), with a sc_peer() line in cmake/peers.cmake for its library.
 * Nothing else changes: registration runs from a constructor, cases are
 * ordered by kind, and exactly one BENCH_REFERENCE case per algorithm is the
 * yardstick every other case's output (bytes written and return value) is
 * compared with, at many lengths and two chain values: so every case of an
 * algorithm must use `chain` the same way as its reference (or set
 * BENCH_IGNORES_CHAIN). Keys, IVs and schedules live in ctx, set up by the
 * provider and freed by cleanup.
 */
#ifndef SC_CLI_BENCH_H
#define SC_CLI_BENCH_H

#include <stddef.h>
#include <stdint.h>

enum bench_kind {
    BENCH_REFERENCE, /* the portable kernel: correctness yardstick, "x portable" = 1 */
    BENCH_KERNEL,    /* every other simdcrypt kernel */
    BENCH_PEER,      /* another library's implementation (--peers) */
    BENCH_BATCH,     /* many messages per call (--batch): an aggregate, not a
                      * single stream; its own kind so that no report takes it
                      * for the best kernel or the dispatched figure */
    BENCH_LIMIT,     /* plain memory read of the same buffer: the ceiling */
};

/* Run the implementation once on in[0..n).
 *  - out: scratch for the result (out_size bytes, or n when out_size is 0);
 *    never overlaps in.
 *  - chain: 0 in throughput mode. In --latency mode it is the previous call's
 *    return value, and `in` has been made data-dependent on it by the harness,
 *    so no call can start before the previous one finished. Checksums use it
 *    as the running value (seed); ciphers may fold it into the IV/counter.
 *  - returns a value that depends on the whole computation (the checksum, or
 *    e.g. the last 8 output bytes of a cipher).
 * Must not allocate or print: it is called millions of times. */
typedef uint64_t (*bench_run_fn)(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain);

enum bench_flags {
    /* run() cannot take a running value (e.g. a one-shot CRC API): it is
     * verified with chain = 0 only. */
    BENCH_IGNORES_CHAIN = 1u << 0,
};

#define BENCH_NAME_MAX 64
#define BENCH_NOTE_MAX 128

typedef struct bench_case {
    const char *algorithm;              /* as sc_algorithms() names it: "crc32c" */
    char implementation[BENCH_NAME_MAX]; /* "x86-avx512-vpclmul", "isa-l crc32_iscsi" */
    enum bench_kind kind;
    bench_run_fn run;                   /* NULL: not measured, `note` says why */
    void *ctx;                          /* passed to run; owned by the case */
    void (*cleanup)(void *ctx);         /* optional: frees ctx after the run */
    size_t out_size;                    /* bytes run() writes to out; 0 means n + out_extra */
    size_t out_extra;                   /* with out_size 0: bytes written past n (an AEAD's tag) */
    size_t block;                       /* n must be a multiple of it (ECB: 16); 0 = any */
    unsigned flags;                     /* enum bench_flags */
    /* Optional: called with each (in, n) before run() is verified or timed
     * on it, outside the timing (an AEAD open case computes the tag that
     * makes in[0..n) a valid ciphertext: bench_aead_prepare). */
    void (*prepare)(void *ctx, const uint8_t *in, size_t n);
    /* Messages of n bytes one call processes (a BENCH_BATCH case; 0 = 1):
     * GB/s and cpb count all messages x n bytes. */
    size_t messages;
    char note[BENCH_NOTE_MAX];          /* why not measured: "absent", "needs avx512vnni" */
} bench_case;

/* The cases of one algorithm, filled by the providers. */
typedef struct bench_set bench_set;

/* Copy *c into the set (the strings in implementation/note are copied too). */
void bench_add(bench_set *set, const bench_case *c);
/* Non-zero when --peers was given: peer providers add nothing otherwise. */
int bench_want_peers(const bench_set *set);
/* N of --batch N (messages per batch case), 0 without it. */
size_t bench_batch(const bench_set *set);

/* The library's own cases (bench_family.c). Each is *shape with algorithm,
 * implementation and note set, and kind: shape's unless that is the zero
 * default BENCH_REFERENCE, which means reference for "portable" and
 * BENCH_KERNEL for every other kernel. Its setup is make()'s: SC_OK with
 * c->run/ctx/cleanup set, or an error for the note. */
struct sc_kernel_info;
typedef int (*bench_make_case_fn)(bench_case *c, const struct sc_kernel_info *kernel, const void *arg);
/* One case per kernel of the registry family `family` ("md5", "kalyna"),
 * named prefix + the kernel's name; a kernel this CPU cannot run is noted
 * with the features it lacks. */
void bench_add_kernels(bench_set *set, const char *algorithm, const char *family, const bench_case *shape,
                       const char *prefix, bench_make_case_fn make, const void *arg);
/* One case named `label` through the public API as a user calls it:
 * make() gets kernel NULL (no kernel named: the dispatcher chooses). */
void bench_add_dispatched(bench_set *set, const char *algorithm, const bench_case *shape, const char *label,
                          bench_make_case_fn make, const void *arg);

typedef void (*bench_provider_fn)(bench_set *set, const char *algorithm);
/* Called by BENCH_PROVIDER before main(); up to 64 providers. */
void bench_register_provider(bench_provider_fn provider);

#define BENCH_PROVIDER(fn)                                                                   \
    __attribute__((constructor)) static void fn##_register(void) { bench_register_provider(fn); }

/* Store a 32-bit checksum little-endian in out[0..4): what checksum cases
 * write, so outputs compare byte for byte. */
static inline void bench_put_u32(uint8_t *out, uint32_t v)
{
    out[0] = (uint8_t)v;
    out[1] = (uint8_t)(v >> 8);
    out[2] = (uint8_t)(v >> 16);
    out[3] = (uint8_t)(v >> 24);
}

/* --- cipher, MAC and AEAD names (bench_names.c) --------------------------- *
 *
 * Speed names of ciphers say the direction where it matters:
 *   <cipher name>       encryption: "kalyna-128-128-ecb", "magma-cbc" (CBC
 *                       encryption is one serial chain: latency-bound)
 *   <cipher name>-dec   decryption, ECB and CBC only: "kalyna-128-128-cbc-dec"
 *   ctr / cnt names     one case (encryption = decryption)
 *   <MAC name>          "kalyna-256-512-cmac", "magma-cmac"
 *   <AEAD name>         one-shot seal: "aes-128-gcm" (n bytes in, n + tag out)
 *   <AEAD name>-open    one-shot open (decrypt + verify): "aes-128-gcm-open"
 * The registry families ("kalyna", "magma", "aes") expand to all of their
 * names. */
struct sc_cipher_info;
struct sc_aead_info;
/* Describe a speed name: 1 with *info (of the name without "-dec") and
 * *decrypt set, 0 when it is not a cipher or MAC speed name. */
int bench_cipher_parse(const char *speed_name, struct sc_cipher_info *info, int *decrypt);
/* The same for AEADs: 1 with *info (of the name without "-open") and *open
 * set, 0 when it is not an AEAD speed name. */
int bench_aead_parse(const char *speed_name, struct sc_aead_info *info, int *open);
/* The registry family of a cipher, MAC or AEAD speed name ("aes" for
 * "aes-128-gcm-open"), NULL for anything else (a checksum). */
const char *bench_speed_family(const char *speed_name);
/* The index-th speed name (every cipher, its -dec twin, the MACs, then every
 * AEAD and its -open twin), NULL past the end. The strings live until exit. */
const char *bench_cipher_name_at(size_t index);
/* The same, then every hash and XOF name (sc_hash_name_at): everything
 * `speed` takes besides the checksums. */
const char *bench_speed_name_at(size_t index);

/* --- hash and XOF names (bench_names.c, bench_hash.c) ---------------------- *
 *
 * A hash speed name is a name of sc_hash_name_at() ("md5", "sha3-256",
 * "shake128", "kangarootwelve"); bench_speed_family() gives its registry
 * family ("md5", "keccak"), which expands to all of its names. Every case
 * of a name hashes the n bytes as one message (ours: one-shot sc_hash_ex)
 * and writes bench_hash_out_len bytes, returning bench_cipher_result of
 * them: the digest, or for XOFs 32 bytes of output for the names of the
 * 128-bit security level (shake128, turboshake128, kangarootwelve) and 64
 * for those of 256 (shake256, turboshake256). Defaults for the rest:
 * KangarooTwelve without customization, TurboSHAKE's domain byte 0x1F. */
struct sc_hash_info;
/* Output bytes of a hash speed name described by *info (as above). */
size_t bench_hash_out_len(const struct sc_hash_info *info);

/* The fixed inputs of a cipher/MAC speed name (bench_params.c): the ONE
 * place the simdcrypt cases (bench_family.c) and the peers (peers/) take
 * them from, so that every case of a set computes the same bytes. */
typedef struct bench_cipher_params {
    const uint8_t *key; /* 64 bytes: a name uses the first info.key_size */
    const uint8_t *iv;  /* 64 bytes: the first info.iv_size. Every call
                         * starts from it (the generic API resets a context
                         * to its init IV); --latency's chain reaches the
                         * next call through the input's address only. */
    const char *sbox;   /* sc_cipher_opts.sbox; NULL = the library's default */
} bench_cipher_params;
void bench_cipher_params_get(const char *speed_name, bench_cipher_params *p);

/* What a cipher or MAC case's run() returns: the length and the last 8
 * bytes of the n it wrote. */
static inline uint64_t bench_cipher_result(const uint8_t *out, size_t n)
{
    uint64_t r = n;
    for (size_t i = n > 8 ? n - 8 : 0; i < n; i++) r = r << 8 | out[i];
    return r;
}

/* --- AEAD cases (bench_aead.c) ------------------------------------------- *
 *
 * Every AEAD case of a set computes the same bytes: key and nonce from
 * bench_cipher_params_get (the first info.key_size / info.nonce_size bytes,
 * the recommended nonce length: 12 for GCM), no associated data, the full
 * tag (info.tag_size), one one-shot call per message.
 *   seal   in[0..n) is the plaintext; out gets ciphertext || tag
 *          (out_extra = tag size); returns bench_cipher_result(out, n + tag)
 *   open   in[0..n) is the ciphertext, its tag the one that verifies
 *          (bench_aead_prepare computes it before the case runs on (in, n));
 *          out gets the plaintext; returns bench_cipher_result(out, n), or 0
 *          with a zeroed out when the tag did not verify. */
typedef struct bench_aead_tag {
    const char *speed_name; /* set by the case's maker */
    uint8_t tag[64];        /* valid for the last (in, n) prepared */
} bench_aead_tag;
/* The `prepare` of every open case: ctx must begin with a bench_aead_tag. */
void bench_aead_prepare(void *ctx, const uint8_t *in, size_t n);
/* What an open case's run() returns once it knows the verdict (non-zero:
 * the tag verified) on the n bytes of plaintext it wrote to out. */
static inline uint64_t bench_open_result(uint8_t *out, size_t n, int verified)
{
    if (verified) return bench_cipher_result(out, n);
    for (size_t i = 0; i < n; i++) out[i] = 0;
    return 0;
}

/* --- clock (bench_clock.c) ------------------------------------------------- */

/* Monotonic wall time in nanoseconds. */
uint64_t bench_now_ns(void);
/* Core clock in GHz, from a long chain of dependent register adds (one per
 * cycle on every out-of-order core we target). Takes ~0.15 s. Not the TSC:
 * on the reference machine the TSC runs at 2.6 GHz, the cores at ~3.7. */
double bench_calibrate_core_ghz(void);
/* CPU model name for the report header ("" when unknown). */
void bench_cpu_model(char *buf, size_t len);

/* --- peer libraries (peers_load.c) ----------------------------------------- */

/* "zlib 1.2.13, isa-l 2.30.0, ...": versions of the checksum peer libraries
 * in the peers plug-in, for the header ("none" without any). The header's list of peers
 * itself comes from the registered peer cases (cmd_speed.c). */
void bench_peer_summary(char *buf, size_t len);
/* The directory of the running simdcrypt binary into dir, where the peer
 * plug-ins are looked for first; 0 when unknown. */
int bench_exe_dir(char *dir, size_t len);

#endif
