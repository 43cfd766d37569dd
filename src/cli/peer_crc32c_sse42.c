/* SPDX-License-Identifier: Apache-2.0 */
/* The plain SSE4.2 CRC-32C loop, as a peer: no interleaving, no folding.
 * Built with -msse4.2 only. */
#include <nmmintrin.h>
#include <string.h>

#include "peers.h"

uint32_t peer_crc32c_sse42_loop(uint32_t crc, const uint8_t *p, size_t n)
{
    uint64_t c = ~crc; /* CRC-32C pre/post inversion (RFC 3720 B.4) */
    for (; n >= 8; p += 8, n -= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        c = _mm_crc32_u64(c, w);
    }
    uint32_t c32 = (uint32_t)c;
    for (; n > 0; p++, n--) c32 = _mm_crc32_u8(c32, *p);
    return ~c32;
}
