/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed --peers: checksum libraries built from crates.io.
 *
 * What: Debian's zlib 1.2.13 and libdeflate 1.14 (peers.c) are years older
 * than the fastest public code. tools/registry-peers is a small Rust cdylib
 * that links, at the versions pinned by its Cargo.lock,
 *   libdeflate 1.26   (crate libdeflate-sys 1.26.1, C, run-time dispatch)
 *   zlib-ng 2.3.3     (crate libz-ng-sys 1.1.32, C native zng_ API, run-time dispatch)
 *   crc-fast 1.10.0   (Rust, run-time dispatch up to AVX-512 VPCLMULQDQ)
 *   crc32fast 1.5.5   (Rust, run-time dispatch up to AVX-512 VPCLMULQDQ)
 * (and AWS-LC's AES-GCM: peer_registry_aes.c, through peer_registry.h)
 * and exports them as uint32_t scpeer_<lib>_<alg>(uint32_t value, const
 * uint8_t *buf, size_t len), all with zlib's running-value convention, plus
 * scpeer_version(library) and scpeer_versions() (tools/registry-peers/src/lib.rs).
 * Built plainly with `cargo build --release` (no target-cpu): each library
 * picks its kernel at run time, as it does for its users. The same crate
 * built with RUSTFLAGS='-C target-cpu=native' sits next to it as
 * libsimdcrypt_registry_peers_native.so. On Zen 4 (30 trials, load 1.3)
 * that build makes crc-fast's CRC-32 1.5x faster at 64 B (1.17x at 1 KiB),
 * its CRC-32C 1.39x and crc32fast 1.26x at 64 B, equal from 16 KiB on; so
 * those two also get a "[target-cpu=native]" case. libdeflate and zlib-ng
 * (C, cpuid dispatch) measured the same both ways (5 trials) and get none.
 *
 * How to run:
 *   make bench                                  (builds it, then runs speed)
 * or
 *   sh scripts/build-registry-peers.sh build    (-> build/registry-peers/)
 *   build/src/cli/simdcrypt speed -a adler32,crc32,crc32c --peers
 *
 * Where it is looked for (dlopen at run time, so the CLI neither needs cargo
 * to build nor the library to start):
 *   1. $SIMDCRYPT_REGISTRY_PEERS, when set: only there (an explicit path that
 *      fails is reported, not silently replaced by another build);
 *   2. otherwise <directory of the simdcrypt binary>/../../registry-peers/
 *      libsimdcrypt_registry_peers.so: $BUILD/registry-peers for the
 *      $BUILD/src/cli/simdcrypt of a build tree.
 * The native build is looked for in the same directory. Without the default
 * build, each checksum gets one "registry peers" case whose note says why
 * (not built, dlopen error); without the native one, its cases say so. Each case is verified against the portable
 * reference by the harness before it is timed, like every peer.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "peer_registry.h"

typedef uint32_t (*scpeer_fn)(uint32_t value, const uint8_t *buf, size_t len);

typedef struct registry_peer {
    const char *algorithm;
    const char *library;  /* its scpeer_version() key and the case name's first word */
    const char *function; /* the library's own name for what is called */
    const char *symbol;
    int native_too;       /* also measured from the target-cpu=native build */
} registry_peer;

static const registry_peer registry_peers[] = {
    {"adler32", "libdeflate", "libdeflate_adler32", "scpeer_libdeflate_adler32", 0},
    {"adler32", "zlib-ng", "zng_adler32_z", "scpeer_zlibng_adler32", 0},
    {"crc32", "libdeflate", "libdeflate_crc32", "scpeer_libdeflate_crc32", 0},
    {"crc32", "zlib-ng", "zng_crc32_z", "scpeer_zlibng_crc32", 0},
    {"crc32", "crc-fast", "Crc32IsoHdlc", "scpeer_crcfast_crc32", 1},
    {"crc32", "crc32fast", "Hasher", "scpeer_crc32fast_crc32", 1},
    {"crc32c", "crc-fast", "Crc32Iscsi", "scpeer_crcfast_crc32c", 1},
};
#define REGISTRY_PEERS (sizeof registry_peers / sizeof registry_peers[0])

/* The two builds of tools/registry-peers (scripts/build-registry-peers.sh),
 * each opened once for all algorithms and kept until exit. */
enum { BUILD_DEFAULT, BUILD_NATIVE, BUILDS };
static struct registry_build {
    const char *file;   /* its file name */
    const char *suffix; /* appended to its case names */
    int tried;
    void *handle;
    char why[BENCH_NOTE_MAX]; /* when handle is NULL */
    scpeer_fn resolved[REGISTRY_PEERS]; /* a case's ctx points at its function */
} builds[BUILDS] = {
    {.file = "libsimdcrypt_registry_peers.so", .suffix = ""},
    {.file = "libsimdcrypt_registry_peers_native.so", .suffix = " [target-cpu=native]"},
};

/* A symbol of an opened build, NULL when absent. Callers memcpy it into a
 * function pointer: ISO C has no cast from void * to one. */
static void *lookup(const struct registry_build *b, const char *symbol)
{
    return b->handle ? dlsym(b->handle, symbol) : NULL;
}

/* The path of the default build (see the top of this file); 0 with the
 * reason in why when there is none. */
static int default_path(char *path, size_t len, char *why, size_t why_len)
{
    const char *env = getenv("SIMDCRYPT_REGISTRY_PEERS");
    if (env && *env) return snprintf(path, len, "%s", env) < (int)len;
    char exe[4096];
    if (!bench_exe_dir(exe, sizeof exe)) {
        snprintf(why, why_len, "absent (no binary path; set SIMDCRYPT_REGISTRY_PEERS)");
        return 0;
    }
    return snprintf(path, len, "%s/../../registry-peers/%s", exe, builds[BUILD_DEFAULT].file) < (int)len;
}

static void open_build(struct registry_build *b)
{
    if (b->tried) return;
    b->tried = 1;
    char path[4200];
    if (!default_path(path, sizeof path, b->why, sizeof b->why)) return;
    if (b != &builds[BUILD_DEFAULT]) { /* next to the default build */
        char *slash = strrchr(path, '/');
        size_t dir_len = slash ? (size_t)(slash + 1 - path) : 0;
        snprintf(path + dir_len, sizeof path - dir_len, "%s", b->file);
    }
    b->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const char *err = b->handle ? NULL : dlerror();
    if (b->handle) return;
    if (access(path, F_OK) != 0) /* the usual case: say how to build it */
        snprintf(b->why, sizeof b->why, "absent (no %.64s: sh scripts/build-registry-peers.sh)",
                 strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
    else
        snprintf(b->why, sizeof b->why, "absent (%s)", err ? err : "dlopen failed");
}

/* Case name "<library> <version> <function><suffix>". The version comes
 * from the default build: both builds are of the same Cargo.lock, and so the
 * name stays the same when the native one is absent. */
static void case_name(char *buf, size_t len, const struct registry_build *b, const registry_peer *p)
{
    const char *(*version)(const char *) = NULL;
    void *sym = lookup(&builds[BUILD_DEFAULT], "scpeer_version");
    if (sym) memcpy(&version, &sym, sizeof version);
    const char *v = version ? version(p->library) : NULL;
    snprintf(buf, len, "%s %s %s%s", p->library, v ? v : "?", p->function, b->suffix);
}

void *registry_peer_symbol(const char *symbol, const char **why)
{
    struct registry_build *b = &builds[BUILD_DEFAULT];
    open_build(b);
    void *sym = lookup(b, symbol);
    if (why) *why = b->handle == NULL ? b->why : sym == NULL ? "absent (an older build: sh scripts/build-registry-peers.sh)" : NULL;
    return sym;
}

void registry_peer_name(char *buf, size_t len, const char *library, const char *function)
{
    const registry_peer p = {.library = library, .function = function};
    case_name(buf, len, &builds[BUILD_DEFAULT], &p);
}

static uint64_t run_registry(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    const scpeer_fn *fn = ctx;
    uint32_t value = (*fn)((uint32_t)chain, in, n);
    bench_put_u32(out, value);
    return value;
}

/* One case per row of the table for this algorithm (native rows only from
 * the native build). */
static void add_build_cases(bench_set *set, const char *algorithm, struct registry_build *b)
{
    for (size_t i = 0; i < REGISTRY_PEERS; i++) {
        const registry_peer *p = &registry_peers[i];
        if (strcmp(p->algorithm, algorithm) != 0 || (b == &builds[BUILD_NATIVE] && !p->native_too)) continue;
        bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER, .out_size = 4};
        case_name(c.implementation, sizeof c.implementation, b, p);
        void *sym = lookup(b, p->symbol);
        if (b->handle == NULL) {
            snprintf(c.note, sizeof c.note, "%s", b->why);
        } else if (sym == NULL) {
            snprintf(c.note, sizeof c.note, "absent (library lacks %s)", p->symbol);
        } else {
            memcpy(&b->resolved[i], &sym, sizeof b->resolved[i]);
            c.run = run_registry;
            c.ctx = &b->resolved[i];
        }
        bench_add(set, &c);
    }
}

static void provide_registry(bench_set *set, const char *algorithm)
{
    if (!bench_want_peers(set)) return;
    int known = 0;
    for (size_t i = 0; i < REGISTRY_PEERS; i++) known |= strcmp(registry_peers[i].algorithm, algorithm) == 0;
    if (!known) return;

    for (int i = 0; i < BUILDS; i++) open_build(&builds[i]);
    if (builds[BUILD_DEFAULT].handle == NULL) {
        /* Nothing built: one line says why, rather than one per function. */
        bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER};
        snprintf(c.implementation, sizeof c.implementation, "registry peers (crates.io)");
        snprintf(c.note, sizeof c.note, "%s", builds[BUILD_DEFAULT].why);
        bench_add(set, &c);
        return;
    }
    for (int i = 0; i < BUILDS; i++) add_build_cases(set, algorithm, &builds[i]);
}
BENCH_PROVIDER(provide_registry)
