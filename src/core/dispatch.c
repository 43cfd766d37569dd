/* Kernel lookup and selection, and the public kernel-introspection API. */
#include "internal.h"

#include <pthread.h>

const sc_algorithm_desc *sc_find_algorithm(const char *name)
{
    if (name == NULL) return NULL;
    for (size_t i = 0; sc_registry[i]; i++)
        if (strcmp(sc_registry[i]->name, name) == 0) return sc_registry[i];
    return NULL;
}

static int runnable(const sc_kernel *k) { return (k->features & ~sc_cpu_features()) == 0; }

const sc_kernel *sc_select_kernel(const sc_algorithm_desc *alg)
{
    for (size_t i = alg->count; i-- > 1;)
        if (runnable(&alg->kernels[i])) return &alg->kernels[i];
    return &alg->kernels[0];
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

/* Names filled once from the registry (part of the dispatch state). */
enum { MAX_ALGORITHMS = 64 };
static const char *algorithm_names[MAX_ALGORITHMS + 1];
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void fill_algorithm_names(void)
{
    for (size_t i = 0; sc_registry[i] && i < MAX_ALGORITHMS; i++)
        algorithm_names[i] = sc_registry[i]->name;
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
    if (alg != &sc_alg_adler32 && alg != &sc_alg_crc32 && alg != &sc_alg_crc32c) return SC_EINVAL;
    const sc_kernel *k = sc_find_kernel(alg, name, &status);
    if (k) *fn = k->impl.checksum;
    return status;
}
