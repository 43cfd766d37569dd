#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CLI tests for ChaCha20: `simdcrypt cipher` chacha20/xchacha20 (RFC 8439
# 2.4.2, the XChaCha draft A.3.2, --counter and OpenSSL's 16-byte IV, the
# counter limit, against `openssl enc -chacha20`), `simdcrypt mac` poly1305
# (RFC 8439 2.5.2, --verify) and `simdcrypt aead` (X)ChaCha20-Poly1305 (RFC
# 8439 2.8.2, draft A.3.1) on every ChaCha kernel, forgeries refused.
# Usage: test_cli_chacha.sh /path/to/simdcrypt
cli=${1:?usage: test_cli_chacha.sh SIMDCRYPT}
. "$(dirname "$0")/cli_test_lib.sh"
S="$run $cli"
randhex() { head -c "$1" /dev/urandom | tohex; }

K0=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
K8=808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f
# "Ladies and Gentlemen of the class of '99: ..." (RFC 8439 2.4.2, 2.8.2)
P=4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a204966204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73637265656e20776f756c642062652069742e
C242=6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d
A=50515253c0c1c2c3c4c5c6c7
C282=d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116
T282=1ae10b594f09e26a7e902ecbd0600691
T_X31=c0875924c1c7987947deafd8780acf49
echo $P | unhex > "$tmp/p"
kernels=$(runnable_kernels chacha)
[ -n "$kernels" ] || kernels=portable
for k in $kernels; do
    out=$($S cipher -a chacha20 -e -k $K0 --nonce 000000000000004a00000000 --counter 1 --kernel "$k" < "$tmp/p" | tohex)
    check "RFC 8439 2.4.2, kernel $k" [ "$out" = "$C242" ]
    out=$($S aead -a chacha20-poly1305 -e -k $K8 --nonce 070000004041424344454647 --aad $A --kernel "$k" < "$tmp/p" | tohex)
    check "RFC 8439 2.8.2 seal, kernel $k" [ "$out" = "$C282$T282" ]
    out=$(echo $C282$T282 | unhex | $S aead -a chacha20-poly1305 -d -k $K8 --nonce 070000004041424344454647 --aad $A --kernel "$k" | tohex)
    check "RFC 8439 2.8.2 open, kernel $k" [ "$out" = "$P" ]
    out=$($S aead -a xchacha20-poly1305 -e -k $K8 --nonce 404142434445464748494a4b4c4d4e4f5051525354555657 --aad $A --kernel "$k" < "$tmp/p" | tohex | tail -c 32)
    check "XChaCha draft A.3.1 tag, kernel $k" [ "$out" = "$T_X31" ]
done
out=$($S cipher -a chacha20 -e -k $K0 --iv 01000000000000004a00000000 < "$tmp/p" 2>/dev/null | tohex)
check "a 13-byte IV is refused" [ -z "$out" ]
out=$($S cipher -a chacha20 -e -k $K0 --iv 01000000000000000000004a00000000 < "$tmp/p" | tohex)
check "OpenSSL's 16-byte IV (le32 counter || nonce)" [ "$out" = "$C242" ]
if command -v openssl > /dev/null; then
    key=$(randhex 32) iv=$(randhex 16)
    head -c 1000 /dev/urandom > "$tmp/r"
    openssl enc -chacha20 -K $key -iv $iv -in "$tmp/r" -out "$tmp/r.ossl" 2>/dev/null
    $S cipher -a chacha20 -e -k $key --iv $iv -i "$tmp/r" -o "$tmp/r.sc"
    check "chacha20 = openssl enc -chacha20 (random key, counter, nonce)" cmp -s "$tmp/r.ossl" "$tmp/r.sc"
fi
head -c 100 /dev/zero > "$tmp/z100"
$S cipher -a chacha20 -e -k $K0 --nonce 000000000000004a00000000 --counter 4294967295 -i "$tmp/z100" -o "$tmp/z.out" 2> "$tmp/err"
check "past the last counter block: exit 1" [ $? -eq 1 ]
check "... and no output file" [ ! -e "$tmp/z.out" ]
check "... and says why" grep -q "counter" "$tmp/err"
$S cipher -a chacha20 -e -k $K0 --nonce 000000000000004a00000000 --counter -1 < "$tmp/z100" > /dev/null 2>&1
check "--counter -1: usage error" [ $? -eq 2 ]
$S cipher -a aes-128-ctr -e -k $K0 --counter 1 < "$tmp/z100" > /dev/null 2>&1
check "--counter on aes-128-ctr: usage error" [ $? -eq 2 ]
# Poly1305
printf 'Cryptographic Forum Research Group' > "$tmp/cfrg"
PK=85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b
out=$($S mac -a poly1305 -k $PK "$tmp/cfrg" | cut -d' ' -f1)
check "RFC 8439 2.5.2" [ "$out" = a8061dc1305136c6c22b8baf0c0127a9 ]
$S mac -a poly1305 -k $PK --verify a8061dc1305136c6c22b8baf0c0127a9 "$tmp/cfrg"
check "poly1305 --verify: the right tag" [ $? -eq 0 ]
$S mac -a poly1305 -k $PK --verify a8061dc1305136c6c22b8baf0c0127a8 "$tmp/cfrg" 2> /dev/null
check "poly1305 --verify: a wrong tag fails" [ $? -eq 1 ]
# forged AEAD messages release nothing
echo $C282$T282 | sed 's/d31a/d31b/' | unhex > "$tmp/forged"
$S aead -a chacha20-poly1305 -d -k $K8 --nonce 070000004041424344454647 --aad $A -i "$tmp/forged" -o "$tmp/f.out" 2> /dev/null
check "forged ciphertext: exit 1" [ $? -eq 1 ]
check "... and no output file" [ ! -e "$tmp/f.out" ]
finish
