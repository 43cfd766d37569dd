/* SPDX-License-Identifier: Apache-2.0 */
/* Magma, AVX-512 BW: pshufb lookups on 16 blocks per vector, 8 vector pairs
 * (128 blocks) in flight (4 pairs: 1.78, 8: 1.54 cycles/byte), vprold for the
 * rotation (the method: magma_pshufb_template.h;
 * the compiler merges the and/or chains into vpternlogd). */
#include "vec512.h"

#include "../../magma/magma_internal.h"

#define V_LANES 16
#define GROUPS 8
#define KERNEL_OPS sc_magma_x86_avx512bw
/* Lane-wise unpacks: lane L holds blocks 2L, 2L+1, 2L+8, 2L+9. */
static const int LANE_BLOCK[V_LANES] = {0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15};

#include "magma_pshufb_template.h"
