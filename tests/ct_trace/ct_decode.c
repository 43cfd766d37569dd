/* SPDX-License-Identifier: Apache-2.0 */
/* Per-instruction decoding for ct_trace (ct_decode.h). */
#include "ct_decode.h"

#include <cpuid.h>
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
 * gathers/scatters (map 0F38, 90-93, A0-A3, C6-C7) index it with a vector
 * (VSIB), described in *v. Intel SDM vol. 2, 2.3 (VEX) and 2.7 (EVEX). */
static int vex_operands(const uint8_t b[16], ct_insn *in, ct_vsib *v)
{
    unsigned i = 0, map, x, bx, vp = 0, evex = b[0] == 0x62, w, l, vvvv, aaa = 0;
    while (i < 4 && (b[i] == 0x26 || b[i] == 0x2e || b[i] == 0x36 || b[i] == 0x3e || b[i] == 0x64 ||
                     b[i] == 0x65 || b[i] == 0x67))
        i++; /* segment and address-size prefixes are allowed before VEX */
    evex = b[i] == 0x62;
    if (b[i] == 0xc5) {
        map = 1, x = 0, bx = 0, w = 0, l = (b[i + 1] >> 2) & 1, vvvv = (~b[i + 1] >> 3) & 15, i += 2;
    } else if (b[i] == 0xc4 || evex) {
        x = !(b[i + 1] & 0x40), bx = !(b[i + 1] & 0x20);
        map = b[i + 1] & (evex ? 0x07 : 0x1f);
        w = b[i + 2] >> 7, vvvv = (~b[i + 2] >> 3) & 15;
        l = evex ? (b[i + 3] >> 5) & 3 : (b[i + 2] >> 2) & 1;
        if (evex) vp = !(b[i + 3] & 0x08), aaa = b[i + 3] & 7;
        i += evex ? 4 : 3;
    } else {
        return 0;
    }
    unsigned op = b[i++];
    if (map == 1 && op == 0x77) return 1; /* vzeroupper/vzeroall: no ModRM */
    unsigned modrm = b[i++], mod = modrm >> 6, rm = modrm & 7;
    if (in && map == 1 && op == 0xf7) add_reg(in, GPR_RDI); /* vmaskmovdqu: [rdi] */
    if (mod == 3) return 1;                                    /* registers only */
    int vsib = map == 2 && ((op >= 0x90 && op <= 0x93) || (op >= 0xa0 && op <= 0xa3) || op == 0xc6 || op == 0xc7);
    if (vsib && v) {
        /* dword indices (90, 92, A0, A2, C6) with qword data use half the
         * vector length; the mask is a k register (EVEX, one bit per data
         * element) or a vector register (VEX) */
        unsigned vl = 16u << l, dword_index = op == 0x90 || op == 0x92 || op == 0xa0 || op == 0xa2 || op == 0xc6;
        v->index = ((b[i] >> 3) & 7) | x << 3 | vp << 4;
        v->index_bytes = dword_index && w ? vl / 2 : vl;
        v->evex = evex, v->mask = evex ? aaa : vvvv, v->mask_bytes = evex ? vl / (w ? 8 : 4) : vl;
    }
    if (!in) return 1;
    if (vsib) in->vsib = 1;
    if (rm == 4) {
        unsigned sib = b[i], base = sib & 7, index = ((sib >> 3) & 7) | x << 3;
        if (index != 4 && !vsib) add_reg(in, (int)index);
        if (!(base == 5 && mod == 0)) add_reg(in, (int)(base | bx << 3));
    } else if (!(rm == 5 && mod == 0)) { /* else RIP-relative: RIP is compared */
        add_reg(in, (int)(rm | bx << 3));
    }
    return 1;
}

int ct_decode_vex(ct_insn *in, const uint8_t b[16])
{
    return vex_operands(b, in, NULL);
}

int ct_vsib_at(const uint8_t b[16], ct_vsib *v)
{
    v->index_bytes = 0;
    return vex_operands(b, NULL, v) && v->index_bytes;
}

/* DIV/IDIV by memory (F6/F7 /6 or /7, legacy encoding): the divisor's
 * address from the registers before it runs, 0 for anything else. Small
 * enough for the signal recorder's handler, which cannot call capstone. */
uint64_t ct_div_operand(const uint8_t *b, uint64_t rip, const uint64_t gpr[16], unsigned *size)
{
    unsigned i = 0, opsize = 0, rex = 0;
    for (; i < 4 && (b[i] == 0x66 || b[i] == 0x2e || b[i] == 0x3e || b[i] == 0x26 || b[i] == 0x36); i++)
        opsize |= b[i] == 0x66;
    if (b[i] >= 0x40 && b[i] <= 0x4f) rex = b[i++];
    if (b[i] != 0xf6 && b[i] != 0xf7) return 0;
    unsigned byte_op = b[i++] == 0xf6, modrm = b[i++], mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
    if (mod == 3 || (reg != 6 && reg != 7)) return 0;
    uint64_t ea = 0;
    unsigned disp_size = mod == 1 ? 1 : mod == 2 ? 4 : 0, rip_rel = 0;
    if (rm == 4) {
        unsigned sib = b[i++], sbase = sib & 7, index = ((sib >> 3) & 7) | (rex & 2) << 2;
        if (index != 4) ea += gpr[index] << (sib >> 6);
        if (sbase == 5 && mod == 0) disp_size = 4; /* no base: disp32 */
        else ea += gpr[sbase | (rex & 1) << 3];
    } else if (rm == 5 && mod == 0) {
        rip_rel = 1, disp_size = 4;
    } else {
        ea += gpr[rm | (rex & 1) << 3];
    }
    int32_t disp = 0;
    if (disp_size == 1) disp = (int8_t)b[i];
    if (disp_size == 4) memcpy(&disp, b + i, 4);
    i += disp_size;
    ea += (uint64_t)(int64_t)disp;
    if (rip_rel) ea += rip + i; /* DIV has no immediate: i is its length */
    *size = byte_op ? 1 : (rex & 8) ? 8 : opsize ? 2 : 4;
    return ea;
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
            in->div_mem |= (uint8_t)is_div; /* the recorders keep the divisor's value: ct_div_operand */
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
    if (x->prefix[0] == X86_PREFIX_REP && string_store) in->run_over = 1; /* [rsi], [rdi]: its operands */
    if (ci->id == X86_INS_LEAVE) add_reg(in, GPR_RBP);
    if (ci->id == X86_INS_XLATB) add_reg(in, GPR_RAX), add_reg(in, GPR_RBX);
    if (is_div) add_reg(in, GPR_RAX), add_reg(in, GPR_RDX);
}
#endif

/* Offsets of the XSAVE components holding vector state (CPUID leaf 0xD,
 * standard format): 2 = YMM_Hi128, 5 = opmask, 6 = ZMM_Hi256, 7 = Hi16_ZMM;
 * 0 = absent. */
static unsigned xsave_offset[8];
static int vsib_readable;

static void xsave_layout(void)
{
    static const unsigned comps[] = {2, 5, 6, 7};
    vsib_readable = 1;
    for (int i = 0; i < 4; i++) {
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        if (!__get_cpuid_count(0xd, comps[i], &eax, &ebx, &ecx, &edx) || eax == 0) vsib_readable = 0;
        xsave_offset[comps[i]] = ebx;
    }
}

/* Vector register r's 64 bytes. A component whose XSTATE_BV bit is clear is
 * in its initial state (zero) and was not written to the area. */
static void read_vector(const uint8_t *xs, unsigned r, uint8_t out[64])
{
    uint64_t bv;
    memcpy(&bv, xs + 512, sizeof bv);
    memset(out, 0, 64);
    if (r >= 16) {
        if (bv & 0x80) memcpy(out, xs + xsave_offset[7] + 64 * (r - 16), 64);
        return;
    }
    if (bv & 0x02) memcpy(out, xs + 160 + 16 * r, 16);
    if (bv & 0x04) memcpy(out + 16, xs + xsave_offset[2] + 16 * r, 16);
    if (bv & 0x40) memcpy(out + 32, xs + xsave_offset[6] + 32 * r, 32);
}

int ct_vsib_read(const uint8_t *xs, const ct_vsib *v, ct_step *s)
{
    uint8_t reg[64];
    memset(s->vindex, 0, sizeof s->vindex), memset(s->vmask, 0, sizeof s->vmask);
    if (!vsib_readable || !xs) return 0;
    read_vector(xs, v->index, reg);
    memcpy(s->vindex, reg, v->index_bytes);
    if (v->evex) {
        uint64_t k = 0, bv;
        memcpy(&bv, xs + 512, sizeof bv);
        if (bv & 0x20) memcpy(&k, xs + xsave_offset[5] + 8 * v->mask, sizeof k);
        if (v->mask_bytes < 64) k &= (UINT64_C(1) << v->mask_bytes) - 1; /* one bit per element */
        memcpy(s->vmask, &k, sizeof k);
    } else {
        read_vector(xs, v->mask, reg);
        memcpy(s->vmask, reg, v->mask_bytes);
    }
    return 1;
}

int ct_decode_init(void)
{
    xsave_layout();
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
    if (in->vsib && !vsib_readable) in->kind = CT_INSN_VSIB;
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
