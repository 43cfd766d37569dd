#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CLI tests for --threads (issue 18 point 8): `simdcrypt sum` and `simdcrypt
# cipher` give the same bytes with 1, 2, 3 and 7 threads, on files just below,
# at and above the size where a file is split (16 MiB: two 8 MiB pieces) and
# with uneven piece ends; checksums against Python's zlib; hashes over many
# files at once (batches split over the threads, large files one per thread,
# in order); --check; cipher ECB and counter-mode names against each other
# and openssl, decrypt too; modes that cannot split run on one thread; bad
# --threads values.
# Usage: test_cli_threads.sh /path/to/simdcrypt
cli=${1:?usage: test_cli_threads.sh SIMDCRYPT}
. "$(dirname "$0")/cli_test_lib.sh"
S="$run $cli"
M=16777216 # 16 MiB: the smallest file split in two
head -c $((M + M / 2 + 4096)) /dev/urandom > "$tmp/rand"
mk() { head -c "$2" "$tmp/rand" > "$tmp/$1"; }
mk below $((M - 1)); mk at $M; mk odd $((M + M / 2 + 4095))
i=0
while [ $i -lt 24 ]; do # small files: a batch for sc_hash_many, > 1 MiB in all
    mk small$i $((i * 97 + (i % 5) * 65536)); i=$((i + 1))
done
big="$tmp/below $tmp/at $tmp/odd"
small=$(ls "$tmp"/small* | sort)

for alg in adler32 crc32 crc32c md5 shake128; do
    len=; [ $alg = shake128 ] && len="--length 40"
    $S sum -a $alg $len --threads 1 $big $small > "$tmp/sum.1"
    check "sum -a $alg --threads 1" [ -s "$tmp/sum.1" ]
    for t in 2 3 7; do
        $S sum -a $alg $len --threads $t $big $small > "$tmp/sum.$t"
        check "sum -a $alg --threads $t == --threads 1" cmp -s "$tmp/sum.1" "$tmp/sum.$t"
    done
    $S sum -a $alg $len --threads 3 -c --quiet "$tmp/sum.1"
    check "sum -a $alg -c --threads 3" [ $? -eq 0 ]
done
# large files of a hash go one per thread, batches of small ones in groups:
# interleaved, the lines still come in command-line order
mixed="$tmp/small3 $tmp/at $tmp/small5 $tmp/below $tmp/odd $tmp/small7 $tmp/nonexistent $tmp/small9"
$S sum -a sha3-256 --threads 1 $mixed > "$tmp/mixed.1" 2> /dev/null
$S sum -a sha3-256 --threads 3 $mixed > "$tmp/mixed.3" 2> /dev/null
check "sum sha3-256 --threads 3, mixed sizes: same lines in order" cmp -s "$tmp/mixed.1" "$tmp/mixed.3"
check "... seven lines" [ "$(wc -l < "$tmp/mixed.3")" -eq 7 ]
if command -v python3 > /dev/null; then
    for f in at odd; do
        want=$(python3 -c "import sys, zlib; d = open(sys.argv[1], 'rb').read(); print('%08x %08x' % (zlib.crc32(d), zlib.adler32(d)))" "$tmp/$f")
        got="$($S sum -a crc32 --threads 3 "$tmp/$f" | cut -c1-8) $($S sum -a adler32 --threads 2 "$tmp/$f" | cut -c1-8)"
        check "crc32 and adler32 of $f in pieces == zlib" [ "$got" = "$want" ]
    done
fi
flip=0; [ "$(head -c 1 "$tmp/sum.1")" = 0 ] && flip=1
sed "1s/^./$flip/" "$tmp/sum.1" > "$tmp/sum.bad" # shake128 lines: a wrong first digest
$S sum -a shake128 --threads 3 -c --quiet "$tmp/sum.bad" > /dev/null 2>&1
check "sum -c --threads 3: a wrong digest fails" [ $? -eq 1 ]
$S sum -a crc32 --threads 2 - < "$tmp/odd" | cut -c1-8 > "$tmp/stdin.sum"
$S sum -a crc32 --threads 2 "$tmp/odd" | cut -c1-8 > "$tmp/file.sum"
check "sum: stdin (one thread) == the file in pieces" cmp -s "$tmp/stdin.sum" "$tmp/file.sum"

K32=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
K64=$K32$K32
mk cin $((M + 3 * 4096 + 5)) # counter modes: any length, pieces not whole blocks
mk ein $((M + 4096 + 192))   # ECB: whole blocks of every block size
# name key iv input [options]
while read -r name key iv in opt; do
    ivo=$opt; [ "$iv" != - ] && ivo="--iv $iv $opt"
    $S cipher -a $name -e -k $key $ivo --threads 1 -i "$tmp/$in" -o "$tmp/c.1"
    check "cipher -a $name --threads 1" [ $? -eq 0 ]
    for t in 2 3; do
        $S cipher -a $name -e -k $key $ivo --threads $t -i "$tmp/$in" -o "$tmp/c.$t"
        check "cipher -a $name --threads $t == --threads 1" cmp -s "$tmp/c.1" "$tmp/c.$t"
    done
    $S cipher -a $name -d -k $key $ivo --threads 3 -i "$tmp/c.1" -o "$tmp/d.3"
    check "cipher -a $name -d --threads 3 gives the input back" cmp -s "$tmp/$in" "$tmp/d.3"
done << EOF2
aes-128-ecb ${K32%????????????????????????????????} - ein
aes-256-ctr $K32 f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff cin
kalyna-128-128-ecb ${K32%????????????????????????????????} - ein
kalyna-256-512-ctr $K64 ${K32} cin
magma-ecb $K32 - ein
magma-ctr $K32 12345678 cin
gost89-cnt $K32 0102030405060708 cin
gost89-cnt $K32 0102030405060708 cin --key-meshing none
chacha20 $K32 000000000000004a00000000 cin
xchacha20 $K32 ${K32%????????????????} cin
aes-128-cbc ${K32%????????????????????????????????} f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff ein
EOF2
if command -v openssl > /dev/null; then
    openssl enc -aes-256-ctr -K $K32 -iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff -in "$tmp/cin" -out "$tmp/o.ctr"
    $S cipher -a aes-256-ctr -e -k $K32 --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff --threads 3 -i "$tmp/cin" -o "$tmp/c.ctr"
    check "aes-256-ctr --threads 3 == openssl enc" cmp -s "$tmp/o.ctr" "$tmp/c.ctr"
fi
$S cipher -a aes-128-ecb -e -k ${K32%????????????????????????????????} --threads 3 -i "$tmp/cin" -o "$tmp/e.bad" 2> /dev/null
check "ECB --threads 3: not whole blocks fails" [ $? -eq 1 ]
check "... and leaves no output" [ ! -e "$tmp/e.bad" ]
$S cipher -a aes-256-ctr -e -k $K32 --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff --threads 3 -i "$tmp/cin" > "$tmp/c.stdout"
check "to stdout (one thread) == to a file in pieces" cmp -s "$tmp/c.stdout" "$tmp/c.ctr"
for bad in 0 -1 1025 x 2x ""; do
    $S sum -a crc32 --threads "$bad" "$tmp/small1" > /dev/null 2>&1
    check "sum --threads '$bad' is a usage error" [ $? -eq 2 ]
    $S cipher -a aes-256-ctr -e -k $K32 --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff --threads "$bad" -i "$tmp/small1" > /dev/null 2>&1
    check "cipher --threads '$bad' is a usage error" [ $? -eq 2 ]
done
finish
