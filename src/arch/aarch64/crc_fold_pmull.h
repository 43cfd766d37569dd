/* SPDX-License-Identifier: Apache-2.0 */
/* CRC folding with PMULL (64x64 -> 128 carry-less multiply, FEAT_PMULL),
 * shared by every PMULL CRC kernel and both polynomials. Include only from a
 * kernel file built with +crypto (gcc 12's arm_neon.h offers vmull_p64 only
 * with +crypto, not +aes). A file also built with +sha3 XORs three ways with
 * one EOR3.
 *
 * Four 128-bit accumulators walk the input 64 bytes at a time; each is
 * multiplied forward by x^512 (mod P) and XORed with the block 64 bytes
 * ahead. The accumulators are then folded into one by x^128. The constants
 * and the proof sketch are in tools/gen_crc_arm_constants.py. */
#ifndef SC_ARCH_AARCH64_CRC_FOLD_PMULL_H
#define SC_ARCH_AARCH64_CRC_FOLD_PMULL_H
#if !defined(__ARM_FEATURE_CRYPTO) && !defined(__ARM_FEATURE_AES)
#error "crc_fold_pmull.h needs a translation unit built with -march=...+crypto"
#endif
#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

#include "crc_arm_constants.h"
#include "crc_kind.h"

enum { SC_CRC_FOLD_MIN_BYTES = 64 }; /* four blocks: one per accumulator */

SC_ALWAYS_INLINE uint64x2_t sc_fold_load(const uint8_t *p)
{
    return vreinterpretq_u64_u8(vld1q_u8(p)); /* bytes 0..7 -> lane 0, little-endian */
}

/* acc * {k0 for lane 0, k1 for lane 1} XOR next: acc moved forward by the
 * distance the constants encode and added to the block found there. */
SC_ALWAYS_INLINE uint64x2_t sc_fold_xor(uint64x2_t acc, uint64x2_t k, uint64x2_t next)
{
    const poly64x2_t a = vreinterpretq_p64_u64(acc), kp = vreinterpretq_p64_u64(k);
    const uint64x2_t lo = vreinterpretq_u64_p128(vmull_p64(vgetq_lane_p64(a, 0), vgetq_lane_p64(kp, 0)));
    const uint64x2_t hi = vreinterpretq_u64_p128(vmull_high_p64(a, kp));
#if defined(__ARM_FEATURE_SHA3)
    return veor3q_u64(lo, hi, next);
#else
    return veorq_u64(veorq_u64(lo, hi), next);
#endif
}

/* Folds the 16 * nblocks bytes at p (nblocks >= 4) under raw CRC state
 * `state` into one 128-bit value V with crc(0, V as 16 bytes) equal to
 * crc(state, p[0 .. 16 * nblocks)). The state enters as the XOR into the
 * first four message bytes that a reflected CRC's initial value amounts to. */
SC_ALWAYS_INLINE uint64x2_t sc_crc_fold(uint32_t state, const uint8_t *p, size_t nblocks,
                                        const sc_crc_arm_constants *consts)
{
    const uint64x2_t k4 = vld1q_u64(consts->fold_4x128), k1 = vld1q_u64(consts->fold_1x128);
    uint64x2_t x0 = veorq_u64(sc_fold_load(p), vcombine_u64(vcreate_u64(state), vcreate_u64(0)));
    uint64x2_t x1 = sc_fold_load(p + 16), x2 = sc_fold_load(p + 32), x3 = sc_fold_load(p + 48);
    p += 64;
    nblocks -= 4;
    for (; nblocks >= 4; nblocks -= 4, p += 64) {
        x0 = sc_fold_xor(x0, k4, sc_fold_load(p));
        x1 = sc_fold_xor(x1, k4, sc_fold_load(p + 16));
        x2 = sc_fold_xor(x2, k4, sc_fold_load(p + 32));
        x3 = sc_fold_xor(x3, k4, sc_fold_load(p + 48));
    }
    x1 = sc_fold_xor(x0, k1, x1);
    x2 = sc_fold_xor(x1, k1, x2);
    x3 = sc_fold_xor(x2, k1, x3);
    for (; nblocks; nblocks--, p += 16) x3 = sc_fold_xor(x3, k1, sc_fold_load(p));
    return x3;
}
#endif
