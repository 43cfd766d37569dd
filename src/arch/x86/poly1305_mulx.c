/* Poly1305 blocks, scalar radix 2^64 with MULX/ADX (BMI2 + ADX).
 *
 * The shared radix-2^64 block loop (poly1305_64.h) compiled with -mbmi2
 * -madx: gcc and clang then emit mulx for the nine 64x64 products (no
 * flags clobbered, free choice of destination registers, so the adds of
 * the column sums schedule around them) — the whole gain over the portable
 * build, measured in the brief's report; a hand interleave of two blocks
 * is not possible (each block's h feeds the next product). */
#include "../../chacha/poly1305_64.h"

void sc_poly1305_x86_mulx(sc_poly1305 *p, const uint8_t *in, size_t nblocks)
{
    sc_poly1305_64_blocks(p->h, p->r, in, nblocks, 1);
}
