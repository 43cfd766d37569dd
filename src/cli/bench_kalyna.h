/* simdcrypt speed: what the Kalyna cases and their peers share. */
#ifndef SC_CLI_BENCH_KALYNA_H
#define SC_CLI_BENCH_KALYNA_H
#include <stddef.h>
#include <stdint.h>

/* The table-driven (NOT constant-time) Kalyna of bench_kalyna_table.c: the
 * 64-bit T-table technique of the reference code and of the study (8 tables
 * of 256 words per direction), kept inside the benchmark only, for
 * comparison. */
typedef struct bench_kalyna_table bench_kalyna_table;
bench_kalyna_table *bench_kalyna_table_new(size_t block_size, const uint8_t *key, size_t key_len);
void bench_kalyna_table_ecb(const bench_kalyna_table *t, const uint8_t *in, uint8_t *out, size_t nblocks);
void bench_kalyna_table_ecb_decrypt(const bench_kalyna_table *t, const uint8_t *in, uint8_t *out, size_t nblocks);
void bench_kalyna_table_cbc_decrypt(const bench_kalyna_table *t, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                                    size_t nblocks);
void bench_kalyna_table_cbc_encrypt(const bench_kalyna_table *t, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                                    size_t nblocks);
void bench_kalyna_table_free(void *t);

/* Crypto++ (peer_kalyna_cryptopp.cpp, when the library was found): its
 * Kalyna block cipher in both directions, and its CBC mode over it (raw, no
 * padding: the same CBC as DSTU 7624:2014 section 7.2). */
void *peer_cryptopp_kalyna_new(size_t block_size, const uint8_t *key, size_t key_len);
void peer_cryptopp_kalyna_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t nblocks, int decrypt);
void peer_cryptopp_kalyna_cbc(void *ctx, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t nblocks,
                              int decrypt);
void peer_cryptopp_kalyna_free(void *ctx);
const char *peer_cryptopp_version(void);
#endif
