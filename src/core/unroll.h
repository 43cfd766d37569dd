/* SPDX-License-Identifier: Apache-2.0 */
/* UNROLL before a loop whose index selects registers or tables: such loops
 * must unroll fully, or the compiler keeps the indexed values on the stack
 * (measured 2x slower in the Kalyna kernels). One spelling per compiler. */
#ifndef SC_UNROLL_H
#define SC_UNROLL_H
#if defined(__clang__)
#define UNROLL _Pragma("unroll")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif
#endif
