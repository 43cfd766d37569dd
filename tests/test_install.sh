#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# cmake --install into a scratch prefix, then build a consumer with the CMake
# package (find_package) and with pkg-config, and run both. Then the rest of
# what an install gives (issue 18 point 2): the CLI links nothing but libc
# (the peers are a plug-in), runs its selftest and finds the plug-in from
# the prefix; the man page renders without warnings; the bash and zsh
# completions complete from the installed binary; `make install` never calls apt; and a
# build without peers (SC_PEERS=OFF) configures and has no plug-in.
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

# --- the CLI, its plug-in, man page and completion ---------------------------
cli="$tmp/prefix/bin/simdcrypt"
# Only the C library (and libm, libdl, libpthread, the loader, the vDSO):
# no peer library, no libsimdcrypt.so (the CLI links it statically).
only_libc() {
    ldd "$1" | grep -vE '^[[:space:]]*(linux-vdso\.so|/lib.*/ld-linux|lib(c|m|dl|pthread)\.so\.)' |
        grep -vE '=> /.*/(ld-linux[^ ]*|lib(c|m|dl|pthread)\.so\.[0-9]+) ' | grep -q . && return 1
    return 0
}
only_libc "$build/src/cli/simdcrypt" && ok || bad "build tree CLI links more than libc: $(ldd "$build/src/cli/simdcrypt" | tr -s '\n\t' ' ')"
only_libc "$cli" && ok || bad "installed CLI links more than libc"
"$cli" selftest >/dev/null && ok || bad "installed CLI: selftest"
if [ -f "$build/src/cli/simdcrypt-peers.so" ]; then
    # Installed next to the library, found from the binary's location.
    [ -f "$tmp/prefix/lib/simdcrypt/simdcrypt-peers.so" ] && ok || bad "peers plug-in installed"
    "$cli" speed --peers -a crc32c --sizes 64 --trials 1 >"$tmp/speed.txt" 2>"$tmp/speed.err" &&
        grep -q '| peer ' "$tmp/speed.txt" && ! grep -q 'no peers available' "$tmp/speed.err" && ok ||
        bad "installed CLI: speed --peers loads the plug-in and times a peer"
fi
# Without the plug-in (SIMDCRYPT_PEERS names nothing): said on stderr, our
# kernels still measured, exit 0.
SIMDCRYPT_PEERS="$tmp/none.so" "$cli" speed --peers -a crc32c --sizes 64 --trials 1 >"$tmp/speed.txt" 2>"$tmp/speed.err" &&
    grep -q 'no peers available' "$tmp/speed.err" && grep -q '| kernel ' "$tmp/speed.txt" &&
    ! grep -q '| peer ' "$tmp/speed.txt" && ok || bad "speed --peers without the plug-in"

man1="$tmp/prefix/share/man/man1/simdcrypt.1"
if [ ! -f "$man1" ]; then
    bad "man page installed"
elif command -v groff >/dev/null; then
    # -P-cbou: plain text, no overstrike, so that it can be grepped.
    groff -man -Tutf8 -ww -P-cbou "$man1" >"$tmp/man.txt" 2>"$tmp/man.err" && [ ! -s "$tmp/man.err" ] &&
        grep -q 'SIMDCRYPT_PEERS' "$tmp/man.txt" && ok || bad "man page renders without warnings: $(cat "$tmp/man.err")"
    # Every command the binary has is in the manual.
    for c in info sum selftest cipher aead mac speed tune; do
        grep -qE "^ +$c$" "$tmp/man.txt" && ok || bad "man page: no section for $c"
    done
else
    echo "SKIP: no groff to check the man page"
fi

comp="$tmp/prefix/share/bash-completion/completions/simdcrypt"
if [ -f "$comp" ] && command -v bash >/dev/null; then
    # Complete as bash would, with the installed binary on PATH: commands,
    # an option, and names the binary lists.
    got=$(PATH="$tmp/prefix/bin:$PATH" bash -c '. "$1"
        t() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _simdcrypt; echo "${COMPREPLY[*]}"; }
        t simdcrypt se; t simdcrypt sum --ch; t simdcrypt cipher -a aes-256-ct; t simdcrypt speed -a crc32,sha3-5' sh "$comp")
    want="selftest
--check
aes-256-ctr
crc32,sha3-512"
    [ "$got" = "$want" ] && ok || bad "bash completion gave [$got]"
else
    bad "bash completion installed"
fi

zcomp="$tmp/prefix/share/zsh/site-functions/_simdcrypt"
if [ ! -f "$zcomp" ]; then
    bad "zsh completion installed"
elif command -v zsh >/dev/null; then
    # zsh's own completion system on a pseudo terminal (tests/zsh_complete.zsh):
    # commands, options, names from the installed binary, lists, files.
    PATH="$tmp/prefix/bin:$PATH" zsh -f "$src/tests/zsh_complete.zsh" "${zcomp%/*}" "$tmp/zsh.out" \
        "simdcrypt se" "simdcrypt sum --ch" "simdcrypt cipher -a aes-256-cb" "simdcrypt speed -a crc32,sha3-51" \
        "simdcrypt cipher --key-meshing cr" "simdcrypt cipher -i $tmp/prefix/share/zsh/site-functions/_simd"
    want="[simdcrypt selftest ]
[simdcrypt sum --check ]
[simdcrypt cipher -a aes-256-cbc ]
[simdcrypt speed -a crc32,sha3-512 ]
[simdcrypt cipher --key-meshing cryptopro ]
[simdcrypt cipher -i $tmp/prefix/share/zsh/site-functions/_simdcrypt ]"
    got=$(cat "$tmp/zsh.out")
    [ "$got" = "$want" ] && ok || bad "zsh completion gave [$got]"
else
    echo "SKIP: no zsh to check its completion"
fi

# make install and make docs configure and build only: no apt, no
# scripts/install-deps.sh (make -n prints what they would run).
if command -v make >/dev/null; then
    make -s -C "$src" -n install docs BUILD="$build" >"$tmp/make.txt" 2>&1 && grep -q 'cmake --install' "$tmp/make.txt" &&
        ! grep -qE 'install-deps|apt' "$tmp/make.txt" && ok || bad "make install runs no apt: $(cat "$tmp/make.txt")"
fi

# A build without peer libraries: SC_PEERS=OFF configures, and nothing in it
# builds the plug-in (the CLI does not need it).
if cmake -S "$src" -B "$tmp/nopeers" -DSC_PEERS=OFF -DSC_BUILD_TESTS=OFF >"$tmp/nopeers.txt" 2>&1; then
    ok
    cmake --build "$tmp/nopeers" --target help 2>/dev/null | grep -q simdcrypt_peers &&
        bad "SC_PEERS=OFF still has the plug-in target" || ok
else
    bad "SC_PEERS=OFF configure: $(tail -5 "$tmp/nopeers.txt")"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
