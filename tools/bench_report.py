#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Turn `simdcrypt speed --json FILE` output into a markdown report.

    python3 tools/bench_report.py build/bench.json [-o report.md] [--gbps]

Organized for BENCHMARKS.md:
  * checksums, one section per algorithm (and mode, if the file mixes
    throughput and latency runs):
      1. speed:    implementation x size, "GB/s (cpb)"
      2. relative: implementation x size, "% of the memory-read limit,
                   x the portable reference, x the best peer at that size"
      3. summary:  per size, the fastest simdcrypt kernel against the best peer.
  * ciphers, MACs and AEADs, one section per family ("family" in the JSON:
    kalyna, magma, aes), two compact tables:
      1. summary: a row per name (variant, mode, direction), the fastest
         constant-time kernel's cpb at each size, the best peer's cpb at
         16 KiB (or the largest size) and the speed-up over the best peer at
         each size;
      2. every implementation: rows = name x implementation (kernels, the
         "table, NOT constant-time" row, peers), columns = sizes in cpb
         (with --gbps: "cpb (GB/s)"), then x best peer at each size.
    Names: <cipher> encrypts, <cipher>-dec decrypts (ECB, CBC), ctr/cnt are
    one case, *-cmac, *-gmac, ghash are the MACs; CBC encryption and MACs
    are serial. AEAD names (aes-128-gcm) seal n bytes (12-byte nonce, no
    AAD, 16-byte tag), <aead>-open decrypts and verifies them.
GB/s is 10^9 bytes/s; cpb is core cycles per byte (calibrated clock).
Standard library only.
"""

import argparse
import json
import sys
from collections import OrderedDict

KIND_ORDER = {"reference": 0, "kernel": 1, "peer": 2, "limit": 3}
OURS = ("reference", "kernel")


def size_text(n):
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return "%d MiB" % (n >> 20)
    if n >= 1024 and n % 1024 == 0:
        return "%d KiB" % (n >> 10)
    return "%d B" % n


def num(v):
    """Three significant-ish digits, readable from 0.001 to 500."""
    if v >= 100:
        return "%.1f" % v
    if v >= 1:
        return "%.2f" % v
    return "%.3f" % v


def table(header, align, rows):
    """A markdown table padded so it also reads well as plain text."""
    cells = [header] + rows
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    def line(r):
        return "| " + " | ".join(
            c.rjust(w) if a == "r" else c.ljust(w) for c, w, a in zip(r, widths, align)) + " |"
    rule = "|" + "|".join(
        ("-" * (w + 1) + ":") if a == "r" else ("-" * (w + 2)) for w, a in zip(widths, align)) + "|"
    return "\n".join([line(header), rule] + [line(r) for r in rows])


def load(path):
    """(meta, measurements): speed --json writes {"meta": ..., "results": [...]};
    files of older versions are a bare array (meta None)."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    meta = None
    if isinstance(data, dict):
        meta, data = data.get("meta"), data.get("results")
    if not isinstance(data, list):
        raise ValueError("%s: expected measurements (a JSON array, or an object with \"results\")" % path)
    for i, m in enumerate(data):
        for key in ("algorithm", "implementation", "kind", "size", "gbps", "cpb"):
            if key not in m:
                raise ValueError("%s: measurement %d lacks %r" % (path, i, key))
    return meta, data


def describe_machine(meta):
    """One paragraph naming the machine, build and dispatch of a run."""
    cpu = meta.get("cpu", {})
    ident = "%s %s family 0x%x model 0x%x stepping %d%s" % (
        cpu.get("arch", "?"), cpu.get("vendor", "?"), cpu.get("family", 0), cpu.get("model", 0),
        cpu.get("stepping", 0), ", VM" if cpu.get("hypervisor") else "")
    if cpu.get("arch") == "aarch64":
        ident = "aarch64 MIDR implementer 0x%x part 0x%x" % (cpu.get("midr_implementer", 0), cpu.get("midr_part", 0))
    lines = ["Machine: **%s** (%s); simdcrypt %s, %s; core clock %.2f GHz; features: %s." % (
        meta.get("cpu_model") or "unknown CPU", ident, meta.get("version", "?"), meta.get("compiler", "?"),
        meta.get("core_ghz", 0), " ".join(meta.get("features", [])))]
    rows = []
    for alg, d in meta.get("dispatch", {}).items():
        kernel = d["kernel"]
        if d.get("crossover"):
            kernel += " (below %d B: %s)" % (d["crossover"], d["short_kernel"])
        rows.append([alg, kernel, d.get("reason", "?"), d.get("evidence", "")])
    if rows:
        lines.append("\nDispatch on this machine:\n")
        lines.append(table(["algorithm", "kernel", "why", "evidence"], ["l", "l", "l", "l"], rows))
    return "\n".join(lines) + "\n"


def dispatched_summary(data):
    """Per algorithm (speed name) and size: what the user gets (the public-API
    "dispatched" row where there is one, else the dispatched kernel) over the
    best own constant-time kernel and over the best peer."""
    by_name = OrderedDict()
    for m in data:
        if m.get("mode", "throughput") != "throughput":
            continue
        by_name.setdefault(m["algorithm"], []).append(m)
    sizes = sorted({m["size"] for m in data})
    rows = []
    for name, ms in by_name.items():
        cells = []
        for size in sizes:
            at = [m for m in ms if m["size"] == size]
            public = [m for m in at if m["implementation"].startswith("dispatched")]
            disp = public or [m for m in at if m.get("dispatched")]
            own = [m for m in at if m["kind"] in OURS and NOT_CONSTANT_TIME not in m["implementation"]
                   and not m["implementation"].startswith("dispatched")]
            peers = [m for m in at if m["kind"] == "peer"]
            # gbps is written with 4 decimals: a very slow case (the
            # provisional byte-wise AES) reads 0.0000 and is no yardstick.
            if not disp or not own or max(m["gbps"] for m in own) <= 0:
                cells.append("-")
                continue
            d = disp[0]["gbps"]
            best_own = max(m["gbps"] for m in own)
            cell = "%s: %.2fx own" % (num(d), d / best_own)
            if peers:
                cell += ", %.2fx peer" % (d / max(m["gbps"] for m in peers))
            low = d / best_own < 0.97 or (peers and d < max(m["gbps"] for m in peers))
            cells.append(("**%s**" % cell) if low else cell)
        rows.append([name] + cells)
    return sizes, rows


def report_group(out, algorithm, mode, ms):
    sizes = sorted({m["size"] for m in ms})
    impls = OrderedDict()
    for m in sorted(ms, key=lambda m: KIND_ORDER.get(m["kind"], 9)):
        impls.setdefault((m["implementation"], m["kind"]), {})[m["size"]] = m

    def best(kinds, size):
        found = [m for (name, kind), by in impls.items() if kind in kinds
                 for s, m in by.items() if s == size]
        return max(found, key=lambda m: m["gbps"]) if found else None

    limit = {s: best(("limit",), s) for s in sizes}
    ref = {s: best(("reference",), s) for s in sizes}
    peer = {s: best(("peer",), s) for s in sizes}

    out.append("## %s (%s)\n" % (algorithm, mode))
    out.append("Speed, GB/s (core cycles per byte):\n")
    rows = []
    for (name, kind), by in impls.items():
        rows.append([name, kind] + [
            "%s (%s)" % (num(by[s]["gbps"]), num(by[s]["cpb"])) if s in by else "-" for s in sizes])
    out.append(table(["implementation", "kind"] + [size_text(s) for s in sizes],
                     ["l", "l"] + ["r"] * len(sizes), rows) + "\n")

    out.append("Relative: % of the memory-read limit / x portable / x best peer:\n")
    rows = []
    for (name, kind), by in impls.items():
        if kind == "limit":
            continue
        cells = []
        for s in sizes:
            m = by.get(s)
            if m is None:
                cells.append("-")
                continue
            parts = [
                "%.1f%%" % (100 * m["gbps"] / limit[s]["gbps"]) if limit[s] else "-",
                "%.2fx" % (m["gbps"] / ref[s]["gbps"]) if ref[s] else "-",
                "%.2fx" % (m["gbps"] / peer[s]["gbps"]) if peer[s] else "-",
            ]
            cells.append(" / ".join(parts))
        rows.append([name, kind] + cells)
    out.append(table(["implementation", "kind"] + [size_text(s) for s in sizes],
                     ["l", "l"] + ["r"] * len(sizes), rows) + "\n")

    out.append("Best simdcrypt kernel vs best peer:\n")
    rows = []
    for s in sizes:
        ours, theirs = best(OURS, s), peer[s]
        rows.append([
            size_text(s),
            "%s %s" % (ours["implementation"], num(ours["gbps"])) if ours else "-",
            num(ours["cpb"]) if ours else "-",
            "%.1f%%" % (100 * ours["gbps"] / limit[s]["gbps"]) if ours and limit[s] else "-",
            "%s %s" % (theirs["implementation"], num(theirs["gbps"])) if theirs else "-",
            "%.2fx" % (ours["gbps"] / theirs["gbps"]) if ours and theirs else "-",
            num(limit[s]["gbps"]) if limit[s] else "-",
        ])
    out.append(table(["size", "best simdcrypt (GB/s)", "cpb", "% of limit", "best peer (GB/s)",
                      "x best peer", "limit GB/s"],
                     ["r", "l", "r", "r", "l", "r", "r"], rows) + "\n")


NOT_CONSTANT_TIME = "NOT constant-time"


def family_of(m):
    """The family a measurement belongs to: the JSON's "family" (written by
    speed since names carry a direction), else a guess from the name."""
    if "family" in m:
        return m["family"]
    name = m["algorithm"]
    if "-" not in name:
        return name
    prefix = name.split("-", 1)[0]
    return "magma" if prefix == "gost89" else prefix


FAMILY_TITLES = {
    "kalyna": "Kalyna (DSTU 7624:2014)",
    "magma": "Magma (GOST R 34.12-2015) and GOST 28147-89",
    "aes": "AES (FIPS 197): ECB, CBC, CTR, GHASH, GMAC and GCM (SP 800-38A, 38D)",
}


def cell(m, gbps):
    if m is None:
        return "-"
    return "%s (%s)" % (num(m["cpb"]), num(m["gbps"])) if gbps else num(m["cpb"])


def ratio(ours, theirs):
    return "%.2fx" % (ours["gbps"] / theirs["gbps"]) if ours and theirs and theirs["gbps"] > 0 else "-"


def report_family(out, family, mode, ms, gbps):
    sizes = sorted({m["size"] for m in ms})
    # name -> (implementation, kind) -> size -> measurement, in run order
    names = OrderedDict()
    for m in ms:
        names.setdefault(m["algorithm"], OrderedDict()).setdefault(
            (m["implementation"], m["kind"]), {})[m["size"]] = m
    for name in names:
        names[name] = OrderedDict(sorted(names[name].items(), key=lambda kv: KIND_ORDER.get(kv[0][1], 9)))

    def best(impls, size, want):
        found = [by[size] for (impl, kind), by in impls.items() if size in by and want(impl, kind)]
        return max(found, key=lambda m: m["gbps"]) if found else None

    def ours_ct(impl, kind):
        return kind in OURS and NOT_CONSTANT_TIME not in impl

    def peer(impl, kind):
        return kind == "peer"

    big = 16384 if 16384 in sizes else sizes[-1]
    size_cols = [size_text(s) for s in sizes]
    ratio_cols = ["x peer %s" % size_text(s) for s in sizes]

    out.append("## %s (%s)\n" % (FAMILY_TITLES.get(family, family), mode))
    out.append("Core cycles per byte%s; ECB/CBC names encrypt, \"-dec\" decrypts; AEAD names seal "
               "(12-byte nonce, no AAD, 16-byte tag), \"-open\" decrypts and verifies; CBC encryption "
               "and the MACs are one serial chain (latency-bound). x peer = the fastest constant-time "
               "simdcrypt kernel's speed over the fastest peer library's at that size.\n"
               % (" (GB/s)" if gbps else ""))

    rows = []
    for name, impls in names.items():
        ours = {s: best(impls, s, ours_ct) for s in sizes}
        theirs = {s: best(impls, s, peer) for s in sizes}
        kernels = sorted({m["implementation"] for m in ours.values() if m})
        rows.append([name, ", ".join(kernels) or "-"] + [cell(ours[s], gbps) for s in sizes] +
                    ["%s %s" % (theirs[big]["implementation"], cell(theirs[big], gbps)) if theirs[big] else "-"] +
                    [ratio(ours[s], theirs[s]) for s in sizes])
    out.append("Summary: the fastest constant-time kernel per name:\n")
    out.append(table(["name", "kernel"] + size_cols + ["best peer, %s" % size_text(big)] + ratio_cols,
                     ["l", "l"] + ["r"] * len(sizes) + ["l"] + ["r"] * len(sizes), rows) + "\n")

    rows = []
    for name, impls in names.items():
        theirs = {s: best(impls, s, peer) for s in sizes}
        first = True
        for (impl, kind), by in impls.items():
            if kind == "limit":
                continue
            label = impl if kind != "peer" else "peer: " + impl
            rows.append([name if first else "", label] + [cell(by.get(s), gbps) for s in sizes] +
                        [ratio(by.get(s), theirs[s]) if kind != "peer" else "" for s in sizes])
            first = False
    out.append("Every implementation:\n")
    out.append(table(["name", "implementation"] + size_cols + ratio_cols,
                     ["l", "l"] + ["r"] * len(sizes) + ["r"] * len(sizes), rows) + "\n")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="file written by `simdcrypt speed --json`")
    ap.add_argument("-o", "--output", help="write the markdown here instead of stdout")
    ap.add_argument("--gbps", action="store_true", help="cipher tables: add GB/s in parentheses after cpb")
    args = ap.parse_args(argv)
    try:
        meta, data = load(args.json)
    except (OSError, ValueError) as e:
        print("bench_report: %s" % e, file=sys.stderr)
        return 1

    # A family with names other than its own (kalyna-128-128-ecb, ...) is a
    # cipher family: one section for all of them. Anything else (checksums)
    # gets the per-algorithm section.
    groups = OrderedDict()
    for m in data:
        fam = family_of(m)
        key = ("family", fam) if fam != m["algorithm"] else ("algorithm", m["algorithm"])
        groups.setdefault(key + (m.get("mode", "throughput"),), []).append(m)
    clocks = sorted({round(m["core_ghz"], 2) for m in data if "core_ghz" in m})

    out = ["# simdcrypt benchmark report\n"]
    out.append("From `%s`: %d measurements%s. GB/s = 10^9 bytes/s; cpb = core cycles per byte; "
               "limit = a plain SIMD read (load + xor) of the same buffer; x portable = speed over "
               "simdcrypt's portable reference; x best peer = speed over the fastest other library "
               "at that size.\n" % (args.json, len(data),
                                   "; core clock %s GHz" % ", ".join("%.2f" % c for c in clocks)
                                   if clocks else ""))
    if meta:
        out.append(describe_machine(meta))
    sizes, rows = dispatched_summary(data)
    if rows:
        out.append("## What the user gets: dispatched vs best own kernel vs best peer\n")
        out.append("GB/s of the dispatched code (the public API where the run has a \"dispatched (public "
                   "API)\" row, else the kernel the dispatcher picks), then its ratio to the fastest "
                   "constant-time simdcrypt kernel and to the fastest peer at that size. **Bold**: below "
                   "0.97x own or below 1.0x peer.\n")
        out.append(table(["algorithm"] + [size_text(s) for s in sizes], ["l"] + ["r"] * len(sizes), rows) + "\n")
    for (what, name, mode), ms in groups.items():
        if what == "family":
            report_family(out, name, mode, ms, args.gbps)
        else:
            report_group(out, name, mode, ms)
    text = "\n".join(out)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
