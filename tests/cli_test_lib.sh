# SPDX-License-Identifier: Apache-2.0
# Sourced by the CLI test scripts (after they set cli=$1): a temporary
# directory $tmp removed on exit, the counters and check(), hex helpers, and
# finish() that prints the counts and sets the exit status.
run=${SC_EMULATOR:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # description, command...
    desc=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $desc"; fi
}
unhex() { xxd -r -p; }
tohex() { od -An -v -tx1 | tr -d ' \n'; }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" = 0 ]
}
