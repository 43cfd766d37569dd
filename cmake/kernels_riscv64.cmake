# SPDX-License-Identifier: Apache-2.0
# RISC-V kernels and the -march each one is built with (the rest of the
# library is plain rv64gc; src/core/cpu_riscv.c decides what may run).
# The vector kernels use <riscv_vector.h> intrinsics, which need clang >= 19
# (gcc 12 has none and its binutils reject Zvk*): cmake/toolchain-riscv64.cmake.
# clang 19 declares the Zvbc/Zvk* intrinsics only with
# -menable-experimental-extensions, although the extensions are ratified.
if(CMAKE_C_COMPILER_ID MATCHES "Clang" AND CMAKE_C_COMPILER_VERSION VERSION_GREATER_EQUAL 19)
  add_compile_definitions(SC_RV_KERNELS=1)
  sc_kernel(src/arch/riscv64/crc_clmul_constants.c)
  sc_kernel(src/arch/riscv64/crc_zba.c -march=rv64gc_zba)
  sc_kernel(src/arch/riscv64/crc_zbc.c -march=rv64gc_zbc)
  sc_kernel(src/arch/riscv64/crc_zvbc.c -march=rv64gcv_zvbc -menable-experimental-extensions)
  sc_kernel(src/arch/riscv64/adler32_v.c -march=rv64gcv)
  sc_kernel(src/arch/riscv64/magma_v.c -march=rv64gcv)
  # the scalar Magma kernel with Zbb's ror for the S-box lookups
  sc_kernel(src/arch/riscv64/magma_zbb.c -march=rv64gc_zbb)
  # MGM's GF multiplier: Zbc clmul/clmulh
  sc_kernel(src/arch/riscv64/mgm_zbc.c -march=rv64gc_zbc)
  # Kalyna GCM/GMAC's GF multiplier: Zbc too
  sc_kernel(src/arch/riscv64/kalyna_gf_zbc.c -march=rv64gc_zbc)
  # kalyna_v.c without the machine scheduler: it hoists plane loads ahead of
  # their xors, and at LMUL 8 (four register groups) that means spills
  sc_kernel(src/arch/riscv64/kalyna_v.c -march=rv64gcv -mllvm -enable-misched=false)
  sc_kernel(src/arch/riscv64/kalyna_v_1block.c -march=rv64gcv -mllvm -enable-misched=false)
  # AES + GHASH: the portable AES with Zbc GHASH; Zvkned rounds, Zvkb (in Zvbb) counters, Zvkg GHASH
  sc_kernel(src/arch/riscv64/ghash_zbc.c -march=rv64gc_zbc)
  sc_kernel(src/arch/riscv64/aes_zvkned.c -march=rv64gcv_zvkned_zvkg_zvbb -menable-experimental-extensions)
  # ChaCha20: the same template (chacha20_v_template.h) with shift-shift-or rotations, and with vror (Zvbb)
  sc_kernel(src/arch/riscv64/chacha20_v.c -march=rv64gcv)
  sc_kernel(src/arch/riscv64/chacha20_zvbb.c -march=rv64gcv_zvbb -menable-experimental-extensions)
  # Poly1305: scalar radix 2^64 (mul/mulhu inline asm), the base ISA, for both ChaCha20 sets
  sc_kernel(src/arch/riscv64/poly1305_rv.c)
  # MD5 and Keccak-f[1600]: Zbb scalar (rori/andn/orn), RVV multi-lane with
  # shift/multiply rotations, and the same templates with vror/vandn (Zvbb)
  sc_kernel(src/arch/riscv64/md5_zbb.c -march=rv64gc_zbb)
  sc_kernel(src/arch/riscv64/md5_v.c -march=rv64gcv)
  sc_kernel(src/arch/riscv64/md5_zvbb.c -march=rv64gcv_zvbb -menable-experimental-extensions)
  sc_kernel(src/arch/riscv64/keccak_zbb.c -march=rv64gc_zbb)
  sc_kernel(src/arch/riscv64/keccak_v.c -march=rv64gcv)
  sc_kernel(src/arch/riscv64/keccak_zvbb.c -march=rv64gcv_zvbb -menable-experimental-extensions)
else()
  message(WARNING "simdcrypt: RISC-V kernels need clang >= 19 (see cmake/toolchain-riscv64.cmake); "
                  "building the portable code only")
endif()
