/* SPDX-License-Identifier: Apache-2.0 */
/* Every checksum kernel, by architecture. Each is defined in
 * src/arch/<isa>/<algo>_<ext>.c, compiled with that file's target flags, and
 * listed in src/checksum/<algo>_kernels.c with the features it needs. */
#ifndef SC_CHECKSUM_KERNELS_H
#define SC_CHECKSUM_KERNELS_H
#include "../core/internal.h"
#include "adler32_portable.h"
#include "crc_portable.h"

#define SC_CHECKSUM_KERNEL(fn) uint32_t fn(uint32_t value, const uint8_t *buf, size_t len)

#if defined(SC_ARCH_X86_64)
SC_CHECKSUM_KERNEL(sc_adler32_x86_ssse3);
SC_CHECKSUM_KERNEL(sc_adler32_x86_avx2);
SC_CHECKSUM_KERNEL(sc_adler32_x86_avx512bw);
SC_CHECKSUM_KERNEL(sc_adler32_x86_avx512vnni);
SC_CHECKSUM_KERNEL(sc_crc32_x86_pclmul);
SC_CHECKSUM_KERNEL(sc_crc32_x86_vpclmul256);
SC_CHECKSUM_KERNEL(sc_crc32_x86_vpclmul512);
SC_CHECKSUM_KERNEL(sc_crc32_x86_gfni512);
SC_CHECKSUM_KERNEL(sc_crc32c_x86_sse42_3way);
SC_CHECKSUM_KERNEL(sc_crc32c_x86_pclmul);
SC_CHECKSUM_KERNEL(sc_crc32c_x86_vpclmul256);
SC_CHECKSUM_KERNEL(sc_crc32c_x86_fused256);
SC_CHECKSUM_KERNEL(sc_crc32c_x86_vpclmul512);
SC_CHECKSUM_KERNEL(sc_crc32c_x86_fused512);
SC_CHECKSUM_KERNEL(sc_crc32c_x86_gfni512);
#elif defined(SC_ARCH_AARCH64)
SC_CHECKSUM_KERNEL(sc_adler32_arm_neon);
SC_CHECKSUM_KERNEL(sc_crc32_arm_crc3way);
SC_CHECKSUM_KERNEL(sc_crc32_arm_pmull);
SC_CHECKSUM_KERNEL(sc_crc32_arm_pmull_crc);
SC_CHECKSUM_KERNEL(sc_crc32_arm_pmull_eor3);
SC_CHECKSUM_KERNEL(sc_crc32c_arm_crc3way);
SC_CHECKSUM_KERNEL(sc_crc32c_arm_pmull);
SC_CHECKSUM_KERNEL(sc_crc32c_arm_pmull_crc);
SC_CHECKSUM_KERNEL(sc_crc32c_arm_pmull_eor3);
#elif defined(SC_ARCH_RISCV64) && defined(SC_RV_KERNELS)
SC_CHECKSUM_KERNEL(sc_adler32_rv_v);
SC_CHECKSUM_KERNEL(sc_crc32_rv_zba);
SC_CHECKSUM_KERNEL(sc_crc32_rv_zbc);
SC_CHECKSUM_KERNEL(sc_crc32_rv_zvbc);
SC_CHECKSUM_KERNEL(sc_crc32c_rv_zba);
SC_CHECKSUM_KERNEL(sc_crc32c_rv_zbc);
SC_CHECKSUM_KERNEL(sc_crc32c_rv_zvbc);
#endif

#endif
