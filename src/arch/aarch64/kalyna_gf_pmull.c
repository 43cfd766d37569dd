/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna GCM/GMAC hash (DSTU 7624:2014, kalyna_gf.h) with PMULL
 * (arm-pmull): each 64 x 64 carry-less product one PMULL, the schoolbook
 * sum and the reduction src/kalyna/kalyna_gf_clmul_template.h. Built with
 * +crypto (cmake/kernels_aarch64.cmake: gcc 12 offers vmull_p64 only then).
 * PMULL's timing does not depend on its operands. */
#include <arm_neon.h>

#include "../../kalyna/kalyna_gf.h"

static inline void kgf_clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    const uint64x2_t p = vreinterpretq_u64_p128(vmull_p64((poly64_t)x, (poly64_t)y));
    *lo = vgetq_lane_u64(p, 0), *hi = vgetq_lane_u64(p, 1);
}

#include "../../kalyna/kalyna_gf_clmul_template.h"

KGF_CLMUL_OPS(sc_kgf_arm_pmull);
