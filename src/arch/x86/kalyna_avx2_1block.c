/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna on at most 64 bytes of state at a time, AVX2 (VEX encoding, two
 * S-box kinds per ymm): the serial modes and short ECB calls of the AVX2 and
 * AVX-512 BW kernels. Method: kalyna_1block_template.h. */
#define KALYNA_1B(name) sc_kalyna_x86_avx2_##name
#include "kalyna_1block_template.h"
