/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20, AVX2: 8 blocks per vertical group, 2 blocks (one per lane) per
 * horizontal row set; rotations by 16 and 8 with vpshufb. Method:
 * chacha20_x86_template.h. */
#include "vec256.h"

#define CC_FN sc_chacha20_x86_avx2
/* rows 0-3 of blocks 0 (low lanes) and 1 (high lanes) -> block 0, block 1 */
static inline void cc_lanes(vec_t t[4])
{
    const vec_t r0 = _mm256_permute2x128_si256(t[0], t[1], 0x20), r1 = _mm256_permute2x128_si256(t[2], t[3], 0x20);
    const vec_t r2 = _mm256_permute2x128_si256(t[0], t[1], 0x31), r3 = _mm256_permute2x128_si256(t[2], t[3], 0x31);
    t[0] = r0, t[1] = r1, t[2] = r2, t[3] = r3;
}
static inline __m128i cc_lo128(vec_t v) { return _mm256_castsi256_si128(v); }
static inline vec_t cc_next_lane(vec_t v) { return _mm256_permute2x128_si256(v, v, 0x01); }
/* tails of up to 7 blocks: 4 row sets of 2 */
#define CC_VERTICAL_FROM 7
/* 16 registers: no room to fuse row sets into a vertical group */
#define CC_FUSE_SETS 0

#include "chacha20_x86_template.h"
