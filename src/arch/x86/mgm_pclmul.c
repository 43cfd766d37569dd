/* SPDX-License-Identifier: Apache-2.0 */
/* MGM's GF kernel with PCLMULQDQ (x86-pclmul): two Magma blocks or one
 * 128-bit block per step, one reduction per call (mgm_clmul.h). */
#include "mgm_clmul.h"

static void sum64(uint64_t *acc, const uint8_t *h, const uint8_t *x, size_t n)
{
    *acc = mgm_clmul_reduce64(mgm_clmul_sum64(_mm_cvtsi64_si128((long long)*acc), h, x, n));
}

static void sum128(uint64_t acc[2], const uint8_t *h, const uint8_t *x, size_t n)
{
    mgm_acc256 s = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    mgm_clmul_sum128(&s, h, x, n);
    mgm_clmul_reduce128(acc, &s);
}

const sc_mgm_gf_ops sc_mgm_x86_pclmul = {sum64, sum128};
