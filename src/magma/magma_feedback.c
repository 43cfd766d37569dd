/* SPDX-License-Identifier: Apache-2.0 */
/* Feedback modes over s-byte segments with an m-byte register R:
 *   OFB of GOST R 34.13-2015 (5.3): Y = E(MSB_n(R)), the segment's gamma is
 *     MSB_s(Y), then R = LSB_(m-n)(R) || Y (a whole block shifts in, so
 *     with s < n the rest of Y is dropped, as the standard says);
 *   CFB of GOST R 34.13-2015 (5.5): the gamma is MSB_s(E(MSB_n(R))), then
 *     R = LSB_(m-s)(R) || C_i, the ciphertext segment;
 *   CFB of GOST 28147-89 (RFC 5830 section 7, gost-engine's gost89): the
 *     same with m = s = n in the little-endian convention, and CryptoPro
 *     key meshing: before the 129th, 257th, ... encryption the key is
 *     meshed and R (the last ciphertext block) is replaced by E_K'(R), whose
 *     encryption then gives the gamma (gost-engine's gost_crypt_mesh).
 * The block conventions come from k (kernel ecb op on bytes), so the bytes
 * of R are the block bytes of either standard. One encryption per segment;
 * with m = s = n, whole blocks take a fast path (cfb_blocks): decryption's
 * gammas come from ciphertext already known (one multi-block ECB call), and
 * encryption's X_(i+1) = E(C_i) = E(P_i ^ X_i) is the kernel's CBC chain
 * from X_1 = E(R). The register is secret-dependent only through
 * the key (OFB) or holds ciphertext (CFB); both are wiped by the callers. */
#include "magma_internal.h"

int sc_magma_fb_start(sc_magma_fb *f, int ofb, int decrypt, int meshing, const uint8_t *iv, size_t iv_len,
                      unsigned segment_bits)
{
    if (iv_len == 0 || iv_len % 8 || iv_len / 8 > SC_MAGMA_CBC_MAX_BLOCKS) return SC_EIVSIZE;
    if (segment_bits % 8 || segment_bits > 64) return SC_EINVAL;
    memset(f, 0, sizeof *f);
    memcpy(f->reg, iv, iv_len);
    f->m = (uint32_t)iv_len;
    f->s = segment_bits ? segment_bits / 8 : SC_MAGMA_BLOCK_SIZE;
    f->pos = f->s;
    f->ofb = (uint8_t)(ofb != 0);
    f->decrypt = (uint8_t)(decrypt != 0);
    f->meshing = (uint8_t)(meshing != 0);
    return SC_OK;
}

/* R = LSB_(m-n)(R) || the `n` bytes at src. */
static void shift_in(sc_magma_fb *f, const uint8_t *src, uint32_t n)
{
    memmove(f->reg, f->reg + n, f->m - n);
    memcpy(f->reg + f->m - n, src, n);
}

/* Open a segment: the gamma from the register's leading block. */
static void next_gamma(sc_magma_key *k, sc_magma_fb *f)
{
    const struct sc_magma_ops *ops = sc_magma_ops_of(k);
    if (f->meshing) {
        if (f->since_mesh == SC_GOST89_MESH_BLOCKS) {
            sc_gost89_mesh(k);
            ops->ecb(k, k->round_keys[0], f->reg, f->reg, 1);
            f->since_mesh = 0;
        }
        f->since_mesh++;
    }
    ops->ecb(k, k->round_keys[0], f->reg, f->gamma, 1);
    if (f->ofb) shift_in(f, f->gamma, SC_MAGMA_BLOCK_SIZE);
    f->pos = 0;
}

enum { FB_BATCH = SC_GOST89_MESH_BLOCKS }; /* blocks per call: at most one meshing period */

/* CFB with m = s = n at a segment boundary: b whole blocks (b <= the
 * encryptions left before the next meshing), their b gammas E(R), E(C_1),
 * .. E(C_(b-1)) computed together; R becomes C_b. */
static void cfb_blocks(sc_magma_key *k, sc_magma_fb *f, const uint8_t *in, uint8_t *out, size_t b)
{
    const struct sc_magma_ops *ops = sc_magma_ops_of(k);
    uint8_t g[8 * FB_BATCH];
    if (f->decrypt) {
        memcpy(g, f->reg, 8);
        memcpy(g + 8, in, 8 * (b - 1));
        memcpy(f->reg, in + 8 * (b - 1), 8); /* before an in-place write */
        ops->ecb(k, k->round_keys[0], g, g, b);
        for (size_t i = 0; i < 8 * b; i++) out[i] = (uint8_t)(in[i] ^ g[i]);
    } else {
        /* X_1 = E(R) is the chain's first step from s = 0 (E(0 ^ R)): a SIMD
         * kernel's one-block ECB is a zero-padded vector batch, slower than
         * its register-resident chain (1/8 of a 64-byte message). */
        uint64_t x = 0;
        sc_magma_chain_blocks(k, &x, f->reg, g, 1);
        if (b > 1) sc_magma_chain_blocks(k, &x, in, g + 8, b - 1);
        for (size_t i = 0; i < 8 * b; i++) out[i] = (uint8_t)(in[i] ^ g[i]);
        memcpy(f->reg, out + 8 * (b - 1), 8);
        x = 0;
    }
    if (f->meshing) f->since_mesh += (uint32_t)b;
    sc_wipe(g, 8 * b);
}

/* OFB with m = s = n at a segment boundary, no meshing: the gammas
 * Y_i = E(Y_(i-1)) from Y_0 = R are the CBC chain over zero blocks, so b of
 * them come from one call of the kernel's register-resident chain (its
 * constants loaded once, the block never leaving registers) instead of b
 * one-block ECB calls (1.5x on Zen 3's AVX2 kernel: BENCHMARKS.md 8). R
 * becomes Y_b. */
static void ofb_blocks(sc_magma_key *k, sc_magma_fb *f, const uint8_t *in, uint8_t *out, size_t b)
{
    static const uint8_t zeros[8 * FB_BATCH];
    uint8_t g[8 * FB_BATCH];
    uint64_t x = sc_magma_load_block(f->reg, k->little_endian);
    sc_magma_chain_blocks(k, &x, zeros, g, b);
    for (size_t i = 0; i < 8 * b; i++) out[i] = (uint8_t)(in[i] ^ g[i]);
    memcpy(f->reg, g + 8 * (b - 1), 8);
    sc_wipe(&x, sizeof x);
    sc_wipe(g, 8 * b);
}

void sc_magma_fb_run(sc_magma_key *k, sc_magma_fb *f, const uint8_t *in, uint8_t *out, size_t len)
{
    while (len) {
        if (f->ofb && !f->meshing && f->m == 8 && f->s == 8 && f->pos == f->s && len >= 8) {
            size_t b = len / 8 < FB_BATCH ? len / 8 : FB_BATCH;
            ofb_blocks(k, f, in, out, b);
            in += 8 * b, out += 8 * b, len -= 8 * b;
            continue;
        }
        if (!f->ofb && f->m == 8 && f->s == 8 && f->pos == f->s && len >= 8) {
            if (f->meshing && f->since_mesh == SC_GOST89_MESH_BLOCKS) { /* as next_gamma */
                sc_gost89_mesh(k);
                sc_magma_ops_of(k)->ecb(k, k->round_keys[0], f->reg, f->reg, 1);
                f->since_mesh = 0;
            }
            size_t b = len / 8, left = f->meshing ? SC_GOST89_MESH_BLOCKS - f->since_mesh : FB_BATCH;
            if (b > left) b = left;
            if (b > FB_BATCH) b = FB_BATCH;
            cfb_blocks(k, f, in, out, b);
            in += 8 * b, out += 8 * b, len -= 8 * b;
            continue;
        }
        if (f->pos == f->s) next_gamma(k, f);
        size_t take = f->s - f->pos < len ? f->s - f->pos : len;
        for (size_t i = 0; i < take; i++) {
            uint8_t x = in[i]; /* read first: in == out */
            out[i] = (uint8_t)(x ^ f->gamma[f->pos + i]);
            f->seg[f->pos + i] = f->decrypt ? x : out[i];
        }
        f->pos += (uint32_t)take;
        in += take, out += take, len -= take;
        if (!f->ofb && f->pos == f->s) shift_in(f, f->seg, f->s);
    }
}
