/* SPDX-License-Identifier: Apache-2.0 */
/* What the case files of ct_trace (ct_trace_selfcheck.c, ct_trace_cases.c)
 * get from its main (ct_trace.c): running a case under the tracer with the
 * run's settings, and the per-kernel counts of the report. */
#ifndef SC_CT_TRACE_RUN_H
#define SC_CT_TRACE_RUN_H

#include "ct_trace.h"

/* Trace one case, counted under `group` ("kalyna x86-avx512bw"); `expect`
 * is CT_CLEAN for the library, the verdict a self-check must get otherwise.
 * Returns 1 when the verdict differs from it (a failure). Cases whose name
 * lacks SC_CT_TRACE_FILTER are not run (and not counted). */
int ct_run(const char *group, const char *what, ct_case_fn fn, const void *arg, enum ct_verdict expect);
/* Count n cases of a group as skipped (a kernel this CPU cannot run). */
void ct_skip(const char *group, unsigned n);
/* Instructions traced so far (per run), for choosing the next cases. */
uint64_t ct_steps_so_far(void);
/* Count a name of a group as traced by the full run only (--full). */
void ct_defer(const char *group);
/* Whether a kernel is in this run: with --all every runnable one, else
 * those valgrind cannot run (AVX-512: avx512, vaes, ifma, vbmi, gfni). */
int ct_kernel_wanted(const char *kernel);

int ct_selfchecks(void);   /* ct_trace_selfcheck.c; failures */
/* ct_trace_cases.c; failures. full: every case (else the quick selection). */
int ct_library_cases(int full);

#endif
