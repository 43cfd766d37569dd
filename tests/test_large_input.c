/* SPDX-License-Identifier: Apache-2.0 */
/* More than 4 GiB through each checksum's dispatched public entry point
 * (sc_adler32, sc_crc32, sc_crc32c) in ONE call, so that a length or a loop
 * counter truncated to 32 bits anywhere on the path shows: the answer is
 * compared with the portable kernel (one call too), with zlib's size_t entry
 * points (crc32_z, adler32_z; zlib has no CRC-32C) and with a reference
 * built from small pieces by *_combine, which no long loop can spoil.
 *
 * The input is not zeros (zeros hide bugs: their Adler-32 sums stay small):
 * one PERIOD-byte block of random data in a memfd, mapped read-only again
 * and again side by side, so 4 GiB of address space cost PERIOD bytes of
 * memory. The input starts 3 bytes into the first copy (unaligned) and
 * ends mid-block.
 *
 * Skipped (exit 77) when SC_TEST_HUGE=0 (emulated runs) or when the mapping
 * cannot be made. */
#define _GNU_SOURCE /* memfd_create */
#include <simdcrypt.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "checksum_inputs.h"

enum { PERIOD = (2 << 20) + 4096, HEAD = 3 };
static const size_t LEN = (size_t)(UINT64_C(1) << 32) + 4099;

typedef uint32_t (*entry_fn)(uint32_t, const void *, size_t);
typedef uint32_t (*combine_fn)(uint32_t, uint32_t, uint64_t);
static const entry_fn entries[] = {sc_adler32, sc_crc32, sc_crc32c};
static const combine_fn combines[] = {sc_adler32_combine, sc_crc32_combine, sc_crc32c_combine};

/* zlib's answer, or the portable one for CRC-32C (which zlib lacks). */
static uint32_t zlib_value(int a, uint32_t init, const uint8_t *p, size_t len)
{
    switch (a) {
    case 0: return (uint32_t)adler32_z(init, p, len);
    case 1: return (uint32_t)crc32_z(init, p, len);
    default: return 0;
    }
}

/* Checksum of `unit` (unit_len bytes, checksum `unit_value` from the initial
 * value) repeated n times, by doubling with combine: O(log n). */
static uint32_t repeat_by_combine(int a, uint32_t unit_value, uint64_t unit_len, uint64_t n)
{
    uint32_t result = checksum_initial(checksum_algorithms[a]), power = unit_value;
    uint64_t result_len = 0, power_len = unit_len;
    for (; n; n >>= 1) {
        if (n & 1) result = result_len ? combines[a](result, power, power_len) : power, result_len += power_len;
        if (n > 1) power = combines[a](power, power, power_len), power_len *= 2;
    }
    return result;
}

/* The whole input from pieces: the rest of the first block, the whole
 * blocks, the partial last one. */
static uint32_t reference_by_combine(int a, const uint8_t *block)
{
    uint32_t init = checksum_initial(checksum_algorithms[a]);
    uint64_t whole = (LEN - (PERIOD - HEAD)) / PERIOD, tail = (LEN - (PERIOD - HEAD)) % PERIOD;
    uint32_t v = entries[a](init, block + HEAD, PERIOD - HEAD);
    v = combines[a](v, repeat_by_combine(a, entries[a](init, block, PERIOD), PERIOD, whole), whole * PERIOD);
    return combines[a](v, entries[a](init, block, tail), tail);
}

/* Map the block side by side over LEN + HEAD bytes; NULL when impossible. */
static uint8_t *map_repeated(int fd, size_t *span)
{
    size_t copies = (LEN + HEAD + PERIOD - 1) / PERIOD;
    *span = copies * PERIOD;
    uint8_t *base = mmap(NULL, *span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) return NULL;
    for (size_t i = 0; i < copies; i++)
        if (mmap(base + i * PERIOD, PERIOD, PROT_READ, MAP_SHARED | MAP_FIXED | MAP_POPULATE, fd, 0) == MAP_FAILED) {
            munmap(base, *span);
            return NULL;
        }
    return base;
}

int main(void)
{
    const char *huge = getenv("SC_TEST_HUGE");
    if (huge && !strcmp(huge, "0")) {
        printf("skip: SC_TEST_HUGE=0\n");
        return 77;
    }
    uint8_t *block = malloc(PERIOD);
    test_fill(block, PERIOD, 4242);
    int fd = memfd_create("sc_large_input", 0);
    size_t span = 0;
    uint8_t *base = NULL;
    if (fd >= 0 && write(fd, block, PERIOD) == PERIOD) base = map_repeated(fd, &span);
    if (base == NULL) {
        printf("skip: cannot map %zu bytes\n", LEN);
        return 77;
    }
    const uint8_t *in = base + HEAD;
    CHECK(memcmp(in + LEN - 1000, block + (LEN + HEAD - 1000) % PERIOD, 1000) == 0, "the mapping repeats the block");
    for (int a = 0; a < 3; a++) {
        const char *alg = checksum_algorithms[a];
        uint32_t init = checksum_initial(alg);
        sc_checksum_fn portable;
        CHECK(sc_checksum_kernel(alg, "portable", &portable) == SC_OK, "%s portable kernel", alg);
        uint32_t want = reference_by_combine(a, block);
        uint32_t got = entries[a](init, in, LEN);
        CHECK_EQ_U32(got, want, "%s (%s) over %zu bytes in one call vs combine", alg, sc_kernel_active(alg), LEN);
        CHECK_EQ_U32(portable(init, in, LEN), want, "%s portable kernel over %zu bytes", alg, LEN);
        if (a < 2) CHECK_EQ_U32(zlib_value(a, init, in, LEN), want, "%s zlib over %zu bytes", alg, LEN);
        printf("%s: %s, portable%s agree over %zu bytes: %08" PRIx32 "\n", alg, sc_kernel_active(alg),
               a < 2 ? ", zlib" : "", LEN, got);
    }
    /* The combine reference itself, on something small enough to compute. */
    for (int a = 0; a < 3; a++) {
        uint32_t init = checksum_initial(checksum_algorithms[a]);
        uint8_t *three = malloc(3 * 777);
        for (int i = 0; i < 3; i++) memcpy(three + i * 777, block, 777);
        CHECK_EQ_U32(repeat_by_combine(a, entries[a](init, block, 777), 777, 3), entries[a](init, three, 3 * 777),
                     "%s repeat by combine", checksum_algorithms[a]);
        free(three);
    }
    munmap(base, span);
    close(fd);
    free(block);
    return test_finish();
}
