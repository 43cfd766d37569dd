/* SPDX-License-Identifier: Apache-2.0 */
/* The serial CBC chain shared by OFB, CMAC and CCM (block_cipher.h). */
#include "../core/internal.h"
#include "block_cipher.h"

void sc_modes_cbc_encrypt(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *in, uint8_t *out, size_t n)
{
    const size_t bs = bc->block_size;
    if (n == 0) return;
    if (bc->cbc_encrypt) {
        bc->cbc_encrypt(bc->key, chain, in, out, n);
        return;
    }
    for (size_t j = 0; j < n; j++) { /* E(P_j ^ C_(j-1)) */
        sc_modes_xor(chain, chain, in + j * bs, bs);
        bc->encrypt(bc->key, chain, chain, 1);
        memcpy(out + j * bs, chain, bs);
    }
}

void sc_modes_cbc_mac(const sc_block_cipher *bc, uint8_t *chain, const uint8_t *in, size_t n)
{
    uint8_t scratch[SC_MODES_WORK];
    const size_t per = SC_MODES_WORK / bc->block_size;
    size_t used = 0;
    while (n) {
        const size_t m = n < per ? n : per;
        sc_modes_cbc_encrypt(bc, chain, in, scratch, m);
        used = m > used ? m : used;
        in += m * bc->block_size, n -= m;
    }
    sc_wipe(scratch, used * bc->block_size);
}
