/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: the checks every cipher entry point makes before it trusts a
 * caller's context or buffers (direct Kalyna/Magma APIs and the generic
 * one). Header-only and cheap: they run once per call, never per block. */
#ifndef SC_CTX_CHECK_H
#define SC_CTX_CHECK_H

#include <stdint.h>

#include "../core/internal.h"

/* 1 if `ops` is the operations table of one of `alg`'s kernels that this CPU
 * runs. A context stores its kernel as a pointer and calls through it: a
 * garbage or stale pointer must be refused before the first call, and so
 * must a real kernel this CPU cannot execute (a context copied from another
 * machine's memory image, or corrupted). At most a handful of kernels. */
static inline int sc_ops_runnable(const sc_algorithm_desc *alg, const void *ops)
{
    /* from the most capable kernel down: the one a context usually holds is
     * the dispatcher's, near the end of the list (runs on every call) */
    for (size_t i = alg->count; i-- > 0;)
        if (alg->kernels[i].impl.ops == ops) return (alg->kernels[i].features & ~sc_cpu_features()) == 0;
    return 0;
}

/* 1 if the len_in bytes at `in` and the len_out bytes at `out` share a byte,
 * unless in == out (exactly in place, which every mode supports). Any other
 * overlap would let a kernel overwrite input it has not read yet, so the
 * entry points refuse it with SC_EINVAL. Compared as integers: the buffers
 * may belong to different objects. */
static inline int sc_overlap_refused(const void *in, size_t len_in, const void *out, size_t len_out)
{
    uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;
    if (a == b || len_in == 0 || len_out == 0) return 0;
    return a < b ? b - a < len_in : a - b < len_out;
}

/* 0xff when v == 0, else 0, without a branch: releasing or zeroing output
 * after a verdict (tag or padding check) on secret data must not branch on
 * it (the verdict itself is returned; what is written must not depend on
 * control flow). */
static inline uint8_t sc_mask_if_zero(int v)
{
    uint32_t u = (uint32_t)v;
    uint32_t mask = ((u | (0u - u)) >> 31) - 1u;
#if defined(__GNUC__)
    /* hide that mask is 0 or ~0: clang would otherwise turn "x &= mask"
     * into a branch around a memset (seen under valgrind's CT check) */
    __asm__("" : "+r"(mask));
#endif
    return (uint8_t)mask;
}

#endif
