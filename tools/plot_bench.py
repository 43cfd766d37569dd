#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Throughput-by-size plots from `simdcrypt speed --json` files.

    python3 tools/plot_bench.py [-o DIR] [-a ALG,ALG...] [--format png|svg] FILE.json...

One picture per algorithm: GB/s (log) against message size (log, 64 B .. 256 KiB),
one line per kernel and per peer, the dispatched kernel (what the public API
gives) drawn thick and black, the portable reference grey; the title names the
CPU (model, vendor, family/model), the compiler and the calibrated clock, so a
picture is never read against another machine's. Files: DIR/<algorithm>.<format>,
and DIR/index.md listing them (Markdown image links, for BENCHMARKS.md).
Several JSON files from the same machine may be given; a file from another CPU
is refused (never mix machines in one picture).
"""
import argparse
import collections
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")  # no display: files only
import matplotlib.pyplot as plt  # noqa: E402  (after the backend choice)

DISPATCHED = "dispatched (public API)"


def machine_of(meta):
    cpu = meta.get("cpu", {})
    ident = "%s family 0x%x model 0x%x" % (cpu.get("vendor", "?"), cpu.get("family", 0),
                                          cpu.get("model", 0))
    return "%s (%s)" % (meta.get("cpu_model", "?"), ident)


def load(paths):
    rows, meta = [], None
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        if meta is None:
            meta = doc["meta"]
        elif machine_of(doc["meta"]) != machine_of(meta):
            sys.exit("plot_bench: %s is from %s, not %s: one machine per picture"
                     % (path, machine_of(doc["meta"]), machine_of(meta)))
        rows += doc["results"]
    return meta, rows


def size_label(n):
    return "%d KiB" % (n // 1024) if n >= 1024 and n % 1024 == 0 else "%d B" % n


def style(impl, kind, dispatched):
    """Line style by role: what the user gets, our kernels, the reference, peers."""
    if impl == DISPATCHED:
        return dict(color="black", linewidth=3.2, zorder=5, marker="o")
    if kind == "limit":  # a bound (memory read), not an implementation
        return dict(color="0.75", linewidth=1.0, linestyle="-.")
    if kind == "reference":
        return dict(color="0.6", linewidth=1.2, linestyle=":", marker=".")
    if kind == "peer":
        return dict(linewidth=1.2, linestyle="--", marker="x")
    width = 2.6 if dispatched else 1.6
    return dict(linewidth=width, marker="o" if dispatched else ".", zorder=4 if dispatched else 3)


def plot_one(alg, series, meta, out_path):
    fig, ax = plt.subplots(figsize=(7.5, 4.2), dpi=72)
    has_public = any(key[0] == DISPATCHED for key in series)
    # Draw order: peers, reference, kernels, then the dispatched line on top.
    def order(item):
        (impl, kind, disp) = item[0]
        return {"limit": -1, "peer": 0, "reference": 1}.get(kind, 2) + (1 if impl == DISPATCHED else 0)

    for (impl, kind, disp), points in sorted(series.items(), key=order):
        points.sort()
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        label = impl
        if disp and impl != DISPATCHED:
            label += " (dispatched)"
            # The public API's own row, when measured, is the black line; the
            # kernel it dispatches is then drawn thick in its own colour.
            kw = style(impl, kind, True) if has_public else style(DISPATCHED, kind, True)
        else:
            kw = style(impl, kind, disp)
        if kind in ("peer", "limit"):
            label += " [%s]" % kind
        ax.plot(xs, ys, label=label, **kw)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    sizes = sorted({x for pts in series.values() for x, _ in pts})
    ax.set_xticks(sizes)
    ax.set_xticklabels([size_label(s) for s in sizes], rotation=35, ha="right", fontsize=8)
    ax.minorticks_off()
    ax.set_xlabel("message size per call")
    ax.set_ylabel("GB/s (minimum-of-trials time)")
    ax.grid(True, which="major", alpha=0.3)
    ax.set_title("%s\n%s, %s, %.2f GHz, %s" % (alg, machine_of(meta), meta.get("compiler", "?"),
                                               meta.get("core_ghz", 0.0), meta.get("mode", "")),
                 fontsize=9)
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
    fig.savefig(out_path, bbox_inches="tight")
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("json", nargs="+")
    ap.add_argument("-o", "--out", default="bench-plots")
    ap.add_argument("-a", "--algorithms", default="", help="comma-separated subset")
    ap.add_argument("--format", default="png", choices=("png", "svg"))
    args = ap.parse_args()
    meta, rows = load(args.json)
    wanted = set(filter(None, args.algorithms.split(",")))
    by_alg = collections.OrderedDict()
    for r in rows:
        if wanted and r["algorithm"] not in wanted:
            continue
        key = (r["implementation"], r["kind"], bool(r.get("dispatched")))
        by_alg.setdefault(r["algorithm"], collections.defaultdict(list))[key].append(
            (r["size"], r["gbps"]))
    if not by_alg:
        sys.exit("plot_bench: no results%s" % (" for " + args.algorithms if wanted else ""))
    os.makedirs(args.out, exist_ok=True)
    index = ["<!-- generated by tools/plot_bench.py from %s -->" % ", ".join(
        os.path.basename(p) for p in args.json)]
    for alg, series in by_alg.items():
        name = "%s.%s" % (alg, args.format)
        plot_one(alg, series, meta, os.path.join(args.out, name))
        index.append("![%s](%s)" % (alg, name))
    with open(os.path.join(args.out, "index.md"), "w") as f:
        f.write("\n".join(index) + "\n")
    print("%d plots in %s" % (len(by_alg), args.out))


if __name__ == "__main__":
    main()
