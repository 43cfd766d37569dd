/* SPDX-License-Identifier: Apache-2.0 */
/* The tracer of ct_trace.h (x86-64 Linux): forked runs record every
 * instruction between the markers (RIP and the 16 GPRs before it runs),
 * then the parent compares the records step by step, decoding each RIP
 * once. Two recorders, the same records:
 *   ptrace  (SC_CT_TRACE_ENGINE=ptrace) the parent single-steps the child:
 *           PTRACE_SINGLESTEP + waitpid + PTRACE_GETREGS per instruction;
 *   signal  (the default) the child single-steps itself: the trap flag
 *           (EFLAGS.TF) set at ct_trace_begin, a SIGTRAP handler records
 *           the registers from its ucontext after every instruction.
 * Both trap after every instruction of the same code; the signal recorder
 * avoids two context switches and three system calls per instruction,
 * which on the shared 2-core VM is the difference between ~20 and 80-200
 * us per instruction (tests/ct_trace/README.md, "Time"). */
#define _GNU_SOURCE
#include "ct_trace.h"

#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#include "ct_decode.h"

enum { MAX_RUNS = 8 };
/* Steps one run may record (a case that runs away stops here): 8 Mi steps
 * of 136 bytes, reserved, not committed (MAP_NORESERVE). */
static const uint64_t MAX_STEPS = 8u << 20;
static const uint64_t TF = 0x100; /* EFLAGS trap flag */

uint64_t ct_rng_next(ct_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15u); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void ct_rng_fill(ct_rng *r, void *p, size_t n)
{
    uint8_t *b = p;
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(ct_rng_next(r) >> 56);
}

/* A run's record, in memory shared with the parent. */
typedef struct record {
    uint64_t n;
    int overflow;
    ct_step steps[];
} record;

enum engine { ENGINE_SIGNAL, ENGINE_PTRACE };
static enum engine engine;
static volatile int traced_child; /* set in the forked children only */
static record *volatile my_record; /* the child's own (signal recorder) */

/* The markers must stay real, distinct calls: noipa keeps gcc from
 * inlining, cloning or merging them (their addresses are the trace's
 * bounds); clang has no noipa and merges nothing identical without lld's
 * --icf, and the bodies differ anyway. */
#if defined(__clang__)
#define CT_MARKER __attribute__((noinline, used))
#else
#define CT_MARKER __attribute__((noinline, noipa))
#endif
CT_MARKER static void begin_marker(void)
{
    __asm__ volatile("nop" ::: "memory");
}

CT_MARKER void ct_trace_end(void)
{
    __asm__ volatile("nop; nop" ::: "memory");
}

/* A REP MOVS/STOS at `ip` (libc's memcpy and memset): its element size,
 * 0 for anything else. Prefixes 66 and F3 in any order, then REX. */
static unsigned rep_string_size(const uint8_t *ip, unsigned *len, int *is_movs)
{
    unsigned i = 0, rep = 0, opsize = 0, rexw = 0;
    for (; i < 3 && (ip[i] == 0xf3 || ip[i] == 0x66); i++) rep |= ip[i] == 0xf3, opsize |= ip[i] == 0x66;
    if (ip[i] >= 0x40 && ip[i] <= 0x4f) rexw = (ip[i] & 8) != 0, i++;
    unsigned op = ip[i];
    if (!rep || (op != 0xa4 && op != 0xa5 && op != 0xaa && op != 0xab)) return 0;
    *len = i + 1, *is_movs = op == 0xa4 || op == 0xa5;
    return op == 0xa4 || op == 0xaa ? 1 : rexw ? 8 : opsize ? 2 : 4;
}

static void record_step(record *rec, const greg_t *g, const uint8_t *xsave)
{
    static const int order[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                                  REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};
    ct_step *s = &rec->steps[rec->n++];
    unsigned size;
    s->rip = (uint64_t)g[REG_RIP];
    for (int i = 0; i < 16; i++) s->gpr[i] = (uint64_t)g[order[i]];
    uint64_t ea = ct_div_operand((const uint8_t *)(uintptr_t)s->rip, s->rip, s->gpr, &size);
    s->divisor = 0;
    if (ea) memcpy(&s->divisor, (const void *)(uintptr_t)ea, size);
    ct_vsib v;
    if (ct_vsib_at((const uint8_t *)(uintptr_t)s->rip, &v)) ct_vsib_read(xsave, &v, s);
}

/* Stop recording at ct_trace_end's entry (or when the record is full). */
static int at_end(record *rec, greg_t *g)
{
    if ((uint64_t)g[REG_RIP] != (uint64_t)(uintptr_t)ct_trace_end && rec->n < MAX_STEPS) return 0;
    rec->overflow = rec->n >= MAX_STEPS;
    g[REG_EFL] &= ~(greg_t)TF;
    return 1;
}

/* Signal recorder: after every instruction while TF is set. A REP MOVS or
 * STOS would trap once per element (8 KiB of memset: 8192 traps); with DF
 * clear (the ABI's state) every element's address follows from RSI, RDI
 * and RCX, just recorded, so the handler performs it (same semantics,
 * forward, element by element) and records the next instruction's state
 * itself: the trap after that instruction reports the one after it. The
 * ptrace recorder runs the instruction natively over a breakpoint. */
static void on_trap(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    greg_t *g = uc->uc_mcontext.gregs;
    record *rec = my_record;
    unsigned len, size;
    int movs;
    (void)sig, (void)si;
    const uint8_t *xsave = (const uint8_t *)uc->uc_mcontext.fpregs; /* fxsave + xsave header + extended state */
    if (at_end(rec, g)) return;
    record_step(rec, g, xsave);
    const uint8_t *ip = (const uint8_t *)(uintptr_t)g[REG_RIP];
    if ((size = rep_string_size(ip, &len, &movs)) == 0 || (g[REG_EFL] & 0x400)) return;
    uint8_t *di = (uint8_t *)(uintptr_t)g[REG_RDI];
    const uint8_t *src = (const uint8_t *)(uintptr_t)g[REG_RSI];
    uint64_t count = (uint64_t)g[REG_RCX], bytes = count * size, ax = (uint64_t)g[REG_RAX];
    for (uint64_t b = 0; b < bytes; b++) di[b] = movs ? src[b] : (uint8_t)(ax >> (8 * (b % size)));
    g[REG_RDI] += (greg_t)bytes, g[REG_RCX] = 0, g[REG_RIP] += (greg_t)len;
    if (movs) g[REG_RSI] += (greg_t)bytes;
    if (!at_end(rec, g)) record_step(rec, g, xsave);
}

void ct_trace_begin(void)
{
    if (!traced_child) return;
    if (engine == ENGINE_PTRACE) {
        raise(SIGSTOP); /* the parent takes over from here */
    } else {
        /* TF takes effect after the instruction that follows popf: the
         * first trap comes inside this function, alike in every run */
        __asm__ volatile("pushfq\n\torq $0x100, (%%rsp)\n\tpopfq" ::: "memory", "cc");
    }
    begin_marker();
}

/* ---- decoded instructions, cached per RIP (open addressing) ---- */
static ct_insn *cache;
static size_t cache_cap, cache_used;

static ct_insn *cache_slot(uint64_t rip)
{
    size_t i = (size_t)((rip * 0x9e3779b97f4a7c15u) >> 20) & (cache_cap - 1);
    while (cache[i].rip && cache[i].rip != rip) i = (i + 1) & (cache_cap - 1);
    return &cache[i];
}

/* The code is the parent's own: the children are forks and change no code
 * (the ptrace recorder restores its breakpoints), so the bytes at a RIP are
 * read here, through process_vm_readv, which stops at the end of a mapping
 * instead of faulting. */
static ct_insn *decode_at(uint64_t rip)
{
    if (cache_used * 2 >= cache_cap) { /* grow */
        ct_insn *old = cache;
        size_t old_cap = cache_cap;
        cache_cap = old_cap ? old_cap * 2 : 1u << 14;
        cache = calloc(cache_cap, sizeof *cache);
        if (!cache) abort();
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].rip) *cache_slot(old[i].rip) = old[i];
        free(old);
    }
    ct_insn *s = cache_slot(rip);
    if (s->rip == rip) return s;
    uint8_t bytes[16] = {0};
    struct iovec local = {bytes, sizeof bytes}, remote = {(void *)(uintptr_t)rip, sizeof bytes};
    if (process_vm_readv(getpid(), &local, 1, &remote, 1, 0) <= 0) memcpy(bytes, (const void *)(uintptr_t)rip, 1);
    ct_decode(s, rip, bytes);
    cache_used++;
    return s;
}

/* "function (file+0xoff, file:line)" of a code address, through dladdr and
 * addr2line (static functions have no dynamic symbol; addr2line reads the
 * symbol table, and debug info when the build has it). */
static void describe(uint64_t addr, char *buf, size_t n)
{
    Dl_info di;
    snprintf(buf, n, "0x%llx", (unsigned long long)addr);
    if (!dladdr((void *)(uintptr_t)addr, &di) || !di.dli_fbase) return;
    const char *file = di.dli_fname && di.dli_fname[0] ? di.dli_fname : "/proc/self/exe";
    uint64_t off = addr - (uint64_t)(uintptr_t)di.dli_fbase;
    char cmd[512], fn[256] = "", line[256] = "";
    snprintf(cmd, sizeof cmd, "addr2line -f -e '%s' 0x%llx 2>/dev/null", file, (unsigned long long)off);
    fflush(stdout);
    FILE *p = popen(cmd, "r");
    if (p) {
        if (fgets(fn, sizeof fn, p)) fn[strcspn(fn, "\n")] = 0;
        if (fgets(line, sizeof line, p)) line[strcspn(line, "\n")] = 0;
        pclose(p);
    }
    if (fn[0] && strcmp(fn, "??") != 0)
        snprintf(buf, n, "%s (%s+0x%llx, %s)", fn, file, (unsigned long long)off, line);
    else if (di.dli_sname)
        snprintf(buf, n, "%s+0x%llx (%s)", di.dli_sname,
                 (unsigned long long)(addr - (uint64_t)(uintptr_t)di.dli_saddr), file);
    else
        snprintf(buf, n, "%s+0x%llx", file, (unsigned long long)off);
}

/* SC_CT_TRACE_PROFILE: where the steps went (the hottest instructions
 * since the last profile), to choose cases that fit the time bound. */
static void profile(void)
{
    for (int top = 0; top < 12; top++) {
        ct_insn *best = NULL;
        for (size_t i = 0; i < cache_cap; i++)
            if (cache[i].rip && cache[i].executed && (!best || cache[i].executed > best->executed)) best = &cache[i];
        if (!best) break;
        char where[600];
        describe(best->rip, where, sizeof where);
        printf("  profile: %10llu x %s at %s\n", (unsigned long long)best->executed, best->text, where);
        best->executed = 0;
    }
    for (size_t i = 0; i < cache_cap; i++) cache[i].executed = 0;
}

/* ---- the ptrace recorder ---- */
static int step_and_wait(pid_t pid, struct user_regs_struct *r)
{
    int st;
    if (ptrace(PTRACE_SINGLESTEP, pid, NULL, NULL) != 0 || waitpid(pid, &st, 0) != pid) return -1;
    if (!WIFSTOPPED(st) || WSTOPSIG(st) != SIGTRAP) return -1;
    return ptrace(PTRACE_GETREGS, pid, NULL, r) == 0 ? 0 : -1;
}

/* Run a REP MOVS/STOS to its end: a breakpoint (int3) after it, in this
 * child's copy of the code page only (PTRACE_POKETEXT copies on write). */
static int run_over(pid_t pid, uint64_t next, struct user_regs_struct *r)
{
    int st = 0;
    errno = 0;
    long orig = ptrace(PTRACE_PEEKTEXT, pid, (void *)(uintptr_t)next, NULL);
    if (errno) return -1;
    long patched = (long)(((unsigned long)orig & ~0xfful) | 0xcc);
    if (ptrace(PTRACE_POKETEXT, pid, (void *)(uintptr_t)next, (void *)patched) != 0) return -1;
    int ok = ptrace(PTRACE_CONT, pid, NULL, NULL) == 0 && waitpid(pid, &st, 0) == pid && WIFSTOPPED(st) &&
             WSTOPSIG(st) == SIGTRAP && ptrace(PTRACE_GETREGS, pid, NULL, r) == 0 && r->rip == next + 1;
    if (!WIFSTOPPED(st)) return -1;
    if (ptrace(PTRACE_POKETEXT, pid, (void *)(uintptr_t)next, (void *)orig) != 0 || !ok) return -1;
    r->rip = next;
    return ptrace(PTRACE_SETREGS, pid, NULL, r) == 0 ? 0 : -1;
}

/* Single-step a stopped child from begin_marker to ct_trace_end. */
static int ptrace_record(pid_t pid, record *rec)
{
    struct user_regs_struct r;
    int st;
    if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st) || WSTOPSIG(st) != SIGSTOP) return -1;
    ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(uintptr_t)PTRACE_O_EXITKILL);
    /* Not recorded: the rest of raise() (signal mask restore, its return)
     * up to begin_marker: libc's stop machinery, not the operation. The
     * SIGSTOP itself is suppressed (signal 0 on resume). */
    do
        if (step_and_wait(pid, &r) != 0) return -1;
    while (r.rip != (uint64_t)(uintptr_t)begin_marker);
    while (r.rip != (uint64_t)(uintptr_t)ct_trace_end) {
        if (rec->n == MAX_STEPS) return rec->overflow = 1, -1;
        ct_step *rs = &rec->steps[rec->n++];
        const ct_insn *in = decode_at(r.rip);
        ct_step_from_user_regs(rs, &r);
        rs->divisor = 0;
        if (in->div_mem) { /* the same decoding as the signal recorder's, the bytes being the parent's */
            unsigned size;
            uint64_t ea = ct_div_operand((const uint8_t *)(uintptr_t)r.rip, r.rip, rs->gpr, &size);
            errno = 0;
            long v = ptrace(PTRACE_PEEKDATA, pid, (void *)(uintptr_t)ea, NULL);
            if (ea && !errno) memcpy(&rs->divisor, &v, size);
        }
        ct_vsib vs;
        if (in->vsib && ct_vsib_at((const uint8_t *)(uintptr_t)r.rip, &vs)) { /* the vector registers */
            static uint8_t xsave[16384] __attribute__((aligned(64)));
            struct iovec io = {xsave, sizeof xsave};
            ct_vsib_read(ptrace(PTRACE_GETREGSET, pid, (void *)(uintptr_t)0x202 /* NT_X86_XSTATE */, &io) == 0
                             ? xsave
                             : NULL,
                         &vs, rs);
        }
        if (in->run_over ? run_over(pid, r.rip + in->size, &r) != 0 : step_and_wait(pid, &r) != 0) return -1;
    }
    return ptrace(PTRACE_CONT, pid, NULL, NULL) == 0 ? 0 : -1;
}

int ct_trace_available(const char **why)
{
    const char *e = getenv("SC_CT_TRACE_ENGINE");
    engine = e && strcmp(e, "ptrace") == 0 ? ENGINE_PTRACE : ENGINE_SIGNAL;
    if (!ct_decode_init()) {
        *why = "capstone is missing (built without <capstone/capstone.h>; apt-get install libcapstone-dev)";
        return 0;
    }
    if (engine == ENGINE_SIGNAL) return 1;
    /* ptrace may be refused (seccomp in a container, yama ptrace_scope 3) */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) _exit(ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0 ? 0 : 126);
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        *why = "ptrace(PTRACE_TRACEME) is refused here (seccomp or kernel.yama.ptrace_scope)";
        return 0;
    }
    return 1;
}

const char *ct_trace_engine_name(void)
{
    return engine == ENGINE_PTRACE ? "ptrace single-stepping by the parent"
                                   : "self single-stepping (trap flag + SIGTRAP handler)";
}

/* ---- comparison of the records ---- */
static enum ct_verdict report(int quiet, const char *kind, const char *what, uint64_t step, uint64_t rip,
                              const ct_insn *in, const char *detail, enum ct_verdict v)
{
    if (quiet) return v;
    char where[600];
    describe(rip, where, sizeof where);
    printf("%s %s: step %llu, %s\n    at %s\n    %s\n", kind, what, (unsigned long long)step, in ? in->text : "",
           where, detail);
    return v;
}

/* Run k's step i against run 0's: the next RIP (a branch before it), then
 * what the instruction at that RIP uses as addresses or division operands. */
static enum ct_verdict compare_step(record *const *rec, unsigned k, uint64_t i, const char *what, int quiet)
{
    const ct_step *a = &rec[0]->steps[i], *b = &rec[k]->steps[i];
    char d[900], w0[300], wk[300];
    if (a->rip != b->rip) {
        uint64_t prev = i ? rec[0]->steps[i - 1].rip : 0;
        if (!quiet) {
            describe(a->rip, w0, sizeof w0), describe(b->rip, wk, sizeof wk);
            snprintf(d, sizeof d, "next instruction: run 0 at %s, run %u at %s", w0, k, wk);
        }
        return report(quiet, "LEAK (secret branch)", what, i, prev, prev ? decode_at(prev) : NULL, d, CT_LEAK);
    }
    ct_insn *in = decode_at(a->rip);
    if (k == 1) in->executed++;
    if (in->kind != CT_INSN_OK) {
        static const char *const kinds[] = {"", "CANNOT CHECK (gather/scatter)", "CANNOT CHECK (undecodable)"};
        return report(quiet, kinds[in->kind], what, i, a->rip, in, "", CT_UNCHECKABLE);
    }
    if (a->gpr[CT_RSP] != b->gpr[CT_RSP]) { /* pushes, pops, calls, returns, frames */
        snprintf(d, sizeof d, "stack pointer: 0x%llx in run 0, 0x%llx in run %u", (unsigned long long)a->gpr[CT_RSP],
                 (unsigned long long)b->gpr[CT_RSP], k);
        return report(quiet, "LEAK (secret stack address)", what, i, a->rip, in, d, CT_LEAK);
    }
    for (unsigned j = 0; j < in->nregs; j++) {
        unsigned g = in->regs[j];
        if (a->gpr[g] == b->gpr[g]) continue;
        snprintf(d, sizeof d, "%s: 0x%llx in run 0, 0x%llx in run %u", ct_gpr_name(g),
                 (unsigned long long)a->gpr[g], (unsigned long long)b->gpr[g], k);
        return report(quiet, "LEAK (secret address or division operand)", what, i, a->rip, in, d, CT_LEAK);
    }
    if (in->vsib && (memcmp(a->vindex, b->vindex, sizeof a->vindex) || memcmp(a->vmask, b->vmask, sizeof a->vmask))) {
        snprintf(d, sizeof d, "the %s of a gather/scatter differs between run 0 and run %u",
                 memcmp(a->vindex, b->vindex, sizeof a->vindex) ? "index vector" : "mask", k);
        return report(quiet, "LEAK (secret gather/scatter address)", what, i, a->rip, in, d, CT_LEAK);
    }
    if (in->div_mem && a->divisor != b->divisor) {
        snprintf(d, sizeof d, "the divisor in memory: 0x%llx in run 0, 0x%llx in run %u",
                 (unsigned long long)a->divisor, (unsigned long long)b->divisor, k);
        return report(quiet, "LEAK (secret division operand)", what, i, a->rip, in, d, CT_LEAK);
    }
    return CT_CLEAN;
}

static enum ct_verdict compare(record *const *rec, unsigned runs, const char *what, int quiet)
{
    for (uint64_t i = 0;; i++)
        for (unsigned k = 1; k < runs; k++) {
            int end0 = i == rec[0]->n, endk = i == rec[k]->n;
            if (end0 && endk) {
                if (k == runs - 1) return CT_CLEAN;
                continue;
            }
            if (end0 || endk) { /* one reached ct_trace_end, the other went on */
                uint64_t prev = i ? rec[0]->steps[i - 1].rip : 0;
                char d[200];
                snprintf(d, sizeof d, "run 0 ends after %llu instructions, run %u after %llu",
                         (unsigned long long)rec[0]->n, k, (unsigned long long)rec[k]->n);
                return report(quiet, "LEAK (secret branch)", what, i, prev, prev ? decode_at(prev) : NULL, d, CT_LEAK);
            }
            enum ct_verdict v = compare_step(rec, k, i, what, quiet);
            if (v != CT_CLEAN) return v;
        }
}

enum ct_verdict ct_trace_case(const char *what, ct_case_fn fn, const void *arg, unsigned runs, uint64_t seed,
                              uint64_t *steps_out, int quiet)
{
    if (runs < 2) runs = 2;
    if (runs > MAX_RUNS) runs = MAX_RUNS;
    /* Warm-up in this process, untraced: lazily built tables, dispatch and
     * PLT binding happen once, on public inputs; the children inherit them
     * through fork, so the traces start in the same state. */
    ct_rng warm = {seed ^ 0x5555};
    if (fn(&warm, arg) != 0) {
        printf("FAIL %s: wrong answers (untraced warm-up run)\n", what);
        return CT_ERROR;
    }
    const size_t bytes = sizeof(record) + MAX_STEPS * sizeof(ct_step);
    record *rec[MAX_RUNS];
    pid_t pids[MAX_RUNS];
    enum ct_verdict v = CT_CLEAN;
    for (unsigned k = 0; k < runs; k++) {
        rec[k] = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (rec[k] == MAP_FAILED) abort();
    }
    /* All runs at once (the signal recorder: each on its own CPU). */
    fflush(stdout), fflush(stderr);
    for (unsigned k = 0; k < runs; k++) {
        pids[k] = fork();
        if (pids[k] < 0) abort();
        if (pids[k] == 0) {
            traced_child = 1;
            my_record = rec[k];
            if (engine == ENGINE_PTRACE) {
                if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0) _exit(126);
            } else {
                struct sigaction sa;
                memset(&sa, 0, sizeof sa);
                sa.sa_sigaction = on_trap;
                sa.sa_flags = SA_SIGINFO;
                sigaction(SIGTRAP, &sa, NULL);
            }
            ct_rng rng = {seed + k};
            _exit(fn(&rng, arg) ? 1 : 0);
        }
        if (engine == ENGINE_PTRACE && ptrace_record(pids[k], rec[k]) != 0) {
            printf("FAIL %s: run %u could not be single-stepped to its end%s\n", what, k,
                   rec[k]->overflow ? " (too many instructions)" : "");
            kill(pids[k], SIGKILL);
            v = CT_ERROR;
        }
    }
    for (unsigned k = 0; k < runs; k++) {
        int st = 0;
        if (waitpid(pids[k], &st, 0) != pids[k] || !WIFEXITED(st) || WEXITSTATUS(st) != 0 || rec[k]->overflow) {
            if (v == CT_CLEAN)
                printf("FAIL %s: run %u answered wrongly, died or ran away (status 0x%x%s)\n", what, k, st,
                       rec[k]->overflow ? ", too many instructions" : "");
            v = CT_ERROR;
        }
    }
    if (v == CT_CLEAN) v = compare(rec, runs, what, quiet);
    *steps_out += rec[0]->n;
    for (unsigned k = 0; k < runs; k++) munmap(rec[k], bytes);
    if (getenv("SC_CT_TRACE_PROFILE")) profile();
    return v;
}
