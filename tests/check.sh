# Shared by the shell tests that source it (". tests/check.sh"): a scratch
# directory $tmp removed on exit, and check DESCRIPTION COMMAND... which
# counts COMMAND's success; check_summary prints the counts (the project's
# "N passed, N failed" line) and returns non-zero on any failure.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # description, command...
    desc=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $desc"; fi
}
check_summary() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
