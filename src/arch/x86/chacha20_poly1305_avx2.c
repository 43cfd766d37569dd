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
 * Encrypting, the blocks absorbed beside a group are the previous group's
 * (or the first part's) ciphertext, what it wrote; a last group of one or
 * two blocks is one horizontal row set (st_short). Decrypting, the group's
 * own input, read during its rounds, before its stores (in place too, no
 * copy needed), from the first data block on; a last group of one or two
 * blocks runs alone, after its Poly1305 blocks.
 *
 * The first part (up to 448 bytes: block 0, the Poly1305 key, and 7 data
 * blocks, one vertical group) goes through one ChaCha20 call, as the
 * generic short-message path does; decrypting more than that, block 0
 * alone (the one-block path) and the data in groups from block 1.
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
/* Decrypting, a last group of more than this many bytes runs as a vertical
 * group beside its own Poly1305 blocks, a shorter one through the plain
 * kernel after them (Zen 3: 1152 and 1216 bytes 1968 and 2106 cycles at
 * 128, 2228 and 2203 at 64; 192 and 320 about as 128). */
enum { OWN_MIN = 128 };

#if !defined(SC_CT_DFSAN_BUILD)
/* One Poly1305 block of m (poly1305_mulx.h), r0, r1, s1 from rk. */
#define SP_BLOCK SC_POLY1305_MULX_BLOCK("%[m]", "%[r0]", "%[r1]", "%[s1]", "$1")

/* A double round on fixed registers (a rows ymm0-3, b ymm4-7, d ymm8-11, two
 * c rows in ymm12-13, the other two at 256 + 32 k (%[x]); chacha20_avx2.h's
 * schedule), with P1, P2, P3 after its first three quarter-round pairs. */
#define SP_DR(P1, P2, P3)                                                                                              \
    CA_QR2("%%ymm0", "%%ymm4", CA_C0, "%%ymm8", "%%ymm1", "%%ymm5", CA_C1, "%%ymm9")                                   \
    P1 "vmovdqa " CA_C0 ", 256(%[x])\n\t"                                                                              \
       "vmovdqa " CA_C1 ", 288(%[x])\n\t"                                                                              \
       "vmovdqa 320(%[x]), " CA_C0 "\n\t"                                                                              \
       "vmovdqa 352(%[x]), " CA_C1                                                                                     \
       "\n\t" CA_QR2("%%ymm2", "%%ymm6", CA_C0, "%%ymm10", "%%ymm3", "%%ymm7", CA_C1, "%%ymm11")                       \
           P2 CA_QR2("%%ymm0", "%%ymm5", CA_C0, "%%ymm11", "%%ymm1", "%%ymm6", CA_C1, "%%ymm8") P3                     \
        "vmovdqa " CA_C0 ", 320(%[x])\n\t"                                                                             \
        "vmovdqa " CA_C1 ", 352(%[x])\n\t"                                                                             \
        "vmovdqa 256(%[x]), " CA_C0 "\n\t"                                                                             \
        "vmovdqa 288(%[x]), " CA_C1                                                                                    \
        "\n\t" CA_QR2("%%ymm2", "%%ymm7", CA_C0, "%%ymm9", "%%ymm3", "%%ymm4", CA_C1, "%%ymm10")

/* The 10 double rounds of x[16] (in memory at entry and exit), the first
 * np (<= 10) of them with 3 Poly1305 blocks of m each (h canonical; rk =
 * r0, r1, s1): the two instruction streams in one asm, so the vector and
 * the integer units work side by side within each double round. */
CC_AI void st_rounds(vec_t x[16], uint64_t h[3], const uint64_t rk[3], const uint8_t *m, unsigned np)
{
    unsigned nt = 10;
    uint64_t h0 = h[0], h1 = h[1], h2 = h[2], b, c, d, e, f, g;
    __asm__("vmovdqa 0(%[x]), %%ymm0\n\t"
            "vmovdqa 32(%[x]), %%ymm1\n\t"
            "vmovdqa 64(%[x]), %%ymm2\n\t"
            "vmovdqa 96(%[x]), %%ymm3\n\t"
            "vmovdqa 128(%[x]), %%ymm4\n\t"
            "vmovdqa 160(%[x]), %%ymm5\n\t"
            "vmovdqa 192(%[x]), %%ymm6\n\t"
            "vmovdqa 224(%[x]), %%ymm7\n\t"
            "vmovdqa 384(%[x]), %%ymm8\n\t"
            "vmovdqa 416(%[x]), %%ymm9\n\t"
            "vmovdqa 448(%[x]), %%ymm10\n\t"
            "vmovdqa 480(%[x]), %%ymm11\n\t"
            "vmovdqa 256(%[x]), " CA_C0 "\n\t"
            "vmovdqa 288(%[x]), " CA_C1 "\n\t"
            "cmpl $0, %[np]\n\t"
            "jz 3f\n\t"
            "1:\n\t" SP_DR(SP_BLOCK, SP_BLOCK, SP_BLOCK) "decl %[nt]\n\t"
                                                         "decl %[np]\n\t"
                                                         "jnz 1b\n\t"
                                                         "3:\n\t"
                                                         "cmpl $0, %[nt]\n\t"
                                                         "jz 4f\n\t"
                                                         "2:\n\t" SP_DR("", "", "") "decl %[nt]\n\t"
                                                                                    "jnz 2b\n\t"
                                                                                    "4:\n\t"
                                                                                    "vmovdqa %%ymm0, 0(%[x])\n\t"
                                                                                    "vmovdqa %%ymm1, 32(%[x])\n\t"
                                                                                    "vmovdqa %%ymm2, 64(%[x])\n\t"
                                                                                    "vmovdqa %%ymm3, 96(%[x])\n\t"
                                                                                    "vmovdqa %%ymm4, 128(%[x])\n\t"
                                                                                    "vmovdqa %%ymm5, 160(%[x])\n\t"
                                                                                    "vmovdqa %%ymm6, 192(%[x])\n\t"
                                                                                    "vmovdqa %%ymm7, 224(%[x])\n\t"
                                                                                    "vmovdqa %%ymm8, 384(%[x])\n\t"
                                                                                    "vmovdqa %%ymm9, 416(%[x])\n\t"
                                                                                    "vmovdqa %%ymm10, 448(%[x])\n\t"
                                                                                    "vmovdqa %%ymm11, 480(%[x])\n\t"
                                                                                    "vmovdqa " CA_C0 ", 256(%[x])\n\t"
                                                                                    "vmovdqa " CA_C1 ", 288(%[x])"
            : [h0] "+&r"(h0), [h1] "+&r"(h1), [h2] "+&r"(h2), [m] "+&r"(m), [b] "=&r"(b), [c] "=&r"(c), [d] "=&r"(d),
              [e] "=&r"(e), [f] "=&r"(f), [g] "=&r"(g), [np] "+m"(np), [nt] "+m"(nt)
            : [x] "r"(x), [r0] "m"(rk[0]), [r1] "m"(rk[1]), [s1] "m"(rk[2]), [r16] "m"(cc_const(cc_rot16_idx)),
              [r8] "m"(cc_const(cc_rot8_idx))
            : "rdx", "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
              "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
    h[0] = h0, h[1] = h1, h[2] = h2;
}
#endif

/* A vertical group over len <= GROUP bytes of in/out, with the Poly1305
 * blocks [m, m + 16 n) absorbed beside its rounds (3 per double round, the
 * rest after them). */
CC_AI void st_group(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len, uint64_t h[3],
                    const uint64_t rk[3], const uint8_t *m, size_t n)
{
    _Alignas(32) vec_t x[16];
    cc_v_init(x, s, ctr);
#if !defined(SC_CT_DFSAN_BUILD)
    const unsigned np = n / 3 < 10 ? (unsigned)(n / 3) : 10;
    st_rounds(x, h, rk, m, np);
    sc_poly1305_mulx_blocks(h, rk, m + 48 * (size_t)np, n - 3 * (size_t)np, 1);
#else
    for (int i = 0; i < 10; i++) cc_v_double_round(x);
    sc_poly1305_mulx_blocks(h, rk, m, n, 1);
#endif
    cc_reload();
    cc_v_out(x, s, ctr, in, out, len);
}

/* A last group of one or two blocks (len <= 64 L, the lag case): one
 * horizontal row set (the template's short path), a latency-bound chain
 * like the MULX one, with the n Poly1305 blocks spread between its 10
 * double rounds so the core runs both chains side by side, where a whole
 * vertical group costs what eight blocks do. Measured on Zen 3 (cycles per
 * seal, kernel alone): 1 KiB (a 64-byte last group) 2025 -> 1960, 1088
 * bytes 2146 -> 2025; two row sets (three or four blocks) lost to the
 * vertical group (1152 bytes 2074 -> 2138), so they keep it. */
CC_AI void st_short(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t len, uint64_t h[3],
                    const uint64_t rk[3], const uint8_t *m, size_t n)
{
    vec_t x[1][4];
    cc_h_init(x, s, ctr, 1);
    const size_t per = (n + 9) / 10;
    for (int i = 0; i < 10; i++) {
        const size_t k = n < per ? n : per;
        cc_h_double_round(x, 1);
        sc_poly1305_mulx_blocks(h, rk, m, k, 1);
        m += 16 * k, n -= k;
    }
    cc_reload();
    cc_h_out(x, s, ctr, in, out, len, 1);
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
    /* Decrypting more than the first part: block 0 alone (the one-block
     * path), and every group, from the first, absorbs its own input beside
     * its rounds (below), so no ChaCha20 pass runs without Poly1305 work */
    const size_t n0 = !encrypt && len > FIRST ? 0 : len < FIRST ? len : FIRST;
    /* block 0's keystream (the one-time key, 2.6) and the first part's */
    memset(buf, 0, 64);
    if (n0) memcpy(buf + 64, in, n0);
    sc_chacha20_x86_avx2(s, buf, buf, 64 + n0);
    sc_poly1305_setkey(&p, buf);
    poly_padded(&p, aad, aad_len);
    const uint8_t *ct = encrypt ? out : in; /* the MAC's input */
    /* Encrypting, Poly1305 runs a group behind ChaCha20 (on the ciphertext
     * written); decrypting, each group absorbs its own input, read during
     * its rounds before its stores (so in place too): the ciphertext is
     * there from the start (libgcrypt's decryption, 1.3x its encryption at
     * 1 KiB on Zen 3, suggests it does the same) */
    const int lag = encrypt;
    size_t done = 0; /* ciphertext bytes absorbed */
    /* decrypting a short message: its ciphertext (all in the first part)
     * before the copy below overwrites it in place */
    if (!lag) poly_padded(&p, in, n0), done = n0;
    if (n0) memcpy(out, buf + 64, n0);
    sc_wipe(buf, 64 + n0);
    const uint64_t rk[3] = {p.r[0], p.r[1], p.r[1] + (p.r[1] >> 2)}; /* r0, r1, s1 */
    size_t pos = n0;
    for (uint32_t ctr = 1 + (uint32_t)(n0 / 64); pos < len; pos += GROUP, ctr += CC_N) {
        const size_t g = len - pos; /* this group's bytes: GROUP, or the last few */
        if (lag) {                  /* the MAC's input up to this group: 448 bytes, then 512 */
            /* a short last group too: its rounds hide the 32 blocks */
            const size_t n = (pos - done) / 16;
            if (g >= GROUP)
                st_group(s, ctr, in + pos, out + pos, GROUP, p.h, rk, ct + done, n);
            else if (g <= 64 * CC_L)
                st_short(s, ctr, in + pos, out + pos, g, p.h, rk, ct + done, n);
            else
                st_group(s, ctr, in + pos, out + pos, g, p.h, rk, ct + done, n);
            done = pos;
        } else if (g >= GROUP) { /* decrypting: the group's own input, before its stores */
            st_group(s, ctr, in + pos, out + pos, GROUP, p.h, rk, ct + pos, GROUP / 16);
            done = pos + GROUP;
        } else if (g > OWN_MIN) {   /* a last group of 3 to 8 blocks */
            uint8_t last[16] = {0}; /* its padded partial block, before in == out loses it */
            memcpy(last, ct + (len & ~(size_t)15), len % 16);
            st_group(s, ctr, in + pos, out + pos, g, p.h, rk, ct + pos, g / 16);
            if (len % 16) sc_poly1305_mulx_blocks(p.h, rk, last, 1, 1);
            done = len;
        } else {
            break; /* a few blocks alone: the plain kernel */
        }
    }
    if (pos < len) { /* under a group left: the plain kernel */
        uint32_t st[16];
        memcpy(st, s, sizeof st);
        st[12] = 1 + (uint32_t)(pos / 64);
        if (!lag) poly_padded(&p, ct + done, len - done), done = len; /* before in == out loses it */
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
    sc_wipe((void *)rk, sizeof rk);
}
