#!/bin/sh
# Builds tools/registry-peers (libdeflate, zlib-ng, crc-fast and crc32fast
# from crates.io, versions pinned by its Cargo.lock) into
# $BUILD/registry-peers/libsimdcrypt_registry_peers.so, where
# `simdcrypt speed --peers` (src/cli/peer_registry.c) looks for it.
#
# Usage: sh scripts/build-registry-peers.sh [BUILD]   (default: build)
#
# Optional by design: without cargo, a C compiler/CMake for the -sys crates,
# or the crates (no registry, nothing cached), it says why and exits 0, so
# `make bench` runs with the Debian peers only and lists these as absent.
# Plain `cargo build --release`, no RUSTFLAGS: every library here picks its
# kernel at run time, so this is what a user of these crates gets.
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
# --locked: exactly the versions of the committed Cargo.lock. Online first;
# --offline when the registry is unreachable but the crates are cached.
build_once() {
    CARGO_TARGET_DIR=$out/target RUSTFLAGS= cargo build --release --locked "$@" \
        --manifest-path "$root/tools/registry-peers/Cargo.toml" >>"$log" 2>&1
}
: >"$log"
if ! build_once && ! build_once --offline; then
    tail -n 5 "$log" >&2
    skip "cargo build failed (log: $log)"
fi
cp "$out/target/release/$lib" "$out/$lib.tmp" && mv "$out/$lib.tmp" "$out/$lib" ||
    skip "cannot copy $lib to $out"
echo "registry peers: $out/$lib"
