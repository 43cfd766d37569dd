/* simdcrypt selftest: known answers on every kernel this CPU can run, plus a
 * differential check against the portable reference at lengths that reach
 * every kernel's main loop and tail paths: checksums here, ciphers and MACs
 * in selftest_ciphers.c. */
#include <string.h>

#include "cli.h"

struct kat {
    const char *algorithm;
    const char *input; /* ASCII, or NULL with a generator below */
    int generator;     /* 0: input; 1: 32 x 0x00; 2: 32 x 0xff; 3: 0..31; 4: 31..0 */
    uint32_t expected;
    const char *source;
};

static const struct kat kats[] = {
    {"crc32", "123456789", 0, 0xcbf43926, "CRC catalogue CRC-32/ISO-HDLC check"},
    {"crc32c", "123456789", 0, 0xe3069283, "CRC catalogue CRC-32/ISCSI check"},
    {"crc32c", NULL, 1, 0x8a9136aa, "RFC 3720 B.4, 32 bytes of zeros"},
    {"crc32c", NULL, 2, 0x62a8ab43, "RFC 3720 B.4, 32 bytes of ones"},
    {"crc32c", NULL, 3, 0x46dd794e, "RFC 3720 B.4, incrementing 00..1f"},
    {"crc32c", NULL, 4, 0x113fdb5c, "RFC 3720 B.4, decrementing 1f..00"},
    {"adler32", "Wikipedia", 0, 0x11e60398, "Adler-32 article example"},
    {"adler32", "123456789", 0, 0x091e01de, "zlib adler32(\"123456789\")"},
};

static size_t make_input(const struct kat *k, uint8_t *buf)
{
    if (k->input) {
        memcpy(buf, k->input, strlen(k->input));
        return strlen(k->input);
    }
    for (int i = 0; i < 32; i++)
        buf[i] = k->generator == 1 ? 0 : k->generator == 2 ? 0xff : k->generator == 3 ? i : 31 - i;
    return 32;
}

static uint32_t initial_value(const char *alg) { return strcmp(alg, "adler32") == 0 ? 1 : 0; }

static int check_kernel(const char *alg, const char *name, sc_checksum_fn fn, sc_checksum_fn ref)
{
    static uint8_t big[70000];
    uint8_t in[64];
    int failures = 0;
    for (size_t i = 0; i < sizeof kats / sizeof kats[0]; i++) {
        if (strcmp(kats[i].algorithm, alg)) continue;
        size_t n = make_input(&kats[i], in);
        uint32_t got = fn(initial_value(alg), in, n);
        if (got != kats[i].expected) {
            printf("FAIL %-8s %-24s %s: got %08x, want %08x\n", alg, name, kats[i].source, got,
                   kats[i].expected);
            failures++;
        }
    }
    uint32_t x = 0x9e3779b9u;
    for (size_t i = 0; i < sizeof big; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        big[i] = (uint8_t)x;
    }
    static const size_t lengths[] = {0, 1, 15, 16, 63, 64, 255, 256, 1000, 4096, 5552, 5553, 65536, 69999};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        uint32_t want = ref(initial_value(alg), big + 1, lengths[i]);
        uint32_t got = fn(initial_value(alg), big + 1, lengths[i]);
        if (got != want) {
            printf("FAIL %-8s %-24s length %zu: got %08x, reference %08x\n", alg, name, lengths[i], got, want);
            failures++;
        }
    }
    printf("%s %-8s %s\n", failures ? "FAIL" : "ok  ", alg, name);
    return failures;
}

int cmd_selftest(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    static const char *const checksums[] = {"adler32", "crc32", "crc32c"};
    int failures = 0, skipped = 0, passed = 0;
    for (size_t a = 0; a < 3; a++) {
        const char *alg = checksums[a];
        sc_checksum_fn ref;
        sc_checksum_kernel(alg, "portable", &ref);
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(alg, i, &k) == SC_OK; i++) {
            sc_checksum_fn fn;
            if (sc_checksum_kernel(alg, k.name, &fn) != SC_OK) {
                printf("skip %-8s %s (CPU lacks a feature)\n", alg, k.name);
                skipped++;
                continue;
            }
            int f = check_kernel(alg, k.name, fn, ref);
            failures += f != 0;
            passed += f == 0;
        }
    }
    selftest_ciphers(&passed, &failures, &skipped);
    printf("%d passed, %d failed, %d skipped\n", passed, failures, skipped);
    return failures ? 1 : 0;
}
