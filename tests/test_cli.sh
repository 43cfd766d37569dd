#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CLI tests: known sums, stdin, an unreadable file among readable ones,
# usage errors, info and selftest. Usage: test_cli.sh /path/to/simdcrypt
cli=${1:?usage: test_cli.sh SIMDCRYPT}
. "$(dirname "$0")/cli_test_lib.sh"
printf 123456789 > "$tmp/check.txt"
: > "$tmp/empty"
head -c 300000 /dev/zero | tr '\0' 'a' > "$tmp/big"

out=$($run "$cli" sum -a crc32 "$tmp/check.txt")
check "crc32 check value" [ "$out" = "cbf43926  $tmp/check.txt" ]
out=$($run "$cli" sum -a crc32c "$tmp/check.txt")
check "crc32c check value" [ "$out" = "e3069283  $tmp/check.txt" ]
out=$($run "$cli" sum -a adler32 "$tmp/check.txt")
check "adler32 check value" [ "$out" = "091e01de  $tmp/check.txt" ]
out=$(printf 123456789 | $run "$cli" sum -a crc32c)
check "stdin without a file" [ "$out" = "e3069283  -" ]
out=$(printf 123456789 | $run "$cli" sum -a crc32c -)
check "stdin as -" [ "$out" = "e3069283  -" ]
out=$($run "$cli" sum -a adler32 "$tmp/empty")
check "empty file" [ "$out" = "00000001  $tmp/empty" ]
# 300000 'a' bytes: the value python3 -c "import zlib; print(hex(zlib.crc32(b'a'*300000)))" gives
out=$($run "$cli" sum -a crc32 "$tmp/big")
check "big file crc32 (zlib oracle)" [ "$out" = "$(python3 -c "import zlib; print('%08x' % zlib.crc32(b'a'*300000))")  $tmp/big" ]

out=$($run "$cli" sum -a crc32 "$tmp/missing" "$tmp/check.txt" 2>"$tmp/err"); rc=$?
check "unreadable file: non-zero exit" [ $rc -ne 0 ]
check "unreadable file: message names it" grep -q "$tmp/missing" "$tmp/err"
check "unreadable file: other files still summed" [ "$out" = "cbf43926  $tmp/check.txt" ]
$run "$cli" sum -a md4 "$tmp/check.txt" 2>/dev/null
check "unknown algorithm rejected" [ $? -ne 0 ]
$run "$cli" sum "$tmp/check.txt" 2>/dev/null
check "missing -a rejected" [ $? -ne 0 ]
$run "$cli" bogus 2>/dev/null
check "unknown command rejected" [ $? -ne 0 ]
check "info runs" sh -c "$run '$cli' info > '$tmp/info'"
check "info names the crc32c kernel" grep -q '^crc32c ' "$tmp/info"
check "selftest passes" sh -c "$run '$cli' selftest > '$tmp/selftest'"
cat "$tmp/info"
finish
