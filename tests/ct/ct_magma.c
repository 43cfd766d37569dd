/* Constant-time check for Magma / GOST 28147-89 beyond the generic names of
 * ct_ciphers.c: there the S-box is the public default; here the S-box is
 * secret as well (GOST 28147-89 allowed secret S-boxes), together with the
 * key and the data. Run under
 *   valgrind --tool=memcheck --error-exitcode=1 ct_magma
 * Memcheck reports any conditional jump or memory address derived from the
 * undefined (secret) bytes: the kernels' table preparation, every mode and
 * both byte conventions are exercised on every kernel the (emulated) CPU
 * runs. Exit 77 without <valgrind/memcheck.h> (ctest: skipped). */
#include <simdcrypt/kernels.h>
#include <simdcrypt/magma.h>
#include <stdio.h>
#include <string.h>

#if defined(SC_HAVE_MEMCHECK_H)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#endif

enum { DATA = 19 * 8 + 3 }; /* a few groups, a partial group and a partial block */

static int run_kernel(const char *kernel)
{
    uint8_t key[32], in[DATA], out[DATA], iv[8] = {1, 2, 3, 4, 5, 6, 7, 8}, tag[8];
    uint8_t sbox[8][16];
    int rc = SC_OK;
    for (int le = 0; le < 2 && rc == SC_OK; le++) {
        sc_magma_key k;
        memset(key, 0x3c, sizeof key);
        for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 11);
        sc_magma_sbox_named("cryptopro-a", sbox);
        rc = le ? sc_gost89_init(&k, key, 32, &sbox[0][0]) : sc_magma_init(&k, key, 32, &sbox[0][0]);
        /* From here the key schedule, the S-box and the data are secret; the
         * kernel's tables are rebuilt from the secret S-box. */
        SECRET(k.round_keys, sizeof k.round_keys), SECRET(k.sbox, sizeof k.sbox), SECRET(in, sizeof in);
        if (rc == SC_OK) rc = sc_magma_use_kernel(&k, kernel);
        size_t whole = DATA / 8 * 8;
        if (rc == SC_OK) rc = sc_magma_ecb_encrypt(&k, in, out, whole);
        if (rc == SC_OK) rc = sc_magma_ecb_decrypt(&k, in, out, whole);
        if (rc == SC_OK) rc = sc_magma_cbc_encrypt(&k, iv, 8, in, out, whole);
        if (rc == SC_OK) rc = sc_magma_cbc_decrypt(&k, iv, 8, in, out, whole);
        if (rc == SC_OK) rc = sc_magma_ctr(&k, iv, 4, 0xFFFFFFF0u, in, out, DATA);
        if (rc == SC_OK) rc = sc_gost89_cnt(&k, iv, 8, 0, in, out, DATA);
        if (rc == SC_OK) rc = sc_magma_cmac(&k, in, DATA, tag, 8);
        PUBLIC(out, sizeof out), PUBLIC(tag, sizeof tag);
        sc_magma_wipe(&k);
    }
    if (rc != SC_OK) printf("FAIL magma on %s: %s\n", kernel, sc_strerror(rc));
    return rc != SC_OK;
}

int main(void)
{
#if !defined(SC_HAVE_MEMCHECK_H)
    puts("skipped: built without <valgrind/memcheck.h>");
    return 77;
#else
    if (!RUNNING_ON_VALGRIND) puts("note: not running under valgrind: this only checks that the cases run");
    int failures = 0, tested = 0;
    for (size_t i = 0; i < sc_kernel_count("magma"); i++) {
        sc_kernel_info k;
        sc_kernel_get("magma", i, &k);
        if (!k.runnable) {
            printf("skip magma on %s: not runnable on this (emulated) CPU\n", k.name);
            continue;
        }
        failures += run_kernel(k.name);
        tested++;
    }
    printf("%d magma kernels checked with secret key, S-box and data, %d failed\n", tested, failures);
    return failures ? 1 : 0;
#endif
}
