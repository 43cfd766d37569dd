#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Install what the cross-architecture builds and tests need on Debian 12
# (bookworm) x86-64:
#   aarch64: gcc-12 cross compiler + glibc for aarch64-linux-gnu
#   riscv64: gcc-12 cross toolchain (crt files, libgcc, GNU ld) + glibc for
#            riscv64-linux-gnu, and clang-19, the first Debian clang with the
#            RVV and ratified vector-crypto (Zvbc, Zvkg, Zvkned) intrinsics
#   both:    qemu-user 10 from bookworm-backports (bookworm's own 7.2 has no
#            riscv_hwprobe and no RISC-V vector crypto), cmake, ninja, python3
#
# Usage: scripts/install-cross-deps.sh [aarch64|riscv64|all]   (default: all)
# Idempotent and non-interactive: exits at once when everything is present.
# Needs root (uses sudo otherwise). A first install is ~200 MB of downloads.
# SC_CROSS_FORCE=1 runs apt even when everything looks installed.
set -eu

arch=${1:-all}
common="qemu-user cmake ninja-build python3"
a64="gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
rv="clang-19 gcc-riscv64-linux-gnu libc6-dev-riscv64-cross"
case $arch in
    aarch64) pkgs="$common $a64" ;;
    riscv64) pkgs="$common $rv" ;;
    all) pkgs="$common $a64 $rv" ;;
    *) echo "usage: $0 [aarch64|riscv64|all]" >&2; exit 2 ;;
esac

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# qemu-user must be version 10 or later (Debian epoch "1:").
qemu_recent() {
    case $(dpkg-query -W -f='${Version}' qemu-user 2>/dev/null) in
        1:[1-9][0-9].*) return 0 ;;
        *) return 1 ;;
    esac
}

missing=""
for p in $pkgs; do installed "$p" || missing="$missing $p"; done
if [ -z "$missing" ] && qemu_recent && [ "${SC_CROSS_FORCE:-0}" != 1 ]; then
    echo "install-cross-deps: $arch dependencies already installed"
    exit 0
fi
echo "install-cross-deps: installing for $arch:${missing:- (forced)}"

SUDO=
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "install-cross-deps: need root or sudo" >&2; exit 1; }
    SUDO=sudo
fi
APT="$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600"

$APT update -qq
if ! apt-cache policy | grep -q 'bookworm-backports'; then
    # Add bookworm-backports from the mirror this machine already uses for
    # bookworm: a deb822 stanza whose Suites lists "bookworm" (awk paragraph
    # mode splits stanzas at blank lines), else a one-line sources.list entry.
    uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk 'BEGIN { RS = "" }
        /(^|\n)Suites:[^\n]*[ \t]bookworm([ \t]|\n|$)/ {
            if (match($0, /URIs:[ \t]*[^ \t\n]+/)) {
                s = substr($0, RSTART, RLENGTH); sub(/URIs:[ \t]*/, "", s); print s; exit } }')
    [ -n "$uri" ] || uri=$(grep -h -E '^deb +(\[[^]]*\] +)?[^ ]+ +bookworm ' \
        /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
        sed -E 's/^deb +(\[[^]]*\] +)?//' | awk '{ print $1; exit }')
    [ -n "$uri" ] || uri=http://deb.debian.org/debian
    echo "install-cross-deps: adding bookworm-backports from $uri"
    echo "deb $uri bookworm-backports main" |
        $SUDO tee /etc/apt/sources.list.d/bookworm-backports.list >/dev/null
    $APT update -qq
fi

# Everything but qemu-user from bookworm; qemu-user pinned to backports.
# shellcheck disable=SC2086
$APT install -y -qq --no-install-recommends $(echo "$pkgs" | sed 's/qemu-user/qemu-user\/bookworm-backports/')

qemu_recent || { echo "install-cross-deps: qemu-user 10 was not installed" >&2; exit 1; }
case $arch in aarch64 | all) qemu-aarch64 --version | head -n 1; aarch64-linux-gnu-gcc --version | head -n 1 ;; esac
case $arch in riscv64 | all) qemu-riscv64 --version | head -n 1; clang-19 --version | head -n 1 ;; esac
