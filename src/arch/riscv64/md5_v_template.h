/* SPDX-License-Identifier: Apache-2.0 */
/* MD5 on MD5_V_LANES streams at once with RVV 1.0 (e32, LMUL 2): the body
 * of md5_v.c ("rv-v") and md5_zvbb.c ("rv-zvbb"), which define before
 * including it:
 *   MD5_V_FN        the entry point's name
 *   ROTL(x, n, vl)  rotation left of every 32-bit element by the constant n
 * Each including file is its own TU with its own -march; everything here is
 * static.
 *
 * Layout: word w of stream l in element l of a register group (LMUL 2), 8
 * streams: VLMAX at VLEN 128, and vl stays 8 at any larger VLEN (a fixed
 * lane count for the scheduler; wider machines run the same instruction
 * count per block, half or more of each group idle). The steps are
 * src/hash/md5_unrolled.h with the round constant added as vadd.vx from
 * sc_md5_t. 16 message groups would fill the whole register file at LMUL
 * 2, so each message word is loaded where it is used: the block of every
 * stream is first copied to a stack buffer with byte loads (vle8: any
 * alignment, where a misaligned vle32 may trap), then each use is one
 * strided load (vlse32, stride 64) of word k of the 8 copies: 64 loads a
 * block instead of a transpose and spills.
 *
 * Guest instructions per byte per stream under qemu (16 streams of 16
 * KiB, any VLEN: vl is 8): rv-v 1.89, rv-zvbb 1.73; one stream on rv-zbb
 * 9.32, portable 39.8.
 *
 * Constant time: vl and every branch depend only on nblocks. */
#include <riscv_vector.h>

#include "../../hash/hash_internal.h"
#include "../../hash/md5_unrolled.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the RVV MD5 kernels load the message as little-endian elements"
#endif

enum { MD5_V_LANES = 8 };

#define MT vuint32m2_t
#define M_ADD(x, y) __riscv_vadd_vv_u32m2(x, y, vl)
#define M_ADDT(x, i) __riscv_vadd_vx_u32m2(x, t[i], vl)
#define M_ROL(x, n) ROTL(x, n, vl)
#define M_NOT(x) __riscv_vnot_v_u32m2(x, vl)
#define M_F(b, c, d) __riscv_vxor_vv_u32m2(d, __riscv_vand_vv_u32m2(b, __riscv_vxor_vv_u32m2(c, d, vl), vl), vl)
#define M_G(b, c, d) __riscv_vxor_vv_u32m2(c, __riscv_vand_vv_u32m2(d, __riscv_vxor_vv_u32m2(b, c, vl), vl), vl)
#define M_H(b, c, d) __riscv_vxor_vv_u32m2(__riscv_vxor_vv_u32m2(b, c, vl), d, vl)
#define M_I(b, c, d) __riscv_vxor_vv_u32m2(c, __riscv_vor_vv_u32m2(b, M_NOT(d), vl), vl)
#define X(k) __riscv_vlse32_v_u32m2(buf + (k), SC_MD5_BLOCK, vl)

void MD5_V_FN(uint32_t *state, const uint8_t *const in[], size_t nblocks)
{
    const size_t vl = MD5_V_LANES;
    uint32_t buf[MD5_V_LANES * 16];
    for (size_t off = 0; nblocks; nblocks--, off += SC_MD5_BLOCK) {
        for (int l = 0; l < MD5_V_LANES; l++) {
            size_t n = __riscv_vsetvl_e8m4(SC_MD5_BLOCK); /* VLMAX >= 64 at VLEN >= 128 */
            __riscv_vse8_v_u8m4((uint8_t *)(buf + 16 * l), __riscv_vle8_v_u8m4(in[l] + off, n), n);
        }
        /* opaque per block: the 64 constant loads stay at their uses */
        const uint32_t *t = sc_md5_t;
        __asm__("" : "+r"(t));
        vuint32m2_t a0 = __riscv_vle32_v_u32m2(state, vl), b0 = __riscv_vle32_v_u32m2(state + 8, vl);
        vuint32m2_t c0 = __riscv_vle32_v_u32m2(state + 16, vl), d0 = __riscv_vle32_v_u32m2(state + 24, vl);
        vuint32m2_t a = a0, b = b0, c = c0, d = d0;
        MD5_64_STEPS(a, b, c, d);
        __riscv_vse32_v_u32m2(state, M_ADD(a, a0), vl);
        __riscv_vse32_v_u32m2(state + 8, M_ADD(b, b0), vl);
        __riscv_vse32_v_u32m2(state + 16, M_ADD(c, c0), vl);
        __riscv_vse32_v_u32m2(state + 24, M_ADD(d, d0), vl);
    }
    /* the message copies: vector stores of zero, kept by the asm */
    for (int l = 0; l < MD5_V_LANES; l++) {
        size_t n = __riscv_vsetvl_e8m4(SC_MD5_BLOCK);
        __riscv_vse8_v_u8m4((uint8_t *)(buf + 16 * l), __riscv_vmv_v_x_u8m4(0, n), n);
    }
    __asm__ volatile("" : : "r"(buf) : "memory");
}
