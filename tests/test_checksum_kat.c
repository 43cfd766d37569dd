/* SPDX-License-Identifier: Apache-2.0 */
/* Known answers (tests/vectors/checksums*.txt, each line naming its source)
 * on every kernel this CPU can run, and through the public entry points. */
#include <simdcrypt.h>

#include "checksum_inputs.h"

static uint32_t public_entry(const char *alg, uint32_t v, const uint8_t *p, size_t n)
{
    if (!strcmp(alg, "adler32")) return sc_adler32(v, p, n);
    if (!strcmp(alg, "crc32")) return sc_crc32(v, p, n);
    return sc_crc32c(v, p, n);
}

static void run_file(const char *path)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f) return;
    char line[4096], alg[32], spec[1024], source[256];
    unsigned expected;
    int vectors = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        if (sscanf(line, "%31s %1023s %x %255s", alg, spec, &expected, source) != 4) {
            CHECK(0, "bad vector line: %s", line);
            continue;
        }
        size_t len;
        uint8_t *buf = input_from_spec(spec, &len);
        CHECK(buf != NULL, "bad input spec %s", spec);
        if (!buf) continue;
        vectors++;
        CHECK_EQ_U32(public_entry(alg, checksum_initial(alg), buf, len), expected, "%s %s public (%s)", alg,
                     spec, source);
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(alg, i, &k) == SC_OK; i++) {
            sc_checksum_fn fn;
            if (sc_checksum_kernel(alg, k.name, &fn) != SC_OK) continue;
            CHECK_EQ_U32(fn(checksum_initial(alg), buf, len), expected, "%s %s kernel %s (%s)", alg, spec,
                         k.name, source);
        }
        free(buf);
    }
    fclose(f);
    printf("%s: %d vectors\n", path, vectors);
    CHECK(vectors > 0, "no vectors in %s", path);
}

/* The family descriptors' vectors (src/checksum/checksum_families.c, the
 * ones `simdcrypt selftest` runs). */
static void run_registry(void)
{
    sc_kat_info kat;
    int vectors = 0;
    for (size_t i = 0; sc_kat_get(i, &kat) == SC_OK; i++) {
        const char *alg = kat.family;
        if (sc_checksum_kernel(alg, "portable", &(sc_checksum_fn){0}) != SC_OK) continue;
        uint8_t in[256], out[4];
        long len = test_unhex(kat.in, in, sizeof in);
        CHECK(len >= 0 && test_unhex(kat.out, out, sizeof out) == 4, "registry vector %zu hex", i);
        uint32_t expected = (uint32_t)out[0] << 24 | (uint32_t)out[1] << 16 | (uint32_t)out[2] << 8 | out[3];
        vectors++;
        CHECK_EQ_U32(public_entry(alg, checksum_initial(alg), in, (size_t)len), expected, "%s public (%s)", alg,
                     kat.source);
        sc_kernel_info k;
        for (size_t j = 0; sc_kernel_get(alg, j, &k) == SC_OK; j++) {
            sc_checksum_fn fn;
            if (sc_checksum_kernel(alg, k.name, &fn) != SC_OK) continue;
            CHECK_EQ_U32(fn(checksum_initial(alg), in, (size_t)len), expected, "%s kernel %s (%s)", alg, k.name,
                         kat.source);
        }
    }
    printf("registry: %d vectors\n", vectors);
    CHECK(vectors >= 8, "only %d registry vectors", vectors);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (size_t a = 0; a < 3; a++) {
        printf("%s: dispatched kernel %s; runnable:", checksum_algorithms[a], sc_kernel_active(checksum_algorithms[a]));
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(checksum_algorithms[a], i, &k) == SC_OK; i++)
            if (k.runnable) printf(" %s", k.name);
        printf("\n");
    }
    run_registry();
    run_file(SC_VECTORS_DIR "/checksums.txt");
    run_file(SC_VECTORS_DIR "/checksums_long.txt");
    return test_finish();
}
