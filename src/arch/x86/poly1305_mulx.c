/* SPDX-License-Identifier: Apache-2.0 */
/* Poly1305 blocks, scalar radix 2^64 with MULX (poly1305_mulx.h). */
#include "poly1305_mulx.h"

void sc_poly1305_x86_mulx(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    sc_poly1305_mulx_blocks(p->h, p->r, in, nblocks, 1);
}
