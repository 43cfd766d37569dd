/* SPDX-License-Identifier: Apache-2.0 */
/* Keccak-f[1600] (FIPS 202 3.2-3.3), plain C: the reference of every Keccak
 * kernel and the test oracle. One round is theta, rho and pi, chi, iota
 * over the 25 lanes A[x + 5y]; rounds 24 - n .. 23 run for n rounds
 * (Keccak-p[1600, n], FIPS 202 3.3). */
#include "hash_internal.h"

const uint64_t sc_keccak_rc[24] = {
    /* FIPS 202 3.2.5, rc(t) packed per round */
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000, 0x000000000000808b,
    0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008a, 0x0000000000000088,
    0x0000000080008009, 0x000000008000000a, 0x000000008000808b, 0x800000000000008b, 0x8000000000008089,
    0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
};

/* rho offsets r[x + 5y] (FIPS 202 Table 2) */
const uint8_t sc_keccak_rho[25] = {
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
};

static inline uint64_t rotl64(uint64_t x, unsigned n) { return n ? x << n | x >> (64 - n) : x; }

void sc_keccak_permute_portable(uint64_t s[25], unsigned rounds)
{
    for (unsigned r = 24 - rounds; r < 24; r++) {
        uint64_t c[5], b[25];
        for (int x = 0; x < 5; x++) c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
        for (int x = 0; x < 5; x++) {
            uint64_t d = c[(x + 4) % 5] ^ rotl64(c[(x + 1) % 5], 1); /* theta */
            for (int y = 0; y < 25; y += 5) s[x + y] ^= d;
        }
        /* rho and pi: B[y, 2x + 3y] = rot(A[x, y], r[x, y]) */
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl64(s[x + 5 * y], sc_keccak_rho[x + 5 * y]);
        for (int y = 0; y < 25; y += 5) /* chi */
            for (int x = 0; x < 5; x++) s[x + y] = b[x + y] ^ (~b[(x + 1) % 5 + y] & b[(x + 2) % 5 + y]);
        s[0] ^= sc_keccak_rc[r]; /* iota */
        sc_wipe_small(b, sizeof b), sc_wipe_small(c, sizeof c);
    }
}

void sc_keccak_absorb_portable(uint64_t s[25], const uint8_t *in, size_t nblocks, size_t rate, unsigned rounds)
{
    for (; nblocks; nblocks--, in += rate) {
        for (size_t i = 0; i < rate / 8; i++) s[i] ^= sc_hash_le64(in + 8 * i);
        sc_keccak_permute_portable(s, rounds);
    }
}

/* The multi-state interface, state by state: the reference of the SIMD
 * lane kernels, and the batch API's scheduler runs on it where there are
 * none. */
void sc_keccak_lanes_portable(uint64_t *s, const uint8_t *const in[], size_t nblocks, size_t rate, unsigned rounds)
{
    enum { L = SC_KECCAK_PORTABLE_LANES };
    for (unsigned l = 0; l < L; l++) {
        uint64_t one[25];
        for (int i = 0; i < 25; i++) one[i] = s[i * L + l];
        sc_keccak_absorb_portable(one, in[l], nblocks, rate, rounds);
        for (int i = 0; i < 25; i++) s[i * L + l] = one[i];
        sc_wipe_small(one, sizeof one);
    }
}

const sc_keccak_ops sc_keccak_portable = {sc_keccak_permute_portable, sc_keccak_absorb_portable,
                                          sc_keccak_lanes_portable, SC_KECCAK_PORTABLE_LANES, 0};
