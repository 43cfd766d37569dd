/* SPDX-License-Identifier: Apache-2.0 */
/* What ct_trace compares for one instruction: the general-purpose registers
 * that form its memory addresses (or a division's operands), decoded once
 * per RIP (capstone for legacy encodings, ct_decode_vex for VEX/EVEX, which
 * capstone 4 mostly cannot decode). */
#ifndef SC_CT_DECODE_H
#define SC_CT_DECODE_H

#include <stdint.h>
#include <sys/user.h>

enum ct_insn_kind {
    CT_INSN_OK,
    CT_INSN_VSIB,        /* gather/scatter, and the recorder cannot read vector registers */
    CT_INSN_UNDECODABLE, /* neither decoder knows it */
};

/* GPR numbers as x86 encodes them: 0 rax, 1 rcx, 2 rdx, 3 rbx, 4 rsp,
 * 5 rbp, 6 rsi, 7 rdi, 8..15 r8..r15. */
enum { CT_RSP = 4 };
typedef struct ct_insn {
    uint64_t rip;
    uint8_t kind, nregs;
    uint8_t size;     /* bytes (capstone-decoded instructions) */
    uint8_t run_over; /* REP MOVS/STOS: checked once, then run to its end */
    uint8_t div_mem;  /* DIV/IDIV by memory: ct_step.divisor compared too */
    uint8_t vsib;     /* gather/scatter: ct_step.vindex and .vmask compared too */
    uint8_t regs[8]; /* compared before the instruction runs */
    uint64_t executed; /* steps at this RIP (SC_CT_TRACE_PROFILE) */
    char text[200]; /* mnemonic (32) + operands (160) */
} ct_insn;

int ct_decode_init(void); /* 0 when capstone cannot be opened */
/* Decode the instruction whose first 16 bytes are `bytes` at `rip`. */
void ct_decode(ct_insn *out, uint64_t rip, const uint8_t bytes[16]);
/* VEX/EVEX only (1 when it was one): the memory operand's registers. */
int ct_decode_vex(ct_insn *out, const uint8_t bytes[16]);

/* One recorded step: RIP and the 16 GPRs before the instruction runs. */
typedef struct ct_step {
    uint64_t rip, gpr[16];
    uint64_t divisor; /* the value of a DIV/IDIV's memory operand, else 0 */
    /* a gather/scatter's index vector and mask (k register or vector), the
     * bytes it uses, else 0 */
    uint8_t vindex[64], vmask[64];
} ct_step;

/* A gather/scatter's vector operands (VSIB): register numbers and the bytes
 * of them it uses. */
typedef struct ct_vsib {
    unsigned index, index_bytes, mask, mask_bytes, evex;
} ct_vsib;
/* 1 when the VEX/EVEX instruction at b is a gather or scatter. */
int ct_vsib_at(const uint8_t b[16], ct_vsib *v);
/* Copy the VSIB operands out of an XSAVE area (standard format, as in a
 * signal frame or PTRACE_GETREGSET NT_X86_XSTATE); 0 when the CPU's layout
 * is unknown (no AVX-512 state). */
int ct_vsib_read(const uint8_t *xsave, const ct_vsib *v, ct_step *s);

/* DIV/IDIV by memory at b (its first bytes, at rip): the divisor's address
 * (*size bytes) from the registers before it runs; 0 for anything else. */
uint64_t ct_div_operand(const uint8_t *b, uint64_t rip, const uint64_t gpr[16], unsigned *size);

void ct_step_from_user_regs(ct_step *s, const struct user_regs_struct *r);
const char *ct_gpr_name(unsigned n);

#endif
