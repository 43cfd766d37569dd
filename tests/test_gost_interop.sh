#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Interoperability with gost-engine (Debian: libengine-gost-openssl) on
# random messages of 0..4 KiB, across the 1024-byte CryptoPro key meshing:
#   gost89-cfb = gost-engine's gost89 (CFB), with each paramset it can select
#     (CRYPT_PARAMS: CryptoPro A-D, Test, param-Z): a check of every cipher
#     S-box table too; both directions;
#   gost89-cnt = gost89-cnt (CryptoPro-A), and with param-Z = gost89-cnt-12;
#   gost89-mac = gost-mac (CryptoPro-A) and gost-mac-12 (param-Z),
#     the short-message rule included (lengths 0..9).
# All with simdcrypt's defaults, which are meant to be gost-engine's.
# Exit 77 (skipped) when openssl cannot load the engine.
# Usage: test_gost_interop.sh /path/to/simdcrypt
cli=${1:?usage: test_gost_interop.sh SIMDCRYPT}
. "$(dirname "$0")/cli_test_lib.sh"

if ! command -v openssl >/dev/null 2>&1 || ! openssl engine gost >/dev/null 2>&1; then
    echo "SKIP: openssl cannot load gost-engine (install libengine-gost-openssl)"
    exit 77
fi
ossl_enc() { # cipher, -e|-d, key, iv, in, out
    openssl enc -engine gost "-$1" "$2" -K "$3" -iv "$4" -in "$5" -out "$6" 2>"$tmp/err" || cat "$tmp/err"
}
ossl_mac() { # mac, key, file -> tag hex
    openssl dgst -engine gost -mac "$1" -macopt "hexkey:$2" "$3" 2>/dev/null | sed 's/.*= //'
}
rand_hex() { head -c "$1" /dev/urandom | tohex; }
same() { [ -n "$1" ] && [ "$1" = "$2" ]; } # a tag was computed, and it matches

lengths="0 1 7 8 9 15 16 1023 1024 1025 1031 1032 2048 2055 3073 4096"
for len in $lengths; do head -c "$len" /dev/urandom > "$tmp/m$len"; done

# gost89 (CFB) with each paramset of gost-engine's table.
for ps in id-Gost28147-89-CryptoPro-A-ParamSet id-Gost28147-89-CryptoPro-B-ParamSet \
    id-Gost28147-89-CryptoPro-C-ParamSet id-Gost28147-89-CryptoPro-D-ParamSet \
    id-Gost28147-89-TestParamSet id-tc26-gost-28147-param-Z; do
    for len in 0 9 1023 1025 4096; do
        key=$(rand_hex 32) iv=$(rand_hex 8)
        CRYPT_PARAMS=$ps ossl_enc gost89 -e "$key" "$iv" "$tmp/m$len" "$tmp/ref"
        $run "$cli" cipher -a gost89-cfb -e -k "$key" --iv "$iv" --sbox "$ps" -i "$tmp/m$len" > "$tmp/got"
        check "gost89-cfb $ps, $len bytes" cmp -s "$tmp/ref" "$tmp/got"
        $run "$cli" cipher -a gost89-cfb -d -k "$key" --iv "$iv" --sbox "$ps" -i "$tmp/ref" > "$tmp/back"
        check "gost89-cfb $ps, $len bytes, decrypt" cmp -s "$tmp/m$len" "$tmp/back"
    done
done
# Without CRYPT_PARAMS, gost89 uses gost-engine's default paramset.
key=$(rand_hex 32) iv=$(rand_hex 8)
ossl_enc gost89 -e "$key" "$iv" "$tmp/m2055" "$tmp/ref"
$run "$cli" cipher -a gost89-cfb -e -k "$key" --iv "$iv" -i "$tmp/m2055" > "$tmp/got"
check "gost89-cfb default S-box = gost89 without CRYPT_PARAMS" cmp -s "$tmp/ref" "$tmp/got"

for len in $lengths; do
    key=$(rand_hex 32) iv=$(rand_hex 8)
    ossl_enc gost89-cnt -e "$key" "$iv" "$tmp/m$len" "$tmp/ref"
    $run "$cli" cipher -a gost89-cnt -e -k "$key" --iv "$iv" --sbox cryptopro-a -i "$tmp/m$len" > "$tmp/got"
    check "gost89-cnt, $len bytes" cmp -s "$tmp/ref" "$tmp/got"
    ossl_enc gost89-cnt-12 -e "$key" "$iv" "$tmp/m$len" "$tmp/ref"
    $run "$cli" cipher -a gost89-cnt -e -k "$key" --iv "$iv" --sbox param-z -i "$tmp/m$len" > "$tmp/got"
    check "gost89-cnt param-z = gost89-cnt-12, $len bytes" cmp -s "$tmp/ref" "$tmp/got"
    want=$(ossl_mac gost-mac "$key" "$tmp/m$len")
    got=$($run "$cli" mac -a gost89-mac -k "$key" --sbox cryptopro-a "$tmp/m$len" | cut -d' ' -f1)
    check "gost89-mac = gost-mac, $len bytes" same "$want" "$got"
    want=$(ossl_mac gost-mac-12 "$key" "$tmp/m$len")
    got=$($run "$cli" mac -a gost89-mac -k "$key" "$tmp/m$len" | cut -d' ' -f1)
    check "gost89-mac param-z = gost-mac-12, $len bytes" same "$want" "$got"
done
finish
