/* SPDX-License-Identifier: Apache-2.0 */
/* What the AArch64 CRC kernel templates share: the polynomial selector and
 * the forced inlining that turns one template into two specialised kernels. */
#ifndef SC_ARCH_AARCH64_CRC_KIND_H
#define SC_ARCH_AARCH64_CRC_KIND_H
#if defined(__AARCH64EB__)
#error "the AArch64 CRC kernels read message words little-endian"
#endif

#define SC_ALWAYS_INLINE static inline __attribute__((always_inline))

/* Which polynomial. Callers pass a constant, so after inlining every switch
 * on it folds away. */
typedef enum sc_crc_kind { SC_CRC_ISO_HDLC, SC_CRC_CASTAGNOLI } sc_crc_kind;
#endif
