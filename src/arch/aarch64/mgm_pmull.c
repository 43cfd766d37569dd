/* SPDX-License-Identifier: Apache-2.0 */
/* MGM's GF kernel with PMULL (arm-pmull): each 64 x 64 carry-less product
 * one PMULL; the sums, Karatsuba and the single reduction per call are
 * src/mgm/mgm_sum_template.h. Built with +crypto (cmake/kernels_aarch64.cmake:
 * gcc 12 offers vmull_p64 only then). PMULL's timing does not depend on its
 * operands. */
#include <arm_neon.h>

#include "../../mgm/mgm.h"

static inline void mgm_clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    uint64x2_t p = vreinterpretq_u64_p128(vmull_p64((poly64_t)x, (poly64_t)y));
    *lo = vgetq_lane_u64(p, 0), *hi = vgetq_lane_u64(p, 1);
}

#include "../../mgm/mgm_sum_template.h"

const sc_mgm_gf_ops sc_mgm_arm_pmull = {sum64, sum128};
