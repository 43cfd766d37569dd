#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Malformed command lines and failure situations of the CLI, one table row
# each: the expected exit status, whether anything may reach stdout, the
# files the case may leave, and an optional extra check. Every row runs in a
# fresh directory holding copies of the fixtures, and afterwards:
#   - the exit status is the expected one (0 ok, 1 failure, 2 bad command line);
#   - the directory holds the fixtures plus exactly the listed files: no
#     partial output, no stray temporary file (.NAME.XXXXXX);
#   - every fixture still there is byte for byte what it was (input untouched);
#   - stdout is empty unless the row says "out" (no partial output);
#   - stderr contains neither the key nor the secret-looking characters of
#     the bad key (Q, Z), so no message echoes key material, and no
#     sanitizer report (an expected exit 1 could hide one).
# Usage: test_cli_misuse.sh /path/to/simdcrypt
cli=${1:?usage: test_cli_misuse.sh SIMDCRYPT}
case $cli in /*) ;; *) cli=$(pwd)/$cli ;; esac # the cases run in other directories
run=${SC_EMULATOR:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

# Fixtures, made once and copied into every case directory.
S="$run $cli"
K=000102030405060708090a0b0c0d0e0f
IV=101112131415161718191a1b1c1d1e1f
ECB=kalyna-128-128-ecb CBC=kalyna-128-128-cbc CTR=kalyna-128-128-ctr CMAC=kalyna-128-128-cmac
fix=$tmp/fix
mkdir "$fix"
head -c 96 /dev/urandom > "$fix/pt"          # 6 whole blocks
head -c 100 /dev/urandom > "$fix/part"       # 6 blocks and 4 bytes
head -c 3145733 /dev/zero > "$fix/big"       # 3 MiB + 5 bytes: never whole blocks
printf 'old content\n' > "$fix/old"
$S cipher -a $ECB -e -k $K -i "$fix/pt" -o "$fix/ct" &&
    $S cipher -a $CBC -e -k $K --iv $IV -i "$fix/pt" -o "$fix/cbc" || { echo "fixtures failed"; exit 1; }
printf ' \t%s\n\n' $K > "$fix/key.hex"        # hex text with whitespace around
printf '%s' $K | xxd -r -p > "$fix/key.raw"   # 16 raw bytes
printf '0001020304050607\n' > "$fix/key.short"
printf '00112233445566778899aabbccddeeQZ\n' > "$fix/key.bad"
TAG=$($S mac -a $CMAC -k $K "$fix/pt" | cut -d' ' -f1)
BADTAG=$(echo $TAG | cut -c1-30)00
[ "$BADTAG" != "$TAG" ] || BADTAG=$(echo $TAG | cut -c1-30)11
# AES-GCM messages, and forgeries: one bit flipped in the ciphertext, in the
# tag, and (via the command line) in the AAD and the nonce. gcm.big spans
# several read chunks, so -d streams unverified plaintext into -o's
# temporary file before the tag fails.
flip() { # FILE OFFSET (negative: from the end): FILE with bit 0 of that byte flipped, on stdout
    size=$(wc -c < "$1") o=$2
    [ "$o" -ge 0 ] || o=$((size + o))
    b=$(od -An -tu1 -j"$o" -N1 "$1" | tr -d ' ')
    head -c "$o" "$1"; printf "\\$(printf %03o $((b ^ 1)))"; tail -c $((size - o - 1)) "$1"
}
GCM="aead -a aes-128-gcm" GK=feffe9928665731c6d6a8f9467308308 GN=cafebabefacedbaddecaf888
GA=feedfacedeadbeeffeedfacedeadbeefabaddad2 GA1=feedfacedeadbeeffeedfacedeadbeefabaddad3 GN1=cafebabefacedbaddecaf889
head -c 200000 /dev/urandom > "$fix/bigpt"
$S $GCM -e -k $GK --nonce $GN --aad $GA -i "$fix/pt" -o "$fix/gcm" &&
    $S $GCM -e -k $GK --nonce $GN -i "$fix/bigpt" -o "$fix/gcm.big" || { echo "GCM fixtures failed"; exit 1; }
flip "$fix/gcm" 0 > "$fix/gcm.ct"
flip "$fix/gcm" -1 > "$fix/gcm.tag"
flip "$fix/gcm.big" -16 > "$fix/gcm.bigtag"
# CBC with PKCS#7 padding (key $K, IV $IV): a good message, and raw CBC
# encryptions of plaintexts whose last block is no valid padding: a length
# byte of 0, one above the block size, a filler byte that differs.
$S cipher -a aes-128-cbc -e -k $K --iv $IV --padding pkcs7 -i "$fix/pt" -o "$fix/padded" || exit 1
badpad() { # NAME KEEP BYTES: raw CBC of the first KEEP bytes of pt, then BYTES (printf)
    { head -c "$2" "$fix/pt"; printf "$3"; } | $S cipher -a aes-128-cbc -e -k $K --iv $IV -o "$fix/$1"
}
badpad badpad.zero 95 '\000' && badpad badpad.long 95 '\021' && badpad badpad.filler 94 '\003\002' || exit 1
export S K IV ECB CBC CTR CMAC TAG BADTAG fix GCM GK GN GA GA1 GN1

# t STATUS STDOUT FILES DESCRIPTION COMMAND [CHECK]
#   STDOUT: "-" nothing may be written, "out" something must be
#   FILES:  the files the case leaves besides the fixtures ("-" none)
#   COMMAND, CHECK: sh -c in the case directory; CHECK sees $OUT and $ERR
t() {
    want=$1 want_out=$2 files=$3 desc=$4 cmd=$5 extra=${6:-true}
    dir=$tmp/case
    rm -rf "$dir" && cp -Rp "$fix" "$dir"
    (cd "$dir" && sh -c "$cmd") > "$tmp/out" 2> "$tmp/err"
    got=$?
    problems=
    [ "$got" = "$want" ] || problems="$problems status $got (want $want);"
    expect=$( (ls -A "$fix"; [ "$files" = - ] || echo $files | tr ' ' '\n') | sort | tr '\n' ' ')
    have=$(ls -A "$dir" | sort | tr '\n' ' ')
    [ "$have" = "$expect" ] || problems="$problems files: $have;"
    # t_fixture, not f: sh has no locals, and the callers loop over $f (this
    # loop left f = pt, so three of each bad-padding file's cases decrypted
    # pt instead: random bytes, valid padding one time in 256)
    for t_fixture in $(ls -A "$fix"); do
        [ ! -e "$dir/$t_fixture" ] || cmp -s "$fix/$t_fixture" "$dir/$t_fixture" || problems="$problems $t_fixture changed;"
    done
    if [ "$want_out" = - ]; then [ ! -s "$tmp/out" ] || problems="$problems wrote $(wc -c < "$tmp/out") bytes to stdout;"
    else [ -s "$tmp/out" ] || problems="$problems nothing on stdout;"; fi
    ! grep -q -e "$K" -e Q -e Z "$tmp/err" || problems="$problems stderr shows key material;"
    ! grep -q -e Sanitizer -e "runtime error" "$tmp/err" || problems="$problems sanitizer report;"
    (cd "$dir" && OUT=$tmp/out ERR=$tmp/err sh -c "$extra") || problems="$problems check '$extra' failed;"
    if [ -z "$problems" ]; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL: $desc:$problems"; sed 's/^/    stderr: /' "$tmp/err" | head -3; fi
}

# --- the input is the output ------------------------------------------------
t 1 - - "-o naming -i refused" '$S cipher -a $ECB -e -k $K -i pt -o pt' 'grep -q in-place $ERR'
t 1 - pt2 "-o a hard link of -i refused" 'ln pt pt2 && $S cipher -a $ECB -e -k $K -i pt -o pt2'
t 1 - - "-o the file stdin reads refused" '$S cipher -a $ECB -e -k $K -o pt < pt'
t 1 - - "stdout appending to the input refused" '$S cipher -a $ECB -e -k $K -i pt >> pt'
t 0 - - "--in-place round trip (temp + rename)" \
  '$S cipher -a $CBC -e -k $K --iv $IV -i pt --in-place && cmp -s pt cbc && $S cipher -a $CBC -d -k $K --iv $IV -i pt -o pt --in-place'
t 0 - - "--in-place keeps the permission bits" \
  'chmod 640 pt && $S cipher -a $CTR -e -k $K --iv $IV -i pt --in-place && $S cipher -a $CTR -d -k $K --iv $IV -i pt --in-place && [ "$(stat -c %a pt)" = 640 ] && chmod 644 pt'
t 2 - - "--in-place without -i" '$S cipher -a $ECB -e -k $K --in-place < pt'
t 0 - out "-o a new file" '$S cipher -a $ECB -d -k $K -i ct -o out' 'cmp -s out pt'
t 0 - - "-o replaces an existing file" '$S cipher -a $ECB -d -k $K -i ct -o old && cmp -s old pt && cp $fix/old old'
t 0 - lnk "-o a symlink replaces its target, keeps the link" \
  'ln -s old lnk && $S cipher -a $ECB -d -k $K -i ct -o lnk && [ -L lnk ] && cmp -s old pt && cp $fix/old old'
t 0 - - "-o /dev/null is written, not replaced" '$S cipher -a $ECB -d -k $K -i ct -o /dev/null && [ -c /dev/null ]'
t 2 - - "--in-place with stdin as -i" '$S cipher -a $ECB -e -k $K -i - --in-place < pt'

# --- errors at the end of the input: nothing written ------------------------
t 1 - - "ECB -d partial block to -o" '$S cipher -a $ECB -d -k $K -i part -o out' 'grep -q "whole number" $ERR'
t 1 - - "CBC -d partial block to -o" '$S cipher -a $CBC -d -k $K --iv $IV -i part -o out'
t 1 - - "CBC -d partial block from a pipe to -o" 'cat part | $S cipher -a $CBC -d -k $K --iv $IV -o out'
t 1 - - "ECB -d partial block leaves an existing -o alone" '$S cipher -a $ECB -d -k $K -i part -o old'
t 1 - - "ECB -d partial block to stdout (file: checked first)" '$S cipher -a $ECB -d -k $K -i part'
t 1 - - "CBC -d partial block to stdout from a pipe (held)" 'cat part | $S cipher -a $CBC -d -k $K --iv $IV'
t 1 - - "3 MiB + 5 to stdout from a file" '$S cipher -a $ECB -e -k $K -i big'
t 1 - - "3 MiB + 5 to stdout from a pipe" 'cat big | $S cipher -a $ECB -d -k $K'
t 0 out - "CBC -d whole blocks from a pipe to stdout" 'cat cbc | $S cipher -a $CBC -d -k $K --iv $IV' 'cmp -s $OUT pt'
t 0 out - "ECB -d from a seeked stdin: the rest is whole blocks" \
  '{ dd bs=4 count=1 of=/dev/null 2>/dev/null; $S cipher -a $ECB -d -k $K; } < part' '[ $(wc -c < $OUT) = 96 ]'
t 0 out - "CTR from a pipe streams" 'cat part | $S cipher -a $CTR -e -k $K --iv $IV' '[ $(wc -c < $OUT) = 100 ]'

# --- unusable input: an error and no output file ----------------------------
t 1 - d "directory as -i" 'mkdir d && $S cipher -a $CTR -e -k $K --iv $IV -i d -o out' 'grep -q "directory" $ERR'
t 1 - d "directory as stdin" 'mkdir d && $S cipher -a $CTR -e -k $K --iv $IV -o out < d'
t 1 - - "missing -i" '$S cipher -a $CTR -e -k $K --iv $IV -i nope -o out'
t 1 - - "closed stdin" '$S cipher -a $CTR -e -k $K --iv $IV -o out <&-'
t 1 - - "sum of a closed stdin" '$S sum -a crc32 <&-'
t 1 - - "mac of a closed stdin" '$S mac -a $CMAC -k $K <&-'
t 1 - - "-o in a missing directory" '$S cipher -a $ECB -e -k $K -i pt -o nodir/out'
t 1 - d "-o a directory" 'mkdir d && $S cipher -a $ECB -e -k $K -i pt -o d'
t 1 - d "sum of a directory" 'mkdir d && $S sum -a crc32 d'
t 1 - d "mac of a directory" 'mkdir d && $S mac -a $CMAC -k $K d'
t 1 - - "mac of a missing file" '$S mac -a $CMAC -k $K nope'
t 0 - - "temporary file removed on SIGTERM" \
  '(sleep 1; cat pt) | $S cipher -a $CTR -e -k $K --iv $IV -o out & pid=$!; sleep 0.5; kill -TERM $pid; wait $pid; [ $? -gt 128 ]'

# --- lost output: a message and a non-zero exit -----------------------------
for c in 'sum -a crc32 pt' 'mac -a $CMAC -k $K pt' 'cipher -a $ECB -e -k $K -i pt' 'info' 'selftest' 'sum --help' '--version' \
    '$GCM -d -k $GK --nonce $GN --aad $GA -i gcm' '$GCM -e -k $GK --nonce $GN -i pt'; do
    t 1 - - "$c > /dev/full" "\$S $c > /dev/full" 'grep -q "cannot write" $ERR'
    t 1 - - "$c >&-" "\$S $c >&-" 'grep -q "cannot write" $ERR'
done
t 1 - - "cipher -o /dev/full" '$S cipher -a $ECB -e -k $K -i pt -o /dev/full' 'grep -q "cannot write" $ERR'
t 0 - rc "cipher into a broken pipe" \
  '{ $S cipher -a $CTR -e -k $K --iv $IV -i big; echo $? > rc; } | head -c 1 > /dev/null; [ "$(cat rc)" = 1 ]' \
  'grep -q "Broken pipe" $ERR'

# --- keys -------------------------------------------------------------------
t 1 - - "bad hex key: not echoed" '$S cipher -a $ECB -e -k 00112233445566778899aabbccddeeQZ -i pt' \
  'grep -q "key: not a hex string" $ERR && ! grep -q "[0-9]" $ERR'
t 1 - - "odd hex key" '$S cipher -a $ECB -e -k 000 -i pt' 'grep -q "odd number of hex digits" $ERR'
t 1 - - "bad hex IV" '$S cipher -a $CBC -e -k $K --iv 0g -i pt' 'grep -q "IV: not a hex string" $ERR'
t 0 - out "--key-file hex text" '$S cipher -a $ECB -e --key-file key.hex -i pt -o out' 'cmp -s out ct'
t 0 - out "--key-file raw bytes" '$S cipher -a $ECB -e --key-file key.raw -i pt -o out' 'cmp -s out ct'
t 0 out - "--key-file - (stdin)" '$S cipher -a $ECB -d --key-file - -i ct < key.hex' 'cmp -s $OUT pt'
t 2 - - "--key-file - with stdin as input" '$S cipher -a $ECB -d --key-file - < ct'
t 0 - out "--key-env" 'SCKEY=$K $S cipher -a $ECB -e --key-env SCKEY -i pt -o out' 'cmp -s out ct'
t 1 - - "--key-env unset" 'unset SCKEY; $S cipher -a $ECB -e --key-env SCKEY -i pt' 'grep -q "not set" $ERR'
t 1 - - "wrong key size from a file" '$S cipher -a $ECB -e --key-file key.short -i pt -o out' 'grep -q "16-byte key" $ERR'
t 1 - - "wrong key size from the environment" 'SCKEY=0011 $S cipher -a $ECB -e --key-env SCKEY -i pt' 'grep -q "16-byte key" $ERR'
t 1 - - "bad hex in a key file: not echoed" '$S cipher -a $ECB -e --key-file key.bad -i pt' 'grep -q "not a hex string" $ERR'
t 1 - - "missing key file" '$S cipher -a $ECB -e --key-file nope -i pt'
t 1 - d "directory as key file" 'mkdir d && $S cipher -a $ECB -e --key-file d -i pt'
# The key is read before the input is opened: a FIFO nobody writes yet holds
# the process there while /proc shows whether -k / --key-env were wiped.
# $GONE PID FILE TEXT waits up to 30 s (a loaded CI machine, ASan: 5 s was
# seen to be too short) for TEXT to leave /proc/PID/FILE, then releases the
# FIFO p: a writer that opens it (blocking until the reader has
# opened its end, so a slow start cannot miss it) and closes it at once, which
# the reader sees as end of input; the writer gives up after 10 s.
cat > "$tmp/gone" <<'GONE'
i=0
while tr '\0' ' ' < /proc/$1/$2 | grep -q "$3" && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
! tr '\0' ' ' < /proc/$1/$2 | grep -q "$3"; r=$?
timeout 10 sh -c 'exec 3> p' &
exit $r
GONE
export GONE="sh $tmp/gone"
t 0 - out "-k wiped from /proc/PID/cmdline once read" \
  'mkfifo p; $S cipher -a $CTR -e -k $K --iv $IV -i p -o out & $GONE $! cmdline "$K"; r=$?; wait; rm p; exit $r'
t 0 - out "--key-env wiped from /proc/PID/environ once read" \
  'mkfifo p; SCKEY=$K $S cipher -a $CTR -e --key-env SCKEY --iv $IV -i p -o out & $GONE $! environ "SCKEY=$K"; r=$?; wait; rm p; exit $r'
t 2 - - "two key sources" '$S cipher -a $ECB -e -k $K --key-file key.hex -i pt'
t 2 - - "no key" '$S cipher -a $ECB -e -i pt'
t 0 out - "mac --key-file raw = -k" '$S mac -a $CMAC --key-file key.raw pt' 'grep -q "^$TAG  pt$" $OUT'
t 0 out - "mac --key-env" 'SCKEY=$K $S mac -a $CMAC --key-env SCKEY pt' 'grep -q "^$TAG  pt$" $OUT'

# --- mac --verify -----------------------------------------------------------
t 0 - - "mac --verify good tag" '$S mac -a $CMAC -k $K --verify $TAG pt'
t 0 - - "mac --verify truncated good tag" '$S mac -a $CMAC -k $K --verify $(echo $TAG | cut -c1-16) pt'
t 1 - - "mac --verify bad tag" '$S mac -a $CMAC -k $K --verify $BADTAG pt' 'grep -q mismatch $ERR'
t 1 - - "mac --verify bad tag from stdin" '$S mac -a $CMAC --key-file key.hex --verify $BADTAG - < pt'
t 1 - - "mac --verify bad hex" '$S mac -a $CMAC -k $K --verify 12zz pt' 'grep -q "not a hex string" $ERR'
t 2 - - "mac --verify with --tag-len" '$S mac -a $CMAC -k $K --verify $TAG --tag-len 16 pt'

# --- aead -d: a forged message writes nothing anywhere ----------------------
AUTH='grep -q "^simdcrypt: aead: authentication failed" $ERR'
t 0 out - "GCM -d to stdout" '$S $GCM -d -k $GK --nonce $GN --aad $GA -i gcm' 'cmp -s $OUT pt'
t 0 - - "GCM --in-place round trip" \
  '$S $GCM -e -k $GK --nonce $GN --aad $GA -i pt --in-place && cmp -s pt gcm && $S $GCM -d -k $GK --nonce $GN --aad $GA -i pt --in-place'
t 1 - - "GCM -o naming -i refused" '$S $GCM -d -k $GK --nonce $GN --aad $GA -i gcm -o gcm' 'grep -q in-place $ERR'
for f in gcm.ct gcm.tag; do
    t 1 - - "$f to stdout" "\$S \$GCM -d -k \$GK --nonce \$GN --aad \$GA -i $f" "$AUTH"
    t 1 - - "$f from a pipe to stdout" "cat $f | \$S \$GCM -d -k \$GK --nonce \$GN --aad \$GA" "$AUTH"
    t 1 - - "$f to -o" "\$S \$GCM -d -k \$GK --nonce \$GN --aad \$GA -i $f -o out" "$AUTH"
    t 1 - - "$f leaves an existing -o alone" "\$S \$GCM -d -k \$GK --nonce \$GN --aad \$GA -i $f -o old" "$AUTH"
    t 1 - - "$f to /dev/null" "\$S \$GCM -d -k \$GK --nonce \$GN --aad \$GA -i $f -o /dev/null" "$AUTH"
done
t 1 - - "GCM flipped AAD bit" '$S $GCM -d -k $GK --nonce $GN --aad $GA1 -i gcm' "$AUTH"
t 1 - - "GCM flipped AAD bit to -o" '$S $GCM -d -k $GK --nonce $GN --aad $GA1 -i gcm -o out' "$AUTH"
t 1 - - "GCM flipped nonce bit" '$S $GCM -d -k $GK --nonce $GN1 --aad $GA -i gcm' "$AUTH"
t 1 - - "GCM flipped nonce bit to -o" '$S $GCM -d -k $GK --nonce $GN1 --aad $GA -i gcm -o old' "$AUTH"
t 1 - - "GCM truncated tag length" '$S $GCM -d -k $GK --nonce $GN --aad $GA --tag-len 12 -i gcm' "$AUTH"
t 0 - out "GCM 200000 bytes -d to -o" '$S $GCM -d -k $GK --nonce $GN -i gcm.big -o out' 'cmp -s out bigpt'
t 1 - - "GCM 200000 bytes, flipped tag, -o: streamed, then removed" \
  '$S $GCM -d -k $GK --nonce $GN -i gcm.bigtag -o out' "$AUTH"
t 1 - - "GCM 200000 bytes, flipped tag, existing -o" '$S $GCM -d -k $GK --nonce $GN -i gcm.bigtag -o old' "$AUTH"
t 1 - - "GCM 200000 bytes, flipped tag, pipe to stdout" 'cat gcm.bigtag | $S $GCM -d -k $GK --nonce $GN' "$AUTH"
t 2 - - "GCM without --nonce" '$S $GCM -d -k $GK -i gcm'

# --- cipher -d --padding pkcs7: bad padding writes nothing ------------------
PAD='[ "$(cat $ERR)" = "simdcrypt: cipher: bad padding" ]' # one message for every defect
t 0 out - "padded CBC -d to stdout" '$S cipher -a aes-128-cbc -d -k $K --iv $IV --padding pkcs7 -i padded' 'cmp -s $OUT pt'
for f in badpad.zero badpad.long badpad.filler; do
    t 1 - - "$f to stdout (file)" "\$S cipher -a aes-128-cbc -d -k \$K --iv \$IV --padding pkcs7 -i $f" "$PAD"
    t 1 - - "$f from a pipe to stdout" "cat $f | \$S cipher -a aes-128-cbc -d -k \$K --iv \$IV --padding pkcs7" "$PAD"
    t 1 - - "$f to -o" "\$S cipher -a aes-128-cbc -d -k \$K --iv \$IV --padding pkcs7 -i $f -o out" "$PAD"
    t 1 - - "$f leaves an existing -o alone" \
      "\$S cipher -a aes-128-cbc -d -k \$K --iv \$IV --padding pkcs7 -i $f -o old" "$PAD"
done
t 1 - - "padded ECB -d of a partial block" '$S cipher -a aes-128-ecb -d -k $K --padding pkcs7 -i part' \
  'grep -q "whole number of 16-byte blocks" $ERR'
t 2 - - "--padding on CTR" '$S cipher -a aes-128-ctr -e -k $K --iv $IV --padding pkcs7 -i pt' 'grep -q "stream mode" $ERR'

# --- malformed command lines: exit 2, message on stderr ---------------------
t 2 - - "sum: unknown option" '$S sum -a crc32 --bogus pt' 'grep -q -- --bogus $ERR'
t 2 - - "sum: no -a" '$S sum pt'
t 2 - - "sum: -a without a value" '$S sum -a'
t 1 - - "sum: unknown algorithm" '$S sum -a md4 pt'
t 2 - - "cipher: unknown option" '$S cipher -a $ECB -e -k $K -x -i pt'
t 2 - - "cipher: -e and -d" '$S cipher -a $ECB -e -d -k $K -i pt'
t 2 - - "cipher: stray argument" '$S cipher -a $ECB -e -k $K pt'
t 2 - - "cipher: -o without a value" '$S cipher -a $ECB -e -k $K -i pt -o'
t 2 - - "mac: unknown option" '$S mac -a $CMAC -k $K --bogus pt'
t 2 - - "mac: two files" '$S mac -a $CMAC -k $K pt ct'
t 2 - - "mac: --tag-len not a number" '$S mac -a $CMAC -k $K --tag-len x pt'
t 2 - - "unknown command" '$S bogus'
for c in sum cipher mac aead; do
    t 0 out - "$c --help: stdout, exit 0" "\$S $c --help" 'grep -q "Exit status" $OUT'
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
