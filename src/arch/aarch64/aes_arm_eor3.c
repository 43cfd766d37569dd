/* SPDX-License-Identifier: Apache-2.0 */
/* "arm-aes-eor3": the "arm-aes" kernel (aes_arm_template.h) with each
 * three-way XOR of GHASH's accumulation and reduction as one EOR3
 * (FEAT_SHA3). Built with -march=armv8.2-a+crypto+sha3, so nothing here may
 * run without SHA3: the file holds dispatched code only. */
#if !defined(__ARM_FEATURE_SHA3)
#error "aes_arm_eor3.c must be built with +sha3"
#endif
#define SC_AES_ARM_OPS sc_aes_arm_aes_eor3
#define SC_AES_ARM_XOR3(a, b, c) veor3q_u8(a, b, c)
#include "aes_arm_template.h"
