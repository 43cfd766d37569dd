/* SPDX-License-Identifier: Apache-2.0 */
/* CryptoPro key meshing (RFC 4357 section 2.3.2) for the GOST 28147-89
 * modes: after every 1024 bytes processed under a key K, the key becomes
 * K' = D_K(C), the ECB decryption of the constant C below. What is then
 * re-encrypted under K' is the mode's business (magma_modes.c,
 * magma_feedback.c; magma.h says what for each). */
#include "magma_internal.h"

/* C of RFC 4357 section 2.3.2 (the same bytes as gost-engine's
 * CryptoProKeyMeshingKey). */
static const uint8_t mesh_constant[SC_MAGMA_KEY_SIZE] = {
    0x69, 0x00, 0x72, 0x22, 0x64, 0xC9, 0x04, 0x23, 0x8D, 0x3A, 0xDB, 0x96, 0x46, 0xE9, 0x2A, 0xC4,
    0x18, 0xFE, 0xAC, 0x94, 0x00, 0xED, 0x07, 0x12, 0xC0, 0x86, 0xDC, 0xC2, 0xEF, 0x4C, 0xA9, 0x2B};

void sc_gost89_mesh(sc_magma_key *k)
{
    /* Round keys only: every kernel's tables derive from the S-box, which
     * does not change, and they are read from k at each call. The schedule
     * is the same constant-time word shuffle as at init; the new key is
     * wiped and the old round keys overwritten in place. */
    uint8_t next[SC_MAGMA_KEY_SIZE];
    sc_magma_ops_of(k)->ecb(k, k->round_keys[1], mesh_constant, next, SC_MAGMA_KEY_SIZE / SC_MAGMA_BLOCK_SIZE);
    sc_magma_schedule(k, next);
    sc_wipe(next, sizeof next);
}
