/* SPDX-License-Identifier: Apache-2.0 */
/* Reading a libFuzzer input as fields (shared by the fuzz targets): fixed
 * header fields first, the message last, so that mutations of the message
 * do not shift the fields. Reads past the end give zeros. */
#ifndef SC_FUZZ_INPUT_H
#define SC_FUZZ_INPUT_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fuzz_in {
    const uint8_t *p;
    size_t n;
} fuzz_in;

static inline uint8_t fz_byte(fuzz_in *in)
{
    if (!in->n) return 0;
    in->n--;
    return *in->p++;
}

static inline uint64_t fz_u64(fuzz_in *in)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | fz_byte(in);
    return v;
}

/* Up to `want` bytes; *got says how many there were. */
static inline const uint8_t *fz_take(fuzz_in *in, size_t want, size_t *got)
{
    const uint8_t *p = in->p;
    *got = want < in->n ? want : in->n;
    in->p += *got, in->n -= *got;
    return p;
}

/* Exactly `len` bytes into out, zero-filled past the end of the input. */
static inline void fz_copy(fuzz_in *in, uint8_t *out, size_t len)
{
    size_t got;
    const uint8_t *p = fz_take(in, len, &got);
    memcpy(out, p, got);
    memset(out + got, 0, len - got);
}

/* Split lengths for streaming: a xorshift stream seeded from the input,
 * each piece 0..max bytes (max from one input byte: 1 to 65026), never two
 * empty pieces in a row, so every loop over a message ends. */
typedef struct fuzz_splits {
    uint64_t s;
    size_t max;
    int last_empty;
} fuzz_splits;

static inline fuzz_splits fz_splits(fuzz_in *in)
{
    uint8_t b = fz_byte(in);
    fuzz_splits sp = {fz_u64(in) | 1, (size_t)b * b + 1, 0};
    return sp;
}

static inline size_t fz_piece(fuzz_splits *sp, size_t left)
{
    sp->s ^= sp->s >> 12, sp->s ^= sp->s << 25, sp->s ^= sp->s >> 27;
    size_t piece = (size_t)((sp->s * 0x2545F4914F6CDD1DULL) >> 11) % (sp->max + 1);
    if (piece == 0 && sp->last_empty) piece = 1;
    sp->last_empty = piece == 0;
    return piece < left ? piece : left;
}

/* A copy of buf at `off` bytes past a 64-byte boundary, ending exactly where
 * the allocation ends (so ASan sees any read past it). free() the result's
 * base, returned in *base. */
static inline uint8_t *fz_place(const uint8_t *buf, size_t len, size_t off, void **base)
{
    if (posix_memalign(base, 64, off + len ? off + len : 1)) abort();
    uint8_t *p = (uint8_t *)*base + off;
    if (len) memcpy(p, buf, len);
    return p;
}

/* A differential mismatch: say what, then abort so libFuzzer keeps the input. */
#define FZ_ASSERT(cond, ...)                                   \
    do {                                                       \
        if (!(cond)) {                                         \
            fprintf(stderr, "fuzz mismatch: " __VA_ARGS__);    \
            fputc('\n', stderr);                               \
            abort();                                           \
        }                                                      \
    } while (0)
#endif
