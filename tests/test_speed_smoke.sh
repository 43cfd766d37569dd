#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# `simdcrypt speed` smoke test, seconds long: an AES cipher (aes-128-ctr), an
# AEAD both ways (aes-128-gcm, aes-128-gcm-open) and a checksum, one size,
# one trial, with the peers that were built. speed verifies every case
# against the portable reference before timing it and exits non-zero on a
# mismatch, so this also checks every AES peer wrapper byte for byte; the
# same for the ChaCha20 family's names and peers (src/cli/peers/chacha_*.c),
# and for hashes, their --batch rows and peers (src/cli/bench_hash.c,
# src/cli/peers/hash_*.c).
# Usage: test_speed_smoke.sh /path/to/simdcrypt
cli=${1:?usage: test_speed_smoke.sh SIMDCRYPT}
. "$(dirname "$0")/cli_test_lib.sh"

# Every peer library built, and the plug-in that holds them loaded: "absent:
# none" alone is also what a tree without the plug-in prints (the sanitizer
# trees configure -DSC_PEERS=OFF), where no peer can have been timed.
has_all_peers() { grep -q "absent: none" "$1" && ! grep -q "no peers plug-in loaded" "$1"; }

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
    if has_all_peers "$tmp/chacha.txt"; then
        check "$name: a peer was verified and timed" \
            sh -c "sed -n '/^### $name, 64 B/,/^###/p' '$tmp/chacha.txt' | grep -q '| peer  '"
    fi
done
# The issue-17 modes' peers (src/cli/peers/family_peers.c): gost-engine and
# libgcrypt for the CryptoPro GOST 28147-89 modes, Crypto++ for Kalyna CFB/OFB;
# speed holds each to the reference byte for byte (up to 16 KiB, across the
# 1 KiB key meshing) before timing it.
modes="gost89-cfb gost89-cfb-dec gost89-cnt kalyna-128-128-cfb kalyna-256-512-cfb-dec kalyna-128-128-ofb"
"$cli" speed -a "$(echo $modes | tr ' ' ,)" --sizes 64 --trials 1 --peers > "$tmp/modes.txt" 2> "$tmp/modes_err.txt"
check "speed exits 0 on the GOST/Kalyna mode names (no peer disagreed)" [ $? -eq 0 ]
check "GOST/Kalyna mode names: no MISMATCH reported" sh -c "! grep -q MISMATCH '$tmp/modes.txt' '$tmp/modes_err.txt'"
if has_all_peers "$tmp/modes.txt" && openssl engine gost > /dev/null 2>&1; then
    for name in $modes; do
        check "$name: a peer was verified and timed" \
            sh -c "sed -n '/^### $name, 64 B/,/^###/p' '$tmp/modes.txt' | grep -q '| peer  '"
    done
fi
# The JSON names the AEAD's family (the report groups by it).
check "json: aes-128-gcm-open in family aes" \
    grep -q '"algorithm": "aes-128-gcm-open", "family": "aes"' "$tmp/out.json"
# Hashes and XOFs (src/cli/bench_hash.c, peers/hash_*.c): every kernel of
# the family, the dispatched public API, the peers, and --batch's rows (one
# sc_hash_many per kernel and one dispatched), all verified against the
# portable one-shot reference (a batch: every one of its N digests).
hashes="md5 sha3-256 shake128 keccak-256 kangarootwelve"
"$cli" speed -a "$(echo $hashes | tr ' ' ,)" --sizes 64 --trials 1 --peers --batch 4 \
    --json "$tmp/hash.json" > "$tmp/hash.txt" 2> "$tmp/hash_err.txt"
check "speed exits 0 on hashes with --batch (no case disagreed with the reference)" [ $? -eq 0 ]
check "hashes: no MISMATCH reported" sh -c "! grep -q MISMATCH '$tmp/hash.txt' '$tmp/hash_err.txt'"
check "hashes: the header says what the XOF rows output" grep -q "XOFs: shake128 32, shake256 64," "$tmp/hash.txt"
check "hashes: the header says what a batch row counts" grep -q "^- batch rows (--batch 4)" "$tmp/hash.txt"
for name in $hashes; do
    table="sed -n '/^### $name, 64 B/,/^###/p' '$tmp/hash.txt'"
    check "$name has a table" grep -q "^### $name, 64 B per call" "$tmp/hash.txt"
    check "$name: the portable reference was timed" sh -c "$table | grep -q '^| portable.* reference '"
    check "$name: dispatched (public API) row timed" sh -c "$table | grep -q '^| dispatched (public API) *| kernel'"
    check "$name: batch x4 of the portable kernel timed" sh -c "$table | grep -q '^| batch x4 portable *| batch '"
    check "$name: batch x4 through the dispatcher timed" sh -c "$table | grep -q '^| batch x4 sc_hash_many *| batch '"
    # Every kernel of the family has a single-stream and a batch row, timed
    # or not measured with a reason.
    singles=$(sh -c "$table" | grep -c '| \(reference\|kernel\) ')
    batches=$(sh -c "$table" | grep -c '| batch ')
    check "$name: as many batch rows as single-stream ones ($batches, $singles)" [ "$batches" -eq "$singles" ]
done
if has_all_peers "$tmp/hash.txt"; then
    for name in md5 sha3-256 shake128 keccak-256; do
        check "$name: a peer was verified and timed" \
            sh -c "sed -n '/^### $name, 64 B/,/^###/p' '$tmp/hash.txt' | grep -q '| peer  '"
    done
fi
check "json: sha3-256 in family keccak" grep -q '"algorithm": "sha3-256", "family": "keccak"' "$tmp/hash.json"
check "json: batch rows are of kind batch" \
    grep -q '"implementation": "batch x4 sc_hash_many", "kind": "batch"' "$tmp/hash.json"
# The hash families expand to their names.
"$cli" speed -a keccak --sizes 64 --trials 1 > "$tmp/keccak.txt" 2>&1
check "-a keccak: a table for every Keccak name (10)" [ "$(grep -c '^### .*, 64 B per call' "$tmp/keccak.txt")" -eq 10 ]
"$cli" speed -a md5 --batch 0 > /dev/null 2>&1
check "--batch 0 refused" [ $? -eq 2 ]
"$cli" speed -a md5 --batch 2 --latency > /dev/null 2>&1
check "--batch with --latency refused" [ $? -ne 0 ]
# A family name expands to its AEADs too.
"$cli" speed -a nosuch 2> "$tmp/names.txt"
check "unknown name lists aes-256-gcm-open" grep -q " aes-256-gcm-open" "$tmp/names.txt"
# --json -: the JSON alone on stdout (the tables on stderr), no file named "-";
# --help on stdout with status 0; unknown options are usage errors.
(cd "$tmp" && "$cli" speed -a crc32 --sizes 64 --trials 1 --json - > json-stdout.txt 2> json-stderr.txt)
check "--json -: stdout is the JSON" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['results']" \
    "$tmp/json-stdout.txt"
check "--json -: the tables on stderr" grep -q '^### crc32' "$tmp/json-stderr.txt"
check "--json -: no file named -" [ ! -e "$tmp/-" ]
"$cli" speed --help > "$tmp/help.txt" 2>&1
check "--help: status 0, usage on stdout" sh -c "[ $? -eq 0 ] && grep -q '^usage: simdcrypt speed' '$tmp/help.txt'"
"$cli" speed --no-such-option > /dev/null 2>&1
check "unknown option: status 2" [ $? -eq 2 ]
"$cli" speed -a crc32 --json "$tmp/no/such/dir/x.json" > /dev/null 2>&1
check "unwritable --json refused before the run" [ $? -eq 1 ]

[ $failed -ne 0 ] && { cat "$tmp/err.txt" "$tmp/out.txt" "$tmp/chacha_err.txt" "$tmp/chacha.txt" "$tmp/hash_err.txt" \
    "$tmp/hash.txt"; }
finish
