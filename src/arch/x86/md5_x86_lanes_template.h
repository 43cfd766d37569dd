/* SPDX-License-Identifier: Apache-2.0 */
/* Multi-buffer MD5 over the lanes of one vector register (N = V_BYTES / 4
 * messages, lane l in element l): the round structure shared by the AVX2
 * (8 lanes) and AVX-512 (16 lanes) kernels.
 *
 * The includer defines, after including vec256.h or vec512.h:
 *   MD5V_FN                       the kernel's name (sc_md5_lanes_fn);
 *   md5v_f, md5v_g, md5v_h, md5v_i (a, b, c, d)
 *                                 a + f(b, c, d) for the round's function;
 *   md5v_load4(in, j, off)        a vector whose 128-bit slot q holds the 16
 *                                 bytes at in[j + 4q] + off.
 *
 * Message words: slot q of md5v_load4(in, j, ...) is lane 4q + j, so a 4x4
 * transpose of 32-bit words within each 128-bit slot (8 unpacks) turns the
 * four loads j = 0..3 into the four word vectors whose element l is lane l's
 * word: 16 bytes a lane per load, no gather, no cross-slot shuffle. The
 * sixteen word vectors live in x[] (on the stack where registers run out:
 * wiped before return).
 *
 * Every lane is its own chain; the vector is one: the step order is that of
 * md5_x86_steps.h with a + X[k] + T added before f (off the chain). */
#include "../../hash/hash_internal.h"
#include "md5_x86_steps.h"

#define MD5V_N (V_BYTES / 4)

static inline void md5v_words(vec_t x[16], const uint8_t *const in[], size_t off)
{
    for (unsigned g = 0; g < 4; g++) {
        const size_t o = off + 16 * g;
        const vec_t r0 = md5v_load4(in, 0, o), r1 = md5v_load4(in, 1, o);
        const vec_t r2 = md5v_load4(in, 2, o), r3 = md5v_load4(in, 3, o);
        const vec_t t0 = v_unpacklo32(r0, r1), t1 = v_unpackhi32(r0, r1);
        const vec_t t2 = v_unpacklo32(r2, r3), t3 = v_unpackhi32(r2, r3);
        x[4 * g + 0] = v_unpacklo64(t0, t2), x[4 * g + 1] = v_unpackhi64(t0, t2);
        x[4 * g + 2] = v_unpacklo64(t1, t3), x[4 * g + 3] = v_unpackhi64(t1, t3);
    }
}

/* a + X[k] + T fenced ahead of f: unfenced, gcc puts T after f (one more
 * add on the chain). gcc builds each T with mov, vmovd and vpbroadcastd in
 * the loop (two vector ops a step); fenced, the broadcast is a loop
 * invariant it hoists, T one load a step (16 lanes: 0.306 -> 0.290 TSC
 * cycles/byte on Zen 4). clang hoists them by itself and measured 3%
 * slower with the fence. */
#if defined(__clang__)
#define MD5V_T(t) v_set1_32((int)(t))
#else
static inline vec_t md5v_t(int t)
{
    vec_t v = v_set1_32(t);
    MD5_FENCE(v, "+v");
    return v;
}
#define MD5V_T(t) md5v_t((int)(t))
#endif

#define MD5V_STEP(fn, a, b, c, d, k, s, t)                                                                             \
    do {                                                                                                               \
        const vec_t t_ = MD5V_T(t);                                                                                    \
        a = v_add32(a, v_add32(x[k], t_));                                                                             \
        MD5_FENCE(a, "+v");                                                                                            \
        a = fn(a, b, c, d);                                                                                            \
        a = v_add32(v_rol32(a, s), b);                                                                                 \
    } while (0)
#define MD5V_F(...) MD5V_STEP(md5v_f, __VA_ARGS__)
#define MD5V_G(...) MD5V_STEP(md5v_g, __VA_ARGS__)
#define MD5V_H(...) MD5V_STEP(md5v_h, __VA_ARGS__)
#define MD5V_I(...) MD5V_STEP(md5v_i, __VA_ARGS__)

void MD5V_FN(uint32_t *state, const uint8_t *const in[], size_t nblocks)
{
    vec_t a = v_load(state), b = v_load(state + MD5V_N);
    vec_t c = v_load(state + 2 * MD5V_N), d = v_load(state + 3 * MD5V_N);
    vec_t x[16];
    for (size_t off = 0; nblocks; nblocks--, off += SC_MD5_BLOCK) {
        md5v_words(x, in, off);
        const vec_t a0 = a, b0 = b, c0 = c, d0 = d;
        MD5_STEPS(MD5V_F, MD5V_G, MD5V_H, MD5V_I, a, b, c, d);
        a = v_add32(a, a0), b = v_add32(b, b0), c = v_add32(c, c0), d = v_add32(d, d0);
    }
    v_store(state, a), v_store(state + MD5V_N, b);
    v_store(state + 2 * MD5V_N, c), v_store(state + 3 * MD5V_N, d);
    sc_wipe_small(x, sizeof x);
}
