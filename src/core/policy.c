/* SPDX-License-Identifier: Apache-2.0 */
/* The dispatch policy engine: rules first, then the generic ranking. Pure:
 * no global state is read, so tests can ask it about any CPU. */
#include "policy.h"

#include <string.h>

void sc_policy_key(const sc_cpu_id *id, unsigned *family, unsigned *model)
{
    if (strcmp(id->arch, "aarch64") == 0) {
        *family = id->midr_implementer;
        *model = id->midr_part;
    } else if (strcmp(id->arch, "riscv64") == 0) {
        *family = (unsigned)id->mvendorid;
        *model = (unsigned)id->marchid;
    } else {
        *family = id->family;
        *model = id->model;
    }
}

static const sc_kernel *runnable_kernel(const sc_algorithm_desc *alg, const char *name, uint64_t features)
{
    for (size_t i = 0; i < alg->count; i++)
        if (strcmp(alg->kernels[i].name, name) == 0)
            return (alg->kernels[i].features & ~features) == 0 ? &alg->kernels[i] : NULL;
    return NULL;
}

static int rule_matches(const sc_policy_rule *r, const sc_algorithm_desc *alg, const sc_cpu_id *id)
{
    unsigned family, model;
    sc_policy_key(id, &family, &model);
    if (strcmp(r->algorithm, alg->name) != 0) return 0;
    if (r->vendor && strcmp(r->vendor, id->vendor) != 0) return 0;
    return r->family == family && model >= r->model_lo && model <= r->model_hi;
}

static int rule_only(const sc_algorithm_desc *alg, const sc_kernel *k)
{
    size_t an = strlen(alg->name);
    for (const char *const *p = sc_policy_rule_only; *p; p++)
        if (strncmp(*p, alg->name, an) == 0 && (*p)[an] == ':' && strcmp(*p + an + 1, k->name) == 0) return 1;
    return 0;
}

void sc_policy_choose(const sc_algorithm_desc *alg, const sc_cpu_id *id, uint64_t features, sc_policy_choice *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < sc_policy_rule_count; i++) {
        const sc_policy_rule *r = &sc_policy_rules[i];
        if (!rule_matches(r, alg, id)) continue;
        const sc_kernel *k = runnable_kernel(alg, r->kernel, features);
        const sc_kernel *s = r->short_kernel ? runnable_kernel(alg, r->short_kernel, features) : k;
        if (k == NULL || s == NULL) continue; /* features disabled: next rule or generic */
        out->kernel = k;
        out->short_kernel = s;
        out->crossover = r->short_kernel ? r->crossover : 0;
        out->reason = SC_REASON_RULE;
        out->evidence = r->evidence;
        out->rule = r;
        return;
    }
    out->kernel = &alg->kernels[0];
    for (size_t i = alg->count; i-- > 1;) {
        const sc_kernel *k = &alg->kernels[i];
        if ((k->features & ~features) == 0 && !rule_only(alg, k)) {
            out->kernel = k;
            break;
        }
    }
    out->short_kernel = out->kernel;
    out->reason = SC_REASON_GENERIC;
    out->evidence = "generic ranking: the most capable runnable kernel (no rule for this CPU)";
}
