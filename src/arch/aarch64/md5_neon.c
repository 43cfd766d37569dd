/* SPDX-License-Identifier: Apache-2.0 */
/* MD5 on 4 streams at once with NEON (the "arm-neon" multi-lane kernel,
 * nlanes 4): word w of stream l in element l of a q register, the 64 steps
 * of src/hash/md5_unrolled.h with one instruction per boolean function
 * where NEON has it (F and G are bit selects, I an orn and an eor), the
 * rotations shl + sri (rev32 for 16), the round constant ld1r'd from
 * sc_md5_t. 16 message registers, 4 of state, the rest temporaries: no
 * spills in the steps.
 *
 * The message words: 16 row loads a block (any alignment) and four 4x4
 * transposes, 48 instructions for the 4 streams. (ld4 {..}.s[l] would
 * need only the 16 loads, but gcc 12 moves and spills its register
 * tuples: more than the transposes cost.)
 * Under qemu (tools/icount.py --alg hash, 16 streams of 16 KiB): 2.74
 * guest instructions a byte per stream; one stream on arm-scalar 8.76. */
#include <arm_neon.h>

#include "../../hash/hash_internal.h"
#include "../../hash/md5_unrolled.h"

#define AI static inline __attribute__((always_inline))

#define MT uint32x4_t
#define M_ADD(x, y) vaddq_u32(x, y)
#define M_ADDT(x, i) vaddq_u32(x, vld1q_dup_u32(&t[i]))
#define M_ROL(x, n) rol(x, n)
#define M_F(b, c, d) vbslq_u32(b, c, d)
#define M_G(b, c, d) vbslq_u32(d, b, c)
#define M_H(b, c, d) veorq_u32(veorq_u32(b, c), d)
#define M_I(b, c, d) veorq_u32(c, vornq_u32(b, d))
#define X(k) xv[k]

#define ROL_N(x, n) vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - (n))
#define rol(x, n) ((n) == 16 ? vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x))) : ROL_N(x, (n) & 31))

/* x[0..3] = words k/4 .. k/4 + 3 of the four streams at byte offset k:
 * four row loads and a 4x4 transpose (trn1/trn2 on 32-bit, then on
 * 64-bit elements). */
AI void transpose4(uint32x4_t x[4], const uint8_t *const p[4], int k)
{
    uint32x4_t r0 = vreinterpretq_u32_u8(vld1q_u8(p[0] + k)), r1 = vreinterpretq_u32_u8(vld1q_u8(p[1] + k));
    uint32x4_t r2 = vreinterpretq_u32_u8(vld1q_u8(p[2] + k)), r3 = vreinterpretq_u32_u8(vld1q_u8(p[3] + k));
    uint64x2_t t0 = vreinterpretq_u64_u32(vtrn1q_u32(r0, r1)), t1 = vreinterpretq_u64_u32(vtrn2q_u32(r0, r1));
    uint64x2_t t2 = vreinterpretq_u64_u32(vtrn1q_u32(r2, r3)), t3 = vreinterpretq_u64_u32(vtrn2q_u32(r2, r3));
    x[0] = vreinterpretq_u32_u64(vtrn1q_u64(t0, t2)), x[1] = vreinterpretq_u32_u64(vtrn1q_u64(t1, t3));
    x[2] = vreinterpretq_u32_u64(vtrn2q_u64(t0, t2)), x[3] = vreinterpretq_u32_u64(vtrn2q_u64(t1, t3));
}

void sc_md5_lanes_arm_neon(uint32_t *state, const uint8_t *const in[], size_t nblocks)
{
    const uint8_t *p[4] = {in[0], in[1], in[2], in[3]};
    for (; nblocks; nblocks--) {
        uint32x4_t xv[16];
        for (int j = 0; j < 4; j++) transpose4(xv + 4 * j, p, 16 * j);
        for (int l = 0; l < 4; l++) p[l] += SC_MD5_BLOCK;
        /* opaque per block, or the compiler hoists the 64 broadcast
         * constants out of the loop into spills */
        const uint32_t *t = sc_md5_t;
        __asm__("" : "+r"(t));
        uint32x4_t a = vld1q_u32(state), b = vld1q_u32(state + 4);
        uint32x4_t c = vld1q_u32(state + 8), d = vld1q_u32(state + 12);
        MD5_64_STEPS(a, b, c, d);
        vst1q_u32(state, vaddq_u32(vld1q_u32(state), a));
        vst1q_u32(state + 4, vaddq_u32(vld1q_u32(state + 4), b));
        vst1q_u32(state + 8, vaddq_u32(vld1q_u32(state + 8), c));
        vst1q_u32(state + 12, vaddq_u32(vld1q_u32(state + 12), d));
    }
}
