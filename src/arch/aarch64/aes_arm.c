/* SPDX-License-Identifier: Apache-2.0 */
/* AES and GHASH with the Armv8 Cryptographic Extension ("arm-aes": AESE,
 * AESMC, AESD, AESIMC and PMULL on NEON registers), constant time; the
 * body is aes_arm_template.h. Built with -march=armv8-a+crypto: dispatched
 * code only. */
#define SC_AES_ARM_OPS sc_aes_arm_aes
#define SC_AES_ARM_XOR3(a, b, c) veorq_u8(veorq_u8(a, b), c)
#include "aes_arm_template.h"
