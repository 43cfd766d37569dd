/* SPDX-License-Identifier: Apache-2.0 */
/* Dispatch state: for every algorithm, the policy's choice on this CPU or an
 * override, and the public introspection API. The choice is computed once,
 * at first use, and again only when sc_kernel_force changes an override.
 * One mutex guards the state; the hot paths never take it: the checksums
 * read their own atomic slots (src/checksum/checksum_dispatch.c), and
 * sc_select_kernel (every cipher init, every one-shot hash) reads the long-
 * message kernel from an atomic copy written with the choice. */
#include "family.h"
#include "override.h"
#include "policy.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { MAX_ALGORITHMS = 64 };

static struct {
    sc_policy_choice choice[MAX_ALGORITHMS];
    const sc_kernel *forced[MAX_ALGORITHMS];
    size_t count;
} state;
static _Atomic(const sc_kernel *) chosen[MAX_ALGORITHMS]; /* state.choice[i].kernel, lock-free */
static sc_cpu_id identity;
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t state_once = PTHREAD_ONCE_INIT;

const sc_algorithm_desc *sc_find_algorithm(const char *name)
{
    if (name == NULL) return NULL;
    for (size_t i = 0; sc_registry_at(i); i++)
        if (strcmp(sc_registry_at(i)->name, name) == 0) return sc_registry_at(i);
    return NULL;
}

static size_t algorithm_index(const sc_algorithm_desc *alg)
{
    for (size_t i = 0; sc_families[i]; i++)
        if (sc_families[i]->kernels == alg) return i;
    return MAX_ALGORITHMS; /* not reached: every descriptor is registered */
}

static int runnable(const sc_kernel *k) { return (k->features & ~sc_cpu_features()) == 0; }

/* Policy or override for algorithm i; call with state_lock held. */
static void choose(size_t i)
{
    sc_policy_choice *c = &state.choice[i];
    sc_policy_choose(sc_registry_at(i), &identity, sc_cpu_features(), c);
    if (state.forced[i]) {
        c->kernel = c->short_kernel = state.forced[i];
        c->crossover = 0;
        c->reason = SC_REASON_OVERRIDE;
        c->evidence = "override (SIMDCRYPT_KERNEL or sc_kernel_force)";
        c->rule = NULL;
    }
    atomic_store_explicit(&chosen[i], c->kernel, memory_order_release);
}

static void state_init(void)
{
    sc_cpu_probe_id(&identity);
    pthread_mutex_lock(&state_lock);
    for (state.count = 0; sc_registry_at(state.count) && state.count < MAX_ALGORITHMS; state.count++) {}
    sc_override_parse(getenv("SIMDCRYPT_KERNEL"), state.forced);
    sc_override_note_disable(getenv("SIMDCRYPT_DISABLE"));
    for (size_t i = 0; i < state.count; i++) choose(i);
    pthread_mutex_unlock(&state_lock);
}

void sc_dispatch_current(const sc_algorithm_desc *alg, sc_policy_choice *out)
{
    pthread_once(&state_once, state_init);
    size_t i = algorithm_index(alg);
    pthread_mutex_lock(&state_lock);
    *out = state.choice[i < state.count ? i : 0];
    pthread_mutex_unlock(&state_lock);
}

const sc_kernel *sc_select_kernel(const sc_algorithm_desc *alg)
{
    pthread_once(&state_once, state_init);
    size_t i = algorithm_index(alg);
    return atomic_load_explicit(&chosen[i < MAX_ALGORITHMS ? i : 0], memory_order_acquire);
}

const sc_kernel *sc_find_kernel(const sc_algorithm_desc *alg, const char *name, int *status)
{
    *status = SC_EINVAL;
    if (alg == NULL || name == NULL) return NULL;
    for (size_t i = 0; i < alg->count; i++) {
        if (strcmp(alg->kernels[i].name, name) != 0) continue;
        if (!runnable(&alg->kernels[i])) {
            *status = SC_ENOKERNEL;
            return NULL;
        }
        *status = SC_OK;
        return &alg->kernels[i];
    }
    return NULL;
}

const sc_cpu_id *sc_cpu_identity(void)
{
    pthread_once(&state_once, state_init);
    return &identity;
}

int sc_kernel_force(const char *algorithm, const char *kernel)
{
    const sc_algorithm_desc *alg = sc_find_algorithm(algorithm);
    if (alg == NULL) return SC_EINVAL;
    int status = SC_OK;
    const sc_kernel *k = kernel ? sc_find_kernel(alg, kernel, &status) : NULL;
    if (kernel && k == NULL) return status;
    pthread_once(&state_once, state_init);
    size_t i = algorithm_index(alg);
    pthread_mutex_lock(&state_lock);
    state.forced[i] = k;
    choose(i);
    pthread_mutex_unlock(&state_lock);
    sc_checksum_slots_refresh();
    return SC_OK;
}

int sc_dispatch_get(const char *algorithm, sc_dispatch_info *info)
{
    const sc_algorithm_desc *alg = sc_find_algorithm(algorithm);
    if (alg == NULL || info == NULL) return SC_EINVAL;
    sc_policy_choice c;
    sc_dispatch_current(alg, &c);
    info->algorithm = alg->name;
    info->kernel = c.kernel->name;
    info->short_kernel = c.short_kernel->name;
    info->crossover = c.crossover;
    info->reason = c.reason;
    info->evidence = c.evidence;
    return SC_OK;
}

/* Names filled once from the registry (part of the dispatch state). */
static const char *algorithm_names[MAX_ALGORITHMS + 1];
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void fill_algorithm_names(void)
{
    for (size_t i = 0; sc_registry_at(i) && i < MAX_ALGORITHMS; i++) algorithm_names[i] = sc_registry_at(i)->name;
}

const char *const *sc_algorithms(void)
{
    pthread_once(&names_once, fill_algorithm_names);
    return algorithm_names;
}

size_t sc_kernel_count(const char *algorithm)
{
    const sc_algorithm_desc *alg = sc_find_algorithm(algorithm);
    return alg ? alg->count : 0;
}

int sc_kernel_get(const char *algorithm, size_t index, sc_kernel_info *info)
{
    const sc_algorithm_desc *alg = sc_find_algorithm(algorithm);
    if (alg == NULL || info == NULL || index >= alg->count) return SC_EINVAL;
    const sc_kernel *k = &alg->kernels[index];
    info->algorithm = alg->name;
    info->name = k->name;
    info->features = k->features;
    info->runnable = runnable(k);
    return SC_OK;
}

const char *sc_kernel_active(const char *algorithm)
{
    const sc_algorithm_desc *alg = sc_find_algorithm(algorithm);
    return alg ? sc_select_kernel(alg)->name : NULL;
}

int sc_checksum_kernel(const char *algorithm, const char *name, sc_checksum_fn *fn)
{
    const sc_algorithm_desc *alg = sc_find_algorithm(algorithm);
    int status;
    if (fn == NULL) return SC_EINVAL;
    *fn = NULL;
    const sc_family *f = sc_family_find(algorithm);
    if (f == NULL || f->kind != SC_KIND_CHECKSUM) return SC_EINVAL;
    const sc_kernel *k = sc_find_kernel(alg, name, &status);
    if (k) *fn = k->impl.checksum;
    return status;
}
