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
 * ChaCha20 runs its 10 double rounds with 3 Poly1305 blocks in each (30 of
 * the group's 32, the other 2 among its output steps, or after them at the
 * message's edges), every block cut into five parts that sit between the
 * half steps of the quarter rounds, so the core's schedulers always hold
 * both kinds of work (the idea of Goll and Gueron's stitched AES-GCM, of
 * OpenSSL's chacha20_poly1305 x86_64 code and of libgcrypt's
 * chacha20-amd64-avx2.S; no code from any). Whole groups run in one asm
 * loop (st_groups), h in registers from group to group.
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
/* One Poly1305 block, h = (h + m + 2^128) r, in five parts (SP_P1 .. SP_P5,
 * in this order; flags are not live between parts) for the rounds' slots
 * below: poly1305_mulx.h's block (its short loop-carried chain, 12.9 cycles
 * on Zen 3, is what bounds the stitched loop) on fixed registers. rdx is h1
 * from SP_P1 to SP_P3. Constant time: no branch or index on h, r, m. */
#define SP_H0 "%%r8"
#define SP_H1 "%%r9"
#define SP_H2 "%%r10"
#define SP_M "%%r11" /* the block pointer */
#define SP_B "%%rax"
#define SP_C "%%rcx"
#define SP_D "%%rsi"
#define SP_E "%%rdi"
#define SP_F "%%rbx"
#define SP_G "%%r12"
/* r0, r1, s1 in the sp_state at %[ps] */
#define SP_R0 "32(%[ps])"
#define SP_R1 "40(%[ps])"
#define SP_S1 "48(%[ps])"
#define SP_ARGS SP_H0, SP_H1, SP_H2, SP_M, SP_B, SP_C, SP_D, SP_E, SP_F, SP_G, SP_R0, SP_R1, SP_S1, "$1"
#define SP_P1 SC_P1305_PART(SC_P1305_P1, SP_ARGS)
#define SP_P2 SC_P1305_PART(SC_P1305_P2, SP_ARGS)
#define SP_P3 SC_P1305_PART(SC_P1305_P3, SP_ARGS)
#define SP_P4 SC_P1305_PART(SC_P1305_P4, SP_ARGS)
#define SP_P5 SC_P1305_PART(SC_P1305_P5, SP_ARGS)
#define SP_BLOCK SP_P1 SP_P2 SP_P3 SP_P4 SP_P5

/* The Poly1305 side of an asm: h, the block pointer, r0, r1, s1 (read at
 * its start, h and m written back at its end), so that it needs one operand
 * (gcc allows 30, the rounds' rows take 24) and fixed registers. */
typedef struct {
    uint64_t h[3];
    const uint8_t *m;
    uint64_t r0, r1, s1;
    uint32_t np, nt; /* st_rounds' double rounds with blocks, without */
} sp_state;
#define SP_LOAD                                                                                                        \
    "movq 0(%[ps]), " SP_H0 "\n\t"                                                                                     \
    "movq 8(%[ps]), " SP_H1 "\n\t"                                                                                     \
    "movq 16(%[ps]), " SP_H2 "\n\t"                                                                                    \
    "movq 24(%[ps]), " SP_M "\n\t"
#define SP_STORE                                                                                                       \
    "movq " SP_H0 ", 0(%[ps])\n\t"                                                                                     \
    "movq " SP_H1 ", 8(%[ps])\n\t"                                                                                     \
    "movq " SP_H2 ", 16(%[ps])\n\t"                                                                                    \
    "movq " SP_M ", 24(%[ps])\n\t"
#define SP_CLOBBERS "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "cc", "memory"

CC_AI void sp_init(sp_state *ps, const uint64_t h[3], const uint64_t rk[3], const uint8_t *m)
{
    ps->h[0] = h[0], ps->h[1] = h[1], ps->h[2] = h[2], ps->m = m;
    ps->r0 = rk[0], ps->r1 = rk[1], ps->s1 = rk[2];
}

/* n > 0 blocks at ps->m alone (the ones the rounds leave) */
CC_AI void sp_blocks_state(sp_state *ps, size_t n)
{
    __asm__ volatile(SP_LOAD "1:\n\t" SP_BLOCK "decq %[n]\n\t"
                             "jnz 1b\n\t" SP_STORE
                     : [n] "+r"(n)
                     : [ps] "r"(ps)
                     : SP_CLOBBERS);
}

/* Two quarter rounds with a slot after each of their four halves. */
#define SP_QR2(a, b, c, d, e, f, g, h, S0, S1, S2, S3)                                                                 \
    CA_QR_HALF1(a, b, c, d, e, f, g, h, CA_(r16))                                                                      \
    S0 CA_QR_HALF2(b, c, f, g, 12) S1 CA_QR_HALF1(a, b, c, d, e, f, g, h, CA_(r8)) S2 CA_QR_HALF2(b, c, f, g, 7) S3

/* A double round on fixed registers (a rows ymm0-3, b ymm4-7, d ymm8-11, two
 * c rows in ymm12-13, the other two at 256 + 32 k (%[x]); chacha20_avx2.h's
 * schedule), with three Poly1305 blocks in 15 of its 16 slots, one part per
 * slot: the scalar instructions spread evenly among the vector ones (one
 * part per 8 vector instructions), so neither stream waits long for the
 * other's place in the schedulers (libgcrypt's chacha20-amd64-avx2.S puts
 * its Poly1305 parts among the rounds the same way; Zen 3 measurements in
 * the commit message). Without blocks (SP_DR0), the plain double round. */
#define SP_SWAP(CR, from, to)                                                                                          \
    "vmovdqa " CA_C0 ", " from CR "\n\t"                                                                               \
    "vmovdqa " CA_C1 ", " from "+32" CR "\n\t"                                                                         \
    "vmovdqa " to CR ", " CA_C0 "\n\t"                                                                                 \
    "vmovdqa " to "+32" CR ", " CA_C1 "\n\t"
/* X(x0) .. X(x15): the rows a, b, d (asm strings); CR: "(base)" or
 * "+offset(base)" of the c rows' memory */
#define SP_DR_ON(X, CR, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15)                          \
    SP_QR2(X(x0), X(x4), CA_C0, X(x12), X(x1), X(x5), CA_C1, X(x13), S0, S1, S2, S3)                                   \
    SP_SWAP(CR, "0", "64")                                                                                             \
    SP_QR2(X(x2), X(x6), CA_C0, X(x14), X(x3), X(x7), CA_C1, X(x15), S4, S5, S6, S7)                                   \
    SP_QR2(X(x0), X(x5), CA_C0, X(x15), X(x1), X(x6), CA_C1, X(x12), S8, S9, S10, S11)                                 \
    SP_SWAP(CR, "64", "0")                                                                                             \
    SP_QR2(X(x2), X(x7), CA_C0, X(x13), X(x3), X(x4), CA_C1, X(x14), S12, S13, S14, S15)
#define SP_DR3_ON(X, CR)                                                                                               \
    SP_DR_ON(X, CR, SP_P1, SP_P2, SP_P3, SP_P4, SP_P5, SP_P1, SP_P2, SP_P3, SP_P4, SP_P5, SP_P1, SP_P2, SP_P3, SP_P4,  \
             SP_P5, "")
#define SP_DR3 SP_DR3_ON(CA_, "(%[cr])")
#define SP_DR0 SP_DR_ON(CA_, "(%[cr])", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "")

/* The 10 double rounds of x[16], the first np (<= 10) of them with 3
 * Poly1305 blocks of m each (h canonical; rk = r0, r1, s1): the two
 * instruction streams in one asm, so the vector and the integer units work
 * side by side within each double round. Rows a, b, d stay in registers
 * the compiler picks (from the initial broadcasts to the output
 * transposes, no round trip through memory), the c rows in x[8 .. 11]. */
CC_AI void st_rounds(vec_t x[16], sp_state *ps)
{
    vec_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
    vec_t x12 = x[12], x13 = x[13], x14 = x[14], x15 = x[15];
    _Alignas(32) vec_t cr[4] = {x[8], x[9], x[10], x[11]}; /* not x + 8: x would go through memory */
    __asm__ volatile("vmovdqa 0(%[cr]), " CA_C0 "\n\t"
                     "vmovdqa 32(%[cr]), " CA_C1 "\n\t"
                     "cmpl $0, 56(%[ps])\n\t"
                     "je 3f\n\t" SP_LOAD "1:\n\t" SP_DR3 "decl 56(%[ps])\n\t"
                     "jnz 1b\n\t" SP_STORE "3:\n\t"
                     "movl 60(%[ps]), %%eax\n\t" /* the poly registers are free here */
                     "testl %%eax, %%eax\n\t"
                     "jz 4f\n\t"
                     "2:\n\t" SP_DR0 "decl %%eax\n\t"
                     "jnz 2b\n\t"
                     "4:\n\t"
                     "vmovdqa " CA_C0 ", 0(%[cr])\n\t"
                     "vmovdqa " CA_C1 ", 32(%[cr])"
                     : [x0] "+x"(x0), [x1] "+x"(x1), [x2] "+x"(x2), [x3] "+x"(x3), [x4] "+x"(x4), [x5] "+x"(x5),
                       [x6] "+x"(x6), [x7] "+x"(x7), [x12] "+x"(x12), [x13] "+x"(x13), [x14] "+x"(x14), [x15] "+x"(x15)
                     : [cr] "r"(cr), [ps] "r"(ps), [r16] "m"(cc_const(cc_rot16_idx)), [r8] "m"(cc_const(cc_rot8_idx))
                     : SP_CLOBBERS, "xmm12", "xmm13", "xmm14", "xmm15");
    x[0] = x0, x[1] = x1, x[2] = x2, x[3] = x3, x[4] = x4, x[5] = x5, x[6] = x6, x[7] = x7;
    x[8] = cr[0], x[9] = cr[1], x[10] = cr[2], x[11] = cr[3];
    x[12] = x12, x[13] = x13, x[14] = x14, x[15] = x15;
}

/* Whole groups in one asm loop: the 512-byte group's keystream rounds with
 * 32 Poly1305 blocks (30 among the rounds, as st_rounds, the last 2 among
 * the output's additions, transposes, xors and stores), the counter step and
 * the pointers, with h and the block pointer in registers from the first
 * group to the last. Through st_group, group by group, the C around the
 * asm (the loop state pushed to the stack by the 11 registers the blocks
 * clobber, the state rows rebuilt and the pointers reloaded) cost 532 (seal)
 * and 509 (open) cycles per group without any Poly1305 work on Zen 3,
 * against ChaCha20 alone's 494. Here the loop state is three registers (in,
 * out, the frame) and a count in memory; the 16 state rows are broadcast
 * once per message into the frame (init, row 12 the group's counters, which
 * each group steps by 8), read at the start of a group and added again at
 * its end. libgcrypt's chacha20-amd64-avx2.S keeps its whole loop in one
 * asm function the same way (the idea; this code is ours). */
typedef struct {
    sp_state ps; /* h, m, r0, r1, s1; np counts the double rounds */
    vec_t cr[4]; /* the c rows the rounds keep in memory */
    vec_t init[16];
    uint64_t n; /* groups left */
} sp_loop;
_Static_assert(offsetof(sp_loop, cr) == 64 && offsetof(sp_loop, init) == 192 && offsetof(sp_loop, n) == 704,
               "the loop's offsets");
#define SPL_CR "+64(%[ps])"
#define SPL_IN(i) "192+32*(" #i ")(%[ps])"
/* rows a, b, d on fixed registers: x0 .. x7 in ymm0-7, x12 .. x15 in ymm8-11 */
#define SP_Y(x) SP_Y_##x
#define SP_Y_x0 "%%ymm0"
#define SP_Y_x1 "%%ymm1"
#define SP_Y_x2 "%%ymm2"
#define SP_Y_x3 "%%ymm3"
#define SP_Y_x4 "%%ymm4"
#define SP_Y_x5 "%%ymm5"
#define SP_Y_x6 "%%ymm6"
#define SP_Y_x7 "%%ymm7"
#define SP_Y_x12 "%%ymm8"
#define SP_Y_x13 "%%ymm9"
#define SP_Y_x14 "%%ymm10"
#define SP_Y_x15 "%%ymm11"
/* cc_transpose4 on r0 .. r3 with the temporaries t0, t1: words 4k .. 4k+3
 * of the lanes' blocks k = 0 .. 3 end in r0, r2, t0, r3 (r1, t1 free) */
#define SPL_T4(r0, r1, r2, r3, t0, t1)                                                                                 \
    "vpunpckldq " r1 ", " r0 ", " t0 "\n\t"                                                                            \
    "vpunpckhdq " r1 ", " r0 ", " r1 "\n\t"                                                                            \
    "vpunpckldq " r3 ", " r2 ", " t1 "\n\t"                                                                            \
    "vpunpckhdq " r3 ", " r2 ", " r3 "\n\t"                                                                            \
    "vpunpcklqdq " t1 ", " t0 ", " r0 "\n\t"                                                                           \
    "vpunpckhqdq " t1 ", " t0 ", " r2 "\n\t"                                                                           \
    "vpunpcklqdq " r3 ", " r1 ", " t0 "\n\t"                                                                           \
    "vpunpckhqdq " r3 ", " r1 ", " r3 "\n\t"
/* cc_lanes and the xors for one pair of transposed rows t (words 4k ..) and
 * u (words 4k + 4 ..): bytes [o, o + 32) of block b and of block b + 4 */
#define SPL_PAIR(t, u, tmp, o)                                                                                         \
    "vperm2i128 $0x20, " u ", " t ", " tmp "\n\t"                                                                      \
    "vperm2i128 $0x31, " u ", " t ", " t "\n\t"                                                                        \
    "vpxor " o "(%[in]), " tmp ", " tmp "\n\t"                                                                         \
    "vpxor " o "+256(%[in]), " t ", " t "\n\t"                                                                         \
    "vmovdqu " tmp ", " o "(%[out])\n\t"                                                                               \
    "vmovdqu " t ", " o "+256(%[out])\n\t"
_Alignas(32) static const uint32_t sp_eight[8] = {8, 8, 8, 8, 8, 8, 8, 8}; /* CC_N */
#define SPL_ADD(i, r) "vpaddd " SPL_IN(i) ", " r ", " r "\n\t"
#define SPL_LOAD(i, r) "vmovdqa " SPL_IN(i) ", " r "\n\t"
/* The loop's steps, one asm step per line: */
/* clang-format off */
/* A group's start: the rows from init (c2, c3 to the frame), the count */
#define SPL_START                                                                                                      \
    SPL_LOAD(0, "%%ymm0") SPL_LOAD(1, "%%ymm1") SPL_LOAD(2, "%%ymm2") SPL_LOAD(3, "%%ymm3")                            \
    SPL_LOAD(4, "%%ymm4") SPL_LOAD(5, "%%ymm5") SPL_LOAD(6, "%%ymm6") SPL_LOAD(7, "%%ymm7")                            \
    SPL_LOAD(10, "%%ymm14") SPL_LOAD(11, "%%ymm15")                                                                    \
    "vmovdqa %%ymm14, 128(%[ps])\n\t"                                                                                  \
    "vmovdqa %%ymm15, 160(%[ps])\n\t"                                                                                  \
    SPL_LOAD(8, "%%ymm12") SPL_LOAD(9, "%%ymm13")                                                                      \
    SPL_LOAD(12, "%%ymm8") SPL_LOAD(13, "%%ymm9") SPL_LOAD(14, "%%ymm10") SPL_LOAD(15, "%%ymm11")                      \
    "movl $10, 56(%[ps])\n\t"
/* After the rounds, rows i .. i + 3 (in R0 .. R3) and i + 4 .. i + 7 (U0 ..
 * U3): add the input words, transpose, bytes [o, o + 32) of each block; a
 * Poly1305 block among them. ymm14, ymm15 free. */
#define SPL_OUT(i, R0, R1, R2, R3, U0, U1, U2, U3, o)                                                                  \
    SPL_ADD(i, R0) SPL_ADD(i + 1, R1) SPL_ADD(i + 2, R2) SPL_ADD(i + 3, R3)                                            \
    SPL_ADD(i + 4, U0) SPL_ADD(i + 5, U1) SPL_ADD(i + 6, U2) SPL_ADD(i + 7, U3)                                        \
    SP_P1                                                                                                              \
    SPL_T4(R0, R1, R2, R3, "%%ymm14", "%%ymm15")                                                                       \
    SP_P2                                                                                                              \
    SPL_T4(U0, U1, U2, U3, R1, "%%ymm15")                                                                              \
    SP_P3                                                                                                              \
    SPL_PAIR(R0, U0, U1, o) SPL_PAIR(R2, U2, "%%ymm15", o "+64")                                                       \
    SP_P4                                                                                                              \
    SPL_PAIR("%%ymm14", R1, U1, o "+128") SPL_PAIR(R3, U3, "%%ymm15", o "+192")                                        \
    SP_P5
/* the group's bytes 0-31 of each block (Poly1305 block 30 among them),
 * then 32-63 (block 31 read before the last store, which writes it), the
 * next group's counters */
#define SPL_END                                                                                                        \
    SPL_OUT(0, "%%ymm0", "%%ymm1", "%%ymm2", "%%ymm3", "%%ymm4", "%%ymm5", "%%ymm6", "%%ymm7", "0")                    \
    "vmovdqa 128(%[ps]), %%ymm0\n\t"                                                                                   \
    "vmovdqa 160(%[ps]), %%ymm1\n\t"                                                                                   \
    SPL_OUT(8, "%%ymm12", "%%ymm13", "%%ymm0", "%%ymm1", "%%ymm8", "%%ymm9", "%%ymm10", "%%ymm11", "32")               \
    SPL_LOAD(12, "%%ymm0")                                                                                             \
    "vpaddd %[eight], %%ymm0, %%ymm0\n\t"                                                                              \
    "vmovdqa %%ymm0, " SPL_IN(12) "\n\t"                                                                               \
    "addq $512, %[in]\n\t"                                                                                             \
    "addq $512, %[out]\n\t"
/* the groups: h, m in registers throughout */
#define SPL_LOOP                                                                                                       \
    SP_LOAD                                                                                                            \
    "1:\n\t" SPL_START                                                                                                 \
    "2:\n\t" SP_DR3_ON(SP_Y, SPL_CR)                                                                                   \
    "decl 56(%[ps])\n\t"                                                                                               \
    "jnz 2b\n\t" SPL_END                                                                                               \
    "decq 704(%[ps])\n\t"                                                                                              \
    "jnz 1b\n\t" SP_STORE
/* clang-format on */

/* n >= 1 whole groups of in/out from counter ctr, each absorbing 32 blocks
 * from m on (the previous group's ciphertext, or its own input, read before
 * the group's last stores: blocks 30 and 31 are bytes 480-511, which the
 * last store writes). */
static void st_groups(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t n, uint64_t h[3],
                      const uint64_t rk[3], const uint8_t *m)
{
    _Alignas(32) sp_loop L;
    cc_v_init(L.init, s, ctr);
    sp_init(&L.ps, h, rk, m);
    L.n = n;
    sp_loop *const ps = &L;
    __asm__ volatile(SPL_LOOP
                     : [in] "+r"(in), [out] "+r"(out)
                     : [ps] "r"(ps), [r16] "m"(cc_const(cc_rot16_idx)), [r8] "m"(cc_const(cc_rot8_idx)),
                       [eight] "m"(cc_const(sp_eight))
                     : SP_CLOBBERS, "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
                       "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
    h[0] = L.ps.h[0], h[1] = L.ps.h[1], h[2] = L.ps.h[2];
    sc_wipe(&L, sizeof L);
}
#else
#define sp_blocks(h, rk, m, n) sc_poly1305_mulx_blocks((h), (rk), (m), (n), 1)
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
    sp_state ps;
    sp_init(&ps, h, rk, m);
    ps.np = np, ps.nt = 10 - np;
    st_rounds(x, &ps);
    if (n > 3 * (size_t)np) sp_blocks_state(&ps, n - 3 * (size_t)np);
    h[0] = ps.h[0], h[1] = ps.h[1], h[2] = ps.h[2];
    sc_wipe_small(&ps, sizeof ps);
#else
    for (int i = 0; i < 10; i++) cc_v_double_round(x);
    sc_poly1305_mulx_blocks(h, rk, m, n, 1);
#endif
    cc_reload();
    cc_v_out(x, s, ctr, in, out, len, NULL);
}

#if defined(SC_CT_DFSAN_BUILD)
/* st_groups in C: the groups one by one */
static void st_groups(const uint32_t s[16], uint32_t ctr, const uint8_t *in, uint8_t *out, size_t n, uint64_t h[3],
                      const uint64_t rk[3], const uint8_t *m)
{
    for (size_t i = 0; i < n; i++)
        st_group(s, ctr + (uint32_t)i * CC_N, in + i * GROUP, out + i * GROUP, GROUP, h, rk, m + i * GROUP, GROUP / 16);
}
#endif

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
#if !defined(SC_CT_DFSAN_BUILD)
    sp_state ps; /* one state for the 10 runs (not one per run: 1 KiB seal 1.5% slower) */
    sp_init(&ps, h, rk, m);
    for (int i = 0; i < 10; i++) {
        const size_t k = n < per ? n : per;
        cc_h_double_round(x, 1);
        if (k) sp_blocks_state(&ps, k);
        n -= k;
    }
    h[0] = ps.h[0], h[1] = ps.h[1], h[2] = ps.h[2];
    sc_wipe_small(&ps, sizeof ps);
#else
    for (int i = 0; i < 10; i++) {
        const size_t k = n < per ? n : per;
        cc_h_double_round(x, 1);
        sp_blocks(h, rk, m, k);
        m += 16 * k, n -= k;
    }
#endif
    cc_reload();
    cc_h_out(x, s, ctr, in, out, len, 1, NULL);
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
        if (g >= GROUP && (!lag || pos - done == GROUP)) {
            /* whole groups of 32 blocks each (encrypting, after the first,
             * which absorbs the first part's 28): one asm loop */
            const size_t k = g / GROUP;
            st_groups(s, ctr, in + pos, out + pos, k, p.h, rk, ct + (lag ? done : pos));
            pos += (k - 1) * GROUP, ctr += (uint32_t)(k - 1) * CC_N; /* the loop's step does the last */
            done = lag ? pos : pos + GROUP;
        } else if (lag) { /* the MAC's input up to this group: 448 bytes, then 512 */
            /* a short last group too: its rounds hide the 32 blocks */
            const size_t n = (pos - done) / 16;
            if (g >= GROUP)
                st_group(s, ctr, in + pos, out + pos, GROUP, p.h, rk, ct + done, n);
            else if (g <= 64 * CC_L)
                st_short(s, ctr, in + pos, out + pos, g, p.h, rk, ct + done, n);
            else
                st_group(s, ctr, in + pos, out + pos, g, p.h, rk, ct + done, n);
            done = pos;
        } else if (g > OWN_MIN) {   /* decrypting, a last group of 3 to 8 blocks */
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
    sc_wipe_small(&p, offsetof(sc_poly1305, pow)); /* h, r, s: four stores, not a call */
    sc_wipe((void *)rk, sizeof rk);
}
