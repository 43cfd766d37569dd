# SPDX-License-Identifier: Apache-2.0
# Cross toolchain: riscv64-linux-gnu with clang 19.
#
# clang 19 is the first Debian clang whose <riscv_vector.h> carries the RVV and
# ratified vector-crypto intrinsics (Zvbc, Zvkg, Zvkned ...); gcc 12 has no
# <riscv_vector.h> at all. clang finds the Debian gcc-12 cross toolchain
# (/usr/lib/gcc-cross/riscv64-linux-gnu/12: crt files, libgcc) and links with
# its GNU ld, so no --sysroot is needed. Install everything with
# scripts/install-cross-deps.sh riscv64.
#
# The library is built for plain rv64gc; only the kernel files named in
# cmake/kernels_riscv64.cmake get a wider -march, and run-time detection
# (src/core/cpu_riscv.c) decides whether they run.
#
# Tests run under qemu-user; tests/CMakeLists.txt sets QEMU_CPU per test to
# walk the CPU matrix (without QEMU_CPU, qemu-riscv64 emulates "max").
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv64)

set(SC_RISCV_CLANG clang-19 CACHE STRING "clang (>= 19) used for the riscv64 cross build")
set(CMAKE_C_COMPILER ${SC_RISCV_CLANG})
set(CMAKE_C_COMPILER_TARGET riscv64-linux-gnu)
set(CMAKE_C_FLAGS_INIT "-march=rv64gc -mabi=lp64d")

set(SC_RISCV_SYSROOT /usr/riscv64-linux-gnu CACHE PATH "riscv64 glibc root for qemu's dynamic loader")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-riscv64 -L ${SC_RISCV_SYSROOT})

set(CMAKE_FIND_ROOT_PATH ${SC_RISCV_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
