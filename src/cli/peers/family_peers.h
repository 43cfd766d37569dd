/* simdcrypt speed --peers: which peer library measures which cipher speed
 * names (family_peers.c), for the peer plug-ins of this folder. */
#ifndef SC_CLI_PEERS_FAMILY_PEERS_H
#define SC_CLI_PEERS_FAMILY_PEERS_H

#include "bench.h"

enum family_peer {
    FAMILY_PEER_CRYPTOPP_KALYNA, /* kalyna_cryptopp.c(pp) */
    FAMILY_PEER_BOTAN_GOST,      /* gost_botan.c */
    FAMILY_PEER_GCRYPT_GOST,     /* gost_gcrypt.c */
    FAMILY_PEER_OPENSSL_GOST,    /* gost_openssl_engine.c */
};

/* 1 when --peers was given and `peer` measures the speed name `algorithm`:
 * then *params holds its fixed key/IV/S-box, *info what the name without
 * "-dec" means and *decrypt its direction (bench_cipher_parse). */
int family_peer_wants(const bench_set *set, const char *algorithm, enum family_peer peer,
                      bench_cipher_params *params, struct sc_cipher_info *info, int *decrypt);
#endif
