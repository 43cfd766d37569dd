/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: the dispatch policy as data.
 *
 * A rule says: on this CPU (vendor, family, model range), for this algorithm,
 * run `kernel`, and below `crossover` bytes `short_kernel`. Every rule names
 * the BENCHMARKS.md measurement that justifies it (`evidence`); a rule
 * without a measurement does not go in. The tables live in
 * src/core/policy_<arch>.c, one per architecture. CPUs without a rule get the
 * generic ranking: the last runnable kernel of the algorithm's list that is
 * not in sc_policy_rule_only (kernels tuned for one microarchitecture's port
 * layout that lose elsewhere, e.g. the GFNI+VPCLMULQDQ CRC hybrid).
 *
 * Matching keys per architecture (sc_policy_key):
 *   x86-64   vendor "AuthenticAMD"/"GenuineIntel", family = display family,
 *            model = display model
 *   AArch64  vendor = implementer name, family = MIDR implementer,
 *            model = MIDR part number
 *   RISC-V   family = mvendorid, model = marchid (low 32 bits)
 */
#ifndef SC_POLICY_H
#define SC_POLICY_H

#include "internal.h"

typedef struct sc_policy_rule {
    const char *algorithm;     /* "crc32" */
    const char *cpu;           /* what the rows match, for people: "AMD Zen 4" */
    const char *vendor;        /* exact sc_cpu_id.vendor, NULL = any */
    unsigned family;           /* exact match */
    unsigned model_lo, model_hi; /* inclusive */
    const char *kernel;        /* messages of at least `crossover` bytes */
    const char *short_kernel;  /* shorter messages; NULL = `kernel` */
    size_t crossover;          /* 0: no size class */
    const char *evidence;      /* "BENCHMARKS.md 5 (Zen 4): CRC-32 16 KiB ..." */
} sc_policy_rule;

/* This architecture's table (policy_<arch>.c) and its length. */
extern const sc_policy_rule sc_policy_rules[];
extern const size_t sc_policy_rule_count;
/* "algorithm:kernel" names the generic ranking skips, NULL-terminated. */
extern const char *const sc_policy_rule_only[];

/* The outcome for one algorithm. */
typedef struct sc_policy_choice {
    const sc_kernel *kernel, *short_kernel; /* never NULL */
    size_t crossover;                       /* 0: kernel at every length */
    int reason;                             /* enum sc_dispatch_reason */
    const char *evidence;
    const sc_policy_rule *rule;             /* the row used, or NULL */
} sc_policy_choice;

/* The policy as a pure function: what `alg` runs on a CPU of identity `id`
 * with `features` (after SIMDCRYPT_DISABLE). A rule whose kernels `features`
 * cannot run is skipped. Never fails: the portable kernel always runs. */
void sc_policy_choose(const sc_algorithm_desc *alg, const sc_cpu_id *id, uint64_t features,
                      sc_policy_choice *out);

/* The matching keys of `id` (see above). */
void sc_policy_key(const sc_cpu_id *id, unsigned *family, unsigned *model);

#endif
