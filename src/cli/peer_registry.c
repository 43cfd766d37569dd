/* simdcrypt speed --peers: checksum libraries built from crates.io.
 *
 * What: Debian's zlib 1.2.13 and libdeflate 1.14 (peers.c) are years older
 * than the fastest public code. tools/registry-peers is a small Rust cdylib
 * that links, at the versions pinned by its Cargo.lock,
 *   libdeflate 1.26   (crate libdeflate-sys 1.26.1, C, run-time dispatch)
 *   zlib-ng 2.3.3     (crate libz-ng-sys 1.1.32, C native zng_ API, run-time dispatch)
 *   crc-fast 1.10.0   (Rust, run-time dispatch up to AVX-512 VPCLMULQDQ)
 *   crc32fast 1.5.5   (Rust, run-time dispatch up to AVX-512 VPCLMULQDQ)
 * and exports them as uint32_t scpeer_<lib>_<alg>(uint32_t value, const
 * uint8_t *buf, size_t len), all with zlib's running-value convention, plus
 * scpeer_version(library) and scpeer_versions() (tools/registry-peers/src/lib.rs).
 * Built plainly with `cargo build --release` (no target-cpu): each library
 * picks its kernel at run time, as it does for its users.
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
 * Without it, each checksum gets one "registry peers" case whose note says
 * why (not built, dlopen error). Each case is verified against the portable
 * reference by the harness before it is timed, like every peer.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

typedef uint32_t (*scpeer_fn)(uint32_t value, const uint8_t *buf, size_t len);

typedef struct registry_peer {
    const char *algorithm;
    const char *library;  /* its scpeer_version() key and the case name's first word */
    const char *function; /* the library's own name for what is called */
    const char *symbol;
} registry_peer;

static const registry_peer registry_peers[] = {
    {"adler32", "libdeflate", "libdeflate_adler32", "scpeer_libdeflate_adler32"},
    {"adler32", "zlib-ng", "zng_adler32_z", "scpeer_zlibng_adler32"},
    {"crc32", "libdeflate", "libdeflate_crc32", "scpeer_libdeflate_crc32"},
    {"crc32", "zlib-ng", "zng_crc32_z", "scpeer_zlibng_crc32"},
    {"crc32", "crc-fast", "Digest Crc32IsoHdlc", "scpeer_crcfast_crc32"},
    {"crc32", "crc32fast", "Hasher", "scpeer_crc32fast_crc32"},
    {"crc32c", "crc-fast", "Digest Crc32Iscsi", "scpeer_crcfast_crc32c"},
};
#define REGISTRY_PEERS (sizeof registry_peers / sizeof registry_peers[0])

#define LIBRARY_NAME "libsimdcrypt_registry_peers.so"

/* The library, opened once for all algorithms and kept until exit. */
static struct {
    int tried;
    void *handle;
    char why[BENCH_NOTE_MAX]; /* when handle is NULL */
} registry;

/* A symbol of the opened library, NULL when absent. Callers memcpy it into
 * a function pointer: ISO C has no cast from void * to one. */
static void *lookup(const char *symbol)
{
    return registry.handle ? dlsym(registry.handle, symbol) : NULL;
}

/* <dir of /proc/self/exe>/../../registry-peers/LIBRARY_NAME; 0 if unknown. */
static int default_path(char *path, size_t len)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return 0;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash == NULL) return 0;
    *slash = '\0';
    return snprintf(path, len, "%s/../../registry-peers/" LIBRARY_NAME, exe) < (int)len;
}

static void open_registry(void)
{
    if (registry.tried) return;
    registry.tried = 1;
    const char *env = getenv("SIMDCRYPT_REGISTRY_PEERS");
    char path[4200];
    if (env && *env) {
        snprintf(path, sizeof path, "%s", env);
    } else if (!default_path(path, sizeof path)) {
        snprintf(registry.why, sizeof registry.why, "absent (no binary path; set SIMDCRYPT_REGISTRY_PEERS)");
        return;
    } else if (access(path, F_OK) != 0) {
        snprintf(registry.why, sizeof registry.why, "absent (not built: sh scripts/build-registry-peers.sh)");
        return;
    }
    registry.handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (registry.handle == NULL) {
        const char *err = dlerror();
        snprintf(registry.why, sizeof registry.why, "absent (%s)", err ? err : "dlopen failed");
    }
}

/* Case name "<library> <version> <function>", version from the library. */
static void case_name(char *buf, size_t len, const registry_peer *p)
{
    const char *(*version)(const char *) = NULL;
    void *sym = lookup("scpeer_version");
    if (sym) memcpy(&version, &sym, sizeof version);
    const char *v = version ? version(p->library) : NULL;
    snprintf(buf, len, "%s %s %s", p->library, v ? v : "?", p->function);
}

static uint64_t run_registry(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    const scpeer_fn *fn = ctx;
    uint32_t value = (*fn)((uint32_t)chain, in, n);
    bench_put_u32(out, value);
    return value;
}

static void provide_registry(bench_set *set, const char *algorithm)
{
    /* Resolved functions, one per table row; cases point at them as ctx. */
    static scpeer_fn resolved[REGISTRY_PEERS];
    if (!bench_want_peers(set)) return;
    int known = 0;
    for (size_t i = 0; i < REGISTRY_PEERS; i++) known |= strcmp(registry_peers[i].algorithm, algorithm) == 0;
    if (!known) return;

    open_registry();
    bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER, .out_size = 4};
    if (registry.handle == NULL) {
        snprintf(c.implementation, sizeof c.implementation, "registry peers (crates.io)");
        snprintf(c.note, sizeof c.note, "%s", registry.why);
        bench_add(set, &c);
        return;
    }
    for (size_t i = 0; i < REGISTRY_PEERS; i++) {
        const registry_peer *p = &registry_peers[i];
        if (strcmp(p->algorithm, algorithm) != 0) continue;
        c.run = NULL;
        c.ctx = NULL;
        c.note[0] = '\0';
        case_name(c.implementation, sizeof c.implementation, p);
        void *sym = lookup(p->symbol);
        if (sym == NULL) {
            snprintf(c.note, sizeof c.note, "absent (library lacks %s)", p->symbol);
        } else {
            memcpy(&resolved[i], &sym, sizeof resolved[i]);
            c.run = run_registry;
            c.ctx = &resolved[i];
        }
        bench_add(set, &c);
    }
}
BENCH_PROVIDER(provide_registry)
