/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 / CRC-32C by carry-less folding with the scalar Zbc clmul/clmulh
 * (RISC-V Bitmanip 1.0, Zbc): four 16-byte lanes folded 64 bytes at a time,
 * merged pairwise, then one lane at a time; crc_clmul.h derives the
 * constants. Built with -march=rv64gc_zbc. */
#include <riscv_bitmanip.h>

#include "../../checksum/checksum_kernels.h"
#include "crc_clmul.h"

typedef struct lane {
    uint64_t u, v; /* first and second 8 bytes of a 16-byte lane */
} lane;

static inline lane load_lane(const uint8_t *p)
{
    return (lane){sc_rv_load_aligned64(p), sc_rv_load_aligned64(p + 8)};
}

/* The lane times x^D as a 128-bit window (ku, kv chosen for D and the
 * window's offset), XORed with `into`. */
static inline lane fold_into(lane x, uint64_t ku, uint64_t kv, lane into)
{
    return (lane){
        __riscv_clmul_64(x.u, ku) ^ __riscv_clmul_64(x.v, kv) ^ into.u,
        __riscv_clmulh_64(x.u, ku) ^ __riscv_clmulh_64(x.v, kv) ^ into.v,
    };
}

static uint32_t crc_zbc(uint32_t state, const uint8_t *p, size_t n, const sc_rv_crc_constants *k,
                        sc_rv_crc_raw_fn raw)
{
    size_t head = sc_rv_align_head(p, n);
    state = raw(state, p, head);
    p += head, n -= head;
    if (n < 16) return raw(state, p, n);
    lane x;
    if (n >= 64) {
        /* Four independent lanes hide clmul latency; fold_*[2]: 4 lanes. */
        lane l0 = load_lane(p), l1 = load_lane(p + 16), l2 = load_lane(p + 32), l3 = load_lane(p + 48);
        l0.u ^= state;
        for (p += 64, n -= 64; n >= 64; p += 64, n -= 64) {
            l0 = fold_into(l0, k->fold_u[2], k->fold_v[2], load_lane(p));
            l1 = fold_into(l1, k->fold_u[2], k->fold_v[2], load_lane(p + 16));
            l2 = fold_into(l2, k->fold_u[2], k->fold_v[2], load_lane(p + 32));
            l3 = fold_into(l3, k->fold_u[2], k->fold_v[2], load_lane(p + 48));
        }
        /* Merge: lanes 0,1 two lanes forward onto 2,3, then 2 onto 3. */
        l2 = fold_into(l0, k->fold_u[1], k->fold_v[1], l2);
        l3 = fold_into(l1, k->fold_u[1], k->fold_v[1], l3);
        x = fold_into(l2, k->fold_u[0], k->fold_v[0], l3);
    } else {
        x = load_lane(p);
        x.u ^= state;
        p += 16, n -= 16;
    }
    for (; n >= 16; p += 16, n -= 16) x = fold_into(x, k->fold_u[0], k->fold_v[0], load_lane(p));
    /* j = 0: the last lane, reduced to the window at offset -32. */
    const lane zero = {0, 0};
    lane w = fold_into(x, k->reduce_u[SC_RV_CRC_MAX_LANES - 1], k->reduce_v[SC_RV_CRC_MAX_LANES - 1], zero);
    return raw(sc_rv_crc_window(w.u, w.v, raw), p, n);
}

SC_CHECKSUM_KERNEL(sc_crc32_rv_zbc)
{
    return ~crc_zbc(~value, buf, len, &sc_rv_crc32_constants, sc_crc32_raw_portable);
}

SC_CHECKSUM_KERNEL(sc_crc32c_rv_zbc)
{
    return ~crc_zbc(~value, buf, len, &sc_rv_crc32c_constants, sc_crc32c_raw_portable);
}
