#!/bin/sh
# `simdcrypt speed` smoke test, seconds long: an AES cipher (aes-128-ctr), an
# AEAD both ways (aes-128-gcm, aes-128-gcm-open) and a checksum, one size,
# one trial, with the peers that were built. speed verifies every case
# against the portable reference before timing it and exits non-zero on a
# mismatch, so this also checks every AES peer wrapper byte for byte; the
# same for the ChaCha20 family's names and peers (src/cli/peers/chacha_*.c).
# Usage: test_speed_smoke.sh /path/to/simdcrypt
cli=${1:?usage: test_speed_smoke.sh SIMDCRYPT}
. "$(dirname "$0")/cli_test_lib.sh"

"$cli" speed -a crc32c,aes-128-ctr,aes-128-gcm,aes-128-gcm-open --sizes 64 --trials 1 --peers \
    --json "$tmp/out.json" > "$tmp/out.txt" 2> "$tmp/err.txt"
check "speed exits 0 (no case disagreed with the reference)" [ $? -eq 0 ]
check "no MISMATCH reported" sh -c "! grep -q MISMATCH '$tmp/out.txt' '$tmp/err.txt'"
for name in crc32c aes-128-ctr aes-128-gcm aes-128-gcm-open; do
    check "$name has a table" grep -q "^### $name, 64 B per call" "$tmp/out.txt"
    check "$name: the portable reference was timed" \
        sh -c "grep -A6 '^### $name, 64 B' '$tmp/out.txt' | grep -q '^| portable.* reference '"
done
for name in aes-128-gcm aes-128-gcm-open; do
    check "$name: dispatched (public API) row timed" \
        sh -c "grep -A8 '^### $name, 64 B' '$tmp/out.txt' | grep -q '^| dispatched (public API) *| kernel'"
done
chacha="chacha20 xchacha20 poly1305 chacha20-poly1305 chacha20-poly1305-open xchacha20-poly1305 xchacha20-poly1305-open"
"$cli" speed -a "$(echo $chacha | tr ' ' ,)" --sizes 64 --trials 1 --peers > "$tmp/chacha.txt" 2> "$tmp/chacha_err.txt"
check "speed exits 0 on the ChaCha20 names (no peer disagreed with the reference)" [ $? -eq 0 ]
check "ChaCha20 names: no MISMATCH reported" sh -c "! grep -q MISMATCH '$tmp/chacha.txt' '$tmp/chacha_err.txt'"
for name in $chacha; do
    check "$name has a table" grep -q "^### $name, 64 B per call" "$tmp/chacha.txt"
    # With every peer library built (install-deps.sh), each name has peers:
    # verified (or speed would have failed above) and timed.
    if grep -q "absent: none" "$tmp/chacha.txt"; then
        check "$name: a peer was verified and timed" \
            sh -c "sed -n '/^### $name, 64 B/,/^###/p' '$tmp/chacha.txt' | grep -q '| peer  '"
    fi
done
# The JSON names the AEAD's family (the report groups by it).
check "json: aes-128-gcm-open in family aes" \
    grep -q '"algorithm": "aes-128-gcm-open", "family": "aes"' "$tmp/out.json"
# A family name expands to its AEADs too.
"$cli" speed -a nosuch 2> "$tmp/names.txt"
check "unknown name lists aes-256-gcm-open" grep -q " aes-256-gcm-open" "$tmp/names.txt"

[ $failed -ne 0 ] && { cat "$tmp/err.txt" "$tmp/out.txt" "$tmp/chacha_err.txt" "$tmp/chacha.txt"; }
finish
