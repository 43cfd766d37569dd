/* SPDX-License-Identifier: Apache-2.0 */
/* Runtime of the DFSan constant-time checker. Built WITHOUT
 * -fsanitize=dataflow: these are the `custom` wrappers (ct_abilist.txt) that
 * DFSan calls in place of the probes ct_probe_ir.py inserted, with the label
 * of each argument appended (the DFSan custom-function ABI, see
 * clang/docs/DataFlowSanitizer.rst, "ABI list"). A non-zero label on a
 * pointer, index or condition is a constant-time violation at the caller. */
#include "ct_checker.h"

#include <sanitizer/common_interface_defs.h>
#include <sanitizer/dfsan_interface.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Each distinct (site, kind) once per case. */
enum { MAX_SITES = 64 };
static struct {
    void *pc;
    unsigned kind;
    dfsan_label label;
} sites[MAX_SITES];
static size_t n_sites, n_dropped;
static unsigned kinds_hit;
static const char *case_name = "(no case)";

static void record(void *pc, unsigned kind, dfsan_label label)
{
    kinds_hit |= kind;
    for (size_t i = 0; i < n_sites; i++)
        if (sites[i].pc == pc && sites[i].kind == kind) {
            sites[i].label |= label;
            return;
        }
    if (n_sites == MAX_SITES) {
        n_dropped++;
        return;
    }
    sites[n_sites].pc = pc, sites[n_sites].kind = kind, sites[n_sites].label = label;
    n_sites++;
}

#define RECORD_IF(label, kind) \
    do { \
        if (label) record(__builtin_return_address(0), (kind), (label)); \
    } while (0)

/* What the DFSan tree's uninstrumented kernels call for sc_wipe (CMakeLists.txt,
 * SC_DFSAN_NATIVE_OK: AVX-512 files on a host that cannot run them; DFSan
 * renamed the instrumented sc_wipe). Never runs: those kernels are not
 * runnable there. */
void sc_ct_wipe_native(void *p, size_t len);
void sc_ct_wipe_native(void *p, size_t len)
{
    volatile unsigned char *q = p;
    while (len--) *q++ = 0;
}

void __dfsw_sc_ct_probe_addr(const void *p, dfsan_label p_label);
void __dfsw_sc_ct_probe_addr(const void *p, dfsan_label p_label)
{
    (void)p;
    RECORD_IF(p_label, SC_CT_ADDRESS);
}

void __dfsw_sc_ct_probe_index(uint64_t v, dfsan_label v_label);
void __dfsw_sc_ct_probe_index(uint64_t v, dfsan_label v_label)
{
    (void)v;
    RECORD_IF(v_label, SC_CT_INDEX);
}

void __dfsw_sc_ct_probe_branch(uint64_t c, dfsan_label c_label);
void __dfsw_sc_ct_probe_branch(uint64_t c, dfsan_label c_label)
{
    (void)c;
    RECORD_IF(c_label, SC_CT_BRANCH);
}

void __dfsw_sc_ct_probe_select(uint64_t c, dfsan_label c_label);
void __dfsw_sc_ct_probe_select(uint64_t c, dfsan_label c_label)
{
    (void)c;
    RECORD_IF(c_label, SC_CT_SELECT);
}

/* llvm.masked.load: DFSan unions only the operands' labels, so the loaded
 * lanes' memory labels are returned here (as the label of a 0) and or-ed in. */
uint64_t __dfsw_sc_ct_label_of_memory(const uint8_t *p, uint64_t mask, uint64_t lane_bytes, uint64_t lanes,
                                      dfsan_label l0, dfsan_label l1, dfsan_label l2, dfsan_label l3,
                                      dfsan_label *ret_label);
uint64_t __dfsw_sc_ct_label_of_memory(const uint8_t *p, uint64_t mask, uint64_t lane_bytes, uint64_t lanes,
                                      dfsan_label l0, dfsan_label l1, dfsan_label l2, dfsan_label l3,
                                      dfsan_label *ret_label)
{
    (void)l0, (void)l1, (void)l2, (void)l3;
    dfsan_label label = 0;
    for (uint64_t i = 0; i < lanes; i++)
        if (mask >> i & 1) label |= dfsan_read_label(p + i * lane_bytes, lane_bytes);
    *ret_label = label;
    return 0;
}

/* llvm.masked.store: DFSan writes no shadow; give the stored lanes the
 * vector's label (carried by lane 0: a vector has one label). */
void __dfsw_sc_ct_label_masked_store(uint8_t *p, uint64_t mask, uint64_t lane_bytes, uint64_t lanes,
                                     uint64_t carrier, dfsan_label l0, dfsan_label l1, dfsan_label l2,
                                     dfsan_label l3, dfsan_label value_label);
void __dfsw_sc_ct_label_masked_store(uint8_t *p, uint64_t mask, uint64_t lane_bytes, uint64_t lanes,
                                     uint64_t carrier, dfsan_label l0, dfsan_label l1, dfsan_label l2,
                                     dfsan_label l3, dfsan_label value_label)
{
    (void)carrier, (void)l0, (void)l1, (void)l2, (void)l3;
    for (uint64_t i = 0; i < lanes; i++)
        if (mask >> i & 1) dfsan_set_label(value_label, p + i * lane_bytes, lane_bytes);
}

void sc_ct_secret(const void *p, size_t n, unsigned label)
{
    dfsan_set_label((dfsan_label)label, (void *)(uintptr_t)p, n);
}

void sc_ct_begin(const char *name)
{
    case_name = name;
    n_sites = n_dropped = 0;
    kinds_hit = 0;
}

static const char *kind_text(unsigned kind)
{
    switch (kind) {
    case SC_CT_ADDRESS: return "memory address (or call target)";
    case SC_CT_INDEX: return "gather/scatter index or memcpy length";
    case SC_CT_BRANCH: return "conditional branch";
    default: return "scalar select (cmov or branch, the backend's choice)";
    }
}

/* Source locations already printed: per case for violations (unrolled or
 * inlined copies of one line are many code sites), per run for notes. */
enum { MAX_SEEN = 256, LOCATION = 512 };
typedef struct seen_set {
    char where[MAX_SEEN][LOCATION];
    size_t n;
} seen_set;
static seen_set case_seen, notes_seen;

static int first_time(seen_set *set, const char *where)
{
    for (size_t i = 0; i < set->n; i++)
        if (strcmp(set->where[i], where) == 0) return 0;
    if (set->n < MAX_SEEN) snprintf(set->where[set->n++], LOCATION, "%s", where);
    return 1;
}

static void print_site(size_t i)
{
    char where[LOCATION];
    /* pc - 1: inside the call instruction, so the line is the probe's */
    __sanitizer_symbolize_pc((char *)sites[i].pc - 1, "%F %L", where, sizeof where);
    int is_note = sites[i].kind == SC_CT_SELECT;
    if (!first_time(is_note ? &notes_seen : &case_seen, where)) return;
    dfsan_label l = sites[i].label;
    printf("  %s %s: secret-dependent %s (%s%s%s) %s\n", is_note ? "note" : "LEAK", case_name,
           kind_text(sites[i].kind), l & SC_CT_KEY ? "key " : "", l & SC_CT_DATA ? "data " : "",
           l & SC_CT_SBOX ? "sbox " : "", where);
}

size_t sc_ct_end(int quiet)
{
    size_t violations = 0;
    case_seen.n = 0;
    for (size_t i = 0; i < n_sites; i++) {
        violations += sites[i].kind != SC_CT_SELECT;
        if (!quiet) print_site(i);
    }
    if (n_dropped && !quiet) printf("  %s: %zu more code sites not listed\n", case_name, n_dropped);
    return violations + n_dropped;
}

unsigned sc_ct_label_of(const void *p, size_t n) { return dfsan_read_label(p, n); }

size_t sc_ct_selects(void)
{
    size_t n = 0;
    for (size_t i = 0; i < n_sites; i++) n += sites[i].kind == SC_CT_SELECT;
    return n;
}

unsigned sc_ct_kinds(void) { return kinds_hit; }
