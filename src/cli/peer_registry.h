/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed --peers: the library built from crates.io
 * (tools/registry-peers), as peer_registry.c opens it, for the files of
 * other families' registry peers (peer_registry_aes.c). */
#ifndef SC_CLI_PEER_REGISTRY_H
#define SC_CLI_PEER_REGISTRY_H

/* The default build's symbol `symbol` (opened on first use, kept until
 * exit), NULL when the library or the symbol is absent: then *why (when
 * why is not NULL) says which, for a case's note. */
void *registry_peer_symbol(const char *symbol, const char **why);
/* Case name "<library> <version> <function>" (scpeer_version(library) of
 * the default build, "?" when unknown) into buf. */
void registry_peer_name(char *buf, size_t len, const char *library, const char *function);

#endif
