#!/usr/bin/env python3
"""Turn `simdcrypt speed --json FILE` output into a markdown report.

    python3 tools/bench_report.py build/bench.json [-o report.md]

For every algorithm (and mode, if the file mixes throughput and latency runs):
  1. speed:    implementation x size, "GB/s (cpb)"
  2. relative: implementation x size, "% of the memory-read limit,
               x the portable reference, x the best peer at that size"
  3. summary:  per size, the fastest simdcrypt kernel against the best peer.
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
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, list):
        raise ValueError("%s: expected a JSON array of measurements" % path)
    for i, m in enumerate(data):
        for key in ("algorithm", "implementation", "kind", "size", "gbps", "cpb"):
            if key not in m:
                raise ValueError("%s: measurement %d lacks %r" % (path, i, key))
    return data


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


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="file written by `simdcrypt speed --json`")
    ap.add_argument("-o", "--output", help="write the markdown here instead of stdout")
    args = ap.parse_args(argv)
    try:
        data = load(args.json)
    except (OSError, ValueError) as e:
        print("bench_report: %s" % e, file=sys.stderr)
        return 1

    groups = OrderedDict()
    for m in data:
        groups.setdefault((m["algorithm"], m.get("mode", "throughput")), []).append(m)
    clocks = sorted({round(m["core_ghz"], 2) for m in data if "core_ghz" in m})

    out = ["# simdcrypt benchmark report\n"]
    out.append("From `%s`: %d measurements%s. GB/s = 10^9 bytes/s; cpb = core cycles per byte; "
               "limit = a plain SIMD read (load + xor) of the same buffer; x portable = speed over "
               "simdcrypt's portable reference; x best peer = speed over the fastest other library "
               "at that size.\n" % (args.json, len(data),
                                   "; core clock %s GHz" % ", ".join("%.2f" % c for c in clocks)
                                   if clocks else ""))
    for (algorithm, mode), ms in groups.items():
        report_group(out, algorithm, mode, ms)
    text = "\n".join(out)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
