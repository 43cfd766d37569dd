/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 / CRC-32C by carry-less folding with the vector Zvbc vclmul and
 * vclmulh (RISC-V vector crypto 1.0), VLEN-agnostic: a block holds as many
 * 16-byte lanes as one LMUL=4 group of 64-bit elements (VLEN/16: 8 at VLEN
 * 128, 32 at 512; capped at SC_RV_CRC_MAX_LANES), loaded with a two-field
 * segment load so that U (first 8 bytes of each lane) and V (second 8) land
 * in separate register groups. Every lane folds one block forward per step;
 * at the end each lane is multiplied by its own distance-to-the-end constant
 * and a vredxor sums all lanes into one 128-bit window (crc_clmul.h). Built
 * with -march=rv64gcv_zvbc. */
#include <riscv_vector.h>

#include "../../checksum/checksum_kernels.h"
#include "crc_clmul.h"

/* `blocks` (>= 1) blocks of `lanes` (a power of two <= VLMAX) 16-byte lanes
 * at the 8-byte-aligned p, continuing raw state `state`. */
static uint32_t fold_pass(uint32_t state, const uint8_t *p, size_t blocks, size_t lanes, int log2_lanes,
                          const sc_rv_crc_constants *k, sc_rv_crc_raw_fn raw)
{
    const size_t vl = __riscv_vsetvl_e64m4(lanes); /* == lanes: lanes <= VLMAX */
    const uint64_t *q = (const uint64_t *)__builtin_assume_aligned(p, 8);
    vuint64m4x2_t seg = __riscv_vlseg2e64_v_u64m4x2(q, vl);
    vuint64m4_t u = __riscv_vget_v_u64m4x2_u64m4(seg, 0);
    vuint64m4_t v = __riscv_vget_v_u64m4x2_u64m4(seg, 1);
    /* The state enters through the first 4 message bytes: element 0 of U. */
    u = __riscv_vmv_s_x_u64m4_tu(u, __riscv_vmv_x_s_u64m4_u64(u) ^ state, vl);

    const uint64_t ku = k->fold_u[log2_lanes], kv = k->fold_v[log2_lanes];
    for (size_t b = 1; b < blocks; b++) {
        q += 2 * vl;
        seg = __riscv_vlseg2e64_v_u64m4x2(q, vl);
        vuint64m4_t lo = __riscv_vxor_vv_u64m4(__riscv_vclmul_vx_u64m4(u, ku, vl),
                                               __riscv_vclmul_vx_u64m4(v, kv, vl), vl);
        vuint64m4_t hi = __riscv_vxor_vv_u64m4(__riscv_vclmulh_vx_u64m4(u, ku, vl),
                                               __riscv_vclmulh_vx_u64m4(v, kv, vl), vl);
        u = __riscv_vxor_vv_u64m4(lo, __riscv_vget_v_u64m4x2_u64m4(seg, 0), vl);
        v = __riscv_vxor_vv_u64m4(hi, __riscv_vget_v_u64m4x2_u64m4(seg, 1), vl);
    }

    /* Lane e is j = lanes-1-e lanes from the end: constants entry 63-j. */
    const size_t first = SC_RV_CRC_MAX_LANES - lanes;
    vuint64m4_t ru = __riscv_vle64_v_u64m4(k->reduce_u + first, vl);
    vuint64m4_t rv = __riscv_vle64_v_u64m4(k->reduce_v + first, vl);
    vuint64m4_t lo = __riscv_vxor_vv_u64m4(__riscv_vclmul_vv_u64m4(u, ru, vl),
                                           __riscv_vclmul_vv_u64m4(v, rv, vl), vl);
    vuint64m4_t hi = __riscv_vxor_vv_u64m4(__riscv_vclmulh_vv_u64m4(u, ru, vl),
                                           __riscv_vclmulh_vv_u64m4(v, rv, vl), vl);
    const vuint64m1_t zero = __riscv_vmv_s_x_u64m1(0, 1);
    uint64_t wlo = __riscv_vmv_x_s_u64m1_u64(__riscv_vredxor_vs_u64m4_u64m1(lo, zero, vl));
    uint64_t whi = __riscv_vmv_x_s_u64m1_u64(__riscv_vredxor_vs_u64m4_u64m1(hi, zero, vl));
    return sc_rv_crc_window(wlo, whi, raw);
}

static uint32_t crc_zvbc(uint32_t state, const uint8_t *p, size_t n, const sc_rv_crc_constants *k,
                         sc_rv_crc_raw_fn raw)
{
    size_t head = sc_rv_align_head(p, n);
    state = raw(state, p, head);
    p += head, n -= head;
    size_t max_lanes = __riscv_vsetvlmax_e64m4();
    if (max_lanes > SC_RV_CRC_MAX_LANES) max_lanes = SC_RV_CRC_MAX_LANES;
    /* Widest blocks first; what is left (< one block) in narrower passes. */
    while (n >= 16) {
        size_t lanes = 1;
        int log2_lanes = 0;
        while (2 * lanes <= max_lanes && 32 * lanes <= n) lanes *= 2, log2_lanes++;
        size_t blocks = n / (16 * lanes);
        state = fold_pass(state, p, blocks, lanes, log2_lanes, k, raw);
        p += blocks * 16 * lanes, n -= blocks * 16 * lanes;
    }
    return raw(state, p, n);
}

SC_CHECKSUM_KERNEL(sc_crc32_rv_zvbc)
{
    return ~crc_zvbc(~value, buf, len, &sc_rv_crc32_constants, sc_crc32_raw_portable);
}

SC_CHECKSUM_KERNEL(sc_crc32c_rv_zvbc)
{
    return ~crc_zvbc(~value, buf, len, &sc_rv_crc32c_constants, sc_crc32c_raw_portable);
}
