#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Constant-time check of every cipher kernel this CPU runs, AVX-512 included,
# with clang's DataFlowSanitizer (tests/ct_dfsan/README.md).
#
#   scripts/ct-dfsan.sh [BUILD_DIR]     (default: build-ct-dfsan)
#
# Configures an instrumented build of this tree in BUILD_DIR, builds the
# checker's self-test and the cipher harness, runs both. Exit 0 clean, 1 on a
# leak or a self-test failure, 77 (ctest: skipped) when the tools are missing:
# needs clang-19 and libclang-rt-19-dev (Debian 12: apt-get install clang-19
# libclang-rt-19-dev), python3, cmake, x86-64. SC_DFSAN_CC overrides clang-19.
set -e
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build-ct-dfsan}
cc=${SC_DFSAN_CC:-clang-19}

skip() {
    echo "skipped: $*"
    exit 77
}
[ "$(uname -m)" = x86_64 ] || skip "the DFSan checker is set up for x86-64 only"
command -v "$cc" >/dev/null 2>&1 || skip "$cc not found (apt-get install clang-19 libclang-rt-19-dev)"
command -v python3 >/dev/null 2>&1 || skip "python3 not found"
# the probes are opaque-pointer IR and the DFSan interface is LLVM 19's
major=$("$cc" -dumpversion | cut -d. -f1)
[ "$major" -ge 19 ] 2>/dev/null || skip "$cc is version $major; the checker needs clang 19 or newer"
resource=$("$cc" -print-resource-dir)
[ -f "$resource/lib/linux/libclang_rt.dfsan-x86_64.a" ] || [ -f "$resource/lib/x86_64-unknown-linux-gnu/libclang_rt.dfsan.a" ] ||
    skip "no DataFlowSanitizer runtime for $cc (apt-get install libclang-rt-19-dev)"

# Findings are printed with file:line: point the runtime at llvm's symbolizer.
symbolizer=$(dirname "$(readlink -f "$(command -v "$cc")")")/llvm-symbolizer
[ -x "$symbolizer" ] && export DFSAN_OPTIONS="external_symbolizer_path=$symbolizer${DFSAN_OPTIONS:+:$DFSAN_OPTIONS}"

dir=$src/tests/ct_dfsan
generator=
command -v ninja >/dev/null 2>&1 && generator="-G Ninja"
# The build does not know that this script (its flags) and the probe tools
# are part of every compile: start it afresh when they (or the compiler)
# change.
stamp=$( (cat "$0" "$dir/ct_probe_ir.py" "$dir/ct_dfsan_cc.py" "$dir/ct_abilist.txt"; "$cc" --version) | cksum)
if [ -f "$build/CMakeCache.txt" ] && [ "$(cat "$build/ct-tools.stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$build"
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
    # SC_CT_DFSAN_BUILD: code the checker cannot follow (asm with memory
    # operands: the MULX Poly1305) takes its C equivalent. -fno-vectorize:
    # loops stay scalar, so every access keeps its own probe (ct_probe_ir.py
    # refuses the masked intrinsics it does not model).
    # shellcheck disable=SC2086
    cmake -S "$src" -B "$build" $generator -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
        -DCMAKE_C_COMPILER_LAUNCHER="python3;$dir/ct_dfsan_cc.py" \
        -DCMAKE_C_FLAGS="-DSC_CT_DFSAN_BUILD=1 -fsanitize=dataflow -fsanitize-ignorelist=$dir/ct_abilist.txt -fno-vectorize -fno-slp-vectorize -gline-tables-only" \
        -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=dataflow" \
        -DSC_CT_DFSAN=ON -DSC_PEERS=OFF >"$build.configure.log" 2>&1 ||
        { cat "$build.configure.log"; exit 1; }
    echo "$stamp" >"$build/ct-tools.stamp"
fi
cmake --build "$build" --target ct_dfsan_selftest ct_dfsan_ciphers >"$build.build.log" 2>&1 ||
    { tail -n 60 "$build.build.log"; exit 1; }

echo "== checker self-test (leaky mini kernels must be flagged, clean ones not)"
"$build/tests/ct_dfsan/ct_dfsan_selftest" || { echo "checker self-test FAILED: its verdicts cannot be trusted"; exit 1; }
echo "== every cipher/MAC name on every runnable kernel, secrets labelled"
"$build/tests/ct_dfsan/ct_dfsan_ciphers"
