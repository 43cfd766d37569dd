#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the seed corpus corpus/<target>/ (committed; rerun after changing
an input layout). Each seed is one input in the layout its target's header
comment describes; names and sizes below are the library's at the time of
writing (the fuzzers take any index modulo the current list)."""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(7624)


def rand(n):
    return bytes(rng.randrange(256) for _ in range(n))


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


# fuzz_checksum: [prefix len][offset][split max][seed, 8][prefix][message]
write("fuzz_checksum", "empty", bytes(11))
write("fuzz_checksum", "small-splits", bytes([4, 3, 4]) + rand(8) + b"abcd" + rand(1000))
write("fuzz_checksum", "big-unaligned", bytes([0, 63, 255]) + rand(8) + rand(5000))
write("fuzz_checksum", "zeros-splits", bytes([7, 17, 40]) + rand(8) + rand(7) + bytes(3000))

# fuzz_cipher: [name][flags][tag len][split max][seed, 8][key][IV][S-box, 120][message]
# (name index, flags, key size, IV size, message length); flags: 1 in place,
# 2 custom S-box, 4 reset and again.
CIPHER_SEEDS = {
    "kalyna-128-128-ecb": (0, 0, 16, 0, 64),
    "kalyna-256-512-ctr-inplace": (11, 1, 64, 32, 100),
    "kalyna-512-512-cbc-reset": (13, 4, 64, 64, 192),
    "magma-cbc-sbox-reset": (16, 6, 32, 8, 64),
    "gost89-cnt-inplace-sbox": (20, 3, 32, 8, 37),
    "kalyna-128-128-cmac": (21, 0, 16, 0, 32),
    "magma-cmac-sbox": (26, 2, 32, 0, 24),
    "gost89-mac": (27, 4, 32, 0, 13),
}
for name, (index, flags, key, iv, length) in CIPHER_SEEDS.items():
    head = bytes([index, flags, 255, rng.randrange(1, 12)]) + rand(8)
    write("fuzz_cipher", name, head + rand(key) + rand(iv) + rand(120) + rand(length))

# fuzz_parsers, selector 0: an S-box string
PARAM_Z = ("c462a5b9e8d703f1" "68239a5c1e47bd0f" "b3582fade174c960" "c821d4f670a53e9b"
           "7f5a816d093eb42c" "5df692cab78143e0" "8e25691cf4b0da37" "17ed05834fa69cb2")
write("fuzz_parsers", "sbox-name", b"\0cryptopro-a")
write("fuzz_parsers", "sbox-hex", b"\0" + PARAM_Z.encode())
write("fuzz_parsers", "sbox-hex-blanks", b"\0" + " ".join(PARAM_Z[i:i + 16] for i in range(0, 128, 16)).encode())


# selector 1: [stdin length][stdin][arguments, NUL-ended]
def cli(name, stdin, *args):
    write("fuzz_parsers", name, bytes([1, len(stdin)]) + stdin + b"".join(a.encode() + b"\0" for a in args))


KEY32 = rand(32).hex()
cli("cli-sum", rand(100), "sum", "-a", "crc32c", "in", "-")
cli("cli-cipher-file", rand(32), "cipher", "-a", "kalyna-128-128-ecb", "-e", "-k", rand(16).hex(), "-i", "in",
    "-o", "out")
cli("cli-cipher-stdin-partial", rand(13), "cipher", "-a", "magma-cbc", "-d", "-k", KEY32, "--iv", rand(8).hex(),
    "--sbox", "cryptopro-a")
cli("cli-cipher-same-file", rand(16), "cipher", "-a", "magma-ctr", "-e", "-k", KEY32, "--iv", rand(4).hex(), "-i",
    "in", "-o", "in")
cli("cli-mac", rand(64), "mac", "-a", "kalyna-256-256-cmac", "-k", rand(32).hex(), "in")
cli("cli-mac-dir", b"", "mac", "-a", "magma-cmac", "-k", KEY32, "d")
cli("cli-info", b"", "info")
cli("cli-list", b"", "cipher", "--list")

# fuzz_hash: [name][offset][split max][seed, 8][output length][messages][custom length][message]
write("fuzz_hash", "md5-batch", bytes([0, 5, 30]) + rand(8) + bytes([16, 7, 0]) + rand(3000))
write("fuzz_hash", "sha3-256-splits", bytes([2, 0, 9]) + rand(8) + bytes([0, 3, 0]) + rand(700))
write("fuzz_hash", "shake128-long-out", bytes([5, 33, 60]) + rand(8) + bytes([130, 12, 0]) + rand(2000))
write("fuzz_hash", "kt128-custom-chunks", bytes([10, 1, 255]) + rand(8) + bytes([20, 1, 9]) + rand(17000))
write("fuzz_hash", "turboshake-empty", bytes([8, 0, 1]) + rand(8) + bytes([50, 1, 0]))
