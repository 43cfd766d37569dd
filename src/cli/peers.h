/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: peer code built in this tree (not from a library), each in
 * a file with only its own target flags (src/cli/CMakeLists.txt). */
#ifndef SC_CLI_PEERS_H
#define SC_CLI_PEERS_H
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__)
/* CRC-32C with one serial chain of SSE4.2 crc32 instructions, 8 bytes each:
 * what most code that "uses the CRC instruction" does (peer_crc32c_sse42.c,
 * -msse4.2). Bound by crc32's 3-cycle latency: ~2.7 bytes/cycle. */
uint32_t peer_crc32c_sse42_loop(uint32_t crc, const uint8_t *p, size_t n);
#endif
#endif
