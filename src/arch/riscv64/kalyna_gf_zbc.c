/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna GCM/GMAC hash (DSTU 7624:2014, kalyna_gf.h) with Zbc's scalar
 * carry-less multiply (rv-zbc): each 64 x 64 product is clmul (low half) and
 * clmulh (high half), the schoolbook sum and the reduction
 * src/kalyna/kalyna_gf_clmul_template.h. clmul/clmulh have data-independent
 * timing (Zkt), as the secret H requires. */
#include <riscv_bitmanip.h>

#include "../../kalyna/kalyna_gf.h"

static inline void kgf_clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    *lo = __riscv_clmul_64(x, y), *hi = __riscv_clmulh_64(x, y);
}

#include "../../kalyna/kalyna_gf_clmul_template.h"

KGF_CLMUL_OPS(sc_kgf_rv_zbc);
