/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: MD5 (RFC 1321) and Keccak-f[1600] (FIPS 202) kernels.
 *
 * Two kernel families, each one kernel object per CPU extension:
 *   "md5"     sc_md5_ops: a single-stream compression function and,
 *             optionally, a multi-lane one (4 NEON, 8 AVX2/RVV, 16 AVX-512 messages at once);
 *   "keccak"  sc_keccak_ops: the permutation, a single-state absorb loop
 *             and, optionally, a multi-state absorb (2 SHA3/RVV, 4 AVX2, 8 AVX-512 states at once).
 * The modes (MD padding, the sponge, SHA-3/SHAKE/Keccak-256/TurboSHAKE/
 * KangarooTwelve, the batch scheduler) are written once over these
 * interfaces in src/hash/; kernels only compress and permute.
 *
 * Conventions for every entry point:
 *   - any alignment of the input; lengths are whole blocks;
 *   - constant time (no branch or memory index depends on the data: MD5 and
 *     Keccak need no tables);
 *   - no secret left in memory the function owns beyond what the callers'
 *     stack burn covers (spills of the state and the message words).
 */
#ifndef SC_HASH_INTERNAL_H
#define SC_HASH_INTERNAL_H

#include "../core/internal.h"

#define SC_MD5_BLOCK 64
#define SC_KECCAK_MAX_LANES 16 /* the widest multi-state kernel */
#define SC_MD5_MAX_LANES 16

/* --- MD5 ------------------------------------------------------------------ */

/* Compress nblocks (>= 1) 64-byte blocks into state (A, B, C, D of RFC 1321
 * 3.3, as host words). */
typedef void sc_md5_blocks_fn(uint32_t state[4], const uint8_t *in, size_t nblocks);

/* nlanes independent MD5 streams: lane l compresses nblocks (>= 1) blocks
 * from in[l] into its state, which lives in structure-of-arrays form:
 * word w (A=0 .. D=3) of lane l at state[w * nlanes + l]. Every in[l] is a
 * valid pointer to nblocks * 64 readable bytes (the scheduler points idle
 * lanes at a busy lane's data and ignores their state). */
typedef void sc_md5_lanes_fn(uint32_t *state, const uint8_t *const in[], size_t nblocks);

typedef struct sc_md5_ops {
    sc_md5_blocks_fn *blocks;
    sc_md5_lanes_fn *lanes; /* NULL: no multi-lane kernel */
    unsigned nlanes;        /* lanes of `lanes` (4, 8, 16), 0 when NULL */
} sc_md5_ops;

/* --- Keccak-f[1600] ------------------------------------------------------- */

/* The state: 25 lanes A[x + 5y] as host 64-bit words (FIPS 202 3.1.2; the
 * byte order of the sponge is little-endian, so on a little-endian host the
 * state is the 200 bytes the sponge XORs into). Plain form at every call
 * boundary: a kernel that uses the lane-complementing transform applies and
 * removes it inside the call. */

/* Apply the last `rounds` rounds of Keccak-f[1600] (24 = the full
 * permutation; 12 = Keccak-p[1600, 12] of TurboSHAKE/KangarooTwelve, rounds
 * 12..23 with their round constants, RFC 9861 2.2). */
typedef void sc_keccak_permute_fn(uint64_t s[25], unsigned rounds);

/* For each of nblocks (>= 1) blocks of `rate` bytes (a multiple of 8, at
 * most 168): XOR the block into the first rate/8 lanes, then permute with
 * `rounds` rounds. */
typedef void sc_keccak_absorb_fn(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate, unsigned rounds);

/* nlanes independent states absorbing nblocks (>= 1) blocks each: state l's
 * lane i at s[i * nlanes + l] (one state per 64-bit SIMD element), its
 * blocks from in[l] (every in[l] valid for nblocks * rate bytes; idle lanes
 * point at a busy lane's data). */
typedef void sc_keccak_lanes_fn(uint64_t *s, const uint8_t *const in[], size_t nblocks, size_t rate,
                                unsigned rounds);

typedef struct sc_keccak_ops {
    sc_keccak_permute_fn *permute;
    sc_keccak_absorb_fn *absorb;
    sc_keccak_lanes_fn *lanes; /* NULL: no multi-state kernel */
    unsigned nlanes;           /* 2, 4, 8; 0 when NULL */
    /* KangarooTwelve: the fewest whole leaves (>= 2) sent to `lanes` at
     * once, idle lanes and all; 0: half the lanes (hash_kt.c). */
    unsigned lanes_from;
} sc_keccak_ops;

/* --- Portable references (src/hash/): the oracle of every test ----------- */

sc_md5_blocks_fn sc_md5_blocks_portable;
sc_keccak_permute_fn sc_keccak_permute_portable;
sc_keccak_absorb_fn sc_keccak_absorb_portable;
/* The lane interfaces one lane at a time (the oracle of the SIMD lanes). */
#define SC_MD5_PORTABLE_LANES 4
#define SC_KECCAK_PORTABLE_LANES 4
sc_md5_lanes_fn sc_md5_lanes_portable;
sc_keccak_lanes_fn sc_keccak_lanes_portable;
/* The round constants RC[0..23] (FIPS 202 3.2.5) and rotation offsets
 * r[x + 5y] (3.2.2), for kernels. */
extern const uint64_t sc_keccak_rc[24];
extern const uint8_t sc_keccak_rho[25];
/* MD5's sine table T[1..64] as T[0..63] (RFC 1321 3.4) and shifts per step. */
extern const uint32_t sc_md5_t[64];
extern const uint8_t sc_md5_shift[64];

extern const sc_md5_ops sc_md5_portable;
extern const sc_keccak_ops sc_keccak_portable;

/* Kernel parts per ISA (src/arch/<isa>/md5_<ext>.c, keccak_<ext>.c),
 * composed into kernel objects in md5_kernels.c / keccak_kernels.c. */
#if defined(SC_ARCH_X86_64)
sc_md5_blocks_fn sc_md5_x86_scalar; /* any x86-64 */
sc_md5_lanes_fn sc_md5_x86_avx2;    /* 8 lanes */
sc_md5_lanes_fn sc_md5_x86_avx512;  /* 16 lanes, AVX-512F */
#endif
#if defined(SC_ARCH_AARCH64)
sc_md5_blocks_fn sc_md5_blocks_arm_scalar;      /* md5_scalar.c */
sc_md5_lanes_fn sc_md5_lanes_arm_neon;          /* md5_neon.c: 4 lanes */
sc_keccak_permute_fn sc_keccak_permute_arm_scalar; /* keccak_scalar.c */
sc_keccak_absorb_fn sc_keccak_absorb_arm_scalar;
sc_keccak_permute_fn sc_keccak_permute_arm_sha3; /* keccak_sha3.c */
sc_keccak_absorb_fn sc_keccak_absorb_arm_sha3;
sc_keccak_lanes_fn sc_keccak_lanes_arm_sha3;    /* 2 states */
#endif
#if defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
sc_md5_blocks_fn sc_md5_blocks_rv_zbb;          /* md5_zbb.c */
sc_md5_lanes_fn sc_md5_lanes_rv_v;              /* md5_v.c: 8 lanes */
sc_md5_lanes_fn sc_md5_lanes_rv_zvbb;           /* md5_zvbb.c: 8 lanes */
sc_keccak_permute_fn sc_keccak_permute_rv_zbb;  /* keccak_zbb.c */
sc_keccak_absorb_fn sc_keccak_absorb_rv_zbb;
sc_keccak_lanes_fn sc_keccak_lanes_rv_v;        /* keccak_v.c: 2 states */
sc_keccak_lanes_fn sc_keccak_lanes_rv_zvbb;     /* keccak_zvbb.c: 2 states */
sc_keccak_permute_fn sc_keccak_permute_rv_zvbb; /* the same code, state 1 idle */
sc_keccak_absorb_fn sc_keccak_absorb_rv_zvbb;
#endif

#if defined(SC_ARCH_X86_64)
/* Keccak on x86-64: scalar (BMI1 + BMI2), AVX-512 single state in five
 * zmm planes and in 25 xmm lanes (_xmm, + VL), AVX2 x4, AVX-512 x8. */
sc_keccak_permute_fn sc_keccak_x86_scalar_permute;
sc_keccak_absorb_fn sc_keccak_x86_scalar_absorb;
sc_keccak_permute_fn sc_keccak_x86_avx512_permute;
sc_keccak_absorb_fn sc_keccak_x86_avx512_absorb;
sc_keccak_permute_fn sc_keccak_x86_avx512_xmm_permute;
sc_keccak_absorb_fn sc_keccak_x86_avx512_xmm_absorb;
sc_keccak_lanes_fn sc_keccak_x86_avx2_x4;
sc_keccak_lanes_fn sc_keccak_x86_avx512_x8;
#endif

extern const sc_algorithm_desc sc_alg_md5;
extern const sc_algorithm_desc sc_alg_keccak;

/* Little-endian helpers (RFC 1321 and FIPS 202 are little-endian). */
static inline uint32_t sc_hash_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t sc_hash_le64(const uint8_t *p)
{
    return (uint64_t)sc_hash_le32(p) | (uint64_t)sc_hash_le32(p + 4) << 32;
}

#endif
