/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time check for Magma / GOST 28147-89 beyond the generic names of
 * ct_ciphers.c: there the S-box is the public default; here the S-box is
 * secret as well (GOST 28147-89 allowed secret S-boxes), together with the
 * key and the data. Run under
 *   valgrind --tool=memcheck --error-exitcode=1 ct_magma
 * Memcheck reports any conditional jump or memory address derived from the
 * undefined (secret) bytes:
 *   - per kernel the (emulated) CPU runs: the kernel's table preparation,
 *     every mode, both byte conventions, and the MAC tags compared with a
 *     secret expected tag through sc_memeq (only the verdict is public);
 *   - the S-box code: the hex parser on secret digits (blanks at public
 *     places; sc_magma_sbox_parse_hex, the part of sc_magma_sbox_from_hex
 *     after strlen, whose terminator position is public) and the permutation
 *     check on a secret S-box, valid and not (only the verdict is public).
 * Counts per kernel: covered / skipped. Exit 77 without <valgrind/memcheck.h>
 * (ctest: skipped). */
#include <simdcrypt.h>
#include <stdio.h>
#include <string.h>

#include "magma/magma_internal.h"

#if defined(SC_HAVE_MEMCHECK_H)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#endif

enum { DATA = 19 * 8 + 3 }; /* a few groups, a partial group and a partial block */

/* tag vs a secret copy of itself, then vs a copy with one bit changed */
static int tag_check_fails(const uint8_t *tag, size_t len)
{
    uint8_t want[8];
    int bad = 0;
    for (int wrong = 0; wrong < 2; wrong++) {
        memcpy(want, tag, len);
        want[len - 1] ^= (uint8_t)wrong;
        int eq = sc_memeq(tag, want, len);
        PUBLIC(&eq, sizeof eq);
        bad |= eq != !wrong;
    }
    return bad;
}

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
        if (rc == SC_OK && tag_check_fails(tag, 8)) rc = SC_EAUTH;
        if (rc == SC_OK && le) rc = sc_gost89_mac(&k, in, DATA, tag, SC_GOST89_MAC_SIZE);
        if (rc == SC_OK && le && tag_check_fails(tag, SC_GOST89_MAC_SIZE)) rc = SC_EAUTH;
        /* GOST R 34.13 OFB/CFB (s = 24 bits); GOST 28147-89 CFB, CNT and MAC
         * past the 1024-byte CryptoPro key meshing (the new key is secret). */
        if (rc == SC_OK) rc = sc_magma_ofb(&k, 24, iv, 8, in, out, DATA);
        if (rc == SC_OK) rc = sc_magma_cfb_encrypt(&k, 24, iv, 8, in, out, DATA);
        if (rc == SC_OK) rc = sc_magma_cfb_decrypt(&k, 24, iv, 8, in, out, DATA);
        static uint8_t long_in[1100], long_out[1100];
        SECRET(long_in, sizeof long_in);
        if (rc == SC_OK && le) rc = sc_gost89_cfb_encrypt(&k, SC_KEY_MESHING_CRYPTOPRO, iv, 8, long_in, long_out, 1100);
        if (rc == SC_OK && le) rc = sc_gost89_cfb_decrypt(&k, SC_KEY_MESHING_CRYPTOPRO, iv, 8, long_in, long_out, 1100);
        if (rc == SC_OK) rc = sc_gost89_cnt(&k, iv, 8, 0, long_in, long_out, 1100);
        if (rc == SC_OK && le) rc = sc_gost89_mac(&k, long_in, 1100, tag, SC_GOST89_MAC_SIZE);
        if (rc == SC_OK && le && tag_check_fails(tag, SC_GOST89_MAC_SIZE)) rc = SC_EAUTH;
        PUBLIC(long_out, sizeof long_out);
        PUBLIC(out, sizeof out), PUBLIC(tag, sizeof tag);
        sc_magma_wipe(&k);
    }
    if (rc != SC_OK) printf("FAIL magma on %s: %s\n", kernel, sc_strerror(rc));
    return rc != SC_OK;
}

/* The S-box code on secrets; returns the number of wrong answers. */
static int run_sbox_code(void)
{
    uint8_t want[8][16], got[8][16];
    char hex[8 * 17 + 1];
    int failures = 0;
    sc_magma_sbox_named("test", want);
    for (int valid = 0; valid < 2; valid++) {
        /* rows of upper-case digits, a blank between (public layout) */
        char *p = hex;
        for (int i = 0; i < 128; i++) {
            if (i && i % 16 == 0) *p++ = ' ';
            *p++ = "0123456789ABCDEF"[valid ? want[i / 16][i % 16] : 0];
        }
        size_t len = (size_t)(p - hex);
        SECRET(hex, len);
        int rc = sc_magma_sbox_parse_hex(hex, len, got);
        int ok = sc_magma_sbox_valid(&got[0][0]);
        PUBLIC(&rc, sizeof rc), PUBLIC(&ok, sizeof ok), PUBLIC(got, sizeof got);
        failures += rc != (valid ? SC_OK : SC_EINVAL) || ok != valid;
        if (valid) failures += memcmp(got, want, sizeof got) != 0;
        PUBLIC(hex, len);
    }
    /* the check on its own: valid, and a duplicate in the last row */
    for (int valid = 0; valid < 2; valid++) {
        memcpy(got, want, sizeof got);
        if (!valid) got[7][15] = got[7][0];
        SECRET(got, sizeof got);
        int ok = sc_magma_sbox_valid(&got[0][0]);
        PUBLIC(&ok, sizeof ok);
        failures += ok != valid;
    }
    if (failures) printf("FAIL the S-box parser or check answered wrongly\n");
    return failures;
}

int main(void)
{
#if !defined(SC_HAVE_MEMCHECK_H)
    puts("skipped: built without <valgrind/memcheck.h>");
    return 77;
#else
    if (!RUNNING_ON_VALGRIND) puts("note: not running under valgrind: this only checks that the cases run");
    int failures = run_sbox_code(), tested = 0, skipped = 0;
    printf("magma S-box code (hex parser, permutation check)   1 covered,   0 skipped\n");
    for (size_t i = 0; i < sc_kernel_count("magma"); i++) {
        sc_kernel_info k;
        sc_kernel_get("magma", i, &k);
        int run = k.runnable;
        if (run) failures += run_kernel(k.name), tested++;
        else skipped++;
        printf("magma %-28s %3d covered, %3d skipped%s\n", k.name, run, !run,
               run ? "" : " (not runnable on this (emulated) CPU)");
    }
    printf("%d magma kernels checked with secret key, S-box, data and tags, %d skipped, %d failed\n", tested, skipped,
           failures);
    return failures ? 1 : 0;
#endif
}
