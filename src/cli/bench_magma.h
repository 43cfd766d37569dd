/* simdcrypt speed: what the Magma cases and their peers share, so every case
 * of a set computes the same bytes (bench_magma.c, peer_gost_*.c). */
#ifndef SC_CLI_BENCH_MAGMA_H
#define SC_CLI_BENCH_MAGMA_H
#include <stddef.h>
#include <stdint.h>

/* What a case computes; the speed names are in bench_magma.c. */
enum {
    BENCH_MAGMA_ECB,      /* magma-ecb       GOST R 34.12-2015 byte order */
    BENCH_MAGMA_ECB_DEC,  /* magma-ecb-dec */
    BENCH_MAGMA_CBC,      /* magma-cbc       serial: latency-bound */
    BENCH_MAGMA_CBC_DEC,  /* magma-cbc-dec */
    BENCH_MAGMA_CTR,      /* magma-ctr */
    BENCH_MAGMA_CMAC,     /* magma-cmac      serial, 8-byte tag */
    BENCH_GOST89_ECB,     /* gost89-ecb      GOST 28147-89 byte order */
    BENCH_GOST89_ECB_DEC, /* gost89-ecb-dec */
    BENCH_GOST89_CNT,     /* gost89-cnt */
    BENCH_GOST89_CBC,     /* gost89-cbc      serial: latency-bound */
    BENCH_GOST89_CBC_DEC, /* gost89-cbc-dec */
    BENCH_GOST89_MAC,     /* gost89-mac      serial (16 rounds a block), 4-byte tag */
};

/* The GOST 28147-89 sets use the S-box every peer has: the GOST R 34.11-94
 * test parameter set (Botan's default "R3411_94_TestParam", libgcrypt OID
 * 1.2.643.2.2.30.0). The GOST R 34.12-2015 sets use param-Z. */
#define BENCH_GOST89_SBOX "test"
#define BENCH_GOST89_SBOX_OID "1.2.643.2.2.30.0"

extern const uint8_t bench_magma_key[32];
/* BENCH_* mode for a speed algorithm name, -1 when not a Magma one. */
int bench_magma_mode(const char *algorithm);
/* IV bytes from the harness's chain value (CTR uses the first 4, CBC all 8:
 * a one-block register). */
void bench_magma_iv(uint64_t chain, uint8_t iv[8]);
/* The run() return value: the length and the last 8 output bytes. */
uint64_t bench_magma_result(const uint8_t *out, size_t n);
#endif
