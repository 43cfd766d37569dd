/* SPDX-License-Identifier: Apache-2.0 */
/* Differential address/branch trace of the shipped machine code (the DATA /
 * Microwalk technique; tests/ct_trace/README.md). A case is a function that
 * draws its secrets from `rng`, calls ct_trace_begin(), runs the operation,
 * calls ct_trace_end(), then checks its answers (untraced) and returns 0 when
 * they were right. ct_trace_case runs it in forked children, each with other
 * secrets and the same public inputs, records every instruction from begin
 * to end (single-stepping: ptrace or the trap flag) and compares, per
 * instruction, RIP and the registers that form its memory addresses. */
#ifndef SC_CT_TRACE_H
#define SC_CT_TRACE_H

#include <stddef.h>
#include <stdint.h>

typedef struct ct_rng {
    uint64_t s;
} ct_rng;

uint64_t ct_rng_next(ct_rng *r);
void ct_rng_fill(ct_rng *r, void *p, size_t n);

/* Markers: begin stops the child (SIGSTOP) for the tracer; the parent
 * compares from begin's return to the entry of end. Outside a traced child
 * (the warm-up run) both do nothing. */
void ct_trace_begin(void);
void ct_trace_end(void);

typedef int (*ct_case_fn)(ct_rng *rng, const void *arg);

enum ct_verdict {
    CT_CLEAN,       /* every run took the same path with the same addresses */
    CT_LEAK,        /* a secret-dependent branch, address or division operand */
    CT_UNCHECKABLE, /* an instruction the tracer cannot check (undecodable, VSIB) */
    CT_ERROR        /* a child crashed, wrong answers, ptrace failure */
};

/* Open capstone, choose the recorder (SC_CT_TRACE_ENGINE=ptrace, else the
 * signal recorder); 0 when the tracer cannot work here, with the reason in
 * *why (no capstone at build time, ptrace refused). */
int ct_trace_available(const char **why);
const char *ct_trace_engine_name(void);

/* Trace `fn` in `runs` (>= 2) children seeded seed, seed+1, ...; prints the
 * first divergence (unless quiet) and adds the instructions traced per run
 * to *steps. */
enum ct_verdict ct_trace_case(const char *what, ct_case_fn fn, const void *arg, unsigned runs, uint64_t seed,
                              uint64_t *steps, int quiet);

#endif
