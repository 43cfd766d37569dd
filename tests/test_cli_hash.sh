#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# simdcrypt sum with hashes and XOFs against independent tools: md5sum (and
# md5sum -c both ways), openssl dgst, Python's hashlib (SHA-3, SHAKE) and
# pycryptodome (Keccak-256, TurboSHAKE, KangarooTwelve with a customization
# string); --length, --check and its options, --tag, -z, name escaping, the
# usage errors (exit 2), unreadable files (exit 1, the others printed), lost
# output, and batches (many files, mixed sizes, past the batch limits) equal
# to one file at a time. Usage: test_cli_hash.sh /path/to/simdcrypt
cli=${1:?usage: test_cli_hash.sh SIMDCRYPT}
case $cli in /*) ;; *) cli=$(pwd)/$cli ;; esac # the cases run in $tmp
. "$(dirname "$0")/cli_test_lib.sh"
S="$run $cli"
cd "$tmp" || exit 1

# Fixtures: empty, short, odd sizes around the SHA-3 rates, one > 1 MiB.
: > empty
printf abc > abc
head -c 1000 /dev/urandom > r1000
head -c 136 /dev/urandom > r136
head -c 168 /dev/urandom > r168
head -c 1500000 /dev/urandom > big
printf 'x' > 'with space'
files="empty abc r1000 r136 r168 big"

# The oracle: Python over the same files, "hex  name" lines.
#   py ALG [LENGTH] -- FILE...   ALG: a hashlib name, or keccak-256,
#   turboshake128:D, turboshake256:D, k12:CUSTOMHEX (pycryptodome)
py() {
    python3 - "$@" <<'EOF'
import hashlib, sys
alg, n = sys.argv[1], sys.argv[2]
for name in sys.argv[4:]:
    data = open(name, 'rb').read()
    if alg == 'keccak-256':
        from Crypto.Hash import keccak
        d = keccak.new(data=data, digest_bits=256).hexdigest()
    elif alg.startswith('turboshake'):
        from Crypto.Hash import TurboSHAKE128, TurboSHAKE256
        a, dom = alg.split(':')
        m = (TurboSHAKE128 if a == 'turboshake128' else TurboSHAKE256).new(domain=int(dom, 0))
        d = m.update(data).read(int(n)).hex()
    elif alg.startswith('k12:'):
        from Crypto.Hash import KangarooTwelve
        d = KangarooTwelve.new(custom=bytes.fromhex(alg[4:])).update(data).read(int(n)).hex()
    elif alg.startswith('shake'):
        d = hashlib.new(alg, data).hexdigest(int(n))
    else:
        d = hashlib.new(alg, data).hexdigest()
    print(d + '  ' + name)
EOF
}

# status CODE COMMAND...: true when COMMAND exits with exactly CODE (its
# output discarded), so a missing binary (127) or a crash fails the check.
status() {
    want=$1; shift
    "$@" > /dev/null 2>&1
    [ $? = "$want" ]
}

# --- digests against the oracles ---------------------------------------------
check "md5 = md5sum" [ "$($S sum -a md5 $files 'with space')" = "$(md5sum $files 'with space')" ]
for a in 224 256 384 512; do
    check "sha3-$a = hashlib" [ "$($S sum -a sha3-$a $files)" = "$(py sha3_$a 0 -- $files)" ]
done
# openssl dgst -r writes "hex *name"
check "sha3-256 = openssl dgst" \
    [ "$($S sum -a sha3-256 $files)" = "$(for f in $files; do openssl dgst -sha3-256 -r $f; done | sed 's/ \*/  /')" ]
for n in 1 16 32 136 200 1000; do
    check "shake128 --length $n = hashlib" [ "$($S sum -a shake128 --length $n $files)" = "$(py shake_128 $n -- $files)" ]
    check "shake256 --length $n = hashlib" [ "$($S sum -a shake256 --length $n $files)" = "$(py shake_256 $n -- $files)" ]
done
check "keccak-256 = pycryptodome" [ "$($S sum -a keccak-256 $files)" = "$(py keccak-256 0 -- $files)" ]
for d in 0x1f 0x01 0x07 0x7f; do
    check "turboshake128 --domain $d = pycryptodome" \
        [ "$($S sum -a turboshake128 --domain $d --length 64 $files)" = "$(py turboshake128:$d 64 -- $files)" ]
    check "turboshake256 --domain $d = pycryptodome" \
        [ "$($S sum -a turboshake256 --domain $d --length 48 $files)" = "$(py turboshake256:$d 48 -- $files)" ]
done
check "turboshake128 default domain is 0x1f" \
    [ "$($S sum -a turboshake128 --length 32 abc)" = "$(py turboshake128:0x1f 32 -- abc)" ]
check "kangarootwelve = pycryptodome" [ "$($S sum -a kangarootwelve --length 32 $files)" = "$(py k12: 32 -- $files)" ]
C=$(head -c 300 /dev/urandom | tohex)
check "kangarootwelve --custom = pycryptodome" \
    [ "$($S sum -a kangarootwelve --custom "$C" --length 100 $files)" = "$(py k12:$C 100 -- $files)" ]
printf '%s' "$C" | unhex > custom.bin
check "kangarootwelve --custom-file = --custom" \
    [ "$($S sum -a kangarootwelve --custom-file custom.bin --length 100 $files)" = "$(py k12:$C 100 -- $files)" ]
check "md5 --length 16 accepted" [ "$($S sum -a md5 --length 16 abc)" = "$(md5sum abc)" ]
check "crc32 in the same format" [ "$($S sum -a crc32 abc)" = "352441c2  abc" ]

# --length 0: an empty digest field, and its check round trip.
check "--length 0: empty digest" [ "$($S sum -a shake128 --length 0 abc empty)" = "$(printf '  abc\n  empty')" ]
$S sum -a shake256 --length 0 abc > len0.sum
check "--length 0 checks" [ "$($S sum -a shake256 --length 0 -c len0.sum)" = "abc: OK" ]

# stdin: none, -, and - between files.
check "stdin without a file" [ "$($S sum -a sha3-256 < abc)" = "$(py sha3_256 0 -- abc | sed 's/abc$/-/')" ]
check "- between files" [ "$($S sum -a md5 empty - abc < r1000)" = "$(md5sum empty - abc < r1000)" ]
# /proc files say size 0 and have bytes: the path of a file that grew
# between fstat and read (read whole into the batch, then streamed on).
check "a file longer than its size" [ "$($S sum -a md5 abc /proc/version r1000)" = "$(md5sum abc /proc/version r1000)" ]
check "a pipe" [ "$(cat big | $S sum -a shake128 --length 20 -)" = "$(py shake_128 20 -- big | sed 's/big$/-/')" ]

# --- names: coreutils' escaping, -z, --tag ---------------------------------
printf a > 'back\slash'
printf b > "$(printf 'new\nline')"
$S sum -a md5 'back\slash' "$(printf 'new\nline')" abc > esc.sum
md5sum 'back\slash' "$(printf 'new\nline')" abc > esc.md5
check "escaped names as md5sum" cmp -s esc.sum esc.md5
check "md5sum -c accepts ours" sh -c 'md5sum -c esc.sum > ck.theirs'
check "we accept md5sum's" sh -c '$0 sum -a md5 -c esc.md5 > ck.ours' "$cli"
check "--check output as md5sum -c" cmp -s ck.ours ck.theirs
$S sum -a md5 -z 'back\slash' abc > z.out
md5sum -z 'back\slash' abc > z.md5
check "-z: NUL-terminated, names unescaped (as md5sum -z)" cmp -s z.out z.md5
check "--tag as md5sum --tag" [ "$($S sum -a md5 --tag abc 'back\slash')" = "$(md5sum --tag abc 'back\slash')" ]
$S sum -a md5 --tag $files > tag.md5
check "md5sum -c accepts our --tag" md5sum -c --quiet tag.md5
$S sum -a sha3-256 --tag $files > tag.sum
check "--tag lines check" $S sum -a sha3-256 -c --quiet tag.sum
check "--tag uppercase name" grep -q '^SHA3-256 (abc) = ' tag.sum

# --- --check ------------------------------------------------------------------
$S sum -a sha3-512 $files > s.sum
check "check: all OK" [ "$($S sum -a sha3-512 -c s.sum)" = "$(for f in $files; do echo "$f: OK"; done)" ]
check "check: --quiet prints nothing when OK" [ -z "$($S sum -a sha3-512 -c --quiet s.sum)" ]
cp abc abc.orig
printf abd > abc
out=$($S sum -a sha3-512 -c s.sum 2> err); rc=$?
check "check: changed file FAILED" [ "$(echo "$out" | grep abc)" = "abc: FAILED" ]
check "check: changed file exit 1" [ $rc = 1 ]
check "check: mismatch warning" grep -q 'WARNING: 1 computed checksum did NOT match' err
check "check: --quiet shows only failures" [ "$($S sum -a sha3-512 -c --quiet s.sum 2>/dev/null)" = "abc: FAILED" ]
out=$($S sum -a sha3-512 -c --status s.sum 2> err); rc=$?
check "check: --status prints nothing, exit 1" [ -z "$out" -a ! -s err -a $rc = 1 ]
cp abc.orig abc
check "check: --status exit 0" $S sum -a sha3-512 -c --status s.sum
# A missing file: FAILED open or read, the error on stderr, exit 1.
printf '%s  nope\n' "$(head -c 64 /dev/zero | tohex)" >> s.sum
out=$($S sum -a sha3-512 -c s.sum 2> err); rc=$?
check "check: missing file line" [ "$(echo "$out" | tail -1)" = "nope: FAILED open or read" ]
check "check: missing file message" grep -q '^simdcrypt: nope: No such file or directory' err
check "check: missing file exit 1" [ $rc = 1 ]
check "check: --ignore-missing" $S sum -a sha3-512 -c --ignore-missing --quiet s.sum
printf '%s  nope\n' "$(head -c 64 /dev/zero | tohex)" > nope.sum
check "check: --ignore-missing, nothing verified: exit 1" status 1 $S sum -a sha3-512 -c --ignore-missing nope.sum
# Malformed lines: ignored unless --strict, named with -w.
{ $S sum -a md5 abc; echo 'not a line'; echo 'abcd  abc'; } > bad.sum
check "check: malformed lines ignored" [ "$($S sum -a md5 -c bad.sum 2>err)" = "abc: OK" ]
check "check: malformed lines counted" grep -q 'WARNING: 2 lines are improperly formatted' err
check "check: --strict fails on them" status 1 $S sum -a md5 -c --strict bad.sum
$S sum -a md5 -c -w bad.sum 2> err > /dev/null
check "check: -w names the line" grep -q 'bad.sum: 2: improperly formatted' err
echo 'garbage' > garbage.sum
check "check: no valid line: exit 1" status 1 $S sum -a md5 -c garbage.sum
check "check: missing list: exit 1" status 1 $S sum -a md5 -c nolist
# Upper-case hex, " *" (binary) marker, CRLF, list on stdin.
md5sum -b abc | sed 's/^[0-9a-f]*/\U&/; s/$/\r/' > crlf.sum
check "check: upper case, *name, CRLF, stdin" [ "$($S sum -a md5 -c < crlf.sum)" = "abc: OK" ]
# XOFs: each line's length without --length (prefixes of one stream).
{ $S sum -a shake128 --length 5 abc; $S sum -a shake128 --length 300 big; } > x.sum
check "check: XOF lengths from the lines" [ "$($S sum -a shake128 -c x.sum)" = "$(printf 'abc: OK\nbig: OK')" ]
check "check: XOF --length must match the lines" status 1 $S sum -a shake128 --length 5 -c --strict x.sum
$S sum -a kangarootwelve --custom "$C" --length 64 $files > k.sum
check "check: kangarootwelve with --custom" $S sum -a kangarootwelve --custom "$C" -c --quiet k.sum
check "check: kangarootwelve without it fails" status 1 $S sum -a kangarootwelve -c --status k.sum
$S sum -a crc32c $files > c.sum
check "check: checksums too" $S sum -a crc32c -c --quiet c.sum

# --- unreadable files: reported, the others printed, exit 1 --------------------
mkdir adir
out=$($S sum -a sha3-256 abc missing adir r1000 2> err); rc=$?
check "missing/dir: others printed" [ "$out" = "$(py sha3_256 0 -- abc r1000)" ]
check "missing/dir: exit 1" [ $rc = 1 ]
check "missing: coreutils message" grep -qx 'simdcrypt: missing: No such file or directory' err
check "directory: coreutils message" grep -qx 'simdcrypt: adir: Is a directory' err

# --- lost output ---------------------------------------------------------------
for c in "sum -a md5 abc" "sum -a shake128 --length 64 $files" "sum -a md5 -c esc.md5"; do
    $S $c > /dev/full 2> err
    check "$c > /dev/full: exit 1" [ $? = 1 ]
    check "$c > /dev/full: message" grep -q 'cannot write' err
done

# --- usage errors: exit 2, message on stderr, nothing on stdout -----------------
usage() { # description, arguments...
    d=$1; shift
    $S "$@" > out 2> err
    rc=$?
    check "usage: $d: exit 2" [ $rc = 2 ]
    check "usage: $d: a message" [ -s err ]
    check "usage: $d: no output" [ ! -s out ]
}
usage "XOF without --length" sum -a shake128 abc
usage "K12 without --length" sum -a kangarootwelve abc
usage "TurboSHAKE without --length" sum -a turboshake256 abc
usage "--length on md5 not 16" sum -a md5 --length 20 abc
usage "--length on sha3-256 0" sum -a sha3-256 --length 0 abc
usage "--length on crc32 not 4" sum -a crc32 --length 8 abc
usage "--length not a number" sum -a shake128 --length 12x abc
usage "--length negative" sum -a shake128 --length -1 abc
usage "--length too big" sum -a shake128 --length 99999999999 abc
usage "--length past 1 MiB" sum -a shake128 --length 1048577 abc
check "--length 1 MiB accepted" [ "$($S sum -a shake128 --length 1048576 abc | wc -c)" = $((2 * 1048576 + 6)) ]
usage "--custom on sha3-256" sum -a sha3-256 --custom 00 abc
usage "--custom-file on shake128" sum -a shake128 --length 8 --custom-file custom.bin abc
usage "--custom and --custom-file" sum -a kangarootwelve --length 8 --custom 00 --custom-file custom.bin abc
usage "--custom not hex" sum -a kangarootwelve --length 8 --custom 0g abc
usage "--domain on shake128" sum -a shake128 --length 8 --domain 0x1f abc
usage "--domain on kangarootwelve" sum -a kangarootwelve --length 8 --domain 0x1f abc
usage "--domain 0x80" sum -a turboshake128 --length 8 --domain 0x80 abc
usage "--domain 0" sum -a turboshake128 --length 8 --domain 0 abc
usage "unknown option" sum -a md5 --bogus abc
usage "-a without value" sum -a
usage "--length without value" sum -a shake128 --length
usage "no -a" sum abc
usage "--quiet without -c" sum -a md5 --quiet abc
usage "--status without -c" sum -a md5 --status abc
usage "--strict without -c" sum -a md5 --strict abc
usage "--ignore-missing without -c" sum -a md5 --ignore-missing abc
usage "-w without -c" sum -a md5 -w abc
usage "--tag with -c" sum -a md5 --tag -c esc.md5
usage "-z with -c" sum -a md5 -z -c esc.md5
$S sum -a md6 abc 2> err > out
check "unknown algorithm: exit 1" [ $? = 1 ]
check "unknown algorithm: named" grep -q md6 err
$S sum --help > out 2> err
check "--help: exit 0, nothing on stderr" [ $? = 0 -a ! -s err ]
check "--help: on stdout, names the XOFs" grep -q 'kangarootwelve' out

# --- batches: many files equal to one at a time ---------------------------------
# 40 mixed files (empty, tiny, rate-sized, > 1 MiB); then 300 files (more than
# a batch holds) and big sparse files past the per-file and batch byte limits
# (streamed, and batches flushed by size), the order kept throughout.
mkdir many
python3 - <<'EOF'
import os
sizes = [0, 1, 55, 56, 64, 135, 136, 137, 167, 168, 169, 1000, 4096, 8191, 1 << 20, (1 << 20) + 3, 2 << 20]
for i in range(40):
    n = sizes[i % len(sizes)] + (i // len(sizes)) * 7
    open('many/f%02d' % i, 'wb').write(os.urandom(n))
for i in range(300):
    open('many/s%03d' % i, 'wb').write(os.urandom(i % 50))
EOF
for i in 1 2 3 4 5 6 7 8 9; do truncate -s $((8 * 1048576 - i)) many/z$i; done # 9 x (8 MiB - i): over 64 MiB
truncate -s $((8 * 1048576 + 1)) many/zbig                                      # one byte over the per-file cap
set -- many/f*
one_by_one() { # sum arguments before the files; the files in "$@" after "--"
    a=; while [ "$1" != -- ]; do a="$a $1"; shift; done; shift
    for f in "$@"; do $S sum $a "$f"; done
}
for a in "-a md5" "-a sha3-256" "-a shake128 --length 40" "-a kangarootwelve --length 32" "-a crc32c" "-a turboshake256 --length 20"; do
    check "40 files at once = one at a time ($a)" [ "$($S sum $a "$@")" = "$(one_by_one $a -- "$@")" ]
done
check "40 files: md5 = md5sum" [ "$($S sum -a md5 "$@")" = "$(md5sum "$@")" ]
set -- many/s* many/f0*
check "300+ files (several batches) = md5sum" [ "$($S sum -a md5 "$@")" = "$(md5sum "$@")" ]
check "300+ files = hashlib sha3-384" [ "$($S sum -a sha3-384 "$@")" = "$(py sha3_384 0 -- "$@")" ]
$S sum -a sha3-256 many/s* > many.sum
check "check: 300 lines (several runs)" [ "$($S sum -a sha3-256 -c many.sum | grep -c ': OK$')" = 300 ]
printf x >> many/s150
check "check: 300 lines, one changed" [ "$($S sum -a sha3-256 -c --quiet many.sum 2>/dev/null)" = "many/s150: FAILED" ]
set -- many/f01 many/z1 many/z2 many/f02 many/z3 many/z4 many/z5 many/zbig many/z6 many/z7 many/z8 many/z9 many/f03 empty
check "past the byte limits = md5sum" [ "$($S sum -a md5 "$@")" = "$(md5sum "$@")" ]
check "past the byte limits = hashlib shake256" [ "$($S sum -a shake256 --length 24 "$@")" = "$(py shake_256 24 -- "$@")" ]
finish
