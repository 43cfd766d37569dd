/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time hex decoding (see key_hex.h). */
#include <simdcrypt.h>

#include "key_hex.h"

/* The nibble of one character, arithmetic only. For c in 0..255, (c - lo) |
 * (hi - c) has its top bit set exactly when c is outside lo..hi, so
 * "in range" becomes an all-ones or all-zeros mask without a comparison the
 * compiler could turn into a branch. c | 0x20 folds 'A'..'F' onto 'a'..'f'
 * (and no other character onto them). *bad collects 1 for a non-digit. */
static uint32_t nibble(uint32_t c, uint32_t *bad)
{
    uint32_t lower = c | 0x20;
    uint32_t is_digit = (((c - '0') | ('9' - c)) >> 31) - 1;         /* ~0 for '0'..'9' */
    uint32_t is_alpha = (((lower - 'a') | ('f' - lower)) >> 31) - 1; /* ~0 for a..f, A..F */
    *bad |= ~(is_digit | is_alpha) & 1;
    return ((c - '0') & is_digit) | ((lower - 'a' + 10) & is_alpha);
}

int cli_hex_decode_ct(const char *hex, size_t hexlen, uint8_t *out, size_t cap, size_t *outlen)
{
    size_t n = hexlen / 2;
    *outlen = 0;
    /* The length is public (a key's size is no secret): branching on it is fine. */
    if (hexlen % 2 || n > cap) {
        sc_wipe(out, n < cap ? n : cap);
        return -1;
    }
    uint32_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t hi = nibble((unsigned char)hex[2 * i], &bad);
        uint32_t lo = nibble((unsigned char)hex[2 * i + 1], &bad);
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    /* One decision, on the accumulated flag only. */
    if (bad) {
        sc_wipe(out, n);
        return -2;
    }
    *outlen = n;
    return 0;
}
