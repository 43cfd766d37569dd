#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Markdown tables from java/bench/run.sh's JMH JSON files (min ns/op over iterations)."""
import json
import os
import sys


def load(path):
    if not os.path.exists(path):
        return []
    rows = []
    for r in json.load(open(path)):
        raw = [x for fork in r["primaryMetric"]["rawData"] for x in fork]
        norm = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
        rows.append((r["benchmark"].rsplit(".", 2)[-2:], r["params"], min(raw), norm["score"] if norm else None))
    return rows


def gbps(size, ns):
    return size / ns  # bytes per ns == GB/s


def versus_bc(d, file, param, title, column):
    """simdcrypt against Bouncy Castle per `param` value and size, from one JMH JSON file."""
    ns_of = {}
    for (cls, meth), p, ns, _ in load(os.path.join(d, file)):
        ns_of[(p[param], p["impl"], int(p["size"]))] = ns
    if not ns_of:
        return
    print(f"\n### {title}\n")
    print(f"| {column} | size | simdcrypt | Bouncy Castle | speed-up |")
    print("|---|---:|---:|---:|---:|")
    for c in sorted({k[0] for k in ns_of}):
        for s in sorted({k[2] for k in ns_of}):
            ours, bc = ns_of.get((c, "simdcrypt", s)), ns_of.get((c, "bc", s))
            fmt = lambda ns: "-" if ns is None else f"{ns:.0f} ({s / ns * 1000:.0f})"
            up = "-" if ours is None or bc is None else f"{bc / ours:.1f}x"
            print(f"| {c} | {s} | {fmt(ours)} | {fmt(bc)} | {up} |")


def versus_jdk(d, file="aes", param="cipher", jdk="sunjce", jdk_name="SunJCE", column="cipher",
               title="AES: ns per message, GCM including init with a new IV (MB/s)"):
    """AesBench (ChaChaBench, HashBench): simdcrypt against SunJCE (SUN) with intrinsics on and off
    (file + "-nointrinsics.json") and Bouncy Castle; a column without any figure is left out."""
    ns_of = {}
    for (cls, meth), p, ns, _ in load(os.path.join(d, file + ".json")):
        ns_of[(p[param], p["impl"], int(p["size"]))] = ns
    for (cls, meth), p, ns, _ in load(os.path.join(d, file + "-nointrinsics.json")):
        ns_of[(p[param], jdk + "-noint", int(p["size"]))] = ns
    if not ns_of:
        return
    names = {"simdcrypt": "simdcrypt", jdk: jdk_name, jdk + "-noint": f"{jdk_name} (intrinsics off)",
             "bc": "Bouncy Castle"}
    short = {jdk: f"vs {jdk_name}", jdk + "-noint": f"vs {jdk_name} off", "bc": "vs BC"}
    impls = [i for i in names if any(k[1] == i for k in ns_of)]
    print(f"\n### {title}\n")
    print(f"| {column} | size | " + " | ".join(names[i] for i in impls) + " | "
          + " | ".join(short[i] for i in impls[1:]) + " |")
    print("|---|---:|" + "---:|" * (2 * len(impls) - 1))
    for c in sorted({k[0] for k in ns_of}):
        for s in sorted({k[2] for k in ns_of}):
            ns = {i: ns_of.get((c, i, s)) for i in impls}
            fmt = lambda v: "-" if v is None else f"{v:.0f} ({s / v * 1000:.0f})"
            ratio = lambda o: "-" if o is None or ns["simdcrypt"] is None else f"{o / ns['simdcrypt']:.2f}x"
            print(f"| {c} | {s} | " + " | ".join(fmt(ns[i]) for i in impls) + " | "
                  + " | ".join(ratio(ns[i]) for i in impls[1:]) + " |")


def main():
    d = sys.argv[1]
    base = {}
    for (cls, meth), p, ns, _ in load(os.path.join(d, "checksum.json")):
        base[(p["algorithm"], p["impl"], int(p["size"]))] = ns
    for (cls, meth), p, ns, _ in load(os.path.join(d, "checksum-nointrinsics.json")):
        base[(p["algorithm"], "jdk-noint", int(p["size"]))] = ns
    for (cls, meth), p, ns, _ in load(os.path.join(d, "checksum-direct.json")):
        base[(p["algorithm"], "simdcrypt-direct", int(p["size"]))] = ns
    sizes = sorted({k[2] for k in base})
    print("### Checksums: ns per update+getValue (GB/s), heap byte[]\n")
    print("| algorithm | size | simdcrypt | simdcrypt direct buffer | JDK (intrinsics) | JDK (intrinsics off) | vs JDK | vs JDK off |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for algo in ("crc32c", "crc32", "adler32"):
        for s in sizes:
            ours = base.get((algo, "simdcrypt", s))
            cells = []
            for impl in ("simdcrypt", "simdcrypt-direct", "jdk", "jdk-noint"):
                ns = base.get((algo, impl, s))
                cells.append("-" if ns is None else f"{ns:.1f} ({gbps(s, ns):.1f})")
            r1 = base.get((algo, "jdk", s))
            r2 = base.get((algo, "jdk-noint", s))
            ratio = lambda o: "-" if o is None or ours is None else f"{o / ours:.2f}x"
            print(f"| {algo} | {s} | " + " | ".join(cells) + f" | {ratio(r1)} | {ratio(r2)} |")
    versus_bc(d, "cipher.json", "cipher", "Ciphers: ns per Cipher.doFinal of one message (MB/s)", "cipher")
    versus_bc(d, "mac.json", "mac", "MACs: ns per tag of one message (MB/s)", "MAC")
    versus_jdk(d)
    versus_jdk(d, "hash", "digest", "sun", "SUN", "digest", "MessageDigest: ns per update + digest of one message (MB/s)")
    versus_jdk(d, "hash-updates", "digest", "sun", "SUN", "digest",
               "MessageDigest in 16-byte updates: ns per message of `size` bytes (MB/s)")
    versus_jdk(d, "chacha", "cipher", "sunjce", "SunJCE", "cipher",
               "ChaCha20(-Poly1305): ns per message including init with a new nonce (MB/s)")
    alloc = load(os.path.join(d, "alloc.json"))
    if alloc:
        key = lambda cls, meth, p: (cls, meth, tuple(sorted(p.items())))
        noea = {key(c, m, p): norm for (c, m), p, _, norm in load(os.path.join(d, "alloc-noea.json"))}
        print("\n### Allocation per operation (-prof gc, 1 KiB)\n")
        print("| benchmark | params | B/op | B/op, -XX:-DoEscapeAnalysis |")
        print("|---|---|---:|---:|")
        for (cls, meth), p, ns, norm in alloc:
            ps = " ".join(f"{k}={v}" for k, v in sorted(p.items()) if k not in ("impl", "size"))
            other = noea.get(key(cls, meth, p))
            print(f"| {cls}.{meth} | {ps} | {norm:.3f} | " + ("-" if other is None else f"{other:.3f}") + " |")


if __name__ == "__main__":
    main()
