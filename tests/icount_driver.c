/* Driver for tools/icount.py (the QEMU performance proxy), not a test:
 *   icount_driver list                      every checksum kernel, "alg name runnable"
 *   icount_driver ALG KERNEL LEN [call|skip] one call of that kernel on LEN bytes
 * The "skip" run does everything except the call, so the difference between
 * the instruction counts of a "call" run and a "skip" run is exactly what the
 * call executed, callees included. Exit 77 when the CPU cannot run KERNEL. */
#include <simdcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int list(void)
{
    static const char *const algs[] = {"adler32", "crc32", "crc32c"};
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        sc_kernel_info k;
        for (size_t i = 0; sc_kernel_get(algs[a], i, &k) == SC_OK; i++)
            printf("%s %s %d\n", algs[a], k.name, k.runnable);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "list")) return list();
    if (argc < 4) {
        fprintf(stderr, "usage: icount_driver list | ALG KERNEL LEN [call|skip]\n");
        return 2;
    }
    size_t len = strtoul(argv[3], NULL, 10);
    int call = argc < 5 || strcmp(argv[4], "skip") != 0;
    sc_checksum_fn fn;
    int st = sc_checksum_kernel(argv[1], argv[2], &fn);
    if (st != SC_OK) return st == SC_ENOKERNEL ? 77 : 2;
    /* 64-byte aligned, pseudo-random contents (xorshift32). */
    uint8_t *buf = aligned_alloc(64, (len + 63) / 64 * 64 + 64);
    uint32_t x = 0x9e3779b9u;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        buf[i] = (uint8_t)x;
    }
    uint32_t v = call ? fn(0, buf, len) : 0;
    printf("%08x\n", v);
    free(buf);
    return 0;
}
