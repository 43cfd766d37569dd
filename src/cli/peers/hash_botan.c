/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Botan's hash functions through its FFI (C++, its
 * own Keccak-f[1600] incl. BMI2, scalar MD5): MD5, SHA-3(n), SHAKE-128/256
 * (FFI output length fixed at creation: "SHAKE-128(256)" for 32 bytes) and
 * Keccak-1600(256), the pre-standard Keccak-256. One object; each call is
 * update + final (which also resets it). Compiled only when Botan was
 * found. */
#include <stdio.h>
#include <stdlib.h>

#include "botan_peer.h"
#include "cli.h"

typedef struct botan_hash_case {
    botan_hash_t hash;
    size_t out_len;
} botan_hash_case;

static uint64_t run_botan_hash(void *p, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    botan_hash_case *c = p;
    botan_hash_update(c->hash, in, n);
    botan_hash_final(c->hash, out);
    return bench_cipher_result(out, c->out_len);
}

static void free_botan_hash(void *p)
{
    botan_hash_destroy(((botan_hash_case *)p)->hash);
    free(p);
}

static void provide_botan_hash(bench_set *set, const char *algorithm)
{
    family_peer_name name;
    bench_case c;
    if (!family_peer_want(set, algorithm, FAMILY_PEER_BOTAN_HASH, &name, &c)) return;
    char spec[48];
    if (name.xof) snprintf(spec, sizeof spec, "%s(%zu)", name.native, 8 * name.tag_size);
    else snprintf(spec, sizeof spec, "%s", name.native);
    botan_hash_case *bc = calloc(1, sizeof *bc);
    size_t len = 0;
    if (bc && botan_hash_init(&bc->hash, spec, 0) == 0) {
        if (botan_hash_output_length(bc->hash, &len) == 0 && len == name.tag_size) {
            bc->out_len = len;
            c.ctx = bc, c.run = run_botan_hash, c.cleanup = free_botan_hash;
        } else {
            free_botan_hash(bc);
        }
    } else {
        free(bc);
    }
    char label[BENCH_NAME_MAX], what[56];
    snprintf(what, sizeof what, " %s", spec);
    botan_label(label, sizeof label, what);
    family_peer_add(set, &c, label);
}
BENCH_PROVIDER(provide_botan_hash)
