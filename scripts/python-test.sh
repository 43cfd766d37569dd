#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Build the Python package the way a user does (`pip install .` in a fresh
# venv under the build directory, the extension built by scikit-build-core
# with SC_PYTHON=ON: the static library and the module, nothing else) and
# run python/tests with pytest, cross-checking against zlib, hashlib,
# cryptography, google-crc32c and crc32c installed from PyPI into that venv
# (and mypy, whose stubtest checks the type stubs).
# Used by `make test-python` (and `make test` with PYTHON=1) and CI.
#
# Environment: PYTHON (default python3), SC_PYTHON_BUILD (default
# build/python-pkg: the venv (kept between runs: its PyPI packages are
# installed once) and CMake's build tree), WERROR=1 (warnings are
# errors).
# Exits 77 (skipped) only when PYTHON has no venv module (Debian:
# apt-get install python3-venv).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=${SC_PYTHON_BUILD:-$root/build/python-pkg}
python=${PYTHON:-python3}

if ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
    echo "python-test: skipped: $python has no venv/ensurepip module (Debian: apt-get install python3-venv)" >&2
    exit 77
fi
mkdir -p "$build"
venv=$build/venv
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
pip="$venv/bin/python -m pip --disable-pip-version-check -q"
$pip install pytest cryptography google-crc32c crc32c mypy
werror=OFF
[ "${WERROR:-0}" = 1 ] && werror=ON
# shellcheck disable=SC2086
$pip install --force-reinstall --no-deps -Cbuild-dir="$build/cmake" -Ccmake.define.SC_WERROR=$werror "$root"
# from the build directory: the sources in python/ must not shadow the install
cd "$build"
"$venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir "$root/python/tests" "$root/python/tests" \
    | tee "$build/pytest.log"
# pytest's closing line, e.g. "230 passed, 2 skipped in 3.1s" or "1 failed, 3 errors in ..."
status=$(tail -n 1 "$build/pytest.log")
count() { echo "$status" | grep -o "[0-9][0-9]* $1" | cut -d' ' -f1; }
passed=$(count passed) failed=$(count failed) errors=$(count error) skipped=$(count skipped)
failed=$((${failed:-0} + ${errors:-0}))
echo "python: ${passed:-0} passed, $failed failed, ${skipped:-0} skipped"
[ "$failed" = 0 ] && [ "${passed:-0}" -gt 0 ]
