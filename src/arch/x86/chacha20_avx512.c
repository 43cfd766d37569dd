/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20, AVX-512 F (chacha20_avx512.h, chacha20_x86_template.h). */
#define CC_FN sc_chacha20_x86_avx512
#include "chacha20_avx512.h"
