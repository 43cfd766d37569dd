/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: the checks every cipher entry point makes before it trusts a
 * caller's context or buffers (direct Kalyna/Magma APIs and the generic
 * one). Header-only and cheap: they run once per call, never per block. */
#ifndef SC_CTX_CHECK_H
#define SC_CTX_CHECK_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

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

/* The last kernel a family found runnable with sc_ops_runnable_cached:
 * only ever a registered kernel of this CPU, or NULL (the features never
 * change after the first probe). The walk above ran on every call of the
 * cipher, MAC and AEAD APIs, ~20 cycles of a 64-byte one; a context holding
 * the cached pointer passes for the reason the walk would pass it, and any
 * other pointer still takes the walk. One per family (AES, ChaCha): a
 * process uses one kernel per family unless a caller names another. */
typedef _Atomic(const void *) sc_runnable_cache;

/* ops is the cached kernel (the inline test of a per-call fast path). */
static inline int sc_ops_cached(sc_runnable_cache *cache, const void *ops)
{
    return ops != NULL && ops == atomic_load_explicit(cache, memory_order_relaxed);
}

/* sc_ops_runnable through the cache (refreshing it on a walk that passes). */
static inline int sc_ops_runnable_cached(const sc_algorithm_desc *alg, sc_runnable_cache *cache, const void *ops)
{
    if (sc_ops_cached(cache, ops)) return 1;
    if (!sc_ops_runnable(alg, ops)) return 0;
    atomic_store_explicit(cache, ops, memory_order_relaxed);
    return 1;
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
 * after a verdict (padding or key-unwrap check) on secret data, for the
 * short outputs that do it before the verdict is declassified. The AEAD
 * open calls declassify theirs first and branch (core/ct_public.h): their
 * outputs are long, and a mask is a second pass over them. */
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

/* p[0..n) &= keep (0xff or 0 from sc_mask_if_zero): releases or zeroes a
 * whole output after a verdict, eight bytes a step (a byte loop cost an
 * AEAD open of 16 KiB a third of its time), without a branch on keep. */
static inline void sc_mask_bytes(uint8_t *p, size_t n, uint8_t keep)
{
    const uint64_t keep64 = (uint64_t)keep * UINT64_C(0x0101010101010101);
    size_t i = 0;
    for (; i + 64 <= n; i += 64) { /* 64 bytes a step: wide loads and stores, little loop overhead */
        uint64_t w[8];
        memcpy(w, p + i, 64);
        for (int j = 0; j < 8; j++) w[j] &= keep64;
        memcpy(p + i, w, 64);
    }
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        w &= keep64;
        memcpy(p + i, &w, 8);
    }
    for (; i < n; i++) p[i] &= keep;
}

#endif
