/* SPDX-License-Identifier: Apache-2.0 */
/* The "scalar" Magma kernel: constant-time rotations of packed S-box rows
 * (magma_scalar_template.h), plain C for every target. It needs no CPU
 * feature, so it ranks just above the portable reference, which it
 * replaces on CPUs without SIMD kernels. */
#define SC_MAGMA_SCALAR_OPS sc_magma_scalar
#include "magma_scalar_template.h"
