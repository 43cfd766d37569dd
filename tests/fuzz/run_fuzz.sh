#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ctest driver for one libFuzzer target:
#   run_fuzz.sh TARGET SEED_CORPUS_DIR [libFuzzer flags...]
# Fuzzes for SC_FUZZ_SECONDS (default 20) starting from a temporary copy of
# the committed seed corpus (the source tree is never written; what the run
# adds to the copy is dropped). A crash, sanitizer report or differential
# mismatch fails the test and leaves the input in fuzz-artifacts/ under the
# current (build) directory, with the command that replays it.
set -eu
target=$1 seeds=$2
shift 2
seconds=${SC_FUZZ_SECONDS:-20}
name=$(basename "$target")
artifacts=$(pwd)/fuzz-artifacts
mkdir -p "$artifacts"
work=$(mktemp -d "${TMPDIR:-/tmp}/sc-$name.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$seeds"/* "$work/"
# stdin from /dev/null: a command under test that reads stdin never waits.
if "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$name-" "$@" "$work" </dev/null; then
    exit 0
fi
echo "$name failed; replay: $target $artifacts/$name-<crash file> (see above)"
exit 1
