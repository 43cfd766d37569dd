/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20-Poly1305 (RFC 8439 2.8), one whole message, AVX2 + BMI2: the
 * ChaCha20 pieces of chacha20_avx2.h and the MULX Poly1305 of
 * poly1305_mulx.h, stitched (sc_chacha_ops.aead_message).
 *
 * Why stitched, and why the scalar Poly1305: the AVX2 ChaCha20 keeps the
 * vector units busy (about 6 cycles per quarter round of 8 blocks on Zen 3)
 * and leaves the integer ALUs and the scalar multiplier idle, which is all
 * the radix-2^64 MULX Poly1305 needs; the AVX2 Poly1305 would compete with
 * ChaCha20 for the vector ports. So each 512-byte vertical group of
 * ChaCha20 runs its 10 double rounds one at a time, with 3 or 4 Poly1305
 * blocks (32 per group) between them, and the out-of-order core overlaps
 * the two streams (the idea of Goll and Gueron's stitched AES-GCM and of
 * OpenSSL's chacha20_poly1305 x86_64 code; no code from either).
 * Encrypting, the blocks absorbed beside a group are the ciphertext the
 * previous group (or the first part) wrote; decrypting, they are the
 * group's own input, read during its rounds, before its stores (so in ==
 * out needs no copy).
 *
 * The first part (up to 448 bytes: block 0, the Poly1305 key, and 7 data
 * blocks, one vertical group) goes through one ChaCha20 call, as the
 * generic short-message path does; the blocks after the last whole group
 * through sc_chacha20_x86_avx2, their Poly1305 through MULX.
 *
 * Constant time: the ChaCha20 template's and the MULX code's arguments;
 * branches on lengths only. Secrets in memory: the stack copy of the first
 * part (keystream block 0, data) and the Poly1305 state are wiped; the c
 * rows the rounds keep on the stack are never raw key words after the first
 * double round, and with the compiler's spills are left to the callers'
 * stack burn, as for sc_chacha20_x86_avx2. */
#include "chacha20_avx2.h"
#include "poly1305_x86.h"

enum { GROUP = 64 * CC_N, FIRST = GROUP - 64 }; /* 512 bytes; 448 */

/* Poly1305 blocks [m, m + 16 n) split over the 10 double rounds of a
 * vertical group: round i takes blocks n i / 10 .. n (i + 1) / 10. */
CC_AI void st_group(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, uint64_t h[3],
                    const uint64_t r[2], const uint8_t *m, size_t n)
{
    vec_t x[16];
    _Alignas(32) vec_t c[4];
    cc_v_init(x, s, ctr);
    c[0] = x[8], c[1] = x[9], c[2] = x[10], c[3] = x[11];
    size_t done = 0;
    for (unsigned i = 0; i < 10; i++) {
        cc_avx2_drounds(x, c, 1);
        const size_t upto = n * (i + 1) / 10;
        sc_poly1305_mulx_blocks(h, r, m + 16 * done, upto - done, 1);
        done = upto;
    }
    x[8] = c[0], x[9] = c[1], x[10] = c[2], x[11] = c[3];
    cc_reload();
    cc_v_out(x, s, ctr, in, out, GROUP);
}

/* Whole blocks of a byte string, then its zero-padded tail (2.8). */
static void poly_padded(sc_poly1305 *p, const uint8_t *m, size_t len)
{
    if (len >= 16) sc_poly1305_x86_avx2(p, m, len / 16);
    if (len % 16) {
        uint8_t last[16] = {0};
        memcpy(last, m + (len & ~(size_t)15), len % 16);
        sc_poly1305_mulx_blocks(p->h, p->r, last, 1, 1);
    }
}

void sc_chacha20_poly1305_x86_avx2(const uint32_t s[16], const uint8_t *aad, size_t aad_len, const uint8_t *in,
                                   uint8_t *out, size_t len, int encrypt, uint8_t tag[16])
{
    sc_poly1305 p;
    _Alignas(32) uint8_t buf[64 + FIRST];
    const size_t n0 = len < FIRST ? len : FIRST;
    /* block 0's keystream (the one-time key, 2.6) and the first part's */
    memset(buf, 0, 64);
    if (n0) memcpy(buf + 64, in, n0);
    sc_chacha20_x86_avx2(s, buf, buf, 64 + n0);
    sc_poly1305_setkey(&p, buf);
    poly_padded(&p, aad, aad_len);
    const uint8_t *ct = encrypt ? out : in; /* the MAC's input */
    size_t done = 0;                        /* ciphertext bytes absorbed */
    /* decrypting: the first part's ciphertext (all of it, or 448 bytes,
     * whole blocks) before in == out loses it */
    if (!encrypt) poly_padded(&p, in, n0), done = n0;
    if (n0) memcpy(out, buf + 64, n0);
    sc_wipe(buf, sizeof buf);
    size_t pos = n0;
    for (uint32_t ctr = 1 + FIRST / 64; len - pos >= GROUP; pos += GROUP, ctr += CC_N) {
        if (encrypt) { /* the ciphertext written so far: 448 bytes, then 512 */
            st_group(s, ctr, in + pos, out + pos, p.h, p.r, ct + done, (pos - done) / 16);
            done = pos;
        } else { /* the group's own input, before its stores */
            st_group(s, ctr, in + pos, out + pos, p.h, p.r, ct + pos, GROUP / 16);
            done = pos + GROUP;
        }
    }
    if (pos < len) { /* under a group left: the plain kernel */
        uint32_t st[16];
        memcpy(st, s, sizeof st);
        st[12] = 1 + (uint32_t)(pos / 64);
        if (!encrypt) poly_padded(&p, ct + done, len - done), done = len; /* before in == out loses it */
        sc_chacha20_x86_avx2(st, in + pos, out + pos, len - pos);
        sc_wipe(st, sizeof st);
    }
    if (done < len) poly_padded(&p, ct + done, len - done);
    uint8_t lengths[16];
    sc_put_le64(lengths, aad_len);
    sc_put_le64(lengths + 8, len);
    sc_poly1305_mulx_blocks(p.h, p.r, lengths, 1, 1);
    sc_poly1305_finish(&p, NULL, 0, tag);
    if (p.pow[0]) sc_wipe(p.pow, sizeof p.pow);
    sc_wipe(&p, offsetof(sc_poly1305, pow));
}
