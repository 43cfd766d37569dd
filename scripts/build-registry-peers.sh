#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds tools/registry-peers (libdeflate, zlib-ng, crc-fast, crc32fast and
# AWS-LC from crates.io, versions pinned by its Cargo.lock) into
# $BUILD/registry-peers/libsimdcrypt_registry_peers.so, where
# `simdcrypt speed --peers` (src/cli/peer_registry.c) looks for it.
#
# Usage: sh scripts/build-registry-peers.sh [BUILD]   (default: build)
#
# Optional by design: without cargo, a C compiler/CMake for the -sys crates,
# or the crates (no registry, nothing cached), it says why and exits 0, so
# `make bench` runs with the Debian peers only and lists these as absent.
# Two builds: plain `cargo build --release` (no RUSTFLAGS: every library
# here picks its kernel at run time, so this is what a user of these crates
# gets) and the same with RUSTFLAGS='-C target-cpu=native' (..._native.so).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
out=$build/registry-peers
lib=libsimdcrypt_registry_peers.so

skip() {
    echo "registry peers not built: $*" >&2
    echo "(simdcrypt speed --peers lists them as absent)" >&2
    exit 0
}

command -v cargo >/dev/null 2>&1 || skip "cargo not found (https://rustup.rs)"
mkdir -p "$out" || skip "cannot create $out"
log=$out/build.log
: >"$log"
# $1: cargo target dir under $out, $2: file name in $out, $3: RUSTFLAGS.
# --locked: exactly the versions of the committed Cargo.lock. Online first,
# then --offline (the registry unreachable but the crates cached).
build_variant() {
    for mode in "" --offline; do
        if CARGO_TARGET_DIR=$out/$1 RUSTFLAGS=$3 cargo build --release --locked $mode \
            --manifest-path "$root/tools/registry-peers/Cargo.toml" >>"$log" 2>&1; then
            cp "$out/$1/release/$lib" "$out/$2.tmp" && mv "$out/$2.tmp" "$out/$2" && return 0
        fi
    done
    return 1
}
# The plain build: what users of these crates get (each picks its kernel at
# run time).
if ! build_variant target "$lib" ""; then
    tail -n 5 "$log" >&2
    skip "cargo build failed (log: $log)"
fi
echo "registry peers: $out/$lib"
# The same for this CPU: crc-fast and crc32fast are much faster with it at
# small sizes (peer_registry.c). Optional: its absence is reported per case.
if build_variant target-native "${lib%.so}_native.so" "-C target-cpu=native"; then
    echo "registry peers (target-cpu=native): $out/${lib%.so}_native.so"
else
    echo "registry peers: target-cpu=native build failed (log: $log)" >&2
fi
