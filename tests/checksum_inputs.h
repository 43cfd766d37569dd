/* SPDX-License-Identifier: Apache-2.0 */
/* Input generators shared by the checksum tests; the same specs as
 * tools/ChecksumOracle.java, which computed the long-input answers. */
#ifndef SC_TEST_CHECKSUM_INPUTS_H
#define SC_TEST_CHECKSUM_INPUTS_H
#include "test_util.h"

/* Expand a spec (see tests/vectors/checksums.txt) into a malloc'd buffer. */
static inline uint8_t *input_from_spec(const char *spec, size_t *len)
{
    unsigned a;
    size_t n;
    uint8_t *buf;
    if (!strcmp(spec, "empty")) {
        *len = 0;
        return malloc(1);
    }
    if (!strncmp(spec, "ascii:", 6)) {
        *len = strlen(spec + 6);
        buf = malloc(*len + 1);
        memcpy(buf, spec + 6, *len);
        return buf;
    }
    if (!strncmp(spec, "hex:", 4)) {
        buf = malloc(strlen(spec));
        long r = test_unhex(spec + 4, buf, strlen(spec));
        *len = r < 0 ? 0 : (size_t)r;
        return buf;
    }
    if (!strncmp(spec, "prng:", 5)) {
        unsigned long long seed;
        if (sscanf(spec + 5, "%llu:%zu", &seed, &n) != 2) return NULL;
        buf = malloc(n + 1);
        test_fill(buf, n, seed);
        *len = n;
        return buf;
    }
    char kind[8] = {0};
    if (sscanf(spec, "%7[a-z]:%x:%zu", kind, &a, &n) == 3 && !strcmp(kind, "fill")) {
        buf = malloc(n + 1);
        memset(buf, (int)a, n);
        *len = n;
        return buf;
    }
    if (sscanf(spec, "%7[a-z]:%u:%zu", kind, &a, &n) == 3 && (!strcmp(kind, "seq") || !strcmp(kind, "rseq"))) {
        buf = malloc(n + 1);
        for (size_t i = 0; i < n; i++) buf[i] = (uint8_t)(kind[0] == 's' ? a + i : a - i);
        *len = n;
        return buf;
    }
    return NULL;
}

static inline uint32_t checksum_initial(const char *alg) { return strcmp(alg, "adler32") == 0 ? 1u : 0u; }

static const char *const checksum_algorithms[] = {"adler32", "crc32", "crc32c"};
#endif
