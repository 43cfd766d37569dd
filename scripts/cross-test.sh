#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Cross-build simdcrypt for AArch64 and/or RISC-V and run every test under
# qemu-user, once per CPU configuration of cmake/qemu_matrix.cmake.
#
# Usage: scripts/cross-test.sh [aarch64|riscv64|all]      (default: all)
# Installs the toolchains and qemu when missing (scripts/install-cross-deps.sh,
# needs root or sudo). Build directories: build-aarch64 and build-riscv64 in
# the source tree, or $SC_BUILD_AARCH64 / $SC_BUILD_RISCV64. $JOBS sets the
# parallelism (default: number of CPUs). Exits non-zero if anything fails.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
which=${1:-all}
case $which in
    aarch64) arches=aarch64 ;;
    riscv64) arches=riscv64 ;;
    all) arches="aarch64 riscv64" ;;
    *) echo "usage: $0 [aarch64|riscv64|all]" >&2; exit 2 ;;
esac
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

sh "$root/scripts/install-cross-deps.sh" "$which"

# A guest that dies on SIGILL must not leave qemu core files behind.
ulimit -c 0

failed=""
for arch in $arches; do
    case $arch in
        aarch64) build=${SC_BUILD_AARCH64:-$root/build-aarch64} ;;
        riscv64) build=${SC_BUILD_RISCV64:-$root/build-riscv64} ;;
    esac
    echo "=== $arch: configure + build in $build"
    mkdir -p "$build"
    if ! cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
            -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-$arch.cmake" \
            -DSC_WERROR=ON -DSC_PEERS=OFF >"$build/configure.log" 2>&1; then
        cat "$build/configure.log"
        failed="$failed $arch(configure)"
        continue
    fi
    if ! cmake --build "$build" -j "$jobs"; then
        failed="$failed $arch(build)"
        continue
    fi
    echo "=== $arch: kernels each CPU configuration selects"
    ctest --test-dir "$build" -R '^cli_info@' --verbose 2>&1 |
        sed -n -e 's/^[0-9]*: //' -e '/^Environment/,/^$/{/QEMU_CPU\|SIMDCRYPT_DISABLE/p}' \
            -e '/^features:\|^vlen:\|^adler32 \|^crc32 \|^crc32c /p' || true
    echo "=== $arch: tests"
    if ! ctest --test-dir "$build" --output-on-failure -j "$jobs"; then
        failed="$failed $arch(tests)"
    fi
done

if [ -n "$failed" ]; then
    echo "cross-test: FAILED:$failed" >&2
    exit 1
fi
echo "cross-test: $which passed"
