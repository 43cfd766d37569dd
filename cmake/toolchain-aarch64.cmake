# SPDX-License-Identifier: Apache-2.0
# Cross toolchain: aarch64 Linux with Debian's gcc-12 cross compiler
# (packages gcc-aarch64-linux-gnu, libc6-dev-arm64-cross; qemu-user >= 10 to run).
#
#   cmake -S . -B build-a64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/toolchain-aarch64.cmake
#
# The path must be absolute: CMake resolves a relative toolchain path against
# the build directory. For clang instead of gcc pass
#   -DSC_AARCH64_CC=clang-19   (it finds the same cross GCC install and binutils).
#
# Built programs (tests, the CLI) run under qemu-user through
# CMAKE_CROSSCOMPILING_EMULATOR; pick the emulated CPU with the QEMU_CPU
# environment variable (e.g. QEMU_CPU=cortex-a53). -L points the guest's
# dynamic loader at the cross glibc.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(SC_AARCH64_TRIPLE aarch64-linux-gnu)
set(SC_AARCH64_SYSROOT /usr/${SC_AARCH64_TRIPLE} CACHE PATH "aarch64 glibc root for qemu's dynamic loader")
set(SC_AARCH64_CC "${SC_AARCH64_TRIPLE}-gcc" CACHE STRING "C compiler for the aarch64 cross build")

set(CMAKE_C_COMPILER ${SC_AARCH64_CC})
if(SC_AARCH64_CC MATCHES "clang")
  set(CMAKE_C_COMPILER_TARGET ${SC_AARCH64_TRIPLE})
endif()

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L ${SC_AARCH64_SYSROOT})

set(CMAKE_FIND_ROOT_PATH ${SC_AARCH64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
