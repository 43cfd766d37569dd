/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt sum: what -a and its options name, and how one message or many
 * become a digest. The checksums (adler32, crc32, crc32c) count as 4-byte
 * digests: their value big-endian, so the hex reads as the "%08x" the
 * command always printed. Hashes and XOFs go through hash.h. */
#ifndef SC_CLI_SUM_ALGO_H
#define SC_CLI_SUM_ALGO_H
#include <simdcrypt/hash.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The largest digest in bytes (--length, or a --check line of an XOF): its
 * hex line stays printable and a batch's digests small beside its files. */
#define SUM_MAX_LENGTH (1u << 20)

/* The command line's algorithm options, as given (NULL: absent). */
typedef struct sum_algo_args {
    const char *alg, *length, *custom_hex, *custom_file, *domain;
} sum_algo_args;

typedef struct sum_algo {
    const char *name;                             /* canonical */
    uint32_t (*checksum)(uint32_t, const void *, size_t); /* NULL for hashes */
    /* the checksum of A||B from A's, B's and B's length (checksum.h) */
    uint32_t (*combine)(uint32_t, uint32_t, uint64_t);
    uint32_t init;
    unsigned threads; /* --threads: sum_files splits work over them (parallel_sum.h) */
    sc_hash_opts opts;
    uint8_t *custom; /* owned: opts.custom */
    size_t size;     /* digest bytes: fixed size, or --length for XOFs */
    int is_xof;
    int has_size; /* 0: an XOF without --length (only --check, which reads it off each line) */
} sum_algo;

/* Check the options against the name and fill *a. check_mode: an XOF may
 * come without --length. 0; 1 after printing an error (unknown algorithm,
 * unreadable --custom-file); 2 after printing a usage error. sum_algo_free
 * in every case. */
int sum_algo_setup(sum_algo *a, const sum_algo_args *args, int check_mode);
void sum_algo_free(sum_algo *a);

/* The index-th name -a takes (the checksums, then every hash and XOF), NULL
 * past the end: for `simdcrypt info --names`. */
const char *sum_algo_name_at(size_t index);

/* The first out_len digest bytes of head[0..head_len) followed by the rest
 * of f. 0, a positive errno (read error), or a negative SC_E* code. */
int sum_algo_stream(const sum_algo *a, const uint8_t *head, size_t head_len, FILE *f, uint8_t *out, size_t out_len);
/* A checksum's value as a digest of out_len bytes (big-endian, cut). */
void sum_algo_put_value(uint8_t *out, size_t out_len, uint32_t v);
/* n messages (sc_hash_many for hashes), digest i at out + i * out_len: 0 or
 * a negative SC_E* code. */
int sum_algo_many(const sum_algo *a, size_t n, const void *const msgs[], const size_t lens[], uint8_t *out,
                  size_t out_len);
#endif
