/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed --peers: find and load the peers plug-in
 * (simdcrypt-peers.so, peers/plugin.h says why it is one), so that the CLI
 * links no peer library.
 *
 * Where it is looked for, the first file that exists wins:
 *   1. $SIMDCRYPT_PEERS, when set: only there (an explicit path that fails
 *      is reported, not silently replaced by another build);
 *   2. next to the simdcrypt binary: $BUILD/src/cli/ of a build tree;
 *   3. <binary's directory>/SC_PEERS_PLUGIN_REL: <prefix>/lib/simdcrypt/ of
 *      an installed tree, wherever `cmake --install --prefix` put it;
 *   4. SC_PEERS_PLUGIN_DIR: the same directory under the prefix configured.
 * A file that exists but does not load (missing library, other ABI) is
 * reported rather than skipped. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_harness.h"
#include "peers/plugin.h"

#ifndef SC_PEERS_PLUGIN_REL
#define SC_PEERS_PLUGIN_REL "../lib/simdcrypt"
#endif
#ifndef SC_PEERS_PLUGIN_DIR
#define SC_PEERS_PLUGIN_DIR "/usr/local/lib/simdcrypt"
#endif

static const sc_peers_host host = {
    .abi = SC_PEERS_PLUGIN_ABI,
    .case_size = sizeof(bench_case),
    .add = bench_add,
    .want_peers = bench_want_peers,
    .cipher_parse = bench_cipher_parse,
    .aead_parse = bench_aead_parse,
    .cipher_params_get = bench_cipher_params_get,
    .aead_prepare = bench_aead_prepare,
    .hash_out_len = bench_hash_out_len,
};

static const sc_peers_plugin *loaded;
static char load_error[512];

int bench_exe_dir(char *dir, size_t len)
{
    if (len < 2) return 0;
    ssize_t n = readlink("/proc/self/exe", dir, len - 1);
    char *slash = n > 0 ? (dir[n] = '\0', strrchr(dir, '/')) : NULL;
    if (slash == NULL) return 0;
    *slash = '\0';
    return 1;
}

/* The first candidate path (see above) that exists into path; 0 if none. */
static int find_plugin(char *path, size_t len)
{
    const char *env = getenv("SIMDCRYPT_PEERS");
    if (env && *env) return snprintf(path, len, "%s", env) < (int)len;
    char dir[4096];
    const int have_dir = bench_exe_dir(dir, sizeof dir);
    const char *candidates[][2] = {
        {have_dir ? dir : NULL, ""},
        {have_dir ? dir : NULL, "/" SC_PEERS_PLUGIN_REL},
        {SC_PEERS_PLUGIN_DIR, ""},
    };
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        if (candidates[i][0] == NULL) continue;
        int w = snprintf(path, len, "%s%s/%s", candidates[i][0], candidates[i][1], SC_PEERS_PLUGIN_FILE);
        if (w > 0 && (size_t)w < len && access(path, F_OK) == 0) return 1;
    }
    return 0;
}

/* dlopen the plug-in at path and check its ABI; 0 with load_error set. */
static int open_plugin(const char *path)
{
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *err = dlerror();
        snprintf(load_error, sizeof load_error, "%s", err ? err : "dlopen failed");
        return 0;
    }
    sc_peers_plugin_entry entry = NULL;
    void *sym = dlsym(handle, SC_PEERS_PLUGIN_ENTRY);
    if (sym) memcpy(&entry, &sym, sizeof entry); /* ISO C: no void * to function cast */
    const sc_peers_plugin *plugin = entry ? entry(&host) : NULL;
    if (plugin == NULL || plugin->abi != SC_PEERS_PLUGIN_ABI || plugin->case_size != sizeof(bench_case)) {
        snprintf(load_error, sizeof load_error, "%.400s: not a peers plug-in of this simdcrypt build", path);
        dlclose(handle);
        return 0;
    }
    loaded = plugin; /* kept open until exit: its cases run from it */
    return 1;
}

int bench_peers_load(void)
{
    static int tried;
    if (tried) return loaded != NULL;
    tried = 1;
    char path[4400];
    if (!find_plugin(path, sizeof path)) {
        snprintf(load_error, sizeof load_error,
                 "no %s next to the binary or in %s (it is built when cmake finds peer libraries; "
                 "SIMDCRYPT_PEERS=path names one)",
                 SC_PEERS_PLUGIN_FILE, SC_PEERS_PLUGIN_DIR);
        return 0;
    }
    if (!open_plugin(path)) return 0;
    for (size_t i = 0; i < loaded->provider_count; i++) bench_register_provider(loaded->providers[i]);
    return 1;
}

const char *bench_peers_load_error(void) { return load_error; }

void bench_peer_summary(char *buf, size_t len)
{
    if (loaded) loaded->versions(buf, len);
    else snprintf(buf, len, "none (no peers plug-in loaded)");
}
