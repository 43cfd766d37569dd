/* simdcrypt: entry points for foreign-function bindings.
 *
 * A binding that passes a managed array to C in place (Java's FFM critical
 * downcalls, for one) hands over the array's start. Each function here is
 * the one it is named after, applied at buf + off: taking the offset as an
 * argument spares the binding a view object per call (in Java a sliced heap
 * MemorySegment), an allocation whenever the JIT does not remove it (C1,
 * or C2 when escape analysis fails). A NULL pointer stays NULL whatever the
 * offset, so the named function's NULL rules apply unchanged; an offset
 * that wraps the address space is refused like a NULL buffer of non-zero
 * length.
 */
#ifndef SIMDCRYPT_BINDING_H
#define SIMDCRYPT_BINDING_H

#include "checksum.h"
#include "cipher.h"

#ifdef __cplusplus
extern "C" {
#endif

SC_API uint32_t sc_adler32_at(uint32_t adler, const void *buf, size_t off, size_t len);
SC_API uint32_t sc_crc32_at(uint32_t crc, const void *buf, size_t off, size_t len);
SC_API uint32_t sc_crc32c_at(uint32_t crc, const void *buf, size_t off, size_t len);

SC_API int sc_cipher_update_at(sc_cipher_ctx *c, const uint8_t *in, size_t in_off, size_t in_len, uint8_t *out,
                               size_t out_off, size_t out_cap, size_t *out_len);
SC_API int sc_mac_update_at(sc_mac_ctx *m, const uint8_t *in, size_t in_off, size_t in_len);

#ifdef __cplusplus
}
#endif

#endif
