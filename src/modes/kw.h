/* SPDX-License-Identifier: Apache-2.0 */
/* Internal: key wrap over a 128-bit block cipher, SP 800-38F KW (RFC 3394)
 * and KWP (RFC 5649), with the default ICVs (A6A6A6A6A6A6A6A6 and
 * A65959A6 || the 32-bit length). Lengths are public: SC_ELENGTH before
 * anything is written. Unwrap checks the ICV (and KWP's length and
 * padding) in constant time: SC_EAUTH with out[0 .. out_cap) zeroed.
 * in == out allowed. */
#ifndef SC_MODES_KW_H
#define SC_MODES_KW_H

#include "block_cipher.h"

/* KW: len a multiple of 8, at least 16 (n >= 2 semiblocks, 6.2); writes len + 8. */
int sc_modes_kw_wrap(const sc_block_cipher *bc, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                     size_t *out_len);
/* KW: len a multiple of 8, at least 24; writes len - 8. */
int sc_modes_kw_unwrap(const sc_block_cipher *bc, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                       size_t *out_len);
/* KWP: 1 <= len < 2^32; writes the padded length + 8. */
int sc_modes_kwp_wrap(const sc_block_cipher *bc, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                      size_t *out_len);
/* KWP: len a multiple of 8, at least 16; writes the length the ICV names
 * (needs out_cap >= len - 8). */
int sc_modes_kwp_unwrap(const sc_block_cipher *bc, const uint8_t *in, size_t len, uint8_t *out, size_t out_cap,
                        size_t *out_len);

#endif
