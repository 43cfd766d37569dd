/* SPDX-License-Identifier: Apache-2.0 */
/* KW and KWP (SP 800-38F 6.2-6.3, RFC 3394, RFC 5649; kw.h). The wrapping
 * function W is serial (each step needs the last A), one block per call. */
#include <simdcrypt/common.h>

#include "../cipher/ctx_check.h"
#include "../core/internal.h"
#include "kw.h"

static const uint8_t kw_icv[8] = {0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6};
static const uint8_t kwp_icv[4] = {0xa6, 0x59, 0x59, 0xa6};
/* Bounds of SP 800-38F 5.3.1 (2^54 - 1 semiblocks for KW, 2^32 - 1 bytes
 * for KWP), within what size_t counts here. */
#define KW_MAX_SEMIBLOCKS ((uint64_t)1 << 53)

/* A ^= [t]_64 */
static void xor_t(uint8_t a[8], uint64_t t)
{
    for (int i = 0; i < 8; i++) a[7 - i] ^= (uint8_t)(t >> 8 * i);
}

/* W (6.1 algorithm 1) on A (8 bytes) and the n >= 2 semiblocks at r. */
static void wrap_w(const sc_block_cipher *bc, uint8_t a[8], uint8_t *r, size_t n)
{
    uint8_t b[16];
    for (uint64_t j = 0; j < 6; j++)
        for (size_t i = 0; i < n; i++) {
            memcpy(b, a, 8);
            memcpy(b + 8, r + 8 * i, 8);
            bc->encrypt(bc->key, b, b, 1);
            memcpy(a, b, 8);
            xor_t(a, n * j + i + 1);
            memcpy(r + 8 * i, b + 8, 8);
        }
    sc_wipe_small(b, sizeof b);
}

/* W^-1 (algorithm 2). */
static void unwrap_w(const sc_block_cipher *bc, uint8_t a[8], uint8_t *r, size_t n)
{
    uint8_t b[16];
    for (uint64_t j = 6; j-- > 0;)
        for (size_t i = n; i-- > 0;) {
            memcpy(b, a, 8);
            xor_t(b, n * j + i + 1);
            memcpy(b + 8, r + 8 * i, 8);
            bc->decrypt(bc->key, b, b, 1);
            memcpy(a, b, 8);
            memcpy(r + 8 * i, b + 8, 8);
        }
    sc_wipe_small(b, sizeof b);
}

/* The verdict of an unwrap (bad: 0 or 1, secret until returned) without a
 * branch on it: the written bytes kept or zeroed, *out_len = len or 0,
 * SC_OK or SC_EAUTH. */
static int release(uint8_t *out, size_t written, size_t len, uint32_t bad, size_t *out_len)
{
    const uint8_t keep = sc_mask_if_zero((int)bad);
    sc_mask_bytes(out, written, keep);
    *out_len = len & (size_t)(0 - (size_t)(keep & 1));
    return (int)(0u - bad) & SC_EAUTH;
}

int sc_modes_kw_wrap(const sc_block_cipher *bc, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                     size_t *out_len)
{
    if (len % 8 || len < 16 || len / 8 >= KW_MAX_SEMIBLOCKS || out_cap < len + 8) return SC_ELENGTH;
    uint8_t a[8];
    memmove(out + 8, in, len);
    memcpy(a, kw_icv, 8);
    wrap_w(bc, a, out + 8, len / 8);
    memcpy(out, a, 8);
    *out_len = len + 8;
    return SC_OK;
}

int sc_modes_kw_unwrap(const sc_block_cipher *bc, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                       size_t *out_len)
{
    if (len % 8 || len < 24 || len / 8 > KW_MAX_SEMIBLOCKS || out_cap < len - 8) return SC_ELENGTH;
    uint8_t a[8];
    memcpy(a, in, 8);
    memmove(out, in + 8, len - 8);
    unwrap_w(bc, a, out, len / 8 - 1);
    const uint32_t bad = (uint32_t)sc_memeq(a, kw_icv, 8) ^ 1;
    sc_wipe_small(a, sizeof a);
    return release(out, len - 8, len - 8, bad, out_len);
}

int sc_modes_kwp_wrap(const sc_block_cipher *bc, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                      size_t *out_len)
{
    const size_t padded = (len + 7) / 8 * 8;
    if (len == 0 || (uint64_t)len >> 32 || out_cap < padded + 8) return SC_ELENGTH;
    uint8_t a[8];
    memcpy(a, kwp_icv, 4);
    for (int i = 0; i < 4; i++) a[7 - i] = (uint8_t)(len >> 8 * i);
    memmove(out + 8, in, len);
    memset(out + 8 + len, 0, padded - len);
    if (padded == 8) { /* one semiblock: E(A || P) (6.3 algorithm 5, step 4) */
        memcpy(out, a, 8);
        bc->encrypt(bc->key, out, out, 1);
    } else {
        wrap_w(bc, a, out + 8, padded / 8);
        memcpy(out, a, 8);
    }
    *out_len = padded + 8;
    return SC_OK;
}

/* 0xff..ff if a < b else 0, for values below 2^63 (no branch). */
static uint64_t lt_mask(uint64_t a, uint64_t b) { return 0 - ((a - b) >> 63); }

int sc_modes_kwp_unwrap(const sc_block_cipher *bc, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                        size_t *out_len)
{
    if (len % 8 || len < 16 || (uint64_t)len >> 33 || out_cap < len - 8) return SC_ELENGTH;
    const size_t n = len / 8 - 1; /* semiblocks of padded plaintext */
    uint8_t a[8];
    if (n == 1) { /* D(C) = A || P */
        uint8_t b[16];
        bc->decrypt(bc->key, in, b, 1);
        memcpy(a, b, 8);
        memcpy(out, b + 8, 8);
        sc_wipe_small(b, sizeof b);
    } else {
        memcpy(a, in, 8);
        memmove(out, in + 8, len - 8);
        unwrap_w(bc, a, out, n);
    }
    /* ICV (6.3 algorithm 6 step 3): A65959A6, 8 (n - 1) < mli <= 8 n, and
     * the 8 n - mli padding bytes zero; every test through masks. */
    uint64_t mli = 0;
    for (int i = 4; i < 8; i++) mli = mli << 8 | a[i];
    uint64_t bad = (uint64_t)(sc_memeq(a, kwp_icv, 4) ^ 1);
    bad |= ~lt_mask(8 * (uint64_t)(n - 1), mli) | lt_mask(8 * (uint64_t)n, mli);
    const uint64_t pad = 8 * (uint64_t)n - mli; /* meaningful only when the range holds */
    uint8_t nonzero = 0;
    for (uint64_t k = 0; k < 8; k++) /* byte 8 n - 8 + k lies in the padding if k >= 8 - pad */
        nonzero |= (uint8_t)(out[8 * (n - 1) + k] & ~lt_mask(k, 8 - (pad & 15)));
    bad |= (uint64_t)(nonzero + 0xffu) >> 8; /* 1 when a padding byte is set */
    sc_wipe_small(a, sizeof a);
    return release(out, len - 8, (size_t)mli, (uint32_t)((bad | (0 - bad)) >> 63), out_len); /* bad != 0 */
}
