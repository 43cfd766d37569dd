/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20 (RFC 8439 2.3-2.4) with RVV 1.0, VLEN-agnostic (>= 128): the
 * body of chacha20_v.c ("rv-v") and chacha20_zvbb.c ("rv-zvbb"), which
 * define before including it:
 *   CHACHA_V_FN     the entry point's name
 *   ROTL(x, n, vl)  rotation left of every 32-bit element by the constant n
 *                   (three instructions with plain V, one vror.vi with Zvbb)
 * Each including file is its own TU with its own -march; everything here is
 * static (gotcha: a shared non-static helper could be linked from the
 * wrong TU).
 *
 * Two layouts:
 *   vertical    a group of vl blocks (e32, LMUL 1: vl <= VLEN / 32, so 4
 *               at VLEN 128, 16 at 512), element b of vector w holding word
 *               w of block b: 16 state vectors, the quarter rounds with no
 *               shuffles, the counters vid + state[12] (wrapping modulo
 *               2^32 as e32 additions do). LMUL 2 would need 32 registers
 *               for the state alone. The instruction count of a group does
 *               not depend on vl, so the count per byte falls as 1 / VLEN.
 *               The keystream leaves in byte order through two strided
 *               segment stores (vssseg8e32, 8 words of every block each,
 *               stride 64) into a stack buffer.
 *   horizontal  one block as four 4-element rows (a b c d), the diagonal
 *               rounds by vrgather of rows b c d: about a third of a group's
 *               instructions, so it takes the last few blocks when a group
 *               would be mostly empty (HORIZONTAL_MAX).
 * The data is xored with the buffered keystream as bytes (e8, LMUL 8): any
 * alignment (a misaligned vle32 may trap), the partial last block included.
 *
 * Guest instructions under qemu (clang 19 -O3), a group / one horizontal
 * block: rv-v 1382 / 434, rv-zvbb 1052 / 313; so three blocks one by one
 * cost less than a group (1363 against 1382, 1014 against 1052) and four do
 * not: HORIZONTAL_MAX 3 in both. Per byte at 16 KiB: rv-v 5.49 / 2.74 /
 * 1.37 at VLEN 128 / 256 / 512, rv-zvbb 4.23 / 2.11 / 1.06, portable
 * (rv64gc) 38.5; at 64 B rv-v 6.78, rv-zvbb 4.89, portable 39.2.
 *
 * Constant time: vl and every branch depend only on len; no table, no
 * data-dependent address. */
#include <riscv_vector.h>

#include "../../chacha/chacha_internal.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the RVV ChaCha20 kernels store the keystream words as little-endian elements"
#endif

#define AI static inline __attribute__((always_inline))

typedef vuint32m1_t vword;

/* Blocks per vertical group at most (VLEN 1024); bounds the buffer. */
enum { MAX_LANES = 32 };

/* Remaining blocks at most that go one by one through the horizontal path
 * rather than into one mostly empty vertical group: measured (instructions
 * per call under qemu) in chacha20_v.c / chacha20_zvbb.c. */
#ifndef HORIZONTAL_MAX
#error "define HORIZONTAL_MAX"
#endif

/* out = in ^ ks over n bytes, as bytes (any alignment). */
AI void xor_bytes(const uint8_t *ks, const uint8_t *in, uint8_t *out, size_t n)
{
    for (size_t vl; n; n -= vl, ks += vl, in += vl, out += vl) {
        vl = __riscv_vsetvl_e8m8(n);
        vuint8m8_t k = __riscv_vle8_v_u8m8(ks, vl);
        __riscv_vse8_v_u8m8(out, __riscv_vxor_vv_u8m8(__riscv_vle8_v_u8m8(in, vl), k, vl), vl);
    }
}

/* Zeroes the keystream buffer with vector stores (sc_wipe's memset is
 * rv64gc scalar code: 8 bytes a store); the empty asm that reads the
 * buffer keeps the compiler from dropping the stores as dead. */
AI void wipe(uint32_t *ks, size_t n)
{
    uint8_t *p = (uint8_t *)ks;
    for (size_t vl; n; n -= vl, p += vl) {
        vl = __riscv_vsetvl_e8m8(n);
        __riscv_vse8_v_u8m8(p, __riscv_vmv_v_x_u8m8(0, vl), vl);
    }
    __asm__ volatile("" : : "r"(ks) : "memory");
}

#define VADD(a, b) __riscv_vadd_vv_u32m1(a, b, vl)
#define VXOR(a, b) __riscv_vxor_vv_u32m1(a, b, vl)

/* The quarter round on vectors (of blocks or of columns). */
#define QR(a, b, c, d)                                                                                            \
    do {                                                                                                          \
        a = VADD(a, b), d = ROTL(VXOR(d, a), 16, vl);                                                             \
        c = VADD(c, d), b = ROTL(VXOR(b, c), 12, vl);                                                             \
        a = VADD(a, b), d = ROTL(VXOR(d, a), 8, vl);                                                              \
        c = VADD(c, d), b = ROTL(VXOR(b, c), 7, vl);                                                              \
    } while (0)

/* The keystream of vl blocks (counters ctr .. ctr + vl - 1) into ks, block
 * after block. */
static void vertical(const uint32_t s[16], uint32_t ctr, uint32_t *ks, size_t vl)
{
    const vword counters = __riscv_vadd_vx_u32m1(__riscv_vid_v_u32m1(vl), ctr, vl);
    vword x0 = __riscv_vmv_v_x_u32m1(s[0], vl), x1 = __riscv_vmv_v_x_u32m1(s[1], vl);
    vword x2 = __riscv_vmv_v_x_u32m1(s[2], vl), x3 = __riscv_vmv_v_x_u32m1(s[3], vl);
    vword x4 = __riscv_vmv_v_x_u32m1(s[4], vl), x5 = __riscv_vmv_v_x_u32m1(s[5], vl);
    vword x6 = __riscv_vmv_v_x_u32m1(s[6], vl), x7 = __riscv_vmv_v_x_u32m1(s[7], vl);
    vword x8 = __riscv_vmv_v_x_u32m1(s[8], vl), x9 = __riscv_vmv_v_x_u32m1(s[9], vl);
    vword x10 = __riscv_vmv_v_x_u32m1(s[10], vl), x11 = __riscv_vmv_v_x_u32m1(s[11], vl);
    vword x12 = counters, x13 = __riscv_vmv_v_x_u32m1(s[13], vl);
    vword x14 = __riscv_vmv_v_x_u32m1(s[14], vl), x15 = __riscv_vmv_v_x_u32m1(s[15], vl);
    for (int i = 0; i < 10; i++) {
        QR(x0, x4, x8, x12);
        QR(x1, x5, x9, x13);
        QR(x2, x6, x10, x14);
        QR(x3, x7, x11, x15);
        QR(x0, x5, x10, x15);
        QR(x1, x6, x11, x12);
        QR(x2, x7, x8, x13);
        QR(x3, x4, x9, x14);
    }
#define FF(i) __riscv_vadd_vx_u32m1(x##i, s[i], vl)
    vuint32m1x8_t lo = __riscv_vcreate_v_u32m1x8(FF(0), FF(1), FF(2), FF(3), FF(4), FF(5), FF(6), FF(7));
    vuint32m1x8_t hi = __riscv_vcreate_v_u32m1x8(FF(8), FF(9), FF(10), FF(11), VADD(x12, counters), FF(13),
                                                 FF(14), FF(15));
#undef FF
    __riscv_vssseg8e32_v_u32m1x8(ks, 64, lo, vl);
    __riscv_vssseg8e32_v_u32m1x8(ks + 8, 64, hi, vl);
}

/* The keystream of the one block with counter ctr into ks[0..16). */
static void horizontal(const uint32_t s[16], uint32_t ctr, uint32_t *ks)
{
    const size_t vl = 4;
    const vword sa = __riscv_vle32_v_u32m1(s, vl), sb = __riscv_vle32_v_u32m1(s + 4, vl);
    const vword sc = __riscv_vle32_v_u32m1(s + 8, vl);
    const vword sd = __riscv_vmv_s_x_u32m1_tu(__riscv_vle32_v_u32m1(s + 12, vl), ctr, vl);
    /* rot_k: element i takes element (i + k) mod 4 (a rotation by k lanes) */
    const vword id = __riscv_vid_v_u32m1(vl);
    const vword rot1 = __riscv_vand_vx_u32m1(__riscv_vadd_vx_u32m1(id, 1, vl), 3, vl);
    const vword rot2 = __riscv_vand_vx_u32m1(__riscv_vadd_vx_u32m1(id, 2, vl), 3, vl);
    const vword rot3 = __riscv_vand_vx_u32m1(__riscv_vadd_vx_u32m1(id, 3, vl), 3, vl);
    vword a = sa, b = sb, c = sc, d = sd;
    for (int i = 0; i < 10; i++) {
        QR(a, b, c, d);
        b = __riscv_vrgather_vv_u32m1(b, rot1, vl), c = __riscv_vrgather_vv_u32m1(c, rot2, vl);
        d = __riscv_vrgather_vv_u32m1(d, rot3, vl);
        QR(a, b, c, d);
        b = __riscv_vrgather_vv_u32m1(b, rot3, vl), c = __riscv_vrgather_vv_u32m1(c, rot2, vl);
        d = __riscv_vrgather_vv_u32m1(d, rot1, vl);
    }
    __riscv_vse32_v_u32m1(ks, VADD(a, sa), vl), __riscv_vse32_v_u32m1(ks + 4, VADD(b, sb), vl);
    __riscv_vse32_v_u32m1(ks + 8, VADD(c, sc), vl), __riscv_vse32_v_u32m1(ks + 12, VADD(d, sd), vl);
}

void CHACHA_V_FN(const uint32_t state[16], const uint8_t *in, uint8_t *out, size_t len)
{
    uint32_t ks[16 * MAX_LANES];
    size_t vlmax = __riscv_vsetvlmax_e32m1(), used = 0;
    vlmax = vlmax < MAX_LANES ? vlmax : MAX_LANES;
    uint32_t ctr = state[12];
    while (len) {
        size_t blocks = (len + 63) / 64, n;
        if (blocks <= HORIZONTAL_MAX) {
            horizontal(state, ctr, ks);
            n = 1;
        } else {
            /* AVL <= VLMAX: vsetvl gives exactly n */
            n = blocks < vlmax ? blocks : vlmax;
            vertical(state, ctr, ks, __riscv_vsetvl_e32m1(n));
        }
        size_t bytes = len < 64 * n ? len : 64 * n;
        xor_bytes((const uint8_t *)ks, in, out, bytes);
        used = used > n ? used : n;
        ctr += (uint32_t)n, in += bytes, out += bytes, len -= bytes;
    }
    wipe(ks, 64 * used);
}
