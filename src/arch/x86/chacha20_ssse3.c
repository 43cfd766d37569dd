/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20, SSSE3: 4 blocks per vertical group, one block per horizontal row
 * set; rotations by 16 and 8 with pshufb. Method: chacha20_x86_template.h. */
#include "vec128.h"

#define CC_FN sc_chacha20_x86_ssse3
/* one lane: the rows are already the block's bytes in order */
#define cc_lanes(t) ((void)(t))
#define cc_lo128(v) (v)
#define cc_next_lane(v) (v)
/* tails are at most 3 blocks: all horizontal (3 row sets) */
#define CC_VERTICAL_FROM 3
/* 16 registers: no room to fuse row sets into a vertical group */
#define CC_FUSE_SETS 0

#include "chacha20_x86_template.h"
