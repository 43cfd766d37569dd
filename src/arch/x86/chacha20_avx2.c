/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20, AVX2: the sc_chacha20_fn of chacha20_avx2.h's pieces. */
#define CC_FN sc_chacha20_x86_avx2
#include "chacha20_avx2.h"
