#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Installs what the native build, tests and benchmark peers need (Debian 12,
# as root). Idempotent and quick when everything is present.
set -e
pkgs="cmake ninja-build gcc clang make pkg-config python3 python3-venv gdb valgrind libcapstone-dev zsh
  clang-19 libclang-rt-19-dev
  zlib1g-dev libisal-dev libdeflate-dev libipsec-mb-dev
  openssl xxd libssl-dev libsodium-dev libcrypto++-dev libbotan-2-dev libgcrypt20-dev nettle-dev libengine-gost-openssl"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
# pycryptodome: the oracle of tests/test_cli_hash.sh for Keccak-256,
# TurboSHAKE and KangarooTwelve (Debian's python3-pycryptodome 3.11 has no
# TurboSHAKE), from PyPI into the python3 the tests run.
if ! python3 -c 'from Crypto.Hash import TurboSHAKE128, KangarooTwelve' >/dev/null 2>&1; then
    echo "install-deps: installing pycryptodome (PyPI)"
    python3 -m pip install -q pycryptodome 2>/dev/null ||
        python3 -m pip install -q --break-system-packages pycryptodome
fi
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: not root; install these packages:$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
