/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: checksums (Adler-32, CRC-32, CRC-32C).
 *
 * All three are zlib-compatible running checksums: pass the previous value
 * (or the initial value) and a buffer, get the updated value.
 *   initial values: sc_adler32 -> 1, sc_crc32 -> 0, sc_crc32c -> 0.
 * NULL: a NULL `buf` returns the initial value (1 for Adler-32, 0 for the
 * CRCs) whatever the value passed in and whatever `len`, never
 * dereferencing: zlib's rule (adler32(a, Z_NULL, n) == 1, crc32(c, Z_NULL,
 * n) == 0), kept because callers and bindings use these as drop-in zlib
 * replacements. So sc_crc32(0x1234, NULL, 0) is 0, while
 * sc_crc32(0x1234, buf, 0) is 0x1234 (an empty non-NULL buffer keeps the
 * value). binding.h's *_at variants refuse a NULL buffer with a length.
 * Lengths up to SIZE_MAX are handled (Adler-32's deferred modulo is bounded
 * per chunk, never by the total length).
 *
 * sc_crc32  = CRC-32/ISO-HDLC (zlib, gzip, PNG, java.util.zip.CRC32).
 * sc_crc32c = CRC-32/ISCSI (Castagnoli; RFC 3720 B.4, java.util.zip.CRC32C).
 * sc_adler32 = RFC 1950 Adler-32 (java.util.zip.Adler32).
 *
 * *_combine(a, b, len_b): the checksum of the concatenation A||B, given the
 * checksum a of A, b of B and B's length. O(log len_b).
 */
#ifndef SIMDCRYPT_CHECKSUM_H
#define SIMDCRYPT_CHECKSUM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

SC_API uint32_t sc_adler32(uint32_t adler, const void *buf, size_t len);
SC_API uint32_t sc_crc32(uint32_t crc, const void *buf, size_t len);
SC_API uint32_t sc_crc32c(uint32_t crc, const void *buf, size_t len);

SC_API uint32_t sc_adler32_combine(uint32_t adler_a, uint32_t adler_b, uint64_t len_b);
SC_API uint32_t sc_crc32_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b);
SC_API uint32_t sc_crc32c_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b);

/* A checksum kernel: same contract as sc_adler32/sc_crc32/sc_crc32c, except
 * that buf must be non-NULL when len > 0 (the public entry points check). */
typedef uint32_t (*sc_checksum_fn)(uint32_t value, const uint8_t *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
