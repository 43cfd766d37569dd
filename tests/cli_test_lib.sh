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
# runnable_kernels FAMILY: the kernels of FAMILY that `simdcrypt info` marks
# runnable on this CPU ("*"), one per line. Kernels built but not runnable here
# (AVX-512 ones on an AVX2-only CPU) are named on stderr: they are run by the
# C tests' own feature checks only where the CPU has them, and under qemu for
# the other ISAs.
runnable_kernels() {
    $run "$cli" info 2>/dev/null | awk -v fam="$1" '
        $1 == fam { for (i = 3; i <= NF; i++)
            if ($i ~ /[*]$/) { sub(/[*]$/, "", $i); print $i }
            else printf "skip: %s kernel %s is not runnable on this CPU\n", fam, $i > "/dev/stderr" }' | sort -u
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" = 0 ]
}
