/* SPDX-License-Identifier: Apache-2.0 */
/* Adler-32 (RFC 1950 section 9) with RVV 1.0, VLEN-agnostic.
 *
 * A chunk is vl bytes (one LMUL=1 register of bytes, vl = VLEN/8 capped at
 * 256), a block is K = 16 chunks, a period up to 1024 blocks. For byte k of
 * a period of N bytes, a gains d_k and b gains (N - k) * d_k. With chunk j
 * of block B and lane i: N - k = rem_B * 16vl + (16 - j) * vl - i, where
 * rem_B = blocks after B. Per block and lane the hot loop keeps
 *   S = sum_j d            vwaddu.wv      (u16: <= 16*255)
 *   T = sum_j (16 - j) d   vwmaccu.vx     (u16: <= 255*136 = 34680)
 * both widening byte -> u16 into a register pair, all at SEW=8, so the 16
 * unrolled chunks contain no vsetvli (published RISC-V Adler-32 work gained
 * ~19% by removing one vsetvli from its hot loop). Once per block, at SEW=16,
 * the pairs widen into u32 groups: SA += S, TB += T, PP += rem_B * S. After
 * the period (u32 bounds: SA <= 4.2e6, PP <= 4080 * 1024^2 / 2 = 2.14e9,
 * i * SA <= 255 * 4.2e6), widening reductions give
 *   a += sum SA,  b += N*a + 16vl * sum PP + vl * sum TB - sum i*SA,
 * exact in 64 bits, so the modulo is deferred to once per period instead of
 * zlib's every 5552 bytes. Built with -march=rv64gcv. */
#include <riscv_vector.h>

#include "../../checksum/checksum_kernels.h"

enum { CHUNKS_PER_BLOCK = 16, MAX_BLOCKS_PER_PERIOD = 1024, MAX_VL = 256 };

/* One block of `chunks` chunks: returns S and T (as above) in *s, *t. The
 * chunk loop unrolls fully when `chunks` is the constant 16. */
static inline __attribute__((always_inline)) void block_sums(const uint8_t *p, size_t chunks, size_t vl,
                                                             vuint16m2_t *s, vuint16m2_t *t)
{
    vuint8m1_t d = __riscv_vle8_v_u8m1(p, vl);
    vuint16m2_t sum = __riscv_vwcvtu_x_x_v_u16m2(d, vl);
    vuint16m2_t weighted = __riscv_vwmulu_vx_u16m2(d, (uint8_t)chunks, vl);
    for (size_t j = 1; j < chunks; j++) {
        d = __riscv_vle8_v_u8m1(p + j * vl, vl);
        sum = __riscv_vwaddu_wv_u16m2(sum, d, vl);
        weighted = __riscv_vwmaccu_vx_u16m2(weighted, (uint8_t)(chunks - j), d, vl);
    }
    *s = sum;
    *t = weighted;
}

/* `blocks` blocks of `chunks` chunks of vl bytes; updates *a, *b (mod 65521). */
static inline __attribute__((always_inline)) void period(uint32_t *a, uint32_t *b, const uint8_t *p, size_t blocks,
                                                         size_t chunks, size_t vl)
{
    vuint32m4_t sa = __riscv_vmv_v_x_u32m4(0, vl);
    vuint32m4_t tb = __riscv_vmv_v_x_u32m4(0, vl);
    vuint32m4_t pp = __riscv_vmv_v_x_u32m4(0, vl);
    const size_t block_bytes = chunks * vl;
    for (size_t blk = 0; blk < blocks; blk++, p += block_bytes) {
        vuint16m2_t s, t;
        block_sums(p, chunks, vl, &s, &t);
        sa = __riscv_vwaddu_wv_u32m4(sa, s, vl);
        tb = __riscv_vwaddu_wv_u32m4(tb, t, vl);
        pp = __riscv_vwmaccu_vx_u32m4(pp, (uint16_t)(blocks - 1 - blk), s, vl);
    }
    const vuint64m1_t zero = __riscv_vmv_s_x_u64m1(0, 1);
    vuint32m4_t isa = __riscv_vmul_vv_u32m4(sa, __riscv_vid_v_u32m4(vl), vl);
    uint64_t sum_sa = __riscv_vmv_x_s_u64m1_u64(__riscv_vwredsumu_vs_u32m4_u64m1(sa, zero, vl));
    uint64_t sum_tb = __riscv_vmv_x_s_u64m1_u64(__riscv_vwredsumu_vs_u32m4_u64m1(tb, zero, vl));
    uint64_t sum_pp = __riscv_vmv_x_s_u64m1_u64(__riscv_vwredsumu_vs_u32m4_u64m1(pp, zero, vl));
    uint64_t sum_isa = __riscv_vmv_x_s_u64m1_u64(__riscv_vwredsumu_vs_u32m4_u64m1(isa, zero, vl));
    uint64_t n = (uint64_t)blocks * block_bytes;
    /* The b increment is a sum of non-negative terms (N - k) d_k, so the
     * expression below never goes negative before the subtraction's end. */
    uint64_t bb = *b + n * *a + block_bytes * sum_pp + vl * sum_tb - sum_isa;
    *a = (uint32_t)((*a + sum_sa) % SC_ADLER_BASE);
    *b = (uint32_t)(bb % SC_ADLER_BASE);
}

SC_CHECKSUM_KERNEL(sc_adler32_rv_v)
{
    uint32_t a = value & 0xffff, b = value >> 16;
    size_t vl = __riscv_vsetvlmax_e8m1();
    if (vl > MAX_VL) vl = MAX_VL;
    const size_t block_bytes = CHUNKS_PER_BLOCK * vl;
    while (len >= block_bytes) {
        size_t blocks = len / block_bytes;
        if (blocks > MAX_BLOCKS_PER_PERIOD) blocks = MAX_BLOCKS_PER_PERIOD;
        period(&a, &b, buf, blocks, CHUNKS_PER_BLOCK, vl);
        buf += blocks * block_bytes, len -= blocks * block_bytes;
    }
    if (len >= vl) { /* fewer than 16 whole chunks left */
        size_t chunks = len / vl;
        period(&a, &b, buf, 1, chunks, vl);
        buf += chunks * vl, len -= chunks * vl;
    }
    if (len) period(&a, &b, buf, 1, 1, len); /* one short chunk: vl = len < VLMAX */
    return (b << 16) | a;
}
