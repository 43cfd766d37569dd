/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: erase what a function's callees left in the dead stack below it.
 *
 * C code wipes the temporaries it names (sc_wipe), but not the register
 * spills a compiler adds: a kernel short of vector registers spills S-box
 * tables or round keys into its frame, and nothing in C can name those
 * slots. So after such a kernel returns, a function above it calls
 * sc_burn_stack(n): its own frame then starts where the kernel's frames
 * did, and it zeroes the n bytes there. Cost: a memset of n bytes, so
 * callers burn only where tests/test_stack_residue.c finds spills, sized to
 * the frames below them. */
#ifndef SC_STACK_BURN_H
#define SC_STACK_BURN_H

#include <simdcrypt/common.h>

/* Burn sizes are measured on optimised builds; AddressSanitizer's redzones
 * make every frame several times larger, so its builds burn more. */
#if defined(__SANITIZE_ADDRESS__)
#define SC_BURN_SCALE 4
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SC_BURN_SCALE 4
#endif
#endif
#ifndef SC_BURN_SCALE
#define SC_BURN_SCALE 1
#endif

enum { SC_BURN_MAX = 8192 * SC_BURN_SCALE };

/* Not instrumented by AddressSanitizer either: its fake stack (for
 * use-after-return detection) would put `area` on the heap, burning nothing. */
#if defined(__clang__)
#define SC_BURN_ATTR __attribute__((noinline, unused, no_sanitize_address))
#else
#define SC_BURN_ATTR __attribute__((noinline, noclone, unused, no_sanitize_address))
#endif

/* Zero the `bytes` (at most SC_BURN_MAX) of stack right below the caller's
 * frame. Never inlined or cloned: its frame must start where the caller's
 * callees' frames started. Only the top `bytes` of `area` are written. */
static SC_BURN_ATTR void sc_burn_stack(size_t bytes)
{
    unsigned char area[SC_BURN_MAX];
    bytes *= SC_BURN_SCALE;
    if (bytes > sizeof area) bytes = sizeof area;
    sc_wipe(area + sizeof area - bytes, bytes);
    __asm__ volatile("" : : "r"(area) : "memory"); /* area is live: the frame stays this size */
}

/* Under AddressSanitizer a kernel's frames reach deeper than burns sized on
 * optimised builds, and spills land where no burn of the family reaches
 * (test_stack_residue finds them): callers of kernels burn the sanitizer's
 * whole reach after the call. Nothing in other builds. */
#if SC_BURN_SCALE > 1
#define SC_SANITIZER_BURN() sc_burn_stack(SC_BURN_MAX / SC_BURN_SCALE)
#else
#define SC_SANITIZER_BURN() ((void)0)
#endif

#endif
