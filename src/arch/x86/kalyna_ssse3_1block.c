/* SPDX-License-Identifier: Apache-2.0 */
/* Kalyna on at most 64 bytes of state at a time, SSSE3: the serial modes and
 * short ECB calls of the SSSE3 kernel. Method: kalyna_1block_template.h. */
#define KALYNA_1B(name) sc_kalyna_x86_ssse3_##name
#include "kalyna_1block_template.h"
