/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt info: the CPU (identity and features) and, per algorithm, the
 * kernel in use, why (policy rule, generic ranking or override), the
 * short-message kernel with its crossover, and what was ignored in
 * SIMDCRYPT_KERNEL / SIMDCRYPT_DISABLE.
 * simdcrypt info --sboxes: the named GOST 28147-89 S-boxes, with OIDs and
 * the other names --sbox takes for them.
 * simdcrypt info --names: "KIND NAME" per line for every name -a takes (KIND:
 * sum, cipher, mac, aead), what the shell completions ask for. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include <simdcrypt/magma.h>

#include "bench.h"
#include "sum_algo.h"
#include "cli.h"

static const char *reason_name(int reason)
{
    switch (reason) {
    case SC_REASON_RULE: return "rule";
    case SC_REASON_OVERRIDE: return "override";
    default: return "generic";
    }
}

static void print_identity(void)
{
    const sc_cpu_id *id = sc_cpu_identity();
    char model[128];
    bench_cpu_model(model, sizeof model);
    printf("cpu: %s", model[0] ? model : "(model name unknown)");
    if (!strcmp(id->arch, "x86_64"))
        printf(" [%s family 0x%x model 0x%x (%u) stepping %u%s]\n", id->vendor, id->family, id->model, id->model,
               id->stepping, id->hypervisor ? ", hypervisor" : "");
    else if (!strcmp(id->arch, "aarch64"))
        printf(" [MIDR implementer 0x%02x (%s) part 0x%03x]\n", id->midr_implementer,
               id->vendor[0] ? id->vendor : "?", id->midr_part);
    else if (!strcmp(id->arch, "riscv64"))
        printf(" [mvendorid 0x%llx marchid 0x%llx mimpid 0x%llx]\n", (unsigned long long)id->mvendorid,
               (unsigned long long)id->marchid, (unsigned long long)id->mimpid);
    else
        printf(" [%s]\n", id->arch);
}

static int print_sboxes(void)
{
    sc_magma_sbox_info info;
    printf("%-38s %-20s %s\n", "S-box (RFC 4357 / RFC 7836)", "OID", "also (names ignore case)");
    for (size_t i = 0; sc_magma_sbox_info_at(i, &info) == SC_OK; i++) {
        printf("%-38s %-20s", info.name, info.oid);
        for (const char *const *a = info.aliases; *a; a++) printf(" %s", *a);
        printf("\n");
    }
    return 0;
}

static int print_names(void)
{
    static const struct {
        const char *kind;
        const char *(*name_at)(size_t);
    } kinds[] = {{"sum", sum_algo_name_at}, {"cipher", sc_cipher_name_at}, {"mac", sc_mac_name_at},
                 {"aead", sc_aead_name_at}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (size_t i = 0; kinds[k].name_at(i); i++) printf("%s %s\n", kinds[k].kind, kinds[k].name_at(i));
    return 0;
}

int cmd_info(int argc, char **argv)
{
    int sboxes = 0, names = 0;
    static const struct option longopts[] = {{"sboxes", no_argument, NULL, 's'},
                                             {"names", no_argument, NULL, 'n'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if (o == 's') sboxes = 1;
        else if (o == 'n') names = 1;
        else if (o == 'h') {
            printf("usage: simdcrypt info [--sboxes | --names]\n"
                   "CPU features and the kernel per algorithm; --sboxes: the named GOST S-boxes;\n"
                   "--names: \"KIND NAME\" for every name -a takes (KIND: sum, cipher, mac, aead).\n");
            return 0;
        } else
            return cli_bad_option("info", argv, optind);
    }
    if (optind < argc)
        return cli_usage_error("info: unexpected argument '%s' (simdcrypt info [--sboxes | --names])", argv[optind]);
    if (sboxes) return print_sboxes();
    if (names) return print_names();
    uint64_t raw = sc_cpu_features_raw(), on = sc_cpu_features();
    const char *disable = getenv("SIMDCRYPT_DISABLE"), *force = getenv("SIMDCRYPT_KERNEL");
    printf("simdcrypt %s\n", sc_version());
    print_identity();
    printf("features:");
    for (int f = 0; f < SC_F_COUNT; f++)
        if (raw & SC_FEAT(f)) printf(" %s%s", sc_feature_name(f), (on & SC_FEAT(f)) ? "" : "(disabled)");
    printf("\n");
    if (sc_cpu_vlen_bits()) printf("vlen: %u bits\n", sc_cpu_vlen_bits());
    if (disable) printf("SIMDCRYPT_DISABLE=%s\n", disable);
    if (force) printf("SIMDCRYPT_KERNEL=%s\n", force);
    const char *note;
    for (size_t i = 0; (note = sc_dispatch_note(i)) != NULL; i++) printf("ignored: %s\n", note);
    printf("\n%-10s %-24s %s\n", "algorithm", "kernel in use", "kernels built (* = runnable)");
    for (const char *const *alg = sc_algorithms(); *alg; alg++) {
        sc_dispatch_info d;
        sc_dispatch_get(*alg, &d);
        printf("%-10s %-24s", *alg, d.kernel);
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(*alg, i, &k) == SC_OK; i++) printf(" %s%s", k.name, k.runnable ? "*" : "");
        printf("\n");
        if (d.crossover) printf("%-10s   below %zu B: %s\n", "", d.crossover, d.short_kernel);
        printf("%-10s   why: %s: %s\n", "", reason_name(d.reason), d.evidence);
    }
    return 0;
}
