/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed peer: Botan 2 GOST-28147-89 through its C FFI, ECB blocks
 * in both directions (gost89-ecb, gost89-ecb-dec);
 * Botan's default S-box is the GOST R 34.11-94 test parameter set, the one
 * bench_params.c gives the gost89 names. Compiled only when Botan was found. Table code. */
#include <botan/ffi.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "family_peers.h"

static uint64_t run_botan(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    botan_block_cipher_encrypt_blocks(*(botan_block_cipher_t *)ctx, in, out, n / 8);
    return bench_cipher_result(out, n);
}

static uint64_t run_botan_dec(void *ctx, const uint8_t *in, uint8_t *out, size_t n, uint64_t chain)
{
    (void)chain;
    botan_block_cipher_decrypt_blocks(*(botan_block_cipher_t *)ctx, in, out, n / 8);
    return bench_cipher_result(out, n);
}

static void free_botan(void *ctx)
{
    botan_block_cipher_destroy(*(botan_block_cipher_t *)ctx);
    free(ctx);
}

static void provide_botan_gost(bench_set *set, const char *algorithm)
{
    bench_cipher_params params;
    sc_cipher_info info;
    int decrypt;
    if (!family_peer_wants(set, algorithm, FAMILY_PEER_BOTAN_GOST, &params, &info, &decrypt)) return;
    bench_case c = {.algorithm = algorithm, .kind = BENCH_PEER, .block = 8, .flags = BENCH_IGNORES_CHAIN};
    snprintf(c.implementation, sizeof c.implementation, "botan %u.%u.%u GOST-28147-89", botan_version_major(),
             botan_version_minor(), botan_version_patch());
    botan_block_cipher_t *bc = malloc(sizeof *bc);
    if (bc && botan_block_cipher_init(bc, "GOST-28147-89") == 0) {
        if (botan_block_cipher_set_key(*bc, params.key, info.key_size) == 0) {
            c.ctx = bc;
            c.run = decrypt ? run_botan_dec : run_botan;
            c.cleanup = free_botan;
        } else {
            botan_block_cipher_destroy(*bc);
        }
    }
    if (c.run == NULL) {
        free(bc);
        snprintf(c.note, sizeof c.note, "setup failed");
    }
    bench_add(set, &c);
}
BENCH_PROVIDER(provide_botan_gost)
