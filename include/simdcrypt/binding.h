/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt: entry points for foreign-function bindings.
 *
 * A binding that passes a managed array to C in place (Java's FFM critical
 * downcalls, for one) hands over the array's start. Each function here is
 * the one it is named after, applied at buf + off: taking the offset as an
 * argument spares the binding a view object per call (in Java a sliced heap
 * MemorySegment), an allocation whenever the JIT does not remove it (C1,
 * or C2 when escape analysis fails).
 *
 * Ranges. Each (buf, off, len) names the bytes [buf + off, buf + off + len)
 * (for an update's output, len is out_cap). A range that cannot exist is
 * refused, never read or silently treated as empty:
 *   - buf NULL with len > 0: SC_ENULL;
 *   - buf NULL with off > 0 (a NULL buffer has no offsets), or buf + off +
 *     len past the end of the address space (an offset or length that
 *     wraps): SC_EINVAL.
 * An empty range (len 0, buf NULL with off 0 included: a binding may pass
 * NULL for an empty array) is valid input.
 *
 * Checksums return int64_t: the updated checksum (0 .. UINT32_MAX) or one of
 * the negative statuses above, so that a refusal cannot be mistaken for a
 * checksum. Unlike their namesakes they do not follow zlib's NULL rule (a
 * NULL buffer returning the initial value): an empty range returns the value
 * passed in unchanged, and NULL with a length is refused. A binding that
 * needs zlib's rule for a null array applies it on its side.
 * Cipher and MAC updates return the statuses above, else their namesake's.
 */
#ifndef SIMDCRYPT_BINDING_H
#define SIMDCRYPT_BINDING_H

#include "checksum.h"
#include "cipher.h"

#ifdef __cplusplus
extern "C" {
#endif

SC_API int64_t sc_adler32_at(uint32_t adler, const void *buf, size_t off, size_t len);
SC_API int64_t sc_crc32_at(uint32_t crc, const void *buf, size_t off, size_t len);
SC_API int64_t sc_crc32c_at(uint32_t crc, const void *buf, size_t off, size_t len);

SC_API int sc_cipher_update_at(sc_cipher_ctx *c, const uint8_t *in, size_t in_off, size_t in_len, uint8_t *out,
                               size_t out_off, size_t out_cap, size_t *out_len);
SC_API int sc_mac_update_at(sc_mac_ctx *m, const uint8_t *in, size_t in_off, size_t in_len);
/* sc_cipher_reset_iv(c, iv, iv_len, counter) followed by sc_cipher_update_at
 * on success: one call per message for a binding that re-IVs a keyed context
 * (its statuses; both ranges are checked before the IV is set). */
SC_API int sc_cipher_reset_iv_update_at(sc_cipher_ctx *c, const uint8_t *iv, size_t iv_len, uint64_t counter,
                                        const uint8_t *in, size_t in_off, size_t in_len, uint8_t *out, size_t out_off,
                                        size_t out_cap, size_t *out_len);

#ifdef __cplusplus
}
#endif

#endif
