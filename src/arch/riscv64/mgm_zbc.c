/* SPDX-License-Identifier: Apache-2.0 */
/* MGM's GF kernel with Zbc's scalar carry-less multiply (rv-zbc): each
 * 64 x 64 product is clmul (low half) and clmulh (high half); the sums,
 * Karatsuba and the single reduction per call are
 * src/mgm/mgm_sum_template.h. clmul/clmulh have data-independent timing
 * (Zkt), as the secret H_i require. */
#include <riscv_bitmanip.h>

#include "../../mgm/mgm.h"

static inline void mgm_clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    *lo = __riscv_clmul_64(x, y), *hi = __riscv_clmulh_64(x, y);
}

#include "../../mgm/mgm_sum_template.h"

const sc_mgm_gf_ops sc_mgm_rv_zbc = {sum64, sum128};
