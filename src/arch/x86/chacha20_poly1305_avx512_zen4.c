/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20-Poly1305, AVX-512 F + IFMA, the forms tuned on AMD Zen 4 (kernel
 * x86-avx512-ifma-zen4, chosen by the Zen 4 rule of src/core/policy_x86.c):
 * the vpternlogd rotations in the one- and two-block chains (vprold: 2
 * cycles there; chacha20_avx512.h) and the stitched loop from 65 bytes,
 * the MAC's short inputs on the MULX path (CC_AEAD_IFMA8_FROM 0: the 8-lane
 * IFMA path was measured on Intel only), partial vectors through the
 * template's stack copy (CC_MASKED_TAIL 0: the masked stores were measured
 * on Intel only). Method: chacha20_poly1305_avx512.h. */
#define CC_ROT_TERNLOG 1
#define CC_MASKED_TAIL 0
#define CC_AEAD_STITCH_FROM 65
#define CC_AEAD_IFMA8_FROM 0
#define CC_AEAD_FN sc_chacha20_poly1305_x86_avx512_zen4
#include "chacha20_poly1305_avx512.h"
