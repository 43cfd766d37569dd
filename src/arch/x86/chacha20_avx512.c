/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20, AVX-512 F (chacha20_avx512.h, chacha20_x86_template.h): the
 * kernels x86-avx512 and x86-avx512-ifma, vprold rotations throughout. */
#define CC_FN sc_chacha20_x86_avx512
#include "chacha20_avx512.h"
