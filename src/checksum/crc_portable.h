/* SPDX-License-Identifier: Apache-2.0 */
/* Portable CRC-32 / CRC-32C: slice-by-8 over the generated tables, and the
 * GF(2) polynomial arithmetic used by combine and by kernels that merge
 * independent streams. Checksums carry no secrets, so tables are fine. */
#ifndef SC_CRC_PORTABLE_H
#define SC_CRC_PORTABLE_H
#include <stddef.h>
#include <stdint.h>

#define SC_CRC32_POLY 0xEDB88320u  /* reflected 0x04C11DB7 */
#define SC_CRC32C_POLY 0x82F63B78u /* reflected 0x1EDC6F41 */

/* Raw (no pre/post inversion) table update: used by kernels for tails. */
uint32_t sc_crc32_raw_portable(uint32_t state, const uint8_t *buf, size_t len);
uint32_t sc_crc32c_raw_portable(uint32_t state, const uint8_t *buf, size_t len);

/* a(x) * b(x) mod P(x), reflected bit order (bit 31 = x^0). */
uint32_t sc_crc_mulmod(uint32_t a, uint32_t b, uint32_t poly);
/* x^(8 * nbytes) mod P(x), reflected. */
uint32_t sc_crc_xpow8n(uint64_t nbytes, uint32_t poly);
/* Raw state advanced over `nbytes` zero bytes: state * x^(8n) mod P. */
uint32_t sc_crc_shift(uint32_t state, uint64_t nbytes, uint32_t poly);

uint32_t sc_crc32_portable(uint32_t crc, const uint8_t *buf, size_t len);
uint32_t sc_crc32c_portable(uint32_t crc, const uint8_t *buf, size_t len);
#endif
