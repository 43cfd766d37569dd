/* SPDX-License-Identifier: Apache-2.0 */
/* ChaCha20-Poly1305, AVX-512 F + IFMA, the forms measured on Intel (kernel
 * x86-avx512-ifma, what the generic ranking picks): vprold rotations in the
 * one- and two-block chains, two passes up to 2432 bytes, the stitched loop
 * from 2433. Method: chacha20_poly1305_avx512.h. */
#define CC_AEAD_FN sc_chacha20_poly1305_x86_avx512
#include "chacha20_poly1305_avx512.h"
