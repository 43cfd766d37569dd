#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CLI tests for the Magma / GOST 28147-89 names of `simdcrypt cipher` and
# `simdcrypt mac`: GOST R 34.13-2015 A.2 and Nettle's GOST 28147-89 vectors
# (sources in tests/vectors/magma_kat.txt) on every kernel, --sbox by name,
# as hex and as a file, and the errors.
# Usage: test_magma_cli.sh /path/to/simdcrypt
cli=${1:?usage: test_magma_cli.sh SIMDCRYPT}
. "$(dirname "$0")/cli_test_lib.sh"

K=ffeeddccbbaa99887766554433221100f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
echo 92def06b3c130a59db54c704f8189d204a98fb2e67a8024c8912409b17b57e41 | unhex > "$tmp/pt"
ECB=2b073f0494f372a0de70e715d3556e4811d8d9e9eacfbc1e7c68260996c67efb
CTR=4e98110c97b7b93c3e250d93d6e85d69136d868807b2dbef568eb680ab52a12d
CBC=96d1b05eea683919aff76129abb937b95058b4a1c4bc001920b78b1a7cd7e667
kernels=$(runnable_kernels magma)
[ -n "$kernels" ] || kernels=portable
for k in $kernels; do
    check "magma-ecb, kernel $k" [ "$($run "$cli" cipher -a magma-ecb -e -k $K --kernel "$k" -i "$tmp/pt" | tohex)" = "$ECB" ]
    check "magma-ctr, kernel $k" [ "$($run "$cli" cipher -a magma-ctr -e -k $K --iv 12345678 --kernel "$k" -i "$tmp/pt" | tohex)" = "$CTR" ]
done
check "magma-cbc (3-block register)" [ "$($run "$cli" cipher -a magma-cbc -e -k $K --iv 1234567890abcdef234567890abcdef134567890abcdef12 -i "$tmp/pt" | tohex)" = "$CBC" ]
out=$(echo $CBC | unhex | $run "$cli" cipher -a magma-cbc -d -k $K --iv 1234567890abcdef234567890abcdef134567890abcdef12 | tohex)
check "magma-cbc decrypt" [ "$out" = "$(tohex < "$tmp/pt")" ]
check "magma-cmac" [ "$($run "$cli" mac -a magma-cmac -k $K "$tmp/pt" | cut -c1-8)" = "154e7210" ]
# GOST 28147-89's MAC (Bouncy Castle 1.80 GOST28147Mac, tests/vectors/magma_kat.txt),
# on every kernel: the chained single-block paths differ between kernels.
echo 0524436281a0bfdefd1c3b5a7998b7d6f5 | unhex > "$tmp/m17"
for k in $kernels; do
    check "gost89-mac, kernel $k" [ "$($run "$cli" mac -a gost89-mac -k 0718293a4b5c6d7e8fa0b1c2d3e4f5061728394a5b6c7d8e9fb0c1d2e3f40516 --sbox cryptopro-a --kernel "$k" "$tmp/m17" | cut -c1-8)" = "b1482288" ]
done
# CTR with a partial last block equals the prefix of the whole.
head -c 13 "$tmp/pt" > "$tmp/pt13"
check "magma-ctr partial block" [ "$($run "$cli" cipher -a magma-ctr -e -k $K --iv 12345678 -i "$tmp/pt13" | tohex)" = "$(echo $CTR | cut -c1-26)" ]

# GOST 28147-89 byte order, named S-boxes.
KG=8182838485868788898a8b8c8d8e8f80d1d2d3d4d5d6d7d8d9dadbdcdddedfd0
echo 0102030405060708f1f2f3f4f5f6f7f8 | unhex > "$tmp/pg"
check "gost89-ecb cryptopro-a" [ "$($run "$cli" cipher -a gost89-ecb -e -k $KG --sbox cryptopro-a -i "$tmp/pg" | tohex)" = 668184aedc48c9174164347058845cac ]
check "gost89-ecb test" [ "$($run "$cli" cipher -a gost89-ecb -e -k $KG --sbox test -i "$tmp/pg" | tohex)" = ced52a7ff7f260d5bc81a80bb5e65976 ]
check "gost89-ecb param-z (default)" [ "$($run "$cli" cipher -a gost89-ecb -e -k $KG -i "$tmp/pg" | tohex)" = ce5a5ed7e0577a5fd0cc85ce31635b8b ]
# The test parameter set as 128 hex digits and as a file.
TEST_SBOX=4a92d80e6b1c7f53eb4c6dfa23810759581da342efc7609b7da1089fe46cb2536c715fd84a9e03b24ba0721d36859cfedb413f590ae7682c1fd057a4923e6b8c
check "gost89-ecb --sbox HEX" [ "$($run "$cli" cipher -a gost89-ecb -e -k $KG --sbox $TEST_SBOX -i "$tmp/pg" | tohex)" = ced52a7ff7f260d5bc81a80bb5e65976 ]
echo $TEST_SBOX > "$tmp/sbox.txt"
check "gost89-ecb --sbox FILE" [ "$($run "$cli" cipher -a gost89-ecb -e -k $KG --sbox "$tmp/sbox.txt" -i "$tmp/pg" | tohex)" = ced52a7ff7f260d5bc81a80bb5e65976 ]
KC=599f84bac3f3d2f160e1e3f26a961af99c48b24ebcbbbf7cd8f3accd968d286a
out=$(echo 90a23966ae01b9a3524ec8ed6cdd8830 | unhex | $run "$cli" cipher -a gost89-cnt -e -k $KC --iv 8dafa8d158ed058d --sbox cryptopro-a | tohex)
check "gost89-cnt cryptopro-a" [ "$out" = 6e7262cce3593690833afea91bc9bece ]

# Errors: each refused with a non-zero status and a message.
fails() { ! "$@" > /dev/null 2> "$tmp/err" && [ -s "$tmp/err" ]; }
check "unknown S-box name" fails $run "$cli" cipher -a gost89-ecb -e -k $KG --sbox cryptopro-z -i "$tmp/pg"
check "short key" fails $run "$cli" cipher -a magma-ecb -e -k 0011 -i "$tmp/pt"
check "CTR IV of 8 bytes" fails $run "$cli" cipher -a magma-ctr -e -k $K --iv 1234567890abcdef -i "$tmp/pt"
check "CNT IV of 4 bytes" fails $run "$cli" cipher -a gost89-cnt -e -k $K --iv 12345678 -i "$tmp/pt"
check "ECB partial block" fails $run "$cli" cipher -a magma-ecb -e -k $K -i "$tmp/pt13"

# selftest runs the cipher known answers on every runnable Magma and Kalyna kernel.
$run "$cli" selftest > "$tmp/selftest"
check "selftest passes with ciphers" grep -q '^ok   magma    portable (10 vectors)$' "$tmp/selftest"
check "selftest covers kalyna" grep -q '^ok   kalyna   portable' "$tmp/selftest"
check "selftest summary line" grep -q '^[0-9]* passed, 0 failed, [0-9]* skipped$' "$tmp/selftest"
# GOST R 34.13-2015 OFB (A.2.3) and CFB (A.2.5): m = 2n from the 16-byte IV.
IV16=1234567890abcdef234567890abcdef1
OFB=db37e0e266903c830d46644c1f9a089ca0f83062430e327ec824efb8bd4fdb05
CFB=db37e0e266903c830d46644c1f9a089c24bdd2035315d38bbcc0321421075505
check "magma-ofb A.2.3" [ "$($run "$cli" cipher -a magma-ofb -e -k $K --iv $IV16 -i "$tmp/pt" | tohex)" = "$OFB" ]
check "magma-cfb A.2.5" [ "$($run "$cli" cipher -a magma-cfb -e -k $K --iv $IV16 --segment 64 -i "$tmp/pt" | tohex)" = "$CFB" ]
check "magma-cfb A.2.5 decrypt" [ "$(echo $CFB | unhex | $run "$cli" cipher -a magma-cfb -d -k $K --iv $IV16 | tohex)" = "$(tohex < "$tmp/pt")" ]
$run "$cli" cipher -a magma-cfb -e -k $K --iv $IV16 --segment 24 -i "$tmp/pt" > "$tmp/c24"
check "magma-cfb --segment 24 differs from s = 64" [ "$(tohex < "$tmp/c24")" != "$CFB" ]
check "magma-cfb --segment 24 round trip" [ "$($run "$cli" cipher -a magma-cfb -d -k $K --iv $IV16 --segment 24 -i "$tmp/c24" | tohex)" = "$(tohex < "$tmp/pt")" ]
# CryptoPro key meshing: the default; "none" agrees up to byte 1024 only.
head -c 2000 /dev/zero > "$tmp/z2000"
differ() { ! cmp -s "$1" "$2"; }
for a in gost89-cnt gost89-cfb; do
    $run "$cli" cipher -a $a -e -k $K --iv 0102030405060708 -i "$tmp/z2000" > "$tmp/dflt"
    $run "$cli" cipher -a $a -e -k $K --iv 0102030405060708 --key-meshing cryptopro -i "$tmp/z2000" > "$tmp/cp"
    $run "$cli" cipher -a $a -e -k $K --iv 0102030405060708 --key-meshing none -i "$tmp/z2000" > "$tmp/none"
    check "$a meshing on by default" cmp -s "$tmp/dflt" "$tmp/cp"
    check "$a meshing none: same first 1024 bytes" cmp -s -n 1024 "$tmp/cp" "$tmp/none"
    check "$a meshing none: differs after 1024 bytes" differ "$tmp/cp" "$tmp/none"
done
# CryptoPro CSP answers (tests/vectors/gost89_cryptopro.txt): a 6-byte MAC
# (short-message rule) and the empty message.
echo ef068f14c904 | unhex > "$tmp/m6"
KM=b06c48230a6ef4ec27980123a7d8bf6089efade88f79148c185c9adaef0bdda0
check "gost89-mac 6 bytes (CryptoPro)" [ "$($run "$cli" mac -a gost89-mac -k $KM --sbox id-Gost28147-89-CryptoPro-A-ParamSet "$tmp/m6" | cut -c1-8)" = e972aebf ]
check "gost89-mac --short-mac bc differs" [ "$($run "$cli" mac -a gost89-mac -k $KM --sbox E-A --short-mac bc "$tmp/m6" | cut -c1-8)" != e972aebf ]
check "gost89-mac --short-mac cryptopro by OID" [ "$($run "$cli" mac -a gost89-mac -k $KM --sbox 1.2.643.2.2.31.1 --short-mac cryptopro --key-meshing cryptopro "$tmp/m6" | cut -c1-8)" = e972aebf ]
check "gost89-mac of nothing (CryptoPro)" [ "$(printf '' | $run "$cli" mac -a gost89-mac -k $KM | cut -c1-8)" = 00000000 ]
check "info --sboxes" [ "$($run "$cli" info --sboxes | grep -c '1\.2\.643\.')" = 8 ]
# Usage errors (exit status 2) for the new options.
usage2() { "$@" > /dev/null 2> "$tmp/err"; [ $? = 2 ] && [ -s "$tmp/err" ]; }
check "--segment 12" usage2 $run "$cli" cipher -a magma-cfb -e -k $K --iv $IV16 --segment 12 -i "$tmp/pt"
check "--segment 72 on Magma" usage2 $run "$cli" cipher -a magma-cfb -e -k $K --iv $IV16 --segment 72 -i "$tmp/pt"
check "--segment on gost89-cnt" usage2 $run "$cli" cipher -a gost89-cnt -e -k $K --iv 0102030405060708 --segment 8 -i "$tmp/pt"
check "--key-meshing on magma-ctr" usage2 $run "$cli" cipher -a magma-ctr -e -k $K --iv 12345678 --key-meshing none -i "$tmp/pt"
check "--key-meshing bogus" usage2 $run "$cli" cipher -a gost89-cnt -e -k $K --iv 0102030405060708 --key-meshing yes -i "$tmp/pt"
check "--short-mac on magma-cmac" usage2 $run "$cli" mac -a magma-cmac -k $K --short-mac bc "$tmp/pt"
check "--short-mac bogus" usage2 $run "$cli" mac -a gost89-mac -k $K --short-mac openssl "$tmp/pt"
check "--short-mac on a cipher" usage2 $run "$cli" cipher -a gost89-cnt -e -k $K --iv 0102030405060708 --short-mac bc -i "$tmp/pt"
printf hello > "$tmp/h"
$run "$cli" aead -a magma-mgm -e -k $K --nonce 1234567890abcdef --sbox cryptopro-a -i "$tmp/h" > "$tmp/mgm_a"
$run "$cli" aead -a magma-mgm -e -k $K --nonce 1234567890abcdef -i "$tmp/h" > "$tmp/mgm_z"
check "aead magma-mgm --sbox changes the output" differ "$tmp/mgm_a" "$tmp/mgm_z"
check "aead magma-mgm --sbox round trip" [ "$($run "$cli" aead -a magma-mgm -d -k $K --nonce 1234567890abcdef --sbox E-A -i "$tmp/mgm_a")" = hello ]
check "aead --sbox on AES-GCM" usage2 $run "$cli" aead -a aes-128-gcm -e -k 000102030405060708090a0b0c0d0e0f --nonce 000000000000000000000000 --sbox param-z -i "$tmp/pt"

for k in $kernels; do
    check "selftest magma $k" grep -Eq "^(ok  |skip) magma    $k( |$)" "$tmp/selftest"
done

finish
