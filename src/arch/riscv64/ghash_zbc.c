/* SPDX-License-Identifier: Apache-2.0 */
/* GHASH with the scalar carry-less multiply of Zbc (clmul/clmulh), for
 * RISC-V CPUs without vector crypto ("rv-zbc"); AES itself is the portable
 * kernel's (bitsliced, constant time), called through sc_aes_portable.
 * Built with -march=rv64gc_zbc.
 *
 * Representation: a block is read as two big-endian 64-bit words (hi =
 * bytes 0..7), so that bit 127 - i of the 128-bit value is the coefficient
 * of x^i: the bit-reflected order of SP 800-38D, in which a carry-less
 * product of two reflected values is the reflected product shifted right
 * by one. Each power of H is stored premultiplied by x^-1 to undo that
 * shift, so clmul's 256 bits are the reflected product as they are; the
 * reduction modulo x^128 + x^7 + x^2 + x + 1 is four more carry-less
 * multiplications (reduce()).
 *
 * Four blocks at a time are aggregated: (Y ^ X0) H^4 ^ X1 H^3 ^ X2 H^2 ^
 * X3 H, each product by Karatsuba (three 64x64 products, six instructions)
 * into one unreduced sum, then one reduction.
 *
 * Constant time: clmul/clmulh have data-independent timing (Zkt), the
 * conditional reduction of x^-1 is a mask, and nothing indexes memory by
 * data. */
#include <riscv_bitmanip.h>

#include "../../aes/aes_internal.h"
#include "../../core/unroll.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the Zbc GHASH kernel byte-swaps little-endian words"
#endif

#define AI static inline __attribute__((always_inline))

typedef struct u128 {
    uint64_t hi, lo; /* bytes 0..7 and 8..15, big-endian */
} u128;

/* A power of H times x^-1, with the xor of its halves for Karatsuba. */
typedef struct power {
    uint64_t hi, lo, mid;
} power;

enum { AGGREGATE = 4 };

/* g->tab: powers[i] = H^(i+1) x^-1, i < AGGREGATE. */
AI const power *powers_of(const sc_ghash_key *g) { return (const power *)(const void *)g->tab; }

/* Byte reversal without Zbb's rev8, in three swap steps with the masks of
 * `m`. The masks come through an empty asm (swap_masks): with constant
 * masks clang recognises a byte swap and expands it its own way, in 22
 * instructions where these steps take 13. */
typedef struct masks {
    uint64_t bytes, halves;
} masks;

AI masks swap_masks(void)
{
    masks m = {0x00ff00ff00ff00ffu, 0x0000ffff0000ffffu};
    __asm__("" : "+r"(m.bytes), "+r"(m.halves));
    return m;
}

AI uint64_t bswap64(uint64_t x, masks m)
{
    x = (x & m.bytes) << 8 | ((x >> 8) & m.bytes);
    x = (x & m.halves) << 16 | ((x >> 16) & m.halves);
    return x << 32 | x >> 32;
}

/* A big-endian word: one load and a byte swap when 8-byte aligned, else
 * assembled from bytes (an unaligned ld may trap or be emulated by the
 * kernel). `aligned` is a constant in each copy of the loop. */
AI uint64_t load_be64(const uint8_t *p, int aligned, masks m)
{
    if (aligned) return bswap64(*(const uint64_t *)__builtin_assume_aligned(p, 8), m);
    uint64_t w = 0;
    for (int i = 0; i < 8; i++) w = w << 8 | p[i];
    return w;
}
AI u128 load_block(const uint8_t *p, int aligned, masks m)
{
    return (u128){load_be64(p, aligned, m), load_be64(p + 8, aligned, m)};
}

static void store_block(uint8_t *p, u128 v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v.hi >> (56 - 8 * i)), p[8 + i] = (uint8_t)(v.lo >> (56 - 8 * i));
}

/* An unreduced 256-bit product by Karatsuba: lo = a.lo h.lo, hi = a.hi
 * h.hi, mid = (a.lo ^ a.hi)(h.lo ^ h.hi), each 128 bits as two words. */
typedef struct sum {
    uint64_t lo0, lo1, hi0, hi1, mid0, mid1;
} sum;

AI void mul_add(sum *s, u128 a, const power *h)
{
    const uint64_t m = a.lo ^ a.hi;
    s->lo0 ^= __riscv_clmul_64(a.lo, h->lo), s->lo1 ^= __riscv_clmulh_64(a.lo, h->lo);
    s->hi0 ^= __riscv_clmul_64(a.hi, h->hi), s->hi1 ^= __riscv_clmulh_64(a.hi, h->hi);
    s->mid0 ^= __riscv_clmul_64(m, h->mid), s->mid1 ^= __riscv_clmulh_64(m, h->mid);
}

/* The sum's 256 bits [x3:x2:x1:x0] (x3 the most significant word: the
 * coefficients of x^0..x^63, x0 those of x^192..x^255) reduced to 128, the
 * high words folded down with x^128 = 1 + x + x^2 + x^7 in two steps: x0
 * x^192 = x0 x^64 (1 + x + x^2 + x^7), then likewise the new x1. The product
 * by x + x^2 + x^7 of a word is one clmul/clmulh by REDUCE (that
 * polynomial over x, reflected: x^0 + x^1 + x^6), its high word the lower
 * coefficients. */
#define REDUCE UINT64_C(0xc200000000000000)
AI u128 reduce(const sum *s)
{
    const uint64_t mid0 = s->mid0 ^ s->lo0 ^ s->hi0, mid1 = s->mid1 ^ s->lo1 ^ s->hi1;
    const uint64_t x0 = s->lo0, x1 = s->lo1 ^ mid0 ^ __riscv_clmul_64(x0, REDUCE);
    const uint64_t x2 = s->hi0 ^ mid1 ^ x0 ^ __riscv_clmulh_64(x0, REDUCE) ^ __riscv_clmul_64(x1, REDUCE);
    const uint64_t x3 = s->hi1 ^ x1 ^ __riscv_clmulh_64(x1, REDUCE);
    return (u128){x3, x2};
}

/* a b, with b given as b x^-1 (a power). */
static u128 mul(u128 a, const power *b)
{
    sum s = {0};
    mul_add(&s, a, b);
    return reduce(&s);
}

/* h x^-1: x^-1 = x^127 + x^6 + x + 1, so h / x when h has no x^0 term (a
 * shift towards x^0, left in this order) and (h + 1) / x + x^-1 when it
 * has: x^-1 reflected (REDUCE in the high word, 1 in the low) added under
 * a mask. */
static power times_x_inverse(u128 h)
{
    const uint64_t carry = -(h.hi >> 63);
    power p = {h.hi << 1 | h.lo >> 63, h.lo << 1, 0};
    p.hi ^= carry & REDUCE, p.lo ^= carry & 1;
    p.mid = p.hi ^ p.lo;
    return p;
}

static void zbc_ghash_init(sc_ghash_key *g)
{
    power *pw = (power *)(void *)g->tab;
    const u128 h = load_block(g->h, 1, swap_masks());
    pw[0] = times_x_inverse(h);
    u128 hk = h;
    for (int i = 1; i < AGGREGATE; i++) {
        hk = mul(hk, &pw[0]);
        pw[i] = times_x_inverse(hk);
    }
}

/* k <= AGGREGATE blocks folded into y: (y ^ x_0) H^k ^ ... ^ x_(k-1) H. */
AI u128 fold_blocks(u128 y, const uint8_t *in, size_t k, const power *pw, int aligned, masks m)
{
    sum s = {0};
    UNROLL
    for (size_t i = 0; i < k; i++) {
        u128 x = load_block(in + 16 * i, aligned, m);
        if (i == 0) x.hi ^= y.hi, x.lo ^= y.lo;
        mul_add(&s, x, &pw[k - 1 - i]);
    }
    return reduce(&s);
}

AI void ghash_body(const power *pw, uint8_t acc[16], const uint8_t *in, size_t n, int aligned)
{
    const masks m = swap_masks();
    u128 y = load_block(acc, 0, m);
    for (; n >= AGGREGATE; n -= AGGREGATE, in += 16 * AGGREGATE) y = fold_blocks(y, in, AGGREGATE, pw, aligned, m);
    if (n) y = fold_blocks(y, in, n, pw, aligned, m);
    store_block(acc, y);
}

/* The alignment of `in` is public: it picks the loop, not the data. */
static void zbc_ghash(const sc_ghash_key *g, uint8_t acc[16], const uint8_t *in, size_t n)
{
    if (((uintptr_t)in & 7) == 0)
        ghash_body(powers_of(g), acc, in, n, 1);
    else
        ghash_body(powers_of(g), acc, in, n, 0);
}

/* ---- AES: the portable kernel's, through its ops (a run-time reference:
 * a static initializer cannot read another object's members) ------------ */

static void zbc_prepare(sc_aes_key *k)
{
    if (sc_aes_portable.prepare) sc_aes_portable.prepare(k);
}
#define SC_AES_ZBC_FORWARD(op, params, args)                                                                   \
    static void zbc_##op params { sc_aes_portable.op args; }
SC_AES_ZBC_FORWARD(encrypt, (const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n), (k, in, out, n))
SC_AES_ZBC_FORWARD(decrypt, (const sc_aes_key *k, const uint8_t *in, uint8_t *out, size_t n), (k, in, out, n))
SC_AES_ZBC_FORWARD(cbc_encrypt, (const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n),
                   (k, iv, in, out, n))
SC_AES_ZBC_FORWARD(cbc_decrypt, (const sc_aes_key *k, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t n),
                   (k, iv, in, out, n))
SC_AES_ZBC_FORWARD(ctr32, (const sc_aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n),
                   (k, ctr, in, out, n))
#undef SC_AES_ZBC_FORWARD

const struct sc_aes_ops sc_aes_rv_zbc = {
    .prepare = zbc_prepare,
    .encrypt = zbc_encrypt,
    .decrypt = zbc_decrypt,
    .cbc_encrypt = zbc_cbc_encrypt,
    .cbc_decrypt = zbc_cbc_decrypt,
    .ctr32 = zbc_ctr32,
    .ghash_init = zbc_ghash_init,
    .ghash = zbc_ghash,
    .gcm_encrypt = NULL,
    .gcm_decrypt = NULL,
};
