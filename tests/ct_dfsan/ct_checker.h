/* SPDX-License-Identifier: Apache-2.0 */
/* The constant-time checker's interface for the DFSan harnesses.
 *
 * Secrets get DataFlowSanitizer labels (one bit per kind, labels are unions
 * of bits); ct_probe_ir.py put a probe before every memory access, branch,
 * switch, scalar select, gather and indirect call of the instrumented code, and
 * ct_checker.c (built WITHOUT -fsanitize=dataflow) records each probe whose
 * argument carries a label: a secret-dependent address, index, branch. */
#ifndef SC_CT_CHECKER_H
#define SC_CT_CHECKER_H

#include <stddef.h>

enum { SC_CT_KEY = 1, SC_CT_DATA = 2, SC_CT_SBOX = 4 };

/* What a case did (bit set = at least one site of that kind saw a label). */
enum { SC_CT_ADDRESS = 1, SC_CT_INDEX = 2, SC_CT_BRANCH = 4, SC_CT_SELECT = 8 };

/* Label n bytes at p as secret of the given kinds (0 = public again). */
void sc_ct_secret(const void *p, size_t n, unsigned label);
/* Start a case; findings until sc_ct_end are attributed to it. */
void sc_ct_begin(const char *name);
/* End the case, print each distinct finding site (symbolized) unless quiet,
 * return the number of violating sites (addresses, indices, branches;
 * scalar selects are counted apart, see sc_ct_selects). */
size_t sc_ct_end(int quiet);
/* Scalar select sites on secrets in the last case (cmov or branch: backend's
 * choice), and the SC_CT_* kinds the last case hit. */
size_t sc_ct_selects(void);
unsigned sc_ct_kinds(void);
/* Union of the labels of n bytes at p: proves the labels flowed through a
 * kernel (a checker that lost them would see nothing to flag). */
unsigned sc_ct_label_of(const void *p, size_t n);

#endif
