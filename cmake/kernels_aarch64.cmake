# SPDX-License-Identifier: Apache-2.0
# AArch64 kernels and the target flags each one is built with.
# sc_kernel(<file> <flags...>)
#
# Each file holds dispatched code only: whatever a file's -march allows may
# appear anywhere in it (a +sha3 file may use EOR3 in any function), so
# nothing there may run before dispatch has checked the features.
# gcc 12 offers vmull_p64 with +crypto only (not +aes); clang accepts the same
# strings.
sc_kernel(src/arch/aarch64/adler32_neon.c)
sc_kernel(src/arch/aarch64/aes_arm.c -march=armv8-a+crypto)
sc_kernel(src/arch/aarch64/aes_arm_eor3.c -march=armv8.2-a+crypto+sha3)
sc_kernel(src/arch/aarch64/crc_crc3way.c -march=armv8-a+crc)
sc_kernel(src/arch/aarch64/crc_pmull.c -march=armv8-a+crypto)
sc_kernel(src/arch/aarch64/crc_pmull_crc.c -march=armv8-a+crc+crypto)
sc_kernel(src/arch/aarch64/crc_pmull_eor3.c -march=armv8.2-a+crc+crypto+sha3)
# gcc only: its pre-allocation scheduler spills this file's rounds (see there).
sc_kernel(src/arch/aarch64/kalyna_neon.c $<$<C_COMPILER_ID:GNU>:-fno-schedule-insns>)
sc_kernel(src/arch/aarch64/kalyna_neon_1block.c)
sc_kernel(src/arch/aarch64/magma_neon.c)
# MGM's GF multiplier: PMULL (vmull_p64 needs +crypto on gcc 12)
sc_kernel(src/arch/aarch64/mgm_pmull.c -march=armv8-a+crypto)
# Kalyna GCM/GMAC's GF multiplier: PMULL too
sc_kernel(src/arch/aarch64/kalyna_gf_pmull.c -march=armv8-a+crypto)
# ChaCha20 and Poly1305: plain NEON (Poly1305's scalar path: mul/umulh inline asm)
sc_kernel(src/arch/aarch64/chacha20_neon.c)
# gcc only: its pre-allocation scheduler adds register copies to the
# multiply-accumulate chains (176 -> 168 instructions per 8 blocks).
sc_kernel(src/arch/aarch64/poly1305_neon.c $<$<C_COMPILER_ID:GNU>:-fno-schedule-insns>)
# MD5: scalar (plain C, ror/bic/orn) and NEON x4
sc_kernel(src/arch/aarch64/md5_scalar.c)
sc_kernel(src/arch/aarch64/md5_neon.c)
# Keccak-f[1600]: unrolled scalar, and the SHA3 extension (EOR3/RAX1/XAR/BCAX) x2.
# gcc only: without its pre-allocation scheduler the rounds spill less
# (guest instructions per byte under qemu: arm-sha3 x2 7.85 -> 7.19 per
# state, one state 15.6 -> 14.2, arm-scalar 27.7 -> 26.7).
sc_kernel(src/arch/aarch64/keccak_scalar.c $<$<C_COMPILER_ID:GNU>:-fno-schedule-insns>)
sc_kernel(src/arch/aarch64/keccak_sha3.c -march=armv8.2-a+sha3 $<$<C_COMPILER_ID:GNU>:-fno-schedule-insns>)
