/* SPDX-License-Identifier: Apache-2.0 */
/* Single-state Keccak-f[1600] on AArch64 general registers ("arm-scalar"):
 * src/hash/keccak_scalar_template.h with the rounds of keccak_scalar_lazy.h,
 * where every rotation rides on an eor or bic operand (about 101
 * instructions a round instead of 126). Lane complementing would replace
 * bic by and/orr/orn at the same count: no gain on an ISA with an and-not.
 * Under qemu (SHA3-256, 16 KiB): 24.5 guest instructions a byte (26.7
 * with explicit rotations), portable 35.1. */
#include <stdint.h>

#include "keccak_scalar_lazy.h"

#define ROL(x, n) ((x) << (n) | (x) >> (64 - (n)))
/* x & ~ROL(y, n) as one bic with a rotated operand: gcc 12 folds a rotation
 * into eor's operand but not into bic's (it moves the not inside the
 * rotation), so this one is spelled out. DFSan builds get the C. */
#if defined(SC_CT_DFSAN_BUILD)
#define ANDN_ROL(x, y, n) ((x) & ~ROL(y, n))
#else
#define ANDN_ROL(x, y, n)                                                                                    \
    __extension__({                                                                                          \
        uint64_t r_;                                                                                         \
        __asm__("bic %0, %1, %2, ror #%3" : "=r"(r_) : "r"(x), "r"(y), "i"(64 - (n)));                       \
        r_;                                                                                                  \
    })
#endif
/* rounds 24 - n .. 23 in passes of 12 from plain lanes (n = 12 or 24) */
#define KECCAK_SCALAR_ROUNDS(rounds, rc)                                                                     \
    for (unsigned h_ = 24 - (rounds); h_ < 24; h_ += 12) KECCAK_LAZY_12((rc) + h_)
#define KECCAK_SCALAR_PERMUTE sc_keccak_permute_arm_scalar
#define KECCAK_SCALAR_ABSORB sc_keccak_absorb_arm_scalar
#include "../../hash/keccak_scalar_template.h"
