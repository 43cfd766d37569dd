#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The generated constant headers are what their generators write today: a
# change to a generator (or a hand edit of its output) cannot go unnoticed.
# Usage: test_generated.sh <source dir>
set -e
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # <generated file> <generator> [args...]; the generator writes to stdout or to "$out"
    want=$1; shift
    if cmp -s "$tmp/out" "$src/$want"; then echo "ok   $want"; else echo "FAIL $want differs from $*"; fail=1; fi
}
python3 "$src/tools/gen_crc_tables.py" "$tmp/out" && check src/checksum/crc_tables.h gen_crc_tables.py
python3 "$src/tools/gen_crc_fold_constants.py" "$tmp/out" && check src/arch/x86/crc_fold_constants.h gen_crc_fold_constants.py
python3 "$src/tools/gen_crc_gfni_matrices.py" "$tmp/out" && check src/arch/x86/crc_gfni_matrices.h gen_crc_gfni_matrices.py
python3 "$src/tools/gen_crc_arm_constants.py" "$tmp/out" && check src/arch/aarch64/crc_arm_constants.h gen_crc_arm_constants.py
python3 "$src/tools/gen_crc_clmul_constants.py" >"$tmp/out" && check src/arch/riscv64/crc_clmul_constants.c gen_crc_clmul_constants.py
exit $fail
