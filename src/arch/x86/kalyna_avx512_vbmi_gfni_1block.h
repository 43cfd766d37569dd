/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: Kalyna one block at a time with AVX-512 VBMI + GFNI
 * (kalyna_avx512_vbmi_gfni_1block.c), for the serial modes of the VBMI/GFNI kernel
 * (kalyna_avx512_vbmi_gfni.c): CBC encryption, the MAC, and single blocks
 * such as E(IV) of CTR. Latency, not throughput: one block, one register. */
#ifndef SC_KALYNA_AVX512_VBMI_GFNI_1BLOCK_H
#define SC_KALYNA_AVX512_VBMI_GFNI_1BLOCK_H
#include <immintrin.h>

#include "../../kalyna/kalyna_internal.h"

/* One block in, one block out (in == out allowed). */
void sc_kalyna_x86_avx512_vbmi_gfni_encrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
void sc_kalyna_x86_avx512_vbmi_gfni_decrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
/* The ops of struct sc_kalyna_ops with the same names. */
void sc_kalyna_x86_avx512_vbmi_gfni_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, uint8_t *out,
                                                size_t nblocks);
void sc_kalyna_x86_avx512_vbmi_gfni_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks);
/* The same four for Intel's port layout (the p5 variant of
 * kalyna_avx512_vbmi_gfni_1block.c): the serial ops of kernel
 * x86-avx512-vbmi-gfni-p5. */
void sc_kalyna_x86_avx512_vbmi_gfni_p5_encrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
void sc_kalyna_x86_avx512_vbmi_gfni_p5_decrypt1(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out);
void sc_kalyna_x86_avx512_vbmi_gfni_p5_cbc_encrypt(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in,
                                                   uint8_t *out, size_t nblocks);
void sc_kalyna_x86_avx512_vbmi_gfni_p5_mac(const sc_kalyna_key *k, uint8_t *chain, const uint8_t *in, size_t nblocks);
/* count (1 to 8) registers of whole blocks in memory order (4, 2 or 1 per
 * register by block size) through the cipher (inverse: decipher) in place:
 * the latency path for the few parallel blocks of a short call. */
void sc_kalyna_x86_avx512_vbmi_gfni_regs(const sc_kalyna_key *k, __m512i *x, int count, int inverse);
void sc_kalyna_x86_avx512_vbmi_gfni_p5_regs(const sc_kalyna_key *k, __m512i *x, int count, int inverse);
#endif
