/* SPDX-License-Identifier: Apache-2.0 */
/* Per-instruction decoding for ct_trace (ct_decode.h). */
#include "ct_decode.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#if defined(SC_HAVE_CAPSTONE)
#include <capstone/capstone.h>
static csh cs;
#endif

static const size_t gpr_offset[16] = {
    offsetof(struct user_regs_struct, rax), offsetof(struct user_regs_struct, rcx),
    offsetof(struct user_regs_struct, rdx), offsetof(struct user_regs_struct, rbx),
    offsetof(struct user_regs_struct, rsp), offsetof(struct user_regs_struct, rbp),
    offsetof(struct user_regs_struct, rsi), offsetof(struct user_regs_struct, rdi),
    offsetof(struct user_regs_struct, r8),  offsetof(struct user_regs_struct, r9),
    offsetof(struct user_regs_struct, r10), offsetof(struct user_regs_struct, r11),
    offsetof(struct user_regs_struct, r12), offsetof(struct user_regs_struct, r13),
    offsetof(struct user_regs_struct, r14), offsetof(struct user_regs_struct, r15),
};

void ct_step_from_user_regs(ct_step *s, const struct user_regs_struct *r)
{
    s->rip = r->rip;
    for (unsigned n = 0; n < 16; n++) memcpy(&s->gpr[n], (const char *)r + gpr_offset[n], sizeof s->gpr[n]);
}

const char *ct_gpr_name(unsigned n)
{
    static const char *const names[16] = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
                                          "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
    return names[n & 15];
}

static void add_reg(ct_insn *in, int n)
{
    if (n < 0) return;
    for (unsigned i = 0; i < in->nregs; i++)
        if (in->regs[i] == n) return;
    if (in->nregs < sizeof in->regs) in->regs[in->nregs++] = (uint8_t)n;
}

enum { GPR_RAX, GPR_RCX, GPR_RDX, GPR_RBX, GPR_RSP, GPR_RBP, GPR_RSI, GPR_RDI };

/* VEX (C4/C5) and EVEX (62) share one operand layout: prefix bytes carrying
 * the inverted R/X/B extensions and the opcode map, the opcode, ModRM, then
 * SIB and displacement as in legacy code. None of them branches; their only
 * memory operand is ModRM's (VMASKMOVDQU's implicit [rdi] excepted), and
 * gathers/scatters (map 0F38, 90-93, A0-A3, C6-C7) index it with a vector.
 * Intel SDM vol. 2, 2.3 (VEX) and 2.7 (EVEX). */
int ct_decode_vex(ct_insn *in, const uint8_t b[16])
{
    unsigned i = 0, map, x, bx;
    while (i < 4 && (b[i] == 0x26 || b[i] == 0x2e || b[i] == 0x36 || b[i] == 0x3e || b[i] == 0x64 ||
                     b[i] == 0x65 || b[i] == 0x67))
        i++; /* segment and address-size prefixes are allowed before VEX */
    if (b[i] == 0xc5) {
        map = 1, x = 0, bx = 0, i += 2;
    } else if (b[i] == 0xc4 || b[i] == 0x62) {
        x = !(b[i + 1] & 0x40), bx = !(b[i + 1] & 0x20);
        map = b[i + 1] & (b[i] == 0xc4 ? 0x1f : 0x07);
        i += b[i] == 0xc4 ? 3 : 4;
    } else {
        return 0;
    }
    unsigned op = b[i++];
    if (map == 1 && op == 0x77) return 1; /* vzeroupper/vzeroall: no ModRM */
    unsigned modrm = b[i++], mod = modrm >> 6, rm = modrm & 7;
    if (map == 1 && op == 0xf7) add_reg(in, GPR_RDI); /* vmaskmovdqu: [rdi] */
    if (mod == 3) return 1;                              /* registers only */
    if (map == 2 && ((op >= 0x90 && op <= 0x93) || (op >= 0xa0 && op <= 0xa3) || op == 0xc6 || op == 0xc7)) {
        in->kind = CT_INSN_VSIB;
        return 1;
    }
    if (rm == 4) {
        unsigned sib = b[i], base = sib & 7, index = ((sib >> 3) & 7) | x << 3;
        if (index != 4) add_reg(in, (int)index);
        if (!(base == 5 && mod == 0)) add_reg(in, (int)(base | bx << 3));
    } else if (!(rm == 5 && mod == 0)) { /* else RIP-relative: RIP is compared */
        add_reg(in, (int)(rm | bx << 3));
    }
    return 1;
}

#if defined(SC_HAVE_CAPSTONE)
/* capstone register -> GPR number (any width), -1 for the rest (RIP,
 * segment, vector). */
static int gpr_of(x86_reg r)
{
    static const x86_reg fam[16][4] = {
        {X86_REG_RAX, X86_REG_EAX, X86_REG_AX, X86_REG_AL},     {X86_REG_RCX, X86_REG_ECX, X86_REG_CX, X86_REG_CL},
        {X86_REG_RDX, X86_REG_EDX, X86_REG_DX, X86_REG_DL},     {X86_REG_RBX, X86_REG_EBX, X86_REG_BX, X86_REG_BL},
        {X86_REG_RSP, X86_REG_ESP, X86_REG_SP, X86_REG_SPL},    {X86_REG_RBP, X86_REG_EBP, X86_REG_BP, X86_REG_BPL},
        {X86_REG_RSI, X86_REG_ESI, X86_REG_SI, X86_REG_SIL},    {X86_REG_RDI, X86_REG_EDI, X86_REG_DI, X86_REG_DIL},
        {X86_REG_R8, X86_REG_R8D, X86_REG_R8W, X86_REG_R8B},    {X86_REG_R9, X86_REG_R9D, X86_REG_R9W, X86_REG_R9B},
        {X86_REG_R10, X86_REG_R10D, X86_REG_R10W, X86_REG_R10B}, {X86_REG_R11, X86_REG_R11D, X86_REG_R11W, X86_REG_R11B},
        {X86_REG_R12, X86_REG_R12D, X86_REG_R12W, X86_REG_R12B}, {X86_REG_R13, X86_REG_R13D, X86_REG_R13W, X86_REG_R13B},
        {X86_REG_R14, X86_REG_R14D, X86_REG_R14W, X86_REG_R14B}, {X86_REG_R15, X86_REG_R15D, X86_REG_R15W, X86_REG_R15B},
    };
    if (r == X86_REG_AH) return GPR_RAX;
    if (r == X86_REG_CH) return GPR_RCX;
    if (r == X86_REG_DH) return GPR_RDX;
    if (r == X86_REG_BH) return GPR_RBX;
    for (int n = 0; n < 16; n++)
        for (int w = 0; w < 4; w++)
            if (fam[n][w] == r) return n;
    return -1;
}

static int is_vector_reg(x86_reg r)
{
    return (r >= X86_REG_XMM0 && r <= X86_REG_XMM31) || (r >= X86_REG_YMM0 && r <= X86_REG_YMM31) ||
           (r >= X86_REG_ZMM0 && r <= X86_REG_ZMM31);
}

/* A legacy-encoded instruction through capstone: the base and index of
 * every memory operand (not LEA's or a long NOP's: they access nothing),
 * RCX of a REP string operation (the count), the implicit [rbp] of LEAVE
 * and [rbx+al] of XLAT, and both operands of DIV/IDIV, whose latency
 * depends on their values on x86 (on Zen 4 too). */
static void decode_legacy(ct_insn *in, const cs_insn *ci)
{
    const cs_x86 *x = &ci->detail->x86;
    int is_div = ci->id == X86_INS_DIV || ci->id == X86_INS_IDIV;
    if (ci->id != X86_INS_LEA && ci->id != X86_INS_NOP)
        for (unsigned i = 0; i < x->op_count; i++) {
            const cs_x86_op *o = &x->operands[i];
            if (o->type == X86_OP_REG && is_div) add_reg(in, gpr_of(o->reg));
            if (o->type != X86_OP_MEM) continue;
            if (is_vector_reg(o->mem.index)) in->kind = CT_INSN_VSIB;
            if (is_div) in->kind = CT_INSN_DIV_MEM; /* gcc divides by registers; none in the library */
            add_reg(in, gpr_of(o->mem.base));
            add_reg(in, gpr_of(o->mem.index));
        }
    if (x->prefix[0] == X86_PREFIX_REP || x->prefix[0] == X86_PREFIX_REPNE) add_reg(in, GPR_RCX);
    /* REP MOVS/STOS (memcpy, memset) stop only when RCX runs out, and the
     * address of every iteration follows from RSI, RDI, RCX and the
     * direction flag at the start (DF is 0 by the ABI): once those are
     * compared, the rest needs no single steps (one trap per iteration:
     * 8 KiB of memset would be 8192 steps). REPE CMPS / SCAS stop on the
     * data, so they keep single-stepping. (SSE MOVSD shares capstone's
     * MOVSD id but its F2 prefix is not REP, and its operand is a register.) */
    int string_store = ci->id == X86_INS_MOVSB || ci->id == X86_INS_MOVSW || ci->id == X86_INS_MOVSQ ||
                       (ci->id == X86_INS_MOVSD && x->op_count && x->operands[0].type == X86_OP_MEM) ||
                       ci->id == X86_INS_STOSB || ci->id == X86_INS_STOSW || ci->id == X86_INS_STOSD ||
                       ci->id == X86_INS_STOSQ;
    if (x->prefix[0] == X86_PREFIX_REP && string_store) add_reg(in, GPR_RSI), add_reg(in, GPR_RDI), in->run_over = 1;
    if (ci->id == X86_INS_LEAVE) add_reg(in, GPR_RBP);
    if (ci->id == X86_INS_XLATB) add_reg(in, GPR_RAX), add_reg(in, GPR_RBX);
    if (is_div) add_reg(in, GPR_RAX), add_reg(in, GPR_RDX);
}
#endif

int ct_decode_init(void)
{
#if defined(SC_HAVE_CAPSTONE)
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) return 0;
    cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON);
    return 1;
#else
    return 0;
#endif
}

void ct_decode(ct_insn *in, uint64_t rip, const uint8_t bytes[16])
{
    memset(in, 0, sizeof *in);
    in->rip = rip;
    int vex = ct_decode_vex(in, bytes);
#if defined(SC_HAVE_CAPSTONE)
    cs_insn *ci = NULL;
    if (cs_disasm(cs, bytes, 16, rip, 1, &ci) == 1) {
        snprintf(in->text, sizeof in->text, "%s %s", ci->mnemonic, ci->op_str);
        in->size = (uint8_t)ci->size;
        if (!vex) decode_legacy(in, ci);
        cs_free(ci, 1);
        return;
    }
#endif
    if (vex) { /* capstone 4 lacks most AVX-512 extensions (VBMI, IFMA, VAES, GFNI ...) */
        snprintf(in->text, sizeof in->text, "(VEX/EVEX, decoded by ct_decode_vex) %02x %02x %02x %02x %02x %02x %02x",
                 bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6]);
        return;
    }
    in->kind = CT_INSN_UNDECODABLE;
    snprintf(in->text, sizeof in->text, "(undecodable) %02x %02x %02x %02x %02x %02x %02x %02x", bytes[0], bytes[1],
             bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]);
}
