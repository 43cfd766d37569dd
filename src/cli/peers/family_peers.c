/* simdcrypt speed --peers: the one table of which cipher peer takes which
 * speed names, and the "absent" lines of the peers not built (each peer's
 * file is compiled only when its library was found: src/cli/CMakeLists.txt).
 *
 * Only peers whose byte order, S-box and counter match ours are listed:
 *   gost89-ecb(-dec)     Botan GOST-28147-89, libgcrypt GOST28147 ECB
 *   magma-cbc(-dec)      OpenSSL GOST engine magma-cbc
 *   magma-ctr            OpenSSL GOST engine magma-ctr
 *   kalyna-B-K-ecb/cbc   Crypto++ Kalyna (both directions)
 * The engine's gost89-cnt applies CryptoPro key meshing every 1 KiB (not in
 * RFC 5830), libgcrypt's CTR is a plain big-endian counter over the
 * little-endian cipher: neither is a peer of gost89-cnt. No linked library
 * implements the DSTU 7624 CTR (gamma_i = E(E(IV) + i), little-endian) or
 * MAC.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "family_peers.h"

#if defined(SC_HAVE_CRYPTOPP)
#define HAVE_CRYPTOPP 1
#else
#define HAVE_CRYPTOPP 0
#endif
#if defined(SC_HAVE_BOTAN)
#define HAVE_BOTAN 1
#else
#define HAVE_BOTAN 0
#endif
#if defined(SC_HAVE_GCRYPT)
#define HAVE_GCRYPT 1
#else
#define HAVE_GCRYPT 0
#endif
#if defined(SC_HAVE_OPENSSL)
#define HAVE_OPENSSL 1
#else
#define HAVE_OPENSSL 0
#endif

static const struct {
    const char *prefix; /* of the speed name */
    const char *modes;  /* sc_cipher_info.mode, space-separated, both directions */
    const char *label;  /* the case name when absent */
    int built;
} peers[] = {
    [FAMILY_PEER_CRYPTOPP_KALYNA] = {"kalyna-", "ecb cbc", "crypto++ Kalyna", HAVE_CRYPTOPP},
    [FAMILY_PEER_BOTAN_GOST] = {"gost89-", "ecb", "botan GOST-28147-89", HAVE_BOTAN},
    [FAMILY_PEER_GCRYPT_GOST] = {"gost89-", "ecb", "libgcrypt GOST28147", HAVE_GCRYPT},
    [FAMILY_PEER_OPENSSL_GOST] = {"magma-", "cbc ctr", "openssl gost-engine", HAVE_OPENSSL},
};
#define PEERS (sizeof peers / sizeof peers[0])

static int covers(size_t peer, const char *algorithm, sc_cipher_info *info, int *decrypt)
{
    if (strncmp(algorithm, peers[peer].prefix, strlen(peers[peer].prefix)) != 0 ||
        !bench_cipher_parse(algorithm, info, decrypt))
        return 0;
    const size_t len = strlen(info->mode);
    for (const char *m = strstr(peers[peer].modes, info->mode); m; m = strstr(m + 1, info->mode))
        if ((m == peers[peer].modes || m[-1] == ' ') && (m[len] == ' ' || m[len] == '\0')) return 1;
    return 0;
}

int family_peer_wants(const bench_set *set, const char *algorithm, enum family_peer peer,
                      bench_cipher_params *params, sc_cipher_info *info, int *decrypt)
{
    if (!bench_want_peers(set) || !covers(peer, algorithm, info, decrypt)) return 0;
    bench_cipher_params_get(algorithm, params);
    return 1;
}

static void provide_absent_peers(bench_set *set, const char *algorithm)
{
    sc_cipher_info info;
    int decrypt;
    if (!bench_want_peers(set)) return;
    for (size_t i = 0; i < PEERS; i++) {
        if (peers[i].built || !covers(i, algorithm, &info, &decrypt)) continue;
        bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER};
        snprintf(c.implementation, sizeof c.implementation, "%s", peers[i].label);
        snprintf(c.note, sizeof c.note, "absent");
        bench_add(set, &c);
    }
}
BENCH_PROVIDER(provide_absent_peers)
