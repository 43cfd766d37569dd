/* Internal: Kalyna kernels, tables and block-level helpers. */
#ifndef SC_KALYNA_INTERNAL_H
#define SC_KALYNA_INTERNAL_H

#include <simdcrypt/kalyna.h>

#include "../core/internal.h"

/* A kernel: multi-block ECB in both directions. nblocks whole blocks of
 * k->block_size bytes; in == out allowed; any nblocks (0 included) and any
 * alignment. Everything else (CBC, CTR, MAC) is built on these. */
typedef void (*sc_kalyna_blocks_fn)(const sc_kalyna_key *k, const uint8_t *in, uint8_t *out, size_t nblocks);
struct sc_kalyna_ops {
    sc_kalyna_blocks_fn encrypt;
    sc_kalyna_blocks_fn decrypt;
};

/* DSTU 7624:2014 S-boxes and inverses (kalyna_tables.c, generated). */
extern const uint8_t sc_kalyna_sbox[4][256];
extern const uint8_t sc_kalyna_sbox_inv[4][256];
/* The same as 32 little-endian 64-bit words per S-box (portable kernel). */
extern const uint64_t sc_kalyna_sbox64[4][32];
extern const uint64_t sc_kalyna_sbox_inv64[4][32];

/* The portable constant-time reference (kalyna_portable.c). */
extern const struct sc_kalyna_ops sc_kalyna_ops_portable;
/* One encryption round without the key (S, shift rows, mix columns) on nb
 * 64-bit columns: the key schedule uses it too. */
void sc_kalyna_round_portable(uint64_t *state, unsigned nb);

#if defined(SC_ARCH_X86_64)
extern const struct sc_kalyna_ops sc_kalyna_ops_x86_avx512_vbmi_gfni;
#endif



/* Little-endian 64-bit load/store (the standard numbers bytes that way). */
static inline uint64_t sc_kalyna_load64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}
static inline void sc_kalyna_store64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

#endif
