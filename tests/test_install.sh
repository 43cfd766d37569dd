#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# cmake --install into a scratch prefix, then build a consumer with the CMake
# package (find_package) and with pkg-config, and run both.
# Usage: test_install.sh SOURCE_DIR BUILD_DIR
set -e
src=${1:?source dir}; build=${2:?build dir}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
mkdir "$tmp/app"
cat > "$tmp/app/main.c" <<'C'
#include <simdcrypt.h>
#include <stdio.h>
int main(void) { return sc_crc32c(0, "123456789", 9) == 0xe3069283u ? 0 : 1; }
C
cat > "$tmp/app/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(simdcrypt 0.1 REQUIRED)
add_executable(consumer main.c)
target_link_libraries(consumer simdcrypt::simdcrypt)
add_executable(consumer_static main.c)
target_link_libraries(consumer_static simdcrypt::simdcrypt_static)
C
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }
if cmake -S "$tmp/app" -B "$tmp/app/b" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null &&
   cmake --build "$tmp/app/b" >/dev/null; then ok; else bad "find_package consumer builds"; fi
LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/app/b/consumer" && ok || bad "shared consumer runs"
"$tmp/app/b/consumer_static" && ok || bad "static consumer runs"
pc="$tmp/prefix/lib/pkgconfig"
if cc "$tmp/app/main.c" $(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs simdcrypt) -o "$tmp/pc"; then ok; else bad "pkg-config build"; fi
LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/pc" && ok || bad "pkg-config consumer runs"
soname=$(objdump -p "$tmp/prefix/lib/libsimdcrypt.so" | awk '/SONAME/ {print $2}')
[ "$soname" = "libsimdcrypt.so.0" ] && ok || bad "SONAME is $soname"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
