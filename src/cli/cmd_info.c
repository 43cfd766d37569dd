/* simdcrypt info: CPU features and the kernel each algorithm uses. */
#include <stdlib.h>

#include "cli.h"

int cmd_info(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    uint64_t raw = sc_cpu_features_raw(), on = sc_cpu_features();
    const char *disable = getenv("SIMDCRYPT_DISABLE");
    printf("simdcrypt %s\n", sc_version());
    printf("features:");
    for (int f = 0; f < SC_F_COUNT; f++)
        if (raw & SC_FEAT(f)) printf(" %s%s", sc_feature_name(f), (on & SC_FEAT(f)) ? "" : "(disabled)");
    printf("\n");
    if (sc_cpu_vlen_bits()) printf("vlen: %u bits\n", sc_cpu_vlen_bits());
    if (disable) printf("SIMDCRYPT_DISABLE=%s\n", disable);
    printf("\n%-22s %-24s %s\n", "algorithm", "kernel in use", "kernels built (* = runnable)");
    for (const char *const *alg = sc_algorithms(); *alg; alg++) {
        printf("%-22s %-24s", *alg, sc_kernel_active(*alg));
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(*alg, i, &k) == SC_OK; i++)
            printf(" %s%s", k.name, k.runnable ? "*" : "");
        printf("\n");
    }
    return 0;
}
