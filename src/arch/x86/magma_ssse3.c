/* SPDX-License-Identifier: Apache-2.0 */
/* Magma, SSSE3: pshufb lookups on 4 blocks per vector, 8 vector pairs (32
 * blocks) in flight: the round is latency-bound below that (measured 2 / 3 /
 * 4 / 8 pairs: 18.2 / 12.9 / 10.6 / 9.6 cycles/byte). Method:
 * magma_pshufb_template.h;
 * operations: vec128.h. */
#include "vec128.h"

#include "../../magma/magma_internal.h"

#define V_LANES 4
#define GROUPS 8
#define KERNEL_OPS sc_magma_x86_ssse3
static const int LANE_BLOCK[V_LANES] = {0, 1, 2, 3};

#include "magma_pshufb_template.h"
