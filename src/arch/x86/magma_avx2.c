/* SPDX-License-Identifier: Apache-2.0 */
/* Magma, AVX2: pshufb lookups on 8 blocks per vector, 8 vector pairs (64
 * blocks) in flight (measured 2 / 4 / 8 pairs: 8.9 / 5.3 / 4.5 cycles/byte).
 * Method: magma_pshufb_template.h;
 * operations: vec256.h. */
#include "vec256.h"

#include "../../magma/magma_internal.h"

#define V_LANES 8
#define GROUPS 8
#define KERNEL_OPS sc_magma_x86_avx2
/* Lane-wise unpacks: lane 0 holds blocks 0,1 and 4,5, lane 1 blocks 2,3 and 6,7. */
static const int LANE_BLOCK[V_LANES] = {0, 1, 4, 5, 2, 3, 6, 7};

#include "magma_pshufb_template.h"
