/* SPDX-License-Identifier: Apache-2.0 */
/* AES, GHASH and GCM with VAES + VPCLMULQDQ on ymm (AVX2): two blocks per
 * register, 16 blocks in flight (8 registers: Zen 4 issues two ymm AESENC
 * per cycle at the xmm latency, measured 0.11 TSC cycles per byte for
 * AES-128 ECB, half the xmm kernel's), one GHASH reduction per 16 blocks
 * with H^1..H^16. Method: aes_x86_template.h; vector operations:
 * aes_x86_ymm.h. */
#define VB 2u
#define NV 8u
/* GHASH of 1-4 blocks (AAD, the lengths block) on xmm: 23-29 TSC cycles per
 * call on Zen 4 against 39 for the ymm tail with its lane folding */
#define GH_SHORT 4
#define KERNEL_OPS sc_aes_x86_vaes_avx2

#include "aes_x86_ymm.h"

#include "aes_x86_template.h"
