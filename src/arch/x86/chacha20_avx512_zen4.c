/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20, AVX-512 F, the forms tuned on AMD Zen 4 (kernel
 * x86-avx512-ifma-zen4): the one-block path rotates with vpternlogd
 * (CC_ROT_TERNLOG, chacha20_avx512.h) and partial vectors go through the
 * template's stack copy (CC_MASKED_TAIL 0: masked stores measured on Intel
 * only), the rest as sc_chacha20_x86_avx512. */
#define CC_ROT_TERNLOG 1
#define CC_MASKED_TAIL 0
#define CC_FN sc_chacha20_x86_avx512_zen4
#include "chacha20_avx512.h"
