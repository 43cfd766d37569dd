/* SPDX-License-Identifier: Apache-2.0 */
/* Single-stream MD5 on general registers, from md5_unrolled.h: the body of
 * src/arch/aarch64/md5_scalar.c and src/arch/riscv64/md5_zbb.c, which
 * define MD5_SCALAR_FN (the entry point's name) and include it in a TU
 * built for their ISA (plain C: the compilers pick ror/bic/orn on AArch64
 * and rori/andn/orn with Zbb, checked in the disassembly).
 *
 * The 16 message words are loaded once per block into x[] (which the
 * compiler keeps in registers: fully unrolled, constant indices), the
 * chaining state is read from and added back to state[] once per block
 * (four registers fewer than keeping a copy), the round constants come
 * from sc_md5_t (one load each; a literal would take two or three
 * instructions to build). */
#include <string.h>

#include "hash_internal.h"
#include "md5_unrolled.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the scalar MD5 kernels load the message as host (little-endian) words"
#endif

#define MT uint32_t
#define M_ADD(x, y) ((x) + (y))
#define M_ADDT(x, i) ((x) + t[i])
#define M_ROL(x, n) ((x) << (n) | (x) >> (32 - (n)))
#define M_F(b, c, d) (((b) & (c)) | (~(b) & (d)))
#define M_G(b, c, d) (((c) & ~(d)) + ((b) & (d)))
#define M_H(b, c, d) ((b) ^ (c) ^ (d))
#define M_I(b, c, d) ((c) ^ ((b) | ~(d)))
#define X(k) x[k]

void MD5_SCALAR_FN(uint32_t state[4], const uint8_t *in, size_t nblocks)
{
    /* Whole-word loads when `in` is 4-byte aligned (every block is then),
     * byte loads otherwise: RISC-V may trap on a misaligned lw, and the
     * compilers assemble a memcpy of unknown alignment from bytes there. */
    int aligned = ((uintptr_t)in & 3) == 0;
    for (; nblocks; nblocks--, in += SC_MD5_BLOCK) {
        uint32_t x[16];
        if (aligned) {
            const uint8_t *p = __builtin_assume_aligned(in, 4);
            for (int k = 0; k < 16; k++) memcpy(&x[k], p + 4 * k, 4);
        } else {
            for (int k = 0; k < 16; k++) x[k] = sc_hash_le32(in + 4 * k);
        }
        /* An opaque copy of the table's address per block: otherwise the
         * compiler hoists the 64 constant loads out of the loop and spills
         * them to the stack (gcc 12 did: 64 loads and stores per call). */
        const uint32_t *t = sc_md5_t;
        __asm__("" : "+r"(t));
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        MD5_64_STEPS(a, b, c, d);
        state[0] += a, state[1] += b, state[2] += c, state[3] += d;
    }
}
