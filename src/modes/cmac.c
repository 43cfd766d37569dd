/* SPDX-License-Identifier: Apache-2.0 */
/* CMAC over any block cipher (SP 800-38B; cmac.h). */
#include "../core/internal.h"
#include "cmac.h"

/* x * 2 in GF(2^(8 bs)), big-endian bytes (5.3): a shift and, when the top
 * bit was set, R xored in through a mask (no branch on the key material). */
static void dbl(uint8_t *x, size_t bs)
{
    const unsigned r = bs == 8 ? 0x1b : bs == 16 ? 0x87 : bs == 32 ? 0x425 : 0x125;
    const unsigned mask = 0u - (unsigned)(x[0] >> 7);
    for (size_t i = 0; i + 1 < bs; i++) x[i] = (uint8_t)(x[i] << 1 | x[i + 1] >> 7);
    x[bs - 1] = (uint8_t)(x[bs - 1] << 1 ^ (r & mask));
    x[bs - 2] ^= (uint8_t)(r >> 8 & mask);
}

static void reverse(uint8_t *x, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        const uint8_t t = x[i];
        x[i] = x[n - 1 - i], x[n - 1 - i] = t;
    }
}

/* little_endian: the doubling runs on the bytes reversed (a cipher whose
 * blocks are little-endian numbers; cmac.h). */
static void subkeys(const sc_block_cipher *bc, uint8_t *k1, uint8_t *k2, int little_endian)
{
    const size_t bs = bc->block_size;
    memset(k1, 0, bs);
    bc->encrypt(bc->key, k1, k1, 1);
    if (little_endian) reverse(k1, bs);
    dbl(k1, bs);
    memcpy(k2, k1, bs);
    dbl(k2, bs);
    if (little_endian) reverse(k1, bs), reverse(k2, bs);
}

void sc_modes_cmac_subkeys(const sc_block_cipher *bc, uint8_t *k1, uint8_t *k2) { subkeys(bc, k1, k2, 0); }
void sc_modes_cmac_subkeys_le(const sc_block_cipher *bc, uint8_t *k1, uint8_t *k2) { subkeys(bc, k1, k2, 1); }

void sc_modes_cmac_blocks(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *in, size_t n)
{
    sc_modes_cbc_mac(bc, chain, in, n);
}

void sc_modes_cmac_last(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *last, size_t last_len,
                        const uint8_t *k1, const uint8_t *k2, uint8_t *tag)
{
    const size_t bs = bc->block_size;
    uint8_t m[SC_MODES_MAX_BLOCK] = {0};
    if (last_len) memcpy(m, last, last_len);
    if (last_len < bs) m[last_len] = 0x80;
    sc_modes_xor(m, m, last_len == bs ? k1 : k2, bs);
    sc_modes_cbc_encrypt(bc, chain, m, tag, 1);
    sc_wipe_small(m, sizeof m);
}
