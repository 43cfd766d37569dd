/* SPDX-License-Identifier: Apache-2.0 */
/* Hex decoding for secrets (keys, IVs, expected tags): constant time and
 * silent. The time depends on hexlen only, never on the digits: no branch
 * and no table index uses a digit's value, errors are accumulated in a flag
 * and decided once at the end, and nothing here prints, so no message can
 * echo a key character or the position of a bad one. */
#ifndef SC_CLI_KEY_HEX_H
#define SC_CLI_KEY_HEX_H
#include <stddef.h>
#include <stdint.h>

/* Decode hexlen hex digits (upper or lower case) into out[cap]. Returns 0 and
 * sets *outlen = hexlen / 2 on success; -1 for a bad length (odd, or more
 * than cap bytes), -2 if any character is not a hex digit. On failure
 * *outlen = 0 and out[0..min(hexlen/2, cap)) is zeroed. */
int cli_hex_decode_ct(const char *hex, size_t hexlen, uint8_t *out, size_t cap, size_t *outlen);
#endif
