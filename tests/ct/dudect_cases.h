/* SPDX-License-Identifier: Apache-2.0 */
/* The tests of the dudect run (tests/ct/dudect_main.c), registered by the
 * case files: dudect_cipher.c (every cipher and MAC name on every kernel),
 * dudect_misc.c (comparison, S-box and hex parsers), dudect_selfcheck.c
 * (deliberately leaky functions that must be detected). */
#ifndef SC_DUDECT_CASES_H
#define SC_DUDECT_CASES_H

#include "dudect.h"

/* Register a test under a report group ("kalyna x86-avx2", "sc_memeq").
 * expect_leak: a deliberately leaky self-check that must be detected. */
void ct_add(const char *group, const dd_test *t, int expect_leak);
/* Count `n` tests of a group as skipped (a kernel this CPU cannot run). */
void ct_skip(const char *group, size_t n);

void ct_add_cipher_tests(void);
void ct_add_aead_tests(void); /* dudect_aead.c: every AEAD name on every kernel */
void ct_add_misc_tests(void);
void ct_add_selfcheck_tests(void);

/* A comparison test: `cmp` on two 64-byte buffers, equal (class 0) or
 * differing in one byte at a random place (class 1). */
void ct_add_compare_test(const char *group, const char *name, int (*cmp)(const void *, const void *, size_t),
                         int expect_leak);

/* A random S-box (each row a permutation of 0..15) and its hex form: 8 rows
 * of 16 digits separated by blanks, each digit's case drawn from `rng` (the
 * layout is public, the digits and their case are not). */
enum { CT_SBOX_HEX = 8 * 17 };
void ct_random_sbox(dd_rng *rng, uint8_t sbox[128]);
void ct_sbox_hex(const uint8_t sbox[128], dd_rng *rng, char hex[CT_SBOX_HEX]);

#endif
