#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CLI tests for `simdcrypt cipher` and `simdcrypt mac` (Kalyna): the
# DSTU 7624:2014 vectors through files and pipes, every kernel, round trips,
# and the errors (bad hex, wrong sizes, partial blocks, unreadable files).
# Usage: test_cli_cipher.sh /path/to/simdcrypt
cli=${1:?usage: test_cli_cipher.sh SIMDCRYPT}
. "$(dirname "$0")/cli_test_lib.sh"

K=000102030405060708090a0b0c0d0e0f
IV=101112131415161718191a1b1c1d1e1f
# DSTU 7624:2014 B.3: CTR with a partial last block (42 bytes)
echo 202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748 | unhex > "$tmp/ctr.pt"
CTR_CT=a90a6b9780abdfdff64d14f5439e88f266dc50edd341528dd5e698e2f000ce21f872daf9fe1811844a
kernels=$(runnable_kernels kalyna)
[ -n "$kernels" ] || kernels=portable
for k in $kernels; do
    out=$($run "$cli" cipher -a kalyna-128-128-ctr -e -k $K --iv $IV --kernel "$k" -i "$tmp/ctr.pt" | tohex)
    check "ctr vector, kernel $k" [ "$out" = "$CTR_CT" ]
done
out=$($run "$cli" cipher -a kalyna-128-128-ctr -e -k $K --iv $IV < "$tmp/ctr.pt" | tohex)
check "ctr vector via stdin/stdout" [ "$out" = "$CTR_CT" ]
$run "$cli" cipher -a kalyna-128-128-ctr -d -k $K --iv $IV -i "$tmp/ctr.pt" -o "$tmp/ctr.out"
check "ctr -o writes the file" [ "$(tohex < "$tmp/ctr.out")" = "$CTR_CT" ]

# ECB (B.1) 512/512 and CBC (B.6.1), both directions
K64=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
PT64=404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f
CT64=4a26e31b811c356aa61dd6ca0596231a67ba8354aa47f3a13e1deec320eb56b895d0f417175bab662fd6f134bb15c86ccb906a26856efeb7c5bc6472940dd9d9
out=$(echo $PT64 | unhex | $run "$cli" cipher -a kalyna-512-512-ecb -e -k $K64 | tohex)
check "ecb 512/512 encrypt" [ "$out" = "$CT64" ]
out=$(echo $CT64 | unhex | $run "$cli" cipher -a kalyna-512-512-ecb -d -k $K64 | tohex)
check "ecb 512/512 decrypt" [ "$out" = "$PT64" ]
CBC_PT=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f
CBC_CT=a73625d7be994e85469a9faabcedaab6dbc5f65dd77bb35e06bd7d1d8eafc8624d6cb31ce189c82b8979f2936de9bf14
out=$(echo $CBC_PT | unhex | $run "$cli" cipher -a kalyna-128-128-cbc -e -k $K --iv $IV | tohex)
check "cbc encrypt" [ "$out" = "$CBC_CT" ]
out=$(echo $CBC_CT | unhex | $run "$cli" cipher -a kalyna-128-128-cbc -d -k $K --iv $IV | tohex)
check "cbc decrypt" [ "$out" = "$CBC_PT" ]

# round trip of a large file (several read chunks) in every mode of 256/512
head -c 200000 /dev/urandom > "$tmp/big"
K512=$(head -c 64 /dev/urandom | tohex); IV32=$(head -c 32 /dev/urandom | tohex)
for m in ecb cbc ctr; do
    iv="--iv $IV32"; [ $m = ecb ] && iv=
    $run "$cli" cipher -a kalyna-256-512-$m -e -k $K512 $iv -i "$tmp/big" -o "$tmp/big.enc" &&
        $run "$cli" cipher -a kalyna-256-512-$m -d -k $K512 $iv -i "$tmp/big.enc" -o "$tmp/big.dec"
    check "round trip 256/512 $m" cmp -s "$tmp/big" "$tmp/big.dec"
done

# MAC (B.8)
MAC_MSG=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f
echo $MAC_MSG | unhex > "$tmp/mac.msg"
out=$($run "$cli" mac -a kalyna-128-128-cmac -k $K "$tmp/mac.msg")
check "mac vector" [ "$out" = "123b4eab8e63ecf3e645a99c1115e241  $tmp/mac.msg" ]
out=$($run "$cli" mac -a kalyna-128-128-cmac -k $K --tag-len 8 < "$tmp/mac.msg")
check "mac truncated, stdin" [ "$out" = "123b4eab8e63ecf3  -" ]

# errors: exit status 1 (2 for usage) and a message naming the problem
err() { # description, expected-status, pattern, command...
    desc=$1 want=$2 pat=$3; shift 3
    "$@" > /dev/null 2> "$tmp/err" < "$tmp/ctr.pt"
    got=$?
    check "$desc: status $got" [ $got = $want ]
    check "$desc: message" grep -q "$pat" "$tmp/err"
}
err "bad hex key" 1 "not a hex string" $run "$cli" cipher -a kalyna-128-128-ecb -e -k 0g0102030405060708090a0b0c0d0e0f
err "odd hex key" 1 "odd number" $run "$cli" cipher -a kalyna-128-128-ecb -e -k 000
err "wrong key size" 1 "16-byte key" $run "$cli" cipher -a kalyna-128-128-ecb -e -k 0001
err "wrong IV size" 1 "16-byte IV" $run "$cli" cipher -a kalyna-128-128-cbc -e -k $K --iv 0011
err "IV on ECB" 1 "takes no IV" $run "$cli" cipher -a kalyna-128-128-ecb -e -k $K --iv $IV
err "partial block ECB" 1 "whole number of 16-byte blocks" $run "$cli" cipher -a kalyna-128-128-ecb -e -k $K
err "unreadable input" 1 "cannot read" $run "$cli" cipher -a kalyna-128-128-ctr -e -k $K --iv $IV -i "$tmp/missing"
err "unknown cipher" 1 "unknown cipher" $run "$cli" cipher -a kalyna-128-999-ecb -e -k $K
err "sbox on kalyna" 1 "invalid argument" $run "$cli" cipher -a kalyna-128-128-ecb -e -k $K --sbox param-z
err "unknown kernel" 1 "invalid argument" $run "$cli" cipher -a kalyna-128-128-ecb -e -k $K --kernel nope
err "missing -e/-d" 2 "required" $run "$cli" cipher -a kalyna-128-128-ecb -k $K
err "mac of a partial block" 1 "whole 16-byte blocks" $run "$cli" mac -a kalyna-128-128-cmac -k $K
err "mac tag too long" 1 "tags are 1 to 16 bytes" $run "$cli" mac -a kalyna-128-128-cmac -k $K --tag-len 17 "$tmp/mac.msg"
err "mac unreadable file" 1 "cannot read" $run "$cli" mac -a kalyna-128-128-cmac -k $K "$tmp/missing"

finish
