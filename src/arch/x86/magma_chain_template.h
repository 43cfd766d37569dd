/* SPDX-License-Identifier: Apache-2.0 */
/* The serial Magma chains of the AVX-512 VBMI kernel (included after the
 * kernel defines its round function; the pshufb kernels take the scalar
 * rounds instead, magma_pshufb_template.h; the VBMI kernel's 512 bytes of
 * tables leave no room for the scalar rows, and its chain is unmeasured
 * against them): s = E(s ^ in_i) for CBC encryption
 * and the CMAC (32 rounds), and GOST 28147-89's MAC (16 rounds, the halves
 * as the 16th round leaves them: sc_magma_mac16). One block at a time, both
 * halves splat across a register (only lane 0 is read back), so the block
 * costs the rounds' latency alone; the constants are loaded once per call,
 * not once per block as through the ecb op.
 *
 * The includer includes vec128.h, vec256.h or vec512.h (vec_t, v_set1_32,
 * v_first32) and defines struct consts, load_consts(k, &c) and
 * crypt_rounds(&c, rk, &a1, &a0, 1, rounds) on vec_t halves. */

static inline __attribute__((always_inline)) void chain_rounds(const sc_magma_key *k, uint64_t *s,
                                                               const uint8_t *in, uint8_t *out,
                                                               size_t nblocks, int rounds)
{
    struct consts c;
    load_consts(k, &c);
    const uint32_t *rk = k->round_keys[0];
    uint64_t v = *s;
    for (size_t i = 0; i < nblocks; i++) {
        v ^= sc_magma_load_block(in + 8 * i, k->little_endian);
        vec_t a1 = v_set1_32((int)(uint32_t)(v >> 32)), a0 = v_set1_32((int)(uint32_t)v);
        crypt_rounds(&c, rk, &a1, &a0, 1, rounds);
        uint32_t h1 = v_first32(a1), h0 = v_first32(a0);
        v = sc_magma_chain_block(h1, h0, rounds);
        if (out != NULL) sc_magma_store_block(out + 8 * i, v, k->little_endian);
    }
    *s = v;
}

SC_MAGMA_CHAIN_OPS(chain_rounds)
