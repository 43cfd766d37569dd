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
    run_file(SC_VECTORS_DIR "/checksums.txt");
    run_file(SC_VECTORS_DIR "/checksums_long.txt");
    return test_finish();
}
