/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: declassifying a value derived from secrets that the API returns
 * anyway, such as a tag check's verdict. Once the caller is told "the tag
 * is wrong", nothing is leaked by acting on it differently, and the code
 * after the verdict may branch on it: an AEAD open then zeroes its output
 * only when the tag is wrong (a branch-free mask over the whole output was
 * a second pass over it: aes-128-gcm-open of 16 KiB ran at 0.74x of the
 * seal on AMD EPYC Zen 4, BENCHMARKS.md 5.10). BoringSSL calls the same
 * step CONSTTIME_DECLASSIFY.
 *
 * The constant-time checkers, which run the library as built, are told so:
 * valgrind's memcheck (tests/ct) marks the value defined through a client
 * request (a few no-op instructions outside valgrind; compiled in when
 * <valgrind/memcheck.h> is there at build time, as it is wherever the
 * checks run), DataFlowSanitizer builds (tests/ct_dfsan) drop its labels.
 * Nothing else is declassified: use it for verdicts only. */
#ifndef SC_CORE_CT_PUBLIC_H
#define SC_CORE_CT_PUBLIC_H

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define SC_CT_VALGRIND 1
#endif
#endif
/* scripts/ct-dfsan.sh compiles to IR without -fsanitize=dataflow first
 * (tests/ct_dfsan/ct_dfsan_cc.py), so it says so with SC_CT_DFSAN_BUILD */
#if defined(SC_CT_DFSAN_BUILD)
#define SC_CT_DFSAN 1
#elif defined(__has_feature)
#if __has_feature(dataflow_sanitizer)
#define SC_CT_DFSAN 1
#endif
#endif
#if defined(SC_CT_DFSAN)
#include <sanitizer/dfsan_interface.h>
#endif

static inline int sc_public_verdict(int v)
{
#if defined(SC_CT_VALGRIND)
    (void)VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
#endif
#if defined(SC_CT_DFSAN)
    dfsan_set_label(0, &v, sizeof v);
#endif
    return v;
}

#endif
